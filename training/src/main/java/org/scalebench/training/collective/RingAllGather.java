package org.scalebench.training.collective;

/**
 * Ring all-gather: {@code (p-1) alpha + ((p-1)/p) n beta}, {@code n} the total gathered size (Thakur,
 * Rabenseifner and Gropp 2005, as quoted in MPICH).
 *
 * <p>Immutable and thread-safe; allocates nothing after construction.
 */
public final class RingAllGather extends AlphaBetaCollective {

    /**
     * Creates the model over one kind of link.
     *
     * @param link the link costs
     */
    public RingAllGather(final AlphaBetaGamma link) {
        super(link, Collective.ALL_GATHER, "ring");
    }

    @Override
    protected double cost(final double n, final int p) {
        return (p - 1) * alpha + (p - 1) / (double) p * n * beta;
    }
}
