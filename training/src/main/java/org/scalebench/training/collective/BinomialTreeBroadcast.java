package org.scalebench.training.collective;

import org.scalebench.core.Bits;

/**
 * Binomial-tree broadcast: {@code ceil(lg p) (alpha + n beta)} (Thakur, Rabenseifner and Gropp 2005).
 *
 * <p>Immutable and thread-safe; allocates nothing after construction.
 */
public final class BinomialTreeBroadcast extends AlphaBetaCollective {

    /**
     * Creates the model over one kind of link.
     *
     * @param link the link costs
     */
    public BinomialTreeBroadcast(final AlphaBetaGamma link) {
        super(link, Collective.BROADCAST, "binomial-tree");
    }

    @Override
    protected double cost(final double n, final int p) {
        return Bits.ceilLog2(p) * (alpha + n * beta);
    }
}
