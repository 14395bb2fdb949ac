package org.scalebench.training.model;

import java.util.Locale;
import org.scalebench.training.data.MonotonePoints;
import org.scalebench.training.parallel.ComputeTime;

/**
 * Single-device training step time against per-device batch: measured points joined by straight lines (time is
 * close to affine in batch between measurements), split into a fixed part that does not depend on the batch and a
 * batch-dependent part:
 * <pre>
 *   t(b) = measured, interpolated                            b within the measured range
 *   t(b) = fixed + (t(b_last) - fixed) * b / b_last           beyond the largest measured batch
 *   t(b) = fixed + max((t(b_first) - fixed) * b / b_first, floor)   below the smallest, with a floor
 *   t(b) = t(b_first)                                          below the smallest, without a floor
 * </pre>
 * The fixed part (optimizer update, kernel launches, input pipeline, synchronisation) is paid once per step; the
 * floor is the least time of the batch-dependent part, the bytes every step must read however small its batch
 * (recurrent weights re-read per time step) over the device's memory bandwidth. Without a floor the curve holds
 * the step flat below the smallest measured batch: a GPU is no faster on fewer samples than on the fewest it was
 * measured on.
 *
 * <p>Immutable and thread-safe; {@link #seconds} allocates nothing.
 */
public final class StepTimeCurve implements ComputeTime {

    private final double[] batches;
    private final double[] seconds;
    private final double fixedSeconds;
    private final double floorSeconds;
    private final double flatBelow;

    /**
     * A curve with no fixed part and no floor: flat below the smallest measured batch, proportional beyond the
     * largest.
     *
     * @param batches per-device batches, strictly increasing, positive
     * @param seconds step time at each, positive and non-decreasing
     * @throws IllegalArgumentException naming the offending point
     */
    public StepTimeCurve(final double[] batches, final double[] seconds) {
        this(batches, seconds, 0.0, Double.NaN);
    }

    /**
     * A curve with a fixed part and, optionally, a byte floor on the batch-dependent part.
     *
     * @param batches per-device batches, strictly increasing, positive
     * @param seconds measured step time at each, positive and non-decreasing
     * @param fixedSeconds the part of every step that does not depend on the batch, in {@code [0, t(b_first))}
     * @param floorSeconds the least batch-dependent time, in {@code [0, t(b_first) - fixed]}, or NaN for no floor
     *     (flat below the smallest measured batch)
     * @throws IllegalArgumentException naming the offending value
     */
    public StepTimeCurve(final double[] batches, final double[] seconds, final double fixedSeconds,
            final double floorSeconds) {
        this(batches, seconds, fixedSeconds, floorSeconds, 0.0);
    }

    private StepTimeCurve(final double[] batches, final double[] seconds, final double fixedSeconds,
            final double floorSeconds, final double flatBelow) {
        MonotonePoints.check("step_time", "seconds", batches, seconds);
        if (!(fixedSeconds >= 0) || !(fixedSeconds < seconds[0])) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "fixed step time = %.6g s: must be in [0,"
                    + " %.6g s), the step time at the smallest measured batch %.0f", fixedSeconds, seconds[0],
                    batches[0]));
        }
        if (!Double.isNaN(floorSeconds) && !(floorSeconds >= 0 && floorSeconds <= seconds[0] - fixedSeconds)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "step floor = %.6g s: must be in [0, %.6g s],"
                    + " the batch-dependent time measured at batch %.0f (%.6g s step - %.6g s fixed)", floorSeconds,
                    seconds[0] - fixedSeconds, batches[0], seconds[0], fixedSeconds));
        }
        this.batches = batches.clone();
        this.seconds = seconds.clone();
        this.fixedSeconds = fixedSeconds;
        this.floorSeconds = floorSeconds;
        this.flatBelow = flatBelow;
    }

    /**
     * This curve held flat below a batch: {@code t(b) = t(batch)} for {@code b < batch} (the flat floor used before
     * byte floors, kept for sensitivity studies).
     *
     * @param batch the batch below which the time stops falling, positive
     * @return a new curve
     */
    public StepTimeCurve withFlatBelow(final double batch) {
        if (!(batch > 0)) {
            throw new IllegalArgumentException("flat-below batch = " + batch + ": must be positive");
        }
        return new StepTimeCurve(batches, seconds, fixedSeconds, floorSeconds, batch);
    }

    /**
     * This curve with another fixed part (the batch-dependent part of each measurement shrinks or grows to match).
     *
     * @param fixed seconds per step, in {@code [0, t(b_first))}
     * @return a new curve
     */
    public StepTimeCurve withFixedSeconds(final double fixed) {
        final double floor = Double.isNaN(floorSeconds) ? Double.NaN
                : Math.min(floorSeconds, Math.max(0.0, seconds[0] - fixed));
        return new StepTimeCurve(batches, seconds, fixed, floor, flatBelow);
    }

    /**
     * This curve without a byte floor (flat below the smallest measured batch).
     *
     * @return a new curve
     */
    public StepTimeCurve withoutFloor() {
        return new StepTimeCurve(batches, seconds, fixedSeconds, Double.NaN, flatBelow);
    }

    @Override
    public double seconds(final double batch) {
        if (batch < flatBelow) {
            return unflattened(flatBelow);
        }
        return unflattened(batch);
    }

    private double unflattened(final double batch) {
        final int last = batches.length - 1;
        if (batch < batches[0]) {
            if (Double.isNaN(floorSeconds)) {
                return seconds[0];
            }
            return fixedSeconds + Math.max((seconds[0] - fixedSeconds) * (batch / batches[0]), floorSeconds);
        }
        if (batch >= batches[last]) {
            return fixedSeconds + (seconds[last] - fixedSeconds) * (batch / batches[last]);
        }
        int i = 1;
        while (batches[i] < batch) {
            i++;
        }
        final double t = (batch - batches[i - 1]) / (batches[i] - batches[i - 1]);
        return seconds[i - 1] + t * (seconds[i] - seconds[i - 1]);
    }

    /**
     * The batch-dependent part of the step, {@code t(b) - fixed}: what model parallelism can split.
     *
     * @param batch samples per step, positive
     * @return seconds
     */
    public double variableSeconds(final double batch) {
        return seconds(batch) - fixedSeconds;
    }

    /**
     * The batch-dependent part as a {@link ComputeTime}.
     *
     * @return {@code b -> t(b) - fixed}
     */
    public ComputeTime variable() {
        return this::variableSeconds;
    }

    /**
     * The fixed part of every step.
     *
     * @return seconds
     */
    public double fixedSeconds() {
        return fixedSeconds;
    }

    /**
     * The floor of the batch-dependent part.
     *
     * @return seconds, or NaN without a floor
     */
    public double floorSeconds() {
        return floorSeconds;
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
        b.append(String.format(Locale.ROOT, ", fixed %.4gs", fixedSeconds));
        b.append(Double.isNaN(floorSeconds) ? ", flat below the smallest batch"
                : String.format(Locale.ROOT, ", floor %.4gs", floorSeconds));
        if (flatBelow > 0) {
            b.append(String.format(Locale.ROOT, ", held flat below b=%.0f", flatBelow));
        }
        return b.toString();
    }
}
