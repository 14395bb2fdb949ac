package org.scalebench.training.efficiency;

import java.util.Locale;
import org.scalebench.training.data.MonotonePoints;

/**
 * McCandlish et al.'s {@code E(B) = E_min (1 + B / B_crit)} fitted by least squares through measured
 * {@code (global batch, epochs)} points. The curve is linear in {@code B}, {@code E = E_min + (E_min / B_crit) B},
 * so the fit is the ordinary least-squares line of epochs on batch: its intercept is {@code E_min} and
 * {@code B_crit} is the intercept over the slope. Every point weighs the same (absolute epochs, not relative).
 * Beyond the measured range the fitted model extrapolates (steps fall towards {@code S_min = E_min D / B_crit});
 * {@link #interpolated()} gives the log-log interpolation of the same points for comparison.
 *
 * <p>Immutable and thread-safe; {@link #epochs} allocates nothing.
 */
public final class McCandlishFit implements StatisticalEfficiency {

    private final double[] batches;
    private final double[] epochs;
    private final McCandlishEfficiency curve;

    /**
     * Fits the curve.
     *
     * @param batches global batches, strictly increasing, positive, at least two
     * @param epochs measured epochs at each, positive and non-decreasing
     * @throws IllegalArgumentException if the points are malformed, fewer than two, or do not give a positive
     *     {@code E_min} and a finite {@code B_crit} (epochs must grow with batch)
     */
    public McCandlishFit(final double[] batches, final double[] epochs) {
        MonotonePoints.check("epochs", "epochs", batches, epochs);
        if (batches.length < 2) {
            throw new IllegalArgumentException("epochs_model = mccandlish-fit: " + batches.length
                    + " epochs point: a least-squares fit needs at least 2");
        }
        final int n = batches.length;
        double meanB = 0;
        double meanE = 0;
        for (int i = 0; i < n; i++) {
            meanB += batches[i] / n;
            meanE += epochs[i] / n;
        }
        double sxx = 0;
        double sxy = 0;
        for (int i = 0; i < n; i++) {
            sxx += (batches[i] - meanB) * (batches[i] - meanB);
            sxy += (batches[i] - meanB) * (epochs[i] - meanE);
        }
        final double slope = sxy / sxx;
        final double intercept = meanE - slope * meanB;
        if (!(slope > 0) || !(intercept > 0)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "epochs_model = mccandlish-fit: the"
                    + " least-squares line E = %.4g + %.4g B has %s: McCandlish's curve needs E_min > 0 and epochs"
                    + " growing with batch", intercept, slope, slope > 0 ? "E_min <= 0" : "no growth (B_crit infinite)"));
        }
        this.batches = batches.clone();
        this.epochs = epochs.clone();
        this.curve = new McCandlishEfficiency(intercept, intercept / slope);
    }

    /**
     * The fitted {@code E_min}.
     *
     * @return epochs at vanishing batch
     */
    public double minEpochs() {
        return curve.minEpochs();
    }

    /**
     * The fitted {@code B_crit}.
     *
     * @return samples
     */
    public double criticalBatch() {
        return curve.criticalBatch();
    }

    /**
     * The root-mean-square relative error of the fit at the measured points.
     *
     * @return e.g. 0.03 for 3%
     */
    public double rmsRelativeError() {
        double sum = 0;
        for (int i = 0; i < batches.length; i++) {
            final double r = curve.epochs(batches[i]) / epochs[i] - 1;
            sum += r * r;
        }
        return Math.sqrt(sum / batches.length);
    }

    /**
     * The log-log interpolation of the same points (constant steps beyond the last).
     *
     * @return the interpolated curve
     */
    public InterpolatedEfficiency interpolated() {
        return new InterpolatedEfficiency(batches, epochs);
    }

    @Override
    public double epochs(final double globalBatch) {
        return curve.epochs(globalBatch);
    }

    @Override
    public String describe() {
        final StringBuilder b = new StringBuilder(String.format(Locale.ROOT,
                "McCandlish E(B) = E_min (1 + B / B_crit) fitted by least squares to %d points (batch:epochs)",
                batches.length));
        for (int i = 0; i < batches.length; i++) {
            b.append(String.format(Locale.ROOT, " %.0f:%.4g", batches[i], epochs[i]));
        }
        return b.append(String.format(Locale.ROOT, ": E_min = %.4g, B_crit = %.6g (rms error %.1f%%)", minEpochs(),
                criticalBatch(), 100 * rmsRelativeError())).toString();
    }

    @Override
    public StatisticalEfficiency withBatchScale(final double factor) {
        return new McCandlishFit(InterpolatedEfficiency.scaled(batches, factor), epochs);
    }
}
