package org.scalebench.training.llm;

import java.util.Locale;

/** The training precision of weights and activations (mixed precision with FP32 master weights either way). */
public enum Precision {
    /** IEEE half precision. */
    FP16("fp16"),
    /** bfloat16. */
    BF16("bf16");

    private final String label;

    Precision(final String label) {
        this.label = label;
    }

    /**
     * The command-line name.
     *
     * @return {@code fp16} or {@code bf16}
     */
    public String label() {
        return label;
    }

    /**
     * Parses a command-line name.
     *
     * @param text {@code fp16} or {@code bf16}
     * @return the precision
     * @throws IllegalArgumentException naming the value and what is allowed
     */
    public static Precision parse(final String text) {
        for (final Precision p : values()) {
            if (p.label.equals(text.trim().toLowerCase(Locale.ROOT))) {
                return p;
            }
        }
        throw new IllegalArgumentException("--precision = '" + text + "': must be fp16 or bf16");
    }
}
