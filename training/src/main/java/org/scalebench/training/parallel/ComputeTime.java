package org.scalebench.training.parallel;

/**
 * Single-device time of one training step (forward, backward and update) as a function of the batch.
 * Implementations are immutable and thread-safe.
 */
@FunctionalInterface
public interface ComputeTime {

    /**
     * Step time on one device.
     *
     * @param batch samples per step, positive (may be fractional for micro-batches)
     * @return seconds
     */
    double seconds(double batch);
}
