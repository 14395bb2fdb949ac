package org.scalebench.training.collective;

import org.scalebench.core.Bits;

/**
 * Recursive-doubling all-gather: {@code lg p alpha + ((p-1)/p) n beta} for a power-of-two {@code p}; for other
 * {@code p} MPICH switches to Bruck's algorithm, {@code ceil(lg p) alpha + ((p-1)/p) n beta}, which this class
 * uses for every {@code p} (the two agree on powers of two). Thakur, Rabenseifner and Gropp 2005.
 *
 * <p>Immutable and thread-safe; allocates nothing after construction.
 */
public final class RecursiveDoublingAllGather extends AlphaBetaCollective {

    /**
     * Creates the model over one kind of link.
     *
     * @param link the link costs
     */
    public RecursiveDoublingAllGather(final AlphaBetaGamma link) {
        super(link, Collective.ALL_GATHER, "recursive-doubling");
    }

    @Override
    protected double cost(final double n, final int p) {
        return Bits.ceilLog2(p) * alpha + (p - 1) / (double) p * n * beta;
    }
}
