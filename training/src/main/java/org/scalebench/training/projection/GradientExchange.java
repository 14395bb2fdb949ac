package org.scalebench.training.projection;

import org.scalebench.training.cluster.Cluster;
import org.scalebench.training.collective.AlphaBetaGamma;
import org.scalebench.training.collective.Collective;
import org.scalebench.training.collective.CollectiveCost;
import org.scalebench.training.collective.HierarchicalAllReduce;
import org.scalebench.training.collective.NcclConstants;
import org.scalebench.training.collective.NcclFabric;
import org.scalebench.training.collective.NcclGeneration;
import org.scalebench.training.collective.NcclModel;
import org.scalebench.training.collective.RingAllGather;
import org.scalebench.training.collective.RingAllReduce;

/**
 * The time of one step's gradient exchange among {@code W} workers of {@code M} GPUs each.
 *
 * <p>Dense gradients are all-reduced. Sharded ({@code M > 1}): each GPU of a worker holds {@code 1/M} of the
 * parameters, so {@code M} rings of {@code W} ranks run at once, each carrying {@code G/M}. Unsharded: one GPU per
 * worker all-reduces all of {@code G}. Inside one node a ring uses its GPUs' own NVLink bandwidth; across nodes a
 * node's network is shared evenly by its GPUs, so a ring with {@code k' = gpusPerNode / M} ranks per node gets
 * {@code 1/M} of it, sharded or not (sharding moves {@code M} times less data per ring, not faster links).
 * Sparse gradients (rows of embedding and softmax tables) are all-gathered ({@code W} contributions of
 * {@code s} bytes), unless densifying and all-reducing the whole table is cheaper: the exchange takes the cheaper.
 *
 * <p>Immutable and thread-safe; {@link #seconds} allocates nothing.
 */
final class GradientExchange {

    private final CommunicationModel model;
    private final boolean sharded;
    private final int gpusPerNode;
    private final int[] degrees;
    private final NcclModel nccl;
    private final NcclModel[] ncclShared;
    private final CollectiveCost ringIntra;
    private final CollectiveCost[] ringInter;
    private final CollectiveCost gatherIntra;
    private final CollectiveCost[] gatherInter;
    private final CollectiveCost[] hierarchical;

    GradientExchange(final Cluster cluster, final ProjectionOptions options, final int[] degrees) {
        this.model = options.communication();
        this.sharded = options.shardedAllReduce();
        this.gpusPerNode = cluster.gpusPerNode();
        this.degrees = degrees.clone();
        final NcclGeneration generation = options.ncclGeneration() == null ? cluster.ncclGeneration()
                : options.ncclGeneration();
        final NcclConstants constants = NcclConstants.of(generation);
        final NcclFabric f = cluster.ncclFabric(generation);
        this.nccl = new NcclModel(constants, f);
        final int k = degrees.length;
        this.ncclShared = new NcclModel[k];
        this.ringInter = new CollectiveCost[k];
        this.gatherInter = new CollectiveCost[k];
        this.hierarchical = new CollectiveCost[k];
        final AlphaBetaGamma intra = cluster.intraLink();
        final AlphaBetaGamma node = cluster.interLinkPerNode();
        final boolean tree = model == CommunicationModel.HIERARCHICAL_TREE;
        this.ringIntra = new RingAllReduce(intra);
        this.gatherIntra = new RingAllGather(intra);
        for (int i = 0; i < k; i++) {
            final int m = degrees[i];
            ncclShared[i] = new NcclModel(constants, new NcclFabric(f.architecture(), f.nvlink(), f.channelsSingleNode(),
                    f.channelsMultiNode(), f.bwIntraPerChannel() / m, f.bwInterPerChannel() / m));
            final AlphaBetaGamma sharedNode = new AlphaBetaGamma(node.alpha(), node.beta() * m, node.gamma());
            ringInter[i] = new RingAllReduce(sharedNode);
            gatherInter[i] = new RingAllGather(sharedNode);
            hierarchical[i] = new HierarchicalAllReduce(intra, cluster.interLinkPerGpu(), Math.max(1, gpusPerNode / m),
                    tree);
        }
    }

    /**
     * The MP degrees this exchange was set up for.
     *
     * @return a copy
     */
    int[] degrees() {
        return degrees.clone();
    }

    /**
     * Seconds of gradient exchange per step.
     *
     * @param workers data-parallel workers {@code W}, at least 1
     * @param mIndex index of the MP degree {@code M} in {@link #degrees()}
     * @param dense dense gradient bytes
     * @param sparsePerWorker sparse gradient bytes one worker contributes this step
     * @param table dense bytes of the tables behind the sparse gradients
     * @return seconds
     */
    double seconds(final int workers, final int mIndex, final double dense, final double sparsePerWorker,
            final double table) {
        if (workers == 1) {
            return 0.0;
        }
        final int m = degrees[mIndex];
        final int devices = workers * m;
        final int nodes = (devices + gpusPerNode - 1) / gpusPerNode;
        final int split = sharded ? m : 1;
        final double denseTime = allReduce(workers, mIndex, nodes, dense / split);
        if (sparsePerWorker <= 0) {
            return denseTime;
        }
        final double gathered = allGather(workers, mIndex, nodes, workers * (sparsePerWorker / split));
        final double densified = allReduce(workers, mIndex, nodes, table / split);
        return denseTime + Math.min(gathered, densified);
    }

    private double allReduce(final int workers, final int mIndex, final int nodes, final double bytes) {
        final long n = (long) Math.ceil(bytes);
        switch (model) {
            case NCCL:
                return nodes == 1 ? nccl.fastestSeconds(Collective.ALL_REDUCE, n, workers, 1)
                        : ncclShared[mIndex].fastestSeconds(Collective.ALL_REDUCE, n, workers, Math.min(nodes, workers));
            case RING:
                return nodes == 1 ? ringIntra.seconds(n, workers) : ringInter[mIndex].seconds(n, workers);
            default:
                return hierarchical[mIndex].seconds(n, workers);
        }
    }

    private double allGather(final int workers, final int mIndex, final int nodes, final double bytes) {
        final long n = (long) Math.ceil(bytes);
        if (model == CommunicationModel.NCCL) {
            return nodes == 1 ? nccl.fastestSeconds(Collective.ALL_GATHER, n, workers, 1)
                    : ncclShared[mIndex].fastestSeconds(Collective.ALL_GATHER, n, workers, Math.min(nodes, workers));
        }
        return nodes == 1 ? gatherIntra.seconds(n, workers) : gatherInter[mIndex].seconds(n, workers);
    }
}
