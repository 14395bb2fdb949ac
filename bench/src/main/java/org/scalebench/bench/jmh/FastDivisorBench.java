package org.scalebench.bench.jmh;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.scalebench.core.FastDivisor;

/**
 * One exact division or remainder by a divisor fixed at setup: {@link FastDivisor} ({@code kernel}) against
 * the hardware divide ({@code modulo}: 32-bit {@code /} or {@code %} by the same runtime value, the cheapest
 * plain form, on the same non-negative dividends). Dividends are read in order from 4096 random ints in
 * {@code [0, 2^31)}. One call's latency: the index of the next dividend depends on this call's result (through
 * {@link #chain}, which is 0), so calls run one after another, as when a simulator's next step needs the
 * quotient; independent calls overlap, and at about 6 cycles a call the harness's own index update bounded both
 * methods alike. {@link FastDivisorBatchBench} measures the throughput of independent calls.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = "-Xmx1g")
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
public class FastDivisorBench {

    static final int MASK = 4095;

    /** Divisor: small odd, a large prime, the largest int. */
    @Param({"7", "1000003", "2147483647"})
    int divisor;

    /** {@code divide} or {@code remainder}. */
    @Param({"divide", "remainder"})
    String operation;

    int[] dividends;
    FastDivisor fast;
    boolean quotient;
    int next;
    /** 0, read from a field so that the compiler cannot drop the dependency of the next index on a result. */
    int chain;

    /** Draws the dividends from a fixed seed. */
    @Setup
    public void setUp() {
        fast = new FastDivisor(divisor);
        quotient = isQuotient(operation);
        dividends = randomDividends();
    }

    /**
     * Whether an {@code operation} parameter asks for the quotient.
     *
     * @param operation {@code divide} or {@code remainder}
     * @return true for {@code divide}, false for {@code remainder}
     * @throws IllegalArgumentException for any other value
     */
    static boolean isQuotient(final String operation) {
        return switch (operation) {
            case "divide" -> true;
            case "remainder" -> false;
            default -> throw new IllegalArgumentException("operation = " + operation + ": must be divide or remainder");
        };
    }

    static int[] randomDividends() {
        final SplittableRandom random = new SplittableRandom(0xd1a1deL);
        final int[] dividends = new int[MASK + 1];
        for (int i = 0; i < dividends.length; i++) {
            dividends[i] = random.nextInt() >>> 1;
        }
        return dividends;
    }

    /**
     * {@link FastDivisor}.
     *
     * @return the quotient or remainder
     */
    @Benchmark
    public int kernel() {
        final int n = dividends[next];
        final int result = quotient ? fast.divide(n) : fast.remainder(n);
        next = (next + 1 + (result & chain)) & MASK;
        return result;
    }

    /**
     * The hardware divide by the runtime divisor.
     *
     * @return the quotient or remainder
     */
    @Benchmark
    public int modulo() {
        final int n = dividends[next];
        final int result = quotient ? n / divisor : n % divisor;
        next = (next + 1 + (result & chain)) & MASK;
        return result;
    }
}
