package org.scalebench.training.parallel;

import java.util.Arrays;

/**
 * What a model-parallel worker of {@code M} GPUs looks like under an {@link MpSpeedupModel}: its speedup and the
 * dense parameters each of its GPUs holds. Parameters the model does not place (a model that only gives speedups,
 * or parameters outside the layers it schedules) are not counted here: the caller spreads them evenly.
 *
 * @param speedup {@code SU_MP(M)} at the worker's batch
 * @param denseParameters for each of the worker's GPUs (index 0 holds the first layer), the dense parameters of
 *     the layers placed on it, at least 0; length {@code M}
 */
public record MpPlacement(double speedup, double[] denseParameters) {

    /**
     * Validates the placement.
     *
     * @throws IllegalArgumentException if the speedup is not positive or a count is negative
     */
    public MpPlacement {
        if (!(speedup > 0) || Double.isInfinite(speedup)) {
            throw new IllegalArgumentException("mp speedup = " + speedup + ": must be finite and positive");
        }
        for (final double p : denseParameters) {
            if (!(p >= 0)) {
                throw new IllegalArgumentException("placed parameters = " + p + ": must be at least 0");
            }
        }
        denseParameters = denseParameters.clone();
    }

    /**
     * A placement that places no parameter (they are spread evenly by the caller).
     *
     * @param speedup the speedup
     * @param m GPUs per worker
     * @return the placement
     */
    public static MpPlacement unplaced(final double speedup, final int m) {
        return new MpPlacement(speedup, new double[m]);
    }

    /**
     * The placed parameters (a copy).
     *
     * @return per GPU
     */
    @Override
    public double[] denseParameters() {
        return denseParameters.clone();
    }

    /**
     * The parameters placed on all GPUs together.
     *
     * @return the sum
     */
    public double placedTotal() {
        return Arrays.stream(denseParameters).sum();
    }

    @Override
    public boolean equals(final Object o) {
        return o instanceof MpPlacement p && speedup == p.speedup && Arrays.equals(denseParameters, p.denseParameters);
    }

    @Override
    public int hashCode() {
        return 31 * Double.hashCode(speedup) + Arrays.hashCode(denseParameters);
    }

    @Override
    public String toString() {
        return "MpPlacement[speedup=" + speedup + ", denseParameters=" + Arrays.toString(denseParameters) + "]";
    }
}
