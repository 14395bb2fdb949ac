package org.scalebench.training.model;

import org.scalebench.core.data.Named;

/** The arithmetic of a training run: its step times and the width of the gradients it exchanges. */
public enum Precision implements Named {
    /** Single precision throughout. */
    FP32("fp32"),
    /** Mixed precision: half-precision math with single-precision master weights (measured where a source exists). */
    MIXED("mixed");

    private final String key;

    Precision(final String key) {
        this.key = key;
    }

    /**
     * The command-line name.
     *
     * @return {@code fp32} or {@code mixed}
     */
    @Override
    public String id() {
        return key;
    }

    /**
     * Parses a command-line name.
     *
     * @param text {@code fp32} or {@code mixed}
     * @return the precision
     * @throws IllegalArgumentException naming the value and the allowed names
     */
    public static Precision parse(final String text) {
        return Named.parse(Precision.class, "precision", text);
    }
}
