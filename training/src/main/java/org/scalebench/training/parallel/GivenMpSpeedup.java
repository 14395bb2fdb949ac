package org.scalebench.training.parallel;

import java.util.Arrays;
import org.scalebench.core.Checks;
import org.scalebench.training.cluster.Cluster;

/**
 * {@code SU_MP(M)} given as numbers (from a profile's data file), independent of batch and cluster.
 *
 * <p>Immutable and thread-safe.
 */
public final class GivenMpSpeedup implements MpSpeedupModel {

    private final int[] degrees;
    private final double[] speedups;

    /**
     * Creates the table.
     *
     * @param degrees MP degrees {@code M >= 2}, distinct
     * @param speedups {@code SU_MP(M)} for each, positive
     * @throws IllegalArgumentException naming the offending entry
     */
    public GivenMpSpeedup(final int[] degrees, final double[] speedups) {
        if (degrees.length != speedups.length) {
            throw new IllegalArgumentException("mp_speedup: " + degrees.length + " degrees but " + speedups.length
                    + " values: must match");
        }
        for (int i = 0; i < degrees.length; i++) {
            Checks.requireAtLeast("mp_speedup degree", degrees[i], 2);
            if (!(speedups[i] > 0) || Double.isInfinite(speedups[i])) {
                throw new IllegalArgumentException("mp_speedup for M = " + degrees[i] + " = " + speedups[i]
                        + ": must be finite and positive");
            }
            for (int j = 0; j < i; j++) {
                if (degrees[j] == degrees[i]) {
                    throw new IllegalArgumentException("mp_speedup degree = " + degrees[i] + " given twice");
                }
            }
        }
        this.degrees = degrees.clone();
        this.speedups = speedups.clone();
    }

    @Override
    public String name() {
        return "given";
    }

    @Override
    public double speedup(final int m, final double workerBatch, final ComputeTime compute, final Cluster cluster) {
        if (m == 1) {
            return 1.0;
        }
        for (int i = 0; i < degrees.length; i++) {
            if (degrees[i] == m) {
                return speedups[i];
            }
        }
        throw new IllegalArgumentException("mp degree = " + m + ": the profile gives SU_MP only for M in "
                + Arrays.toString(degrees));
    }
}
