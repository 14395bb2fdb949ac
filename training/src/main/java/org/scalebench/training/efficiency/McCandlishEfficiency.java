package org.scalebench.training.efficiency;

import java.util.Locale;

/**
 * The empirical model of McCandlish, Kaplan, Amodei et al., "An Empirical Model of Large-Batch Training"
 * (arXiv 1812.06162): the steps/examples trade-off {@code (S/S_min - 1)(E/E_min - 1) = 1} gives
 * {@code E(B) = E_min (1 + B / B_crit)} examples, here in epochs: twice the minimum at {@code B = B_crit},
 * growing linearly beyond it (a constant number of steps).
 *
 * <p>Immutable and thread-safe; {@link #epochs} allocates nothing.
 *
 * @param minEpochs {@code E_min}, epochs at vanishing batch, positive
 * @param criticalBatch {@code B_crit}, samples, positive
 */
public record McCandlishEfficiency(double minEpochs, double criticalBatch) implements StatisticalEfficiency {

    /**
     * Validates the parameters.
     *
     * @throws IllegalArgumentException naming the parameter, its value and what is allowed
     */
    public McCandlishEfficiency {
        if (!(minEpochs > 0) || Double.isInfinite(minEpochs)) {
            throw new IllegalArgumentException("epochs_min = " + minEpochs + ": must be finite and positive");
        }
        if (!(criticalBatch > 0) || Double.isInfinite(criticalBatch)) {
            throw new IllegalArgumentException("critical_batch = " + criticalBatch + ": must be finite and positive");
        }
    }

    /**
     * The curve through one measured point {@code (batch, epochs)} with a given critical batch.
     *
     * @param batch the measured global batch
     * @param epochs the measured epochs
     * @param criticalBatch {@code B_crit}
     * @return the curve
     */
    public static McCandlishEfficiency through(final double batch, final double epochs, final double criticalBatch) {
        return new McCandlishEfficiency(epochs / (1.0 + batch / criticalBatch), criticalBatch);
    }

    @Override
    public double epochs(final double globalBatch) {
        return minEpochs * (1.0 + globalBatch / criticalBatch);
    }

    @Override
    public String describe() {
        return String.format(Locale.ROOT, "McCandlish E(B) = %.4g (1 + B / %.6g)", minEpochs, criticalBatch);
    }

    @Override
    public StatisticalEfficiency withBatchScale(final double factor) {
        if (!(factor > 0)) {
            throw new IllegalArgumentException("factor = " + factor + ": must be positive");
        }
        return new McCandlishEfficiency(minEpochs, criticalBatch * factor);
    }
}
