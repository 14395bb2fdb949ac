package org.scalebench.training.collective;

import org.scalebench.core.Bits;

/**
 * Broadcast by a binomial scatter then a ring all-gather (MPICH, long messages on non-powers of two),
 * {@code (ceil(lg p) + p - 1) alpha + 2((p-1)/p) n beta} (Thakur, Rabenseifner and Gropp 2005).
 *
 * <p>Immutable and thread-safe; allocates nothing after construction.
 */
public final class ScatterRingAllGatherBroadcast extends AlphaBetaCollective {

    /**
     * Creates the model over one kind of link.
     *
     * @param link the link costs
     */
    public ScatterRingAllGatherBroadcast(final AlphaBetaGamma link) {
        super(link, Collective.BROADCAST, "scatter-ring-allgather");
    }

    @Override
    protected double cost(final double n, final int p) {
        return (Bits.ceilLog2(p) + (p - 1.0)) * alpha + 2.0 * (p - 1) / p * n * beta;
    }
}
