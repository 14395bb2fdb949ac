package org.scalebench.training.collective;

import org.scalebench.core.Bits;

/**
 * Double-binary-tree all-reduce (Sanders, Speck and Traeff 2009; NCCL 2.4 and later): two complementary trees,
 * each carrying half the vector, so every rank is an inner node in at most one tree. Pipelined reduce then
 * broadcast cost {@code 2 ceil(lg p) alpha + 2 n beta + n gamma}: each rank sends and receives about {@code n}
 * per phase, which is what NCCL models as {@code algBw = busBw / 2}.
 *
 * <p>Immutable and thread-safe; allocates nothing after construction.
 */
public final class DoubleBinaryTreeAllReduce extends AlphaBetaCollective {

    /**
     * Creates the model over one kind of link.
     *
     * @param link the link costs
     */
    public DoubleBinaryTreeAllReduce(final AlphaBetaGamma link) {
        super(link, Collective.ALL_REDUCE, "double-binary-tree");
    }

    @Override
    protected double cost(final double n, final int p) {
        return 2.0 * Bits.ceilLog2(p) * alpha + n * (2.0 * beta + gamma);
    }
}
