package org.scalebench.training.collective;

import org.scalebench.core.Bits;

/**
 * Recursive-doubling all-reduce (short messages): {@code lg p (alpha + n beta + n gamma)} for a power-of-two
 * {@code p}. For other {@code p} the {@code r = p - 2^floor(lg p)} surplus ranks first fold their vectors into
 * partners and receive the result at the end (MPICH), adding one reducing and one plain exchange:
 * {@code (floor(lg p) + 2)(alpha + n beta) + (floor(lg p) + 1) n gamma}. Thakur, Rabenseifner and Gropp 2005.
 *
 * <p>Immutable and thread-safe; allocates nothing after construction.
 */
public final class RecursiveDoublingAllReduce extends AlphaBetaCollective {

    /**
     * Creates the model over one kind of link.
     *
     * @param link the link costs
     */
    public RecursiveDoublingAllReduce(final AlphaBetaGamma link) {
        super(link, Collective.ALL_REDUCE, "recursive-doubling");
    }

    @Override
    protected double cost(final double n, final int p) {
        final int lg = Bits.floorLog2(p);
        if (Bits.isPowerOfTwo(p)) {
            return lg * (alpha + n * (beta + gamma));
        }
        return (lg + 2) * (alpha + n * beta) + (lg + 1) * n * gamma;
    }
}
