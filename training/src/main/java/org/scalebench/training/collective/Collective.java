package org.scalebench.training.collective;

import java.util.Locale;

/**
 * The collective operations whose cost scalebench models, with the message-size convention each uses.
 *
 * <p>Message size {@code n} (bytes), following nccl-tests (doc/PERFORMANCE.md): for all-reduce, reduce and
 * broadcast it is the size of the vector every rank holds; for reduce-scatter and all-gather it is the
 * <em>total</em> size (each rank ends with, or starts from, {@code n / p}); for all-to-all it is the total a
 * rank sends (the sum over all destinations, itself included).
 */
public enum Collective {
    /** Every rank ends with the element-wise sum of all ranks' vectors. */
    ALL_REDUCE("all-reduce"),
    /** Every rank ends with one {@code 1/p} block of the element-wise sum. */
    REDUCE_SCATTER("reduce-scatter"),
    /** Every rank ends with the concatenation of all ranks' blocks. */
    ALL_GATHER("all-gather"),
    /** Every rank ends with the root's vector. */
    BROADCAST("broadcast"),
    /** The root ends with the element-wise sum of all ranks' vectors. */
    REDUCE("reduce"),
    /** Every rank sends a distinct block to every other rank. */
    ALL_TO_ALL("all-to-all");

    private final String label;

    Collective(final String label) {
        this.label = label;
    }

    /**
     * The name used on the command line and in reports, e.g. {@code all-reduce}.
     *
     * @return the label
     */
    public String label() {
        return label;
    }

    /**
     * Parses a label ({@code all-reduce}, {@code allreduce}, {@code ALL_REDUCE} are all accepted).
     *
     * @param text the label
     * @return the collective
     * @throws IllegalArgumentException naming the value and the allowed labels
     */
    public static Collective parse(final String text) {
        final String key = text.trim().toLowerCase(Locale.ROOT).replace('_', '-');
        for (final Collective c : values()) {
            if (c.label.equals(key) || c.label.replace("-", "").equals(key)) {
                return c;
            }
        }
        throw new IllegalArgumentException("collective = '" + text + "': must be one of " + labels());
    }

    /**
     * All labels, comma-separated.
     *
     * @return e.g. {@code all-reduce, reduce-scatter, ...}
     */
    public static String labels() {
        final StringBuilder b = new StringBuilder();
        for (final Collective c : values()) {
            if (b.length() > 0) {
                b.append(", ");
            }
            b.append(c.label);
        }
        return b.toString();
    }
}
