package org.scalebench.training.collective;

import org.scalebench.core.Bits;

/**
 * Recursive-halving reduce-scatter (commutative operations): {@code lg p alpha + ((p-1)/p) n (beta + gamma)} for
 * a power-of-two {@code p} (Thakur, Rabenseifner and Gropp 2005). For other {@code p} the surplus ranks fold
 * their whole vectors into partners first ({@code alpha + n beta + n gamma}), the {@code q = 2^floor(lg p)}
 * remaining ranks halve recursively, and the surplus ranks then receive their blocks
 * ({@code alpha + (n/p) beta}): {@code (floor(lg p) + 2) alpha + (1 + (q-1)/q + 1/p) n beta + (1 + (q-1)/q) n
 * gamma}. This non-power-of-two form is derived here from the MPICH scheme, not quoted.
 *
 * <p>Immutable and thread-safe; allocates nothing after construction.
 */
public final class RecursiveHalvingReduceScatter extends AlphaBetaCollective {

    /**
     * Creates the model over one kind of link.
     *
     * @param link the link costs
     */
    public RecursiveHalvingReduceScatter(final AlphaBetaGamma link) {
        super(link, Collective.REDUCE_SCATTER, "recursive-halving");
    }

    @Override
    protected double cost(final double n, final int p) {
        final int lg = Bits.floorLog2(p);
        if (Bits.isPowerOfTwo(p)) {
            return lg * alpha + (p - 1) / (double) p * n * (beta + gamma);
        }
        final double q = 1 << lg;
        final double halving = (q - 1) / q;
        return (lg + 2) * alpha + (1.0 + halving + 1.0 / p) * n * beta + (1.0 + halving) * n * gamma;
    }
}
