package org.scalebench.training.collective;

import org.scalebench.core.Bits;

/**
 * Binomial-tree reduce: {@code ceil(lg p) (alpha + n beta + n gamma)} (Thakur, Rabenseifner and Gropp 2005).
 *
 * <p>Immutable and thread-safe; allocates nothing after construction.
 */
public final class BinomialTreeReduce extends AlphaBetaCollective {

    /**
     * Creates the model over one kind of link.
     *
     * @param link the link costs
     */
    public BinomialTreeReduce(final AlphaBetaGamma link) {
        super(link, Collective.REDUCE, "binomial-tree");
    }

    @Override
    protected double cost(final double n, final int p) {
        return Bits.ceilLog2(p) * (alpha + n * (beta + gamma));
    }
}
