package org.scalebench.bench.coherence;

import org.scalebench.coherence.sim.CoherenceSimulator;
import org.scalebench.coherence.sim.SharedWarmup;
import org.scalebench.coherence.sim.SimulationResult;
import org.scalebench.coherence.sim.Warmup;

/**
 * The two sides of a {@link SharedWarmup} as a study's points run them ({@link CompareStudy}'s groups,
 * {@link SweepStudy}'s global and restricted runs of one size): the leader warms as the plan says and hands its
 * warm-up length over, failing its followers if it fails; a process that runs followers but not their leader (a
 * shard) replays the leader's warm-up for that length; a follower waits for it, or fails naming the leader that
 * did not give it.
 *
 * <p>Stateless; thread-safe as {@link SharedWarmup} is (leader and followers run on different threads).
 */
final class WarmupHandOver {

    /** The leader's simulation, under the plan and progress it is given. */
    @FunctionalInterface
    interface LeaderRun {
        /**
         * Runs the leader.
         *
         * @param plan the leader's warm-up plan
         * @param progress the progress that hands the warm-up length over as soon as the warm-up ends
         * @return the leader's result
         * @throws Exception when the simulation fails
         */
        SimulationResult simulate(Warmup plan, CoherenceSimulator.Progress progress) throws Exception;
    }

    private WarmupHandOver() {
    }

    /**
     * Runs the leader of a shared warm-up: on success its warm-up length is set (if its progress has not already
     * set it); on failure the followers fail with the leader's error, which is rethrown.
     *
     * @param shared the shared warm-up
     * @param run the leader's simulation
     * @return the leader's result
     * @throws Exception the leader's failure
     */
    static SimulationResult lead(final SharedWarmup shared, final LeaderRun run) throws Exception {
        final SimulationResult result;
        try {
            result = run.simulate(shared.plan(), shared.leader());
        } catch (final Exception | Error e) {
            shared.fail(e);
            throw e;
        }
        shared.complete(result.warmupAccesses());
        return result;
    }

    /**
     * Sets the shared length where the leader does not run (another shard runs it): replays the leader's warm-up,
     * deterministic and so of the same length, followed by as few counted accesses as the caller asks (one).
     *
     * @param shared the shared warm-up
     * @param replay the leader's simulation with its counted accesses cut short
     * @throws Exception when the replay fails
     */
    static void replay(final SharedWarmup shared, final LeaderRun replay) throws Exception {
        shared.complete(replay.simulate(shared.plan(), shared.leader()).warmupAccesses());
    }

    /**
     * A follower's warm-up: the leader's plan fixed at the leader's length, waiting until it is known.
     *
     * @param shared the shared warm-up
     * @param leader the leader, for the message when it failed (e.g. {@code the first point of its group})
     * @param follower the follower, for that message
     * @return the follower's warm-up
     * @throws InterruptedException when interrupted while waiting
     * @throws IllegalStateException {@code LEADER failed, so FOLLOWER has no warm-up length}, caused by the
     *     leader's failure
     */
    static Warmup follow(final SharedWarmup shared, final String leader, final String follower)
            throws InterruptedException {
        try {
            return shared.follower();
        } catch (final SharedWarmup.LeaderFailedException e) {
            throw new IllegalStateException(leader + " failed, so " + follower + " has no warm-up length",
                    e.getCause());
        }
    }
}
