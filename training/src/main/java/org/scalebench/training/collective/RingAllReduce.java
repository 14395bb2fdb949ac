package org.scalebench.training.collective;

/**
 * Ring all-reduce: a ring reduce-scatter then a ring all-gather (Patarasuk and Yuan 2009, bandwidth-optimal),
 * {@code 2(p-1) alpha + 2((p-1)/p) n beta + ((p-1)/p) n gamma} (the sum of the MPICH ring rows of Thakur,
 * Rabenseifner and Gropp 2005).
 *
 * <p>Immutable and thread-safe; allocates nothing after construction.
 */
public final class RingAllReduce extends AlphaBetaCollective {

    /**
     * Creates the model over one kind of link.
     *
     * @param link the link costs
     */
    public RingAllReduce(final AlphaBetaGamma link) {
        super(link, Collective.ALL_REDUCE, "ring");
    }

    @Override
    protected double cost(final double n, final int p) {
        final double share = (p - 1) / (double) p;
        return 2.0 * (p - 1) * alpha + share * n * (2.0 * beta + gamma);
    }
}
