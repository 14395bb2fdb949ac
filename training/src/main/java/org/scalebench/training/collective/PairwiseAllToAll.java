package org.scalebench.training.collective;

/**
 * Pairwise-exchange all-to-all (long messages): {@code p - 1} rounds, each sending one block of {@code n/p},
 * {@code (p-1) alpha + ((p-1)/p) n beta}, {@code n} the total a rank sends (Thakur, Rabenseifner and Gropp
 * 2005).
 *
 * <p>Immutable and thread-safe; allocates nothing after construction.
 */
public final class PairwiseAllToAll extends AlphaBetaCollective {

    /**
     * Creates the model over one kind of link.
     *
     * @param link the link costs
     */
    public PairwiseAllToAll(final AlphaBetaGamma link) {
        super(link, Collective.ALL_TO_ALL, "pairwise");
    }

    @Override
    protected double cost(final double n, final int p) {
        return (p - 1) * alpha + (p - 1) / (double) p * n * beta;
    }
}
