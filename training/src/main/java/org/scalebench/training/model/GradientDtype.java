package org.scalebench.training.model;

import org.scalebench.core.data.Named;

/** The number format of the gradients a run exchanges, and its width. */
public enum GradientDtype implements Named {
    /** IEEE single precision, 4 bytes. */
    FP32("fp32", 4),
    /** IEEE half precision, 2 bytes. */
    FP16("fp16", 2),
    /** bfloat16, 2 bytes. */
    BF16("bf16", 2);

    private final String key;
    private final int bytes;

    GradientDtype(final String key, final int bytes) {
        this.key = key;
        this.bytes = bytes;
    }

    /**
     * The data-file name.
     *
     * @return e.g. {@code fp16}
     */
    @Override
    public String id() {
        return key;
    }

    /**
     * Bytes per value.
     *
     * @return 4 or 2
     */
    public int bytes() {
        return bytes;
    }

    /**
     * Parses a data-file name.
     *
     * @param text {@code fp32}, {@code fp16} or {@code bf16}
     * @return the type
     * @throws IllegalArgumentException naming the value and the allowed names
     */
    public static GradientDtype parse(final String text) {
        return Named.parse(GradientDtype.class, "gradient_dtype", text);
    }
}
