package org.scalebench.training.collective;

import org.scalebench.core.Checks;

/**
 * Base of the closed-form alpha-beta-gamma collective costs: holds the link costs, validates the call
 * arguments and returns 0 for one rank, so each algorithm writes only its formula for {@code p >= 2}.
 *
 * <p>Immutable and thread-safe; {@link #seconds(long, int)} allocates nothing.
 */
public abstract class AlphaBetaCollective implements CollectiveCost {

    /** Latency per message, seconds. */
    protected final double alpha;
    /** Transfer time per byte, seconds. */
    protected final double beta;
    /** Reduction time per byte, seconds. */
    protected final double gamma;
    private final Collective collective;
    private final String algorithm;

    /**
     * Creates the cost model over one kind of link.
     *
     * @param link the link costs
     * @param collective the collective the subclass implements
     * @param algorithm the algorithm's report name
     */
    protected AlphaBetaCollective(final AlphaBetaGamma link, final Collective collective, final String algorithm) {
        this.alpha = link.alpha();
        this.beta = link.beta();
        this.gamma = link.gamma();
        this.collective = collective;
        this.algorithm = algorithm;
    }

    @Override
    public final Collective collective() {
        return collective;
    }

    @Override
    public final String algorithm() {
        return algorithm;
    }

    @Override
    public final double seconds(final long bytes, final int ranks) {
        Checks.requireAtLeast("bytes", bytes, 0L);
        Checks.requireAtLeast("ranks", ranks, 1);
        return ranks == 1 ? 0.0 : cost(bytes, ranks);
    }

    /**
     * The algorithm's formula.
     *
     * @param n message size in bytes
     * @param p rank count, at least 2
     * @return seconds
     */
    protected abstract double cost(double n, int p);

    @Override
    public String toString() {
        return collective().id() + "/" + algorithm();
    }
}
