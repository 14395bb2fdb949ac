package org.scalebench.training.efficiency;

import java.util.Locale;

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
        if (batches.length == 0 || batches.length != epochs.length) {
            throw new IllegalArgumentException("epochs points: " + batches.length + " batches and " + epochs.length
                    + " epochs: must be the same, non-zero count");
        }
        for (int i = 0; i < batches.length; i++) {
            if (!(batches[i] > 0) || Double.isInfinite(batches[i])) {
                throw new IllegalArgumentException("epochs point " + i + ": batch = " + batches[i]
                        + ": must be finite and positive");
            }
            if (!(epochs[i] > 0) || Double.isInfinite(epochs[i])) {
                throw new IllegalArgumentException("epochs point at batch " + batches[i] + ": epochs = " + epochs[i]
                        + ": must be finite and positive");
            }
            if (i > 0 && !(batches[i] > batches[i - 1])) {
                throw new IllegalArgumentException("epochs point at batch " + batches[i]
                        + ": batches must be strictly increasing (previous " + batches[i - 1] + ")");
            }
            if (i > 0 && epochs[i] < epochs[i - 1]) {
                throw new IllegalArgumentException("epochs point at batch " + batches[i] + ": epochs = " + epochs[i]
                        + " < " + epochs[i - 1] + " at the smaller batch: epochs must not decrease with batch");
            }
        }
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
        if (!(factor > 0)) {
            throw new IllegalArgumentException("factor = " + factor + ": must be positive");
        }
        final double[] scaled = new double[batches.length];
        for (int i = 0; i < batches.length; i++) {
            scaled[i] = batches[i] * factor;
        }
        return new InterpolatedEfficiency(scaled, epochs);
    }
}
