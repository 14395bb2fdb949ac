package org.scalebench.bench.io;

/**
 * Receives how far a long task has got, in units the task chooses (benchmark runs, simulated requests,
 * projected configurations). Implementations decide whether and how to show it.
 */
@FunctionalInterface
public interface Progress {

    /** Progress that shows nothing. */
    Progress NONE = (done, total) -> { };

    /**
     * Reports that {@code done} of {@code total} units are complete. Calls may come often; implementations
     * throttle what they print.
     *
     * @param done units complete, from 0 to {@code total}
     * @param total units in the task (0 when unknown)
     */
    void update(long done, long total);
}
