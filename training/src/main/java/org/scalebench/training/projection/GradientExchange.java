package org.scalebench.training.projection;

import org.scalebench.training.cluster.Cluster;
import org.scalebench.training.cluster.NicSharing;
import org.scalebench.training.collective.AlphaBetaGamma;
import org.scalebench.training.collective.Collective;
import org.scalebench.training.collective.CollectiveCost;
import org.scalebench.training.collective.HierarchicalAllReduce;
import org.scalebench.training.collective.NcclConstants;
import org.scalebench.training.collective.NcclGeneration;
import org.scalebench.training.collective.NcclModel;
import org.scalebench.training.collective.RingAllGather;
import org.scalebench.training.collective.RingAllReduce;

/**
 * The time of one step's gradient exchange among {@code W} workers of {@code M} GPUs each.
 *
 * <p>Dense gradients are all-reduced. Sharded ({@code M > 1}): each GPU of a worker exchanges the gradient of the
 * parameters it holds, so {@code M} rings of {@code W} ranks run at once and the step waits for the slowest, the
 * one carrying the placement's largest shard. Unsharded ({@code full}): one GPU per worker exchanges the whole
 * gradient. Sparse gradients (rows of embedding and softmax tables) are all-gathered ({@code W} contributions),
 * unless densifying and all-reducing the table is cheaper: the exchange takes the cheaper. Dense and sparse are
 * each priced by their own largest shard (an upper bound when the two fall on different GPUs).
 *
 * <p>Inside one node a ring uses its GPUs' own NVLink bandwidth. Across nodes a ring sends through NICs: a
 * node's workers sit on consecutive GPUs, so ring {@code j} (GPU {@code j} of every worker) holds GPUs
 * {@code g = j mod M} of each node, and each ring puts about the same traffic per node on the network whatever its
 * GPU count there (only the ring's boundary ranks cross nodes). With NICs pooled per node
 * ({@link NicSharing#PER_NODE}) every ring reaches every NIC; with rails ({@link NicSharing#PER_GPU}) GPU
 * {@code g} reaches only NIC {@code g / (gpusPerNode / nicsPerNode)}, and a ring only the NICs of its own GPUs.
 * Rings reaching the same NICs share them, and a shared NIC stays busy until its last ring ends, so a group of
 * rings finishes after its total bytes over its NICs' bandwidth; the step waits for the slowest group. The model
 * prices the largest shard at the share of the node's network bandwidth that gives that time:
 * <pre>
 *   share = largest shard / max over groups (sum of the group's shards * nicsPerNode / NICs of the group)
 * </pre>
 * which is all of it for data parallelism, {@code largest / total} for a pool, and {@code 1/M} for even shards on
 * rails. In {@code full} mode only ring 0 sends, through the NICs of its GPUs (a pool: all of them).
 * Dense all-reduces may run in buckets of {@link ProjectionOptions#bucketBytes()} one after the other (data-parallel
 * frameworks all-reduce gradients as they become ready): {@code floor(bytes / bucket)} full buckets and the rest,
 * each paying the collective's latency.
 *
 * <p>NCCL's model then applies its own rules to that bandwidth ({@link NcclModel#fastestSeconds(Collective, long,
 * int, int, double)}); the alpha-beta models scale the network's per-byte time by it.
 *
 * <p>Immutable and thread-safe; {@link #seconds} allocates nothing.
 */
final class GradientExchange {

    /** Phase index of the dense all-reduce in the share tables. */
    static final int DENSE = 0;
    /** Phase index of the sparse all-gather. */
    static final int GATHER = 1;
    /** Phase index of the densified table all-reduce. */
    static final int TABLE = 2;

    private final CommunicationModel model;
    private final double bucket;
    private final int gpusPerNode;
    private final int[] degrees;
    private final NcclModel nccl;
    private final double[][][] nicShare;
    private final CollectiveCost ringIntra;
    private final CollectiveCost gatherIntra;
    private final CollectiveCost[][][] reduce;
    private final CollectiveCost[][] gather;

    /**
     * Sets up the exchange.
     *
     * @param cluster the cluster
     * @param options the projection options
     * @param degrees the MP degrees
     * @param ringBytes for each phase ({@link #DENSE}, {@link #GATHER}, {@link #TABLE}), MP degree and batch
     *     candidate: the bytes each of the {@code M} rings sends in that phase (any common scale)
     */
    GradientExchange(final Cluster cluster, final ProjectionOptions options, final int[] degrees,
            final double[][][][] ringBytes) {
        this.model = options.communication();
        this.bucket = options.bucketBytes();
        this.gpusPerNode = cluster.gpusPerNode();
        this.degrees = degrees.clone();
        final NcclGeneration generation = options.ncclGeneration() == null ? cluster.ncclGeneration()
                : options.ncclGeneration();
        this.nccl = new NcclModel(NcclConstants.of(generation), cluster.ncclFabric(generation),
                options.disabledNcclCorrections());
        final NicSharing sharing = options.nicSharing() == null ? cluster.nicSharing() : options.nicSharing();
        final int k = degrees.length;
        final int batches = ringBytes[DENSE][0].length;
        this.nicShare = new double[3][k][batches];
        for (int phase = 0; phase < 3; phase++) {
            for (int i = 0; i < k; i++) {
                for (int b = 0; b < batches; b++) {
                    nicShare[phase][i][b] = ringShare(sharing, gpusPerNode, cluster.nicsPerNode(),
                            options.shardedAllReduce(), degrees[i], ringBytes[phase][i][b]);
                }
            }
        }
        final AlphaBetaGamma intra = cluster.intraLink();
        final AlphaBetaGamma node = cluster.interLinkPerNode();
        final AlphaBetaGamma perGpu = cluster.interLinkPerGpu();
        final boolean tree = model == CommunicationModel.HIERARCHICAL_TREE;
        this.ringIntra = new RingAllReduce(intra);
        this.gatherIntra = new RingAllGather(intra);
        this.reduce = new CollectiveCost[3][k][batches];
        this.gather = new CollectiveCost[k][batches];
        for (int i = 0; i < k; i++) {
            final int m = degrees[i];
            final int ranksPerNode = Math.max(1, gpusPerNode / m);
            for (int b = 0; b < batches; b++) {
                for (final int phase : new int[] {DENSE, TABLE}) {
                    final double s = nicShare[phase][i][b];
                    reduce[phase][i][b] = model == CommunicationModel.RING ? new RingAllReduce(scaled(node, s))
                            // per rank: the ring's share of the node over its ranks in the node
                            : new HierarchicalAllReduce(intra, scaled(perGpu, s * gpusPerNode / ranksPerNode),
                                    ranksPerNode, tree);
                }
                gather[i][b] = new RingAllGather(scaled(node, nicShare[GATHER][i][b]));
            }
        }
    }

    private static AlphaBetaGamma scaled(final AlphaBetaGamma link, final double share) {
        return new AlphaBetaGamma(link.alpha(), link.beta() / share, link.gamma());
    }

    /**
     * The share of its node's network bandwidth at which the largest ring's bytes take as long as the slowest
     * group of rings sharing NICs (see the class comment).
     *
     * @param sharing how the node's GPUs reach its NICs
     * @param gpus GPUs per node
     * @param nics NICs per node
     * @param sharded true if all {@code m} rings send, false if only ring 0 does
     * @param m rings (GPUs per worker)
     * @param bytes each ring's bytes, length {@code m} (null or all zero: even)
     * @return a fraction in {@code (0, 1]}
     */
    static double ringShare(final NicSharing sharing, final int gpus, final int nics, final boolean sharded,
            final int m, final double[] bytes) {
        if (m == 1) {
            return 1.0;
        }
        final boolean pool = sharing == NicSharing.PER_NODE;
        final int units = pool ? 1 : nics;
        final int perNic = Math.max(1, gpus / nics);
        final boolean[][] reach = new boolean[m][units];
        final int[] reached = new int[m];
        for (int g = 0; g < gpus; g++) {
            final int ring = g % m;
            final int nic = pool ? 0 : Math.min(units - 1, g / perNic);
            if (!reach[ring][nic]) {
                reach[ring][nic] = true;
                reached[ring]++;
            }
        }
        if (!sharded) {
            return reached[0] / (double) units;
        }
        double largest = 0;
        for (int j = 0; j < m; j++) {
            largest = Math.max(largest, bytes == null ? 0.0 : bytes[j]);
        }
        double worst = 0;
        for (int j = 0; j < m; j++) {
            double group = 0;
            for (int other = 0; other < m; other++) {
                if (java.util.Arrays.equals(reach[j], reach[other])) {
                    group += largest > 0 ? bytes[other] : 1.0;
                }
            }
            worst = Math.max(worst, group * units / reached[j]);
        }
        return Math.min(1.0, (largest > 0 ? largest : 1.0) / worst);
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
     * The share of its node's network the slowest ring gets.
     *
     * @param phase {@link #DENSE}, {@link #GATHER} or {@link #TABLE}
     * @param mIndex index of the MP degree
     * @param bIndex index of the batch candidate
     * @return a fraction in {@code (0, 1]}
     */
    double nicShare(final int phase, final int mIndex, final int bIndex) {
        return nicShare[phase][mIndex][bIndex];
    }

    /**
     * Seconds of gradient exchange per step.
     *
     * @param workers data-parallel workers {@code W}, at least 1
     * @param mIndex index of the MP degree {@code M} in {@link #degrees()}
     * @param bIndex index of the worker's batch among the projector's candidates
     * @param dense dense gradient bytes the slowest ring all-reduces
     * @param gathered sparse bytes the slowest gather ring collects (all workers' contributions)
     * @param table dense bytes of the table slice the slowest ring would all-reduce instead
     * @return seconds
     */
    double seconds(final int workers, final int mIndex, final int bIndex, final double dense, final double gathered,
            final double table) {
        if (workers == 1) {
            return 0.0;
        }
        final int m = degrees[mIndex];
        final int nodes = (workers * m + gpusPerNode - 1) / gpusPerNode;
        final double denseTime = allReduce(workers, mIndex, bIndex, DENSE, nodes, dense);
        if (gathered <= 0) {
            return denseTime;
        }
        final double gatherTime = allGather(workers, mIndex, bIndex, nodes, gathered);
        final double densified = allReduce(workers, mIndex, bIndex, TABLE, nodes, table);
        return denseTime + Math.min(gatherTime, densified);
    }

    private double allReduce(final int workers, final int mIndex, final int bIndex, final int phase,
            final int nodes, final double bytes) {
        if (bucket > 0 && bytes > bucket) {
            final double full = Math.floor(bytes / bucket);
            final double rest = bytes - full * bucket;
            return full * oneAllReduce(workers, mIndex, bIndex, phase, nodes, bucket)
                    + (rest > 0 ? oneAllReduce(workers, mIndex, bIndex, phase, nodes, rest) : 0.0);
        }
        return oneAllReduce(workers, mIndex, bIndex, phase, nodes, bytes);
    }

    private double oneAllReduce(final int workers, final int mIndex, final int bIndex, final int phase,
            final int nodes, final double bytes) {
        final long n = (long) Math.ceil(bytes);
        switch (model) {
            case NCCL:
                return nodes == 1 ? nccl.fastestSeconds(Collective.ALL_REDUCE, n, workers, 1)
                        : nccl.fastestSeconds(Collective.ALL_REDUCE, n, workers, Math.min(nodes, workers),
                                nicShare[phase][mIndex][bIndex]);
            case RING:
                return nodes == 1 ? ringIntra.seconds(n, workers) : reduce[phase][mIndex][bIndex].seconds(n, workers);
            default:
                return reduce[phase][mIndex][bIndex].seconds(n, workers);
        }
    }

    private double allGather(final int workers, final int mIndex, final int bIndex, final int nodes,
            final double bytes) {
        final long n = (long) Math.ceil(bytes);
        if (model == CommunicationModel.NCCL) {
            return nodes == 1 ? nccl.fastestSeconds(Collective.ALL_GATHER, n, workers, 1)
                    : nccl.fastestSeconds(Collective.ALL_GATHER, n, workers, Math.min(nodes, workers),
                            nicShare[GATHER][mIndex][bIndex]);
        }
        return nodes == 1 ? gatherIntra.seconds(n, workers) : gather[mIndex][bIndex].seconds(n, workers);
    }
}
