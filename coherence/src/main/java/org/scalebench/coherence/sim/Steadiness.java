package org.scalebench.coherence.sim;

/**
 * Judges a series of per-window figures (a miss rate, a throughput) steady: the last two window-to-window changes
 * are both within a relative tolerance of the earlier window. Not thread-safe; allocates nothing after construction.
 */
final class Steadiness {

    private final double tolerance;
    private double previous = Double.NaN;
    private double change = Double.NaN;
    private boolean steady;

    /**
     * A judge with no windows yet (not steady).
     *
     * @param tolerance the relative change allowed between windows
     */
    Steadiness(final double tolerance) {
        this.tolerance = tolerance;
    }

    /**
     * Adds the next window's figure.
     *
     * @param value the figure
     * @return whether the series is now steady
     */
    boolean add(final double value) {
        final double thisChange = Math.abs(value - previous) / Math.max(previous, 1e-12);
        steady = thisChange <= tolerance && change <= tolerance;
        change = thisChange;
        previous = value;
        return steady;
    }

    /** @return whether the last two changes were within the tolerance */
    boolean steady() {
        return steady;
    }
}
