package org.scalebench.training.llm;

import org.scalebench.core.data.Named;

/**
 * Activation recomputation (Korthikanti et al. 2022, Section 5): keep every activation, recompute only the
 * attention core (scores, softmax, dropout, attention over values), or keep only each layer's input and
 * recompute the whole layer's forward pass during the backward pass.
 */
public enum Recompute implements Named {
    /** Keep every activation. */
    NONE("none"),
    /** Recompute the attention core only. */
    SELECTIVE("selective"),
    /** Recompute the whole layer from its input. */
    FULL("full");

    private final String label;

    Recompute(final String label) {
        this.label = label;
    }

    /**
     * The command-line name.
     *
     * @return {@code none}, {@code selective} or {@code full}
     */
    @Override
    public String id() {
        return label;
    }

    /**
     * Parses a command-line name.
     *
     * @param text {@code none}, {@code selective} or {@code full}
     * @return the mode
     * @throws IllegalArgumentException naming the value and what is allowed
     */
    public static Recompute parse(final String text) {
        return Named.parse(Recompute.class, "recompute", text);
    }
}
