package org.scalebench.training.collective;

import java.util.List;
import org.scalebench.core.data.Named;

/**
 * The collective operations whose cost scalebench models, with the message-size convention each uses.
 *
 * <p>Message size {@code n} (bytes), following nccl-tests (doc/PERFORMANCE.md): for all-reduce, reduce and
 * broadcast it is the size of the vector every rank holds; for reduce-scatter and all-gather it is the
 * <em>total</em> size (each rank ends with, or starts from, {@code n / p}); for all-to-all it is the total a
 * rank sends (the sum over all destinations, itself included).
 */
public enum Collective implements Named {
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
    @Override
    public String id() {
        return label;
    }

    /**
     * Also accepted: the label with underscores or without hyphens ({@code all_reduce}, {@code allreduce}).
     *
     * @return the aliases
     */
    @Override
    public List<String> aliases() {
        return List.of(label.replace('-', '_'), label.replace("-", ""));
    }

    /**
     * Parses a label ({@code all-reduce}, {@code allreduce}, {@code ALL_REDUCE} are all accepted).
     *
     * @param text the label
     * @return the collective
     * @throws IllegalArgumentException naming the value and the allowed labels
     */
    public static Collective parse(final String text) {
        return Named.parse(Collective.class, "collective", text);
    }
}
