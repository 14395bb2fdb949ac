package org.scalebench.training.collective;

import org.scalebench.core.Bits;

/**
 * Rabenseifner all-reduce: a recursive-halving reduce-scatter then a recursive-doubling all-gather,
 * {@code 2 lg p alpha + 2((p-1)/p) n beta + ((p-1)/p) n gamma} for a power-of-two {@code p}, and for other
 * {@code p} {@code (2 floor(lg p) + 2) alpha + (2(p-1)/p + 2) n beta + (1 + (p-1)/p) n gamma} (both rows as
 * quoted in MPICH from Thakur, Rabenseifner and Gropp 2005).
 *
 * <p>Immutable and thread-safe; allocates nothing after construction.
 */
public final class RabenseifnerAllReduce extends AlphaBetaCollective {

    /**
     * Creates the model over one kind of link.
     *
     * @param link the link costs
     */
    public RabenseifnerAllReduce(final AlphaBetaGamma link) {
        super(link, Collective.ALL_REDUCE, "rabenseifner");
    }

    @Override
    protected double cost(final double n, final int p) {
        final double share = (p - 1) / (double) p;
        if (Bits.isPowerOfTwo(p)) {
            return 2.0 * Bits.floorLog2(p) * alpha + share * n * (2.0 * beta + gamma);
        }
        return (2.0 * Bits.floorLog2(p) + 2.0) * alpha + (2.0 * share + 2.0) * n * beta + (1.0 + share) * n * gamma;
    }
}
