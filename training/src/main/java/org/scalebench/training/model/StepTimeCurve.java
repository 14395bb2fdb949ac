package org.scalebench.training.model;

import java.util.Locale;
import org.scalebench.training.data.MonotonePoints;
import org.scalebench.training.parallel.ComputeTime;

/**
 * Measured single-device training step time against per-device batch, joined by straight lines (time is close
 * to affine in batch between measurements). Below the smallest measured batch the time stays at that batch's
 * (a GPU is no faster on fewer samples than it was measured on); beyond the largest, throughput stays at the
 * largest batch's (time grows in proportion to batch).
 *
 * <p>Immutable and thread-safe; {@link #seconds} allocates nothing.
 */
public final class StepTimeCurve implements ComputeTime {

    private final double[] batches;
    private final double[] seconds;

    /**
     * Creates the curve.
     *
     * @param batches per-device batches, strictly increasing, positive
     * @param seconds step time at each, positive and non-decreasing
     * @throws IllegalArgumentException naming the offending point
     */
    public StepTimeCurve(final double[] batches, final double[] seconds) {
        MonotonePoints.check("step_time", "seconds", batches, seconds);
        this.batches = batches.clone();
        this.seconds = seconds.clone();
    }

    @Override
    public double seconds(final double batch) {
        final int last = batches.length - 1;
        if (batch <= batches[0]) {
            return seconds[0];
        }
        if (batch >= batches[last]) {
            return seconds[last] * (batch / batches[last]);
        }
        int i = 1;
        while (batches[i] < batch) {
            i++;
        }
        final double t = (batch - batches[i - 1]) / (batches[i] - batches[i - 1]);
        return seconds[i - 1] + t * (seconds[i] - seconds[i - 1]);
    }

    /**
     * The measured batches.
     *
     * @return a copy
     */
    public double[] batches() {
        return batches.clone();
    }

    @Override
    public String toString() {
        final StringBuilder b = new StringBuilder("step time");
        for (int i = 0; i < batches.length; i++) {
            b.append(String.format(Locale.ROOT, " b=%.0f:%.4gs", batches[i], seconds[i]));
        }
        return b.toString();
    }
}
