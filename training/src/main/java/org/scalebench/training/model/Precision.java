package org.scalebench.training.model;

import java.util.Locale;

/** The arithmetic of a training run: its step times and the width of the gradients it exchanges. */
public enum Precision {
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
    public String key() {
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
        final String t = text.trim().toLowerCase(Locale.ROOT);
        for (final Precision p : values()) {
            if (p.key.equals(t)) {
                return p;
            }
        }
        throw new IllegalArgumentException("precision = '" + text + "': must be fp32 or mixed");
    }
}
