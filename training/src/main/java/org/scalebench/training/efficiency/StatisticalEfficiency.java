package org.scalebench.training.efficiency;

/**
 * Epochs needed to reach a target accuracy, as a function of the global batch (samples per optimizer step).
 * Larger batches need at least as many epochs: {@code epochs} is non-decreasing in {@code globalBatch}.
 *
 * <p>Implementations are immutable, thread-safe and allocate nothing in {@link #epochs}.
 */
public interface StatisticalEfficiency {

    /**
     * Epochs to converge at a global batch.
     *
     * @param globalBatch samples per step, at least 1
     * @return epochs, positive
     */
    double epochs(double globalBatch);

    /**
     * A one-line description naming the model and its parameters, for reports.
     *
     * @return e.g. {@code McCandlish E_min=3.2 B_crit=8192}
     */
    String describe();

    /**
     * The same curve with its batch axis scaled: the returned curve at batch {@code factor * B} equals this curve
     * at {@code B}. Used for sensitivity studies (a factor of 2 doubles the critical batch).
     *
     * @param factor positive stretch factor (2 doubles the critical batch)
     * @return the stretched curve
     */
    StatisticalEfficiency withBatchScale(double factor);
}
