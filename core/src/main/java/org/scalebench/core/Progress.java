package org.scalebench.core;

/**
 * Receives how far a long task has got, in units the task chooses (benchmark runs, simulated accesses,
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

    /**
     * The progress of one step of a larger task: the step's fraction done fills units {@code from} to
     * {@code from + size} of the whole task's {@code total}.
     *
     * @param whole the whole task's progress
     * @param from units of the whole done before this step
     * @param size units of the whole this step stands for
     * @param total units of the whole task
     * @return the step's progress
     */
    static Progress step(final Progress whole, final long from, final long size, final long total) {
        return (done, stepTotal) -> whole.update(from + (stepTotal <= 0 ? 0
                : (long) (size * Math.min(1.0, (double) done / stepTotal))), total);
    }
}
