package org.scalebench.training.collective;

import org.scalebench.core.Bits;

/**
 * Bruck all-to-all (short messages): {@code ceil(lg p)} rounds each moving half the data,
 * {@code ceil(lg p) alpha + (n/2) ceil(lg p) beta}, {@code n} the total a rank sends (Thakur, Rabenseifner and
 * Gropp 2005).
 *
 * <p>Immutable and thread-safe; allocates nothing after construction.
 */
public final class BruckAllToAll extends AlphaBetaCollective {

    /**
     * Creates the model over one kind of link.
     *
     * @param link the link costs
     */
    public BruckAllToAll(final AlphaBetaGamma link) {
        super(link, Collective.ALL_TO_ALL, "bruck");
    }

    @Override
    protected double cost(final double n, final int p) {
        final int lg = Bits.ceilLog2(p);
        return lg * (alpha + 0.5 * n * beta);
    }
}
