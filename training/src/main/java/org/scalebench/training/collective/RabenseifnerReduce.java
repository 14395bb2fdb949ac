package org.scalebench.training.collective;

import org.scalebench.core.Bits;

/**
 * Rabenseifner reduce: a recursive-halving reduce-scatter then a binomial gather to the root,
 * {@code 2 lg p alpha + 2((p-1)/p) n beta + ((p-1)/p) n gamma} for a power-of-two {@code p} (Thakur,
 * Rabenseifner and Gropp 2005). For other {@code p} the surplus ranks first fold their vectors into partners
 * ({@code alpha + n beta + n gamma}) and the {@code q = 2^floor(lg p)} remaining ranks run the power-of-two
 * scheme: {@code (2 floor(lg p) + 1) alpha + (1 + 2(q-1)/q) n beta + (1 + (q-1)/q) n gamma} (derived here from
 * the MPICH scheme).
 *
 * <p>Immutable and thread-safe; allocates nothing after construction.
 */
public final class RabenseifnerReduce extends AlphaBetaCollective {

    /**
     * Creates the model over one kind of link.
     *
     * @param link the link costs
     */
    public RabenseifnerReduce(final AlphaBetaGamma link) {
        super(link, Collective.REDUCE, "rabenseifner");
    }

    @Override
    protected double cost(final double n, final int p) {
        final int lg = Bits.floorLog2(p);
        if (Bits.isPowerOfTwo(p)) {
            final double share = (p - 1) / (double) p;
            return 2.0 * lg * alpha + share * n * (2.0 * beta + gamma);
        }
        final double q = 1 << lg;
        final double share = (q - 1) / q;
        return (2.0 * lg + 1.0) * alpha + (1.0 + 2.0 * share) * n * beta + (1.0 + share) * n * gamma;
    }
}
