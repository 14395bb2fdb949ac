package org.scalebench.training.data;

/**
 * Validation of a measured curve against batch: batches positive and strictly increasing, values positive and
 * non-decreasing (a larger batch never takes fewer epochs, nor less time per step). Shared by the step-time
 * curve and the epochs-to-converge points. Stateless.
 */
public final class MonotonePoints {

    private MonotonePoints() {
    }

    /**
     * Checks a curve.
     *
     * @param curve the curve's name for messages, e.g. {@code epochs}
     * @param value the value's name for messages, e.g. {@code seconds}
     * @param batches the batches
     * @param values the value at each batch
     * @throws IllegalArgumentException naming the offending point, its value and what is allowed
     */
    public static void check(final String curve, final String value, final double[] batches, final double[] values) {
        if (batches.length == 0 || batches.length != values.length) {
            throw new IllegalArgumentException(curve + " points: " + batches.length + " batches and " + values.length
                    + " values: must be the same, non-zero count");
        }
        for (int i = 0; i < batches.length; i++) {
            if (!(batches[i] > 0) || Double.isInfinite(batches[i])) {
                throw new IllegalArgumentException(curve + " point " + i + ": batch = " + batches[i]
                        + ": must be finite and positive");
            }
            if (!(values[i] > 0) || Double.isInfinite(values[i])) {
                throw new IllegalArgumentException(curve + " point at batch " + batches[i] + ": " + value + " = "
                        + values[i] + ": must be finite and positive");
            }
            if (i > 0 && !(batches[i] > batches[i - 1])) {
                throw new IllegalArgumentException(curve + " point at batch " + batches[i]
                        + ": batches must be strictly increasing (previous " + batches[i - 1] + ")");
            }
            if (i > 0 && values[i] < values[i - 1]) {
                throw new IllegalArgumentException(curve + " point at batch " + batches[i] + ": " + value + " = "
                        + values[i] + " < " + values[i - 1] + " at the smaller batch: " + value
                        + " must not decrease with batch");
            }
        }
    }
}
