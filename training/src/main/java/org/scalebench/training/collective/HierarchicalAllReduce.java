package org.scalebench.training.collective;

import org.scalebench.core.Bits;
import org.scalebench.core.Checks;

/**
 * Two-level all-reduce over nodes of {@code k} ranks: a ring reduce-scatter inside each node, an all-reduce of
 * the {@code n / k} block each rank then holds across the {@code N = ceil(p / k)} nodes (the {@code k} block
 * rings run concurrently, each over its share of the node's network bandwidth), and a ring all-gather inside
 * each node:
 * <pre>
 *   T = (k-1) a1 + ((k-1)/k) n (b1 + g)          intra-node reduce-scatter
 *     + AR_inter(N, n / k)                        ring: 2(N-1) a2 + 2((N-1)/N)(n/k) b2 + ((N-1)/N)(n/k) g
 *                                                 or double binary tree: 2 ceil(lg N) a2 + 2 (n/k) b2 + (n/k) g
 *     + (k-1) a1 + ((k-1)/k) n b1                 intra-node all-gather
 * </pre>
 * This is the "localBWAware" multi-dimension scheme of ASTRA-sim and the 2-D schemes of Ying et al. and Mikami
 * et al.; the inter-node {@code b2} is per rank (node bandwidth divided by {@code k}). With one node it is a ring
 * all-reduce over the intra-node link.
 *
 * <p>Immutable and thread-safe; allocates nothing after construction.
 */
public final class HierarchicalAllReduce implements CollectiveCost {

    private final double a1;
    private final double b1;
    private final double a2;
    private final double b2;
    private final double g;
    private final int ranksPerNode;
    private final boolean treeAcrossNodes;

    /**
     * Creates the two-level model.
     *
     * @param intra link costs inside a node (per rank)
     * @param interPerRank link costs between nodes, per rank (a node's bandwidth divided by its ranks)
     * @param ranksPerNode ranks per node {@code k}, at least 1
     * @param treeAcrossNodes true for a double binary tree across nodes, false for a ring
     * @throws IllegalArgumentException if {@code ranksPerNode < 1}
     */
    public HierarchicalAllReduce(final AlphaBetaGamma intra, final AlphaBetaGamma interPerRank,
            final int ranksPerNode, final boolean treeAcrossNodes) {
        Checks.requireAtLeast("ranksPerNode", ranksPerNode, 1);
        this.a1 = intra.alpha();
        this.b1 = intra.beta();
        this.g = intra.gamma();
        this.a2 = interPerRank.alpha();
        this.b2 = interPerRank.beta();
        this.ranksPerNode = ranksPerNode;
        this.treeAcrossNodes = treeAcrossNodes;
    }

    @Override
    public Collective collective() {
        return Collective.ALL_REDUCE;
    }

    @Override
    public String algorithm() {
        return treeAcrossNodes ? "hierarchical-tree" : "hierarchical-ring";
    }

    @Override
    public double seconds(final long bytes, final int ranks) {
        Checks.requireAtLeast("bytes", bytes, 0L);
        Checks.requireAtLeast("ranks", ranks, 1);
        final double n = bytes;
        final int k = Math.min(ranksPerNode, ranks);
        final int nodes = (ranks + k - 1) / k;
        final double intraShare = (k - 1) / (double) k;
        final double intraPart = 2.0 * (k - 1) * a1 + intraShare * n * (2.0 * b1 + g);
        if (nodes == 1) {
            return intraPart;
        }
        final double block = n / k;
        final double interPart;
        if (treeAcrossNodes) {
            interPart = 2.0 * Bits.ceilLog2(nodes) * a2 + block * (2.0 * b2 + g);
        } else {
            final double interShare = (nodes - 1) / (double) nodes;
            interPart = 2.0 * (nodes - 1) * a2 + interShare * block * (2.0 * b2 + g);
        }
        return intraPart + interPart;
    }

    @Override
    public String toString() {
        return "all-reduce/" + algorithm() + " (" + ranksPerNode + " ranks per node)";
    }
}
