package org.scalebench.training.model;

/**
 * The per-step costs of a data-parallel step that the single-GPU step time does not show, for one model as one
 * framework trains it:
 * <ul>
 *   <li>{@code syncOverheadSeconds}: a fixed cost every step of a run on more than one GPU pays, whatever the
 *   per-GPU batch (gradient-bucket bookkeeping, launching the collectives, gathering logging outputs, the host
 *   synchronisation before the optimizer);</li>
 *   <li>{@code stragglerCv}: the coefficient of variation of one GPU's step compute; a synchronous step waits for
 *   the slowest of its {@code N} GPUs, {@code cv * E[max of N standard normals]} of the compute later than the
 *   mean one;</li>
 *   <li>{@code inputSamplesPerSecond}: the most samples per second one GPU's input pipeline delivers (0: not
 *   bounded), which caps the step from below at {@code batch / rate};</li>
 *   <li>{@code lossScalingBytesPerParameter}: the bytes mixed precision's loss scaling moves per parameter and step
 *   (unscaling the gradients and checking them for overflow), at the GPU's memory bandwidth.</li>
 * </ul>
 * The built-in profiles carry none of them ({@link #NONE}); the validation corpus fits the first two per model
 * family on its calibration rows ({@code docs/training-model.md}, section 10).
 *
 * @param syncOverheadSeconds seconds per multi-GPU step, at least 0
 * @param stragglerCv coefficient of variation of a GPU's step compute, in {@code [0, 1]}
 * @param inputSamplesPerSecond samples per second per GPU, at least 0 (0: unbounded)
 * @param lossScalingBytesPerParameter bytes per parameter and mixed-precision step, at least 0
 */
public record ScalingTerms(double syncOverheadSeconds, double stragglerCv, double inputSamplesPerSecond,
        double lossScalingBytesPerParameter) {

    /** No term: the step is the single-GPU step plus the exposed exchange. */
    public static final ScalingTerms NONE = new ScalingTerms(0, 0, 0, 0);

    /**
     * Validates the terms.
     *
     * @throws IllegalArgumentException naming the term, its value and what is allowed
     */
    public ScalingTerms {
        if (!(syncOverheadSeconds >= 0) || Double.isInfinite(syncOverheadSeconds)) {
            throw new IllegalArgumentException("sync_overhead_s = " + syncOverheadSeconds + ": must be finite and at"
                    + " least 0");
        }
        if (!(stragglerCv >= 0 && stragglerCv <= 1)) {
            throw new IllegalArgumentException("straggler_cv = " + stragglerCv + ": must be in [0, 1]");
        }
        if (!(inputSamplesPerSecond >= 0) || Double.isInfinite(inputSamplesPerSecond)) {
            throw new IllegalArgumentException("input_samples_per_s = " + inputSamplesPerSecond + ": must be finite"
                    + " and at least 0 (0: unbounded)");
        }
        if (!(lossScalingBytesPerParameter >= 0) || Double.isInfinite(lossScalingBytesPerParameter)) {
            throw new IllegalArgumentException("loss_scaling_bytes_per_parameter = " + lossScalingBytesPerParameter
                    + ": must be finite and at least 0");
        }
    }

    /**
     * These terms with another synchronisation overhead and straggler spread.
     *
     * @param sync seconds per multi-GPU step
     * @param cv coefficient of variation
     * @return new terms
     */
    public ScalingTerms withFitted(final double sync, final double cv) {
        return new ScalingTerms(sync, cv, inputSamplesPerSecond, lossScalingBytesPerParameter);
    }
}
