package org.scalebench.training.collective;

/**
 * Ring (pairwise) reduce-scatter: {@code (p-1) alpha + ((p-1)/p) n beta + ((p-1)/p) n gamma}, {@code n} the
 * total vector size (Thakur, Rabenseifner and Gropp 2005, as quoted in MPICH).
 *
 * <p>Immutable and thread-safe; allocates nothing after construction.
 */
public final class RingReduceScatter extends AlphaBetaCollective {

    /**
     * Creates the model over one kind of link.
     *
     * @param link the link costs
     */
    public RingReduceScatter(final AlphaBetaGamma link) {
        super(link, Collective.REDUCE_SCATTER, "ring");
    }

    @Override
    protected double cost(final double n, final int p) {
        return (p - 1) * alpha + (p - 1) / (double) p * n * (beta + gamma);
    }
}
