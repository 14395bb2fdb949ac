package org.scalebench.core.testing;

import java.lang.management.ManagementFactory;

/**
 * Measures the bytes a warmed-up loop allocates on the current thread
 * ({@code com.sun.management.ThreadMXBean#getCurrentThreadAllocatedBytes}). Shared by every module's
 * allocation tests through the core test jar.
 *
 * <p>Warm-up runs first so that interpreter and C1 allocations (which C2 removes) are not counted. Tests
 * tagged {@code allocation} also run in a JVM without escape analysis (see the parent pom), so a kernel
 * passes only if it allocates nothing by construction.
 *
 * <p>The measured loop runs up to {@value #ROUNDS} times and the smallest count is returned. A kernel
 * that allocates per call allocates in every round; the JVM itself occasionally allocates a few hundred
 * bytes once, in the first measured window after a new lambda class is compiled by C2 (observed with a
 * trivial {@code i -> i * 31L + k} step and escape analysis off), and that does not repeat.
 */
public final class Allocations {

    /** A step of a hot path; returns a value so the work cannot be removed. */
    @FunctionalInterface
    public interface Step {
        /**
         * Runs step {@code i} of the measured loop.
         *
         * @param i the iteration number
         * @return any value depending on the work done
         */
        long run(int i);
    }

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** Measured rounds at most; the first that allocates nothing ends the measurement. */
    static final int ROUNDS = 3;

    private static volatile long sink;

    private Allocations() {
    }

    /**
     * Runs {@code step} {@code warmup} times, then {@code iterations} times while counting the bytes this
     * thread allocates, repeating the measured loop up to {@value #ROUNDS} times until one round allocates
     * nothing.
     *
     * @param step the hot-path step
     * @param warmup warm-up iterations (not counted)
     * @param iterations measured iterations per round
     * @return the fewest bytes allocated during one round of measured iterations
     */
    public static long bytesAllocated(final Step step, final int warmup, final int iterations) {
        if (!THREADS.isThreadAllocatedMemorySupported() || !THREADS.isThreadAllocatedMemoryEnabled()) {
            throw new IllegalStateException("thread allocation accounting is not available in this JVM");
        }
        long acc = 0;
        for (int i = 0; i < warmup; i++) {
            acc += step.run(i);
        }
        long least = Long.MAX_VALUE;
        for (int round = 0; round < ROUNDS && least != 0; round++) {
            final long before = THREADS.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < iterations; i++) {
                acc += step.run(i);
            }
            final long after = THREADS.getCurrentThreadAllocatedBytes();
            least = Math.min(least, after - before);
        }
        sink = acc;
        return least;
    }

    /**
     * Same as {@link #bytesAllocated(Step, int, int)} with 50,000 warm-up and 200,000 measured iterations.
     *
     * @param step the hot-path step
     * @return bytes allocated during the measured iterations
     */
    public static long bytesAllocated(final Step step) {
        return bytesAllocated(step, 50_000, 200_000);
    }
}
