package org.scalebench.training.efficiency;

import java.util.Locale;
import org.scalebench.training.data.MonotonePoints;

/**
 * Measured (global batch, epochs) points joined by straight lines in log-log space. Below the smallest
 * measured batch the epochs stay at the first point's value (smaller batches are assumed no less
 * sample-efficient); beyond the largest, the number of <em>steps</em> stays at the last point's
 * ({@code epochs} grows in proportion to the batch, the "maximal data parallelism" regime of Shallue et al.,
 * JMLR 2019) — no benefit from batches larger than any that was measured.
 *
 * <p>Immutable and thread-safe; {@link #epochs} allocates nothing (a linear scan of a few points).
 */
public final class InterpolatedEfficiency implements StatisticalEfficiency {

    private final double[] batches;
    private final double[] epochs;
    private final double[] logBatches;
    private final double[] logEpochs;

    /**
     * Creates the curve.
     *
     * @param batches global batches, strictly increasing, positive
     * @param epochs epochs at each batch, positive and non-decreasing
     * @throws IllegalArgumentException naming the offending point
     */
    public InterpolatedEfficiency(final double[] batches, final double[] epochs) {
        MonotonePoints.check("epochs", "epochs", batches, epochs);
        this.batches = batches.clone();
        this.epochs = epochs.clone();
        this.logBatches = new double[batches.length];
        this.logEpochs = new double[batches.length];
        for (int i = 0; i < batches.length; i++) {
            logBatches[i] = Math.log(batches[i]);
            logEpochs[i] = Math.log(epochs[i]);
        }
    }

    @Override
    public double epochs(final double globalBatch) {
        final int last = batches.length - 1;
        if (globalBatch <= batches[0]) {
            return epochs[0];
        }
        if (globalBatch >= batches[last]) {
            return epochs[last] * (globalBatch / batches[last]);
        }
        int i = 1;
        while (batches[i] < globalBatch) {
            i++;
        }
        final double x = Math.log(globalBatch);
        final double t = (x - logBatches[i - 1]) / (logBatches[i] - logBatches[i - 1]);
        return Math.exp(logEpochs[i - 1] + t * (logEpochs[i] - logEpochs[i - 1]));
    }

    /**
     * McCandlish's curve fitted by least squares through the same points.
     *
     * @return the fit
     * @throws IllegalArgumentException if there are fewer than two points or they give no finite critical batch
     */
    public McCandlishFit fitted() {
        return new McCandlishFit(batches, epochs);
    }

    @Override
    public String describe() {
        final StringBuilder b = new StringBuilder("measured points (batch:epochs)");
        for (int i = 0; i < batches.length; i++) {
            b.append(String.format(Locale.ROOT, " %.0f:%.4g", batches[i], epochs[i]));
        }
        return b.append(", log-log interpolation, constant steps beyond the last").toString();
    }

    @Override
    public StatisticalEfficiency withBatchScale(final double factor) {
        return new InterpolatedEfficiency(scaled(batches, factor), epochs);
    }

    /**
     * Batches stretched by a factor, for {@link StatisticalEfficiency#withBatchScale}.
     *
     * @param batches the batches
     * @param factor positive stretch factor
     * @return a new array
     * @throws IllegalArgumentException if the factor is not positive
     */
    static double[] scaled(final double[] batches, final double factor) {
        if (!(factor > 0)) {
            throw new IllegalArgumentException("factor = " + factor + ": must be positive");
        }
        final double[] scaled = new double[batches.length];
        for (int i = 0; i < batches.length; i++) {
            scaled[i] = batches[i] * factor;
        }
        return scaled;
    }
}
