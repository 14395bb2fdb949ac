package org.scalebench.training.projection;

import org.scalebench.core.data.Named;

/** How the projector prices the gradient exchange of a training step. */
public enum CommunicationModel implements Named {
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
    @Override
    public String id() {
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
        return Named.parse(CommunicationModel.class, "communication model", text);
    }
}
