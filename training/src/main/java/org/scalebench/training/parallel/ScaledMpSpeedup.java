package org.scalebench.training.parallel;

import java.util.Locale;
import org.scalebench.training.cluster.Cluster;

/**
 * Another MP model's {@code SU_MP(M)} times a factor for {@code M > 1}, with its placement unchanged: the input a
 * break-even search varies to find the model-parallel speedup at which a claim would hold.
 *
 * <p>Immutable and thread-safe.
 *
 * @param base the model scaled
 * @param factor the scale, positive
 */
public record ScaledMpSpeedup(MpSpeedupModel base, double factor) implements MpSpeedupModel {

    /**
     * Validates the factor.
     *
     * @throws IllegalArgumentException if the factor is not finite and positive
     */
    public ScaledMpSpeedup {
        if (!(factor > 0) || Double.isInfinite(factor)) {
            throw new IllegalArgumentException("mp speedup factor = " + factor + ": must be finite and positive");
        }
    }

    @Override
    public String name() {
        return base.name() + String.format(Locale.ROOT, " x %.3g", factor);
    }

    @Override
    public double speedup(final int m, final double workerBatch, final ComputeTime compute, final Cluster cluster) {
        final double su = base.speedup(m, workerBatch, compute, cluster);
        return m == 1 ? su : su * factor;
    }

    @Override
    public MpPlacement place(final int m, final double workerBatch, final ComputeTime compute, final Cluster cluster) {
        final MpPlacement p = base.place(m, workerBatch, compute, cluster);
        return m == 1 ? p : new MpPlacement(p.speedup() * factor, p.denseParameters());
    }
}
