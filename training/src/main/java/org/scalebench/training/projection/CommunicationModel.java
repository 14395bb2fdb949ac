package org.scalebench.training.projection;

import java.util.Locale;

/** How the projector prices the gradient exchange of a training step. */
public enum CommunicationModel {
    /** NCCL's tuning model with the fastest algorithm and protocol (the default). */
    NCCL("nccl"),
    /** A flat ring over all ranks, alpha-beta-gamma. */
    RING("ring"),
    /** Ring reduce-scatter / all-gather inside nodes, ring all-reduce across nodes, alpha-beta-gamma. */
    HIERARCHICAL("hierarchical"),
    /** As {@link #HIERARCHICAL} with a double binary tree across nodes. */
    HIERARCHICAL_TREE("hierarchical-tree");

    private final String label;

    CommunicationModel(final String label) {
        this.label = label;
    }

    /**
     * The command-line name.
     *
     * @return e.g. {@code nccl}
     */
    public String label() {
        return label;
    }

    /**
     * Parses a command-line name.
     *
     * @param text the name
     * @return the model
     * @throws IllegalArgumentException naming the value and the allowed names
     */
    public static CommunicationModel parse(final String text) {
        final String t = text.trim().toLowerCase(Locale.ROOT);
        for (final CommunicationModel m : values()) {
            if (m.label.equals(t)) {
                return m;
            }
        }
        throw new IllegalArgumentException("communication model = '" + text
                + "': must be one of nccl, ring, hierarchical, hierarchical-tree");
    }
}
