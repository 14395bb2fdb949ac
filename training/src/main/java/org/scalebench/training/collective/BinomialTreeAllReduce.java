package org.scalebench.training.collective;

import org.scalebench.core.Bits;

/**
 * Binomial-tree all-reduce: a binomial reduce to rank 0 then a binomial broadcast,
 * {@code 2 ceil(lg p) (alpha + n beta) + ceil(lg p) n gamma}.
 *
 * <p>Immutable and thread-safe; allocates nothing after construction.
 */
public final class BinomialTreeAllReduce extends AlphaBetaCollective {

    /**
     * Creates the model over one kind of link.
     *
     * @param link the link costs
     */
    public BinomialTreeAllReduce(final AlphaBetaGamma link) {
        super(link, Collective.ALL_REDUCE, "binomial-tree");
    }

    @Override
    protected double cost(final double n, final int p) {
        final int lg = Bits.ceilLog2(p);
        return 2.0 * lg * (alpha + n * beta) + lg * n * gamma;
    }
}
