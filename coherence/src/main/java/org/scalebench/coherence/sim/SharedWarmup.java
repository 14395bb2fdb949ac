package org.scalebench.coherence.sim;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * The warm-up rule of a comparison: the runs of one comparison count the same stretch of one access stream, so
 * the first run (the <em>leader</em>) warms as its plan says (for example until the miss rate is steady) and every
 * other run (a <em>follower</em>) warms exactly as long. The leader's warm-up length is handed over as soon as its
 * warm-up ends, through the {@link CoherenceSimulator.Progress} this class gives it, so that the followers can run
 * beside the leader's counted accesses rather than after them.
 *
 * <p>The length is set once: by the leader's {@link CoherenceSimulator.Progress#warmed} call, or by
 * {@link #complete} (a replay of the leader's warm-up in a process that does not run the leader), and later
 * settings are ignored. When the leader fails before its warm-up ends, {@link #fail} makes every follower fail
 * with the leader's error instead of waiting for ever.
 *
 * <p>Thread-safe: the leader and the followers may run on different threads. Allocates only when built and when
 * the length is set; the progress it gives the leader does nothing per access.
 */
public final class SharedWarmup {

    private final Warmup plan;
    private final CompletableFuture<Long> length = new CompletableFuture<>();

    /**
     * A shared warm-up whose leader warms as {@code plan} says.
     *
     * @param plan the leader's warm-up
     */
    public SharedWarmup(final Warmup plan) {
        if (plan == null) {
            throw new IllegalArgumentException("a shared warm-up needs the leader's plan");
        }
        this.plan = plan;
    }

    /**
     * The leader's warm-up plan.
     *
     * @return the plan
     */
    public Warmup plan() {
        return plan;
    }

    /**
     * The progress to give the leader's run: it sets the shared length when the leader's warm-up ends and reports
     * nothing else.
     *
     * @return the progress
     */
    public CoherenceSimulator.Progress leader() {
        return new CoherenceSimulator.Progress() {
            @Override
            public void update(final long done, final long total) {
            }

            @Override
            public void warmed(final long accesses) {
                complete(accesses);
            }
        };
    }

    /**
     * Sets the shared length (when the leader's warm-up length is known by other means, such as a replay of its
     * warm-up or its finished result); ignored once the length is set.
     *
     * @param accesses the leader's warm-up accesses, at least 0
     */
    public void complete(final long accesses) {
        if (accesses < 0) {
            throw new IllegalArgumentException("warm-up length = " + accesses + ": must be at least 0");
        }
        length.complete(accesses);
    }

    /**
     * Fails the followers: the leader failed before its warm-up ended. Ignored once the length is set.
     *
     * @param cause the leader's failure
     */
    public void fail(final Throwable cause) {
        length.completeExceptionally(cause);
    }

    /**
     * Whether the length is set (or the leader failed).
     *
     * @return true when {@link #follower()} returns without waiting
     */
    public boolean isDone() {
        return length.isDone();
    }

    /**
     * A follower's warm-up: the leader's plan fixed at the leader's length, waiting until that length is known.
     *
     * @return {@code plan().fixedAt(length)}
     * @throws InterruptedException when interrupted while waiting
     * @throws LeaderFailedException when the leader failed before its warm-up ended (its error is the cause)
     */
    public Warmup follower() throws InterruptedException {
        try {
            return plan.fixedAt(length.get());
        } catch (final ExecutionException e) {
            throw new LeaderFailedException(e.getCause());
        }
    }

    /** A follower has no warm-up length because the leader failed before its warm-up ended. */
    public static final class LeaderFailedException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        /**
         * Wraps the leader's failure.
         *
         * @param cause the leader's failure
         */
        public LeaderFailedException(final Throwable cause) {
            super("the run whose warm-up the others share failed: " + cause, cause);
        }
    }
}
