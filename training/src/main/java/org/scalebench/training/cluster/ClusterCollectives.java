package org.scalebench.training.cluster;

import java.util.List;
import java.util.Locale;
import org.scalebench.training.collective.AlphaBetaGamma;
import org.scalebench.training.collective.BinomialTreeAllReduce;
import org.scalebench.training.collective.BinomialTreeBroadcast;
import org.scalebench.training.collective.BinomialTreeReduce;
import org.scalebench.training.collective.BruckAllToAll;
import org.scalebench.training.collective.Collective;
import org.scalebench.training.collective.CollectiveCost;
import org.scalebench.training.collective.DoubleBinaryTreeAllReduce;
import org.scalebench.training.collective.HierarchicalAllReduce;
import org.scalebench.training.collective.NcclConstants;
import org.scalebench.training.collective.NcclGeneration;
import org.scalebench.training.collective.NcclModel;
import org.scalebench.training.collective.PairwiseAllToAll;
import org.scalebench.training.collective.RabenseifnerAllReduce;
import org.scalebench.training.collective.RabenseifnerReduce;
import org.scalebench.training.collective.RecursiveDoublingAllGather;
import org.scalebench.training.collective.RecursiveDoublingAllReduce;
import org.scalebench.training.collective.RecursiveHalvingReduceScatter;
import org.scalebench.training.collective.RingAllGather;
import org.scalebench.training.collective.RingAllReduce;
import org.scalebench.training.collective.RingReduceScatter;
import org.scalebench.training.collective.ScatterAllGatherBroadcast;
import org.scalebench.training.collective.ScatterRingAllGatherBroadcast;

/**
 * The collective algorithms scalebench models, by collective and name, priced on a cluster. A flat algorithm's
 * ranks use {@link Cluster#flatLink(int)}: the intra-node link while they fit in one node, else a node's network
 * (its slowest hop sets each step's time). Hierarchical all-reduce uses the intra-node link inside nodes and each
 * GPU's share of its node's network across them. {@code nccl} is NCCL's tuning model choosing its fastest
 * algorithm and protocol, with {@code ceil(ranks / gpusPerNode)} nodes.
 *
 * <p>Stateless; the costs it returns are immutable and allocate nothing per evaluation.
 */
public final class ClusterCollectives {

    private ClusterCollectives() {
    }

    /**
     * The algorithm names available for a collective, {@code nccl} last where NCCL models the collective.
     *
     * @param collective the collective
     * @return the names
     */
    public static List<String> algorithms(final Collective collective) {
        switch (collective) {
            case ALL_REDUCE:
                return List.of("ring", "recursive-doubling", "rabenseifner", "binomial-tree", "double-binary-tree",
                        "hierarchical-ring", "hierarchical-tree", "nccl");
            case REDUCE_SCATTER:
                return List.of("ring", "recursive-halving", "nccl");
            case ALL_GATHER:
                return List.of("ring", "recursive-doubling", "nccl");
            case BROADCAST:
                return List.of("binomial-tree", "scatter-allgather", "scatter-ring-allgather", "nccl");
            case REDUCE:
                return List.of("binomial-tree", "rabenseifner", "nccl");
            case ALL_TO_ALL:
                return List.of("pairwise", "bruck");
            default:
                throw new AssertionError(collective);
        }
    }

    /**
     * An algorithm's cost on a cluster for a given number of ranks.
     *
     * @param collective the collective
     * @param algorithm an algorithm name of {@link #algorithms(Collective)}
     * @param cluster the cluster
     * @param ranks the rank count the cost will be evaluated at (chooses the flat link)
     * @param generation the NCCL constants for {@code nccl}
     * @return the cost
     * @throws IllegalArgumentException naming the algorithm and the allowed names
     */
    public static CollectiveCost of(final Collective collective, final String algorithm, final Cluster cluster,
            final int ranks, final NcclGeneration generation) {
        final String name = algorithm.trim().toLowerCase(Locale.ROOT);
        if (!algorithms(collective).contains(name)) {
            throw new IllegalArgumentException("algorithm = '" + algorithm + "' for " + collective.id()
                    + ": must be one of " + String.join(", ", algorithms(collective)));
        }
        final AlphaBetaGamma flat = cluster.flatLink(ranks);
        switch (collective.id() + "/" + name) {
            case "all-reduce/ring":
                return new RingAllReduce(flat);
            case "all-reduce/recursive-doubling":
                return new RecursiveDoublingAllReduce(flat);
            case "all-reduce/rabenseifner":
                return new RabenseifnerAllReduce(flat);
            case "all-reduce/binomial-tree":
                return new BinomialTreeAllReduce(flat);
            case "all-reduce/double-binary-tree":
                return new DoubleBinaryTreeAllReduce(flat);
            case "all-reduce/hierarchical-ring":
                return new HierarchicalAllReduce(cluster.intraLink(), cluster.interLinkPerGpu(), cluster.gpusPerNode(),
                        false);
            case "all-reduce/hierarchical-tree":
                return new HierarchicalAllReduce(cluster.intraLink(), cluster.interLinkPerGpu(), cluster.gpusPerNode(),
                        true);
            case "reduce-scatter/ring":
                return new RingReduceScatter(flat);
            case "reduce-scatter/recursive-halving":
                return new RecursiveHalvingReduceScatter(flat);
            case "all-gather/ring":
                return new RingAllGather(flat);
            case "all-gather/recursive-doubling":
                return new RecursiveDoublingAllGather(flat);
            case "broadcast/binomial-tree":
                return new BinomialTreeBroadcast(flat);
            case "broadcast/scatter-allgather":
                return new ScatterAllGatherBroadcast(flat);
            case "broadcast/scatter-ring-allgather":
                return new ScatterRingAllGatherBroadcast(flat);
            case "reduce/binomial-tree":
                return new BinomialTreeReduce(flat);
            case "reduce/rabenseifner":
                return new RabenseifnerReduce(flat);
            case "all-to-all/pairwise":
                return new PairwiseAllToAll(flat);
            case "all-to-all/bruck":
                return new BruckAllToAll(flat);
            default:
                return new NcclModel(NcclConstants.of(generation), cluster.ncclFabric(generation))
                        .asCollectiveCost(collective, cluster.gpusPerNode());
        }
    }
}
