package org.scalebench.bench.report;

/**
 * How one reproduction part ended: its result, or the one-line error that stopped it. Immutable.
 *
 * @param name the part's name
 * @param result its result, or null when it failed
 * @param error why it failed, or null when it succeeded
 * @param seconds how long it ran
 */
public record PartOutcome(String name, PartResult result, String error, double seconds) {

    /**
     * A part that completed.
     *
     * @param name the part's name
     * @param result its result
     * @param seconds how long it ran
     * @return the outcome
     */
    public static PartOutcome completed(final String name, final PartResult result, final double seconds) {
        return new PartOutcome(name, result, null, seconds);
    }

    /**
     * A part that failed.
     *
     * @param name the part's name
     * @param error why, one line
     * @param seconds how long it ran
     * @return the outcome
     */
    public static PartOutcome failed(final String name, final String error, final double seconds) {
        return new PartOutcome(name, null, error, seconds);
    }

    /**
     * Whether the part completed.
     *
     * @return true without an error
     */
    public boolean completed() {
        return error == null;
    }
}
