package org.scalebench.training.llm;

import org.scalebench.core.data.Named;

/**
 * The 16-bit format of a mixed-precision transformer run: weights, activations and gradients in FP16 or BF16, with
 * FP32 master weights and optimizer state either way. It selects the GPU's peak rate for the format and whether
 * the optimizer keeps a loss-scaling copy. (The data-parallel projector's arithmetic, FP32 or mixed, is
 * {@code training.model.Precision}.)
 */
public enum HalfFormat implements Named {
    /** IEEE half precision. */
    FP16("fp16"),
    /** bfloat16. */
    BF16("bf16");

    private final String label;

    HalfFormat(final String label) {
        this.label = label;
    }

    /**
     * The format's word.
     *
     * @return {@code fp16} or {@code bf16}
     */
    @Override
    public String id() {
        return label;
    }

    /**
     * The format a word names.
     *
     * @param text {@code fp16} or {@code bf16}
     * @return the format
     * @throws IllegalArgumentException naming the value and what is allowed
     */
    public static HalfFormat parse(final String text) {
        return Named.parse(HalfFormat.class, "half format", text);
    }
}
