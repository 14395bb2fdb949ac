package org.scalebench.training.collective;

import org.scalebench.core.Bits;

/**
 * Broadcast by a binomial scatter then a recursive-doubling all-gather (van de Geijn; long messages),
 * {@code 2 ceil(lg p) alpha + 2((p-1)/p) n beta} (Thakur, Rabenseifner and Gropp 2005).
 *
 * <p>Immutable and thread-safe; allocates nothing after construction.
 */
public final class ScatterAllGatherBroadcast extends AlphaBetaCollective {

    /**
     * Creates the model over one kind of link.
     *
     * @param link the link costs
     */
    public ScatterAllGatherBroadcast(final AlphaBetaGamma link) {
        super(link, Collective.BROADCAST, "scatter-allgather");
    }

    @Override
    protected double cost(final double n, final int p) {
        return 2.0 * Bits.ceilLog2(p) * alpha + 2.0 * (p - 1) / p * n * beta;
    }
}
