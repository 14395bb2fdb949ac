package org.scalebench.training.projection;

import org.scalebench.training.cluster.Cluster;
import org.scalebench.training.cluster.NicSharing;
import org.scalebench.training.collective.AlphaBetaGamma;
import org.scalebench.training.collective.BucketPipeline;
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
 * <p>With a sharded optimizer ({@link OptimizerSharding}, NCCL's model only) the dense gradient is not all-reduced:
 * each bucket is reduce-scattered among the {@code W} workers ({@link OptimizerSharding#WORKERS}), or reduce-scattered
 * among the {@code g} workers of a node and its {@code 1/g} all-reduced across the nodes by every GPU of the node at
 * once, each on its share of the node's NICs ({@link OptimizerSharding#NODE}); the buckets follow the backward pass
 * as all-reduces do. After the optimizer's update the parameters are all-gathered among the same {@code W} or
 * {@code g} workers, in the same buckets ({@link #parameterGatherSeconds}), which the next forward pass waits for:
 * that part is exposed, unless the buckets are gathered while the forward pass runs
 * ({@link ProjectionOptions#parameterGatherOverlapped()}, {@link #exposedParameterGatherSeconds}).
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
    private final NcclModel[][] singleNode;
    private final double[][][] nicShare;
    private final CollectiveCost ringIntra;
    private final CollectiveCost gatherIntra;
    private final CollectiveCost[][][] reduce;
    private final CollectiveCost[][] gather;
    private final OptimizerSharding sharding;
    /** Whether a sharded optimizer gathers the parameters in buckets during the next forward pass. */
    private final boolean gatherOverlapped;
    /** The share of its node's network each GPU's ring gets when every GPU of a node runs one. */
    private final double everyGpuShare;

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
        this.singleNode = singleNodeModels(cluster, generation, options, degrees, nccl);
        final NicSharing sharing = options.nicSharing() == null ? cluster.nicSharing() : options.nicSharing();
        this.sharding = options.optimizerSharding();
        this.gatherOverlapped = options.parameterGatherOverlapped();
        this.everyGpuShare = ringShare(sharing, gpusPerNode, cluster.nicsPerNode(), true, gpusPerNode, null);
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

    /**
     * For each MP degree {@code m} and worker count {@code W} that fit in one node, the NCCL model of the slowest of
     * the {@code m} rings {@code {j, j + m, ..., j + (W - 1) m}}: on point-to-point NVLinks the ring gets the channels
     * NCCL can build on its GPUs ({@link Cluster#ncclRingChannels}), and a group the links do not join into a ring
     * falls back to one channel at its slowest pair's bandwidth; behind a switch, or with the cube-mesh effect off,
     * every ring gets the node's channels.
     */
    private static NcclModel[][] singleNodeModels(final Cluster cluster, final NcclGeneration generation,
            final ProjectionOptions options, final int[] degrees, final NcclModel whole) {
        final int gpus = cluster.gpusPerNode();
        final NcclModel[][] models = new NcclModel[degrees.length][];
        final NcclFabric fabric = cluster.ncclFabric(generation);
        final boolean search = options.enabled(ScalingEffect.CUBE_MESH)
                && options.communication() == CommunicationModel.NCCL;
        for (int i = 0; i < degrees.length; i++) {
            final int m = degrees[i];
            final int maxWorkers = Math.max(1, gpus / m);
            models[i] = new NcclModel[maxWorkers + 1];
            for (int w = 1; w <= maxWorkers; w++) {
                models[i][w] = whole;
                if (!search || w < 2) {
                    continue;
                }
                int channels = Integer.MAX_VALUE;
                double slowestPair = Double.POSITIVE_INFINITY;
                for (int j = 0; j < m; j++) {
                    final int[] ring = new int[w];
                    for (int r = 0; r < w; r++) {
                        ring[r] = j + r * m;
                    }
                    channels = Math.min(channels, cluster.ncclRingChannels(ring));
                    for (int a = 0; a < w; a++) {
                        for (int b = a + 1; b < w; b++) {
                            slowestPair = Math.min(slowestPair, cluster.peerBandwidth(ring[a], ring[b]));
                        }
                    }
                }
                if (channels == fabric.channelsSingleNode()) {
                    continue;
                }
                final NcclFabric ring = channels > 0
                        ? new NcclFabric(fabric.architecture(), fabric.nvlink(), channels, fabric.channelsMultiNode(),
                                fabric.bwIntraPerChannel(), fabric.bwInterPerChannel(), fabric.hostCpu())
                        : new NcclFabric(fabric.architecture(), false, 1, fabric.channelsMultiNode(),
                                slowestPair / 1e9, fabric.bwInterPerChannel(), fabric.hostCpu());
                models[i][w] = new NcclModel(NcclConstants.of(generation), ring, options.disabledNcclCorrections());
            }
        }
        return models;
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
        final int nodes = nodes(workers, mIndex);
        final double denseTime = allReduce(workers, mIndex, bIndex, DENSE, nodes, dense)
                + parameterGatherSeconds(workers, mIndex, bIndex, dense);
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
            return full * reduction(workers, mIndex, bIndex, phase, nodes, bucket)
                    + (rest > 0 ? reduction(workers, mIndex, bIndex, phase, nodes, rest) : 0.0);
        }
        return reduction(workers, mIndex, bIndex, phase, nodes, bytes);
    }

    /**
     * One bucket's reduction: an all-reduce, or with a sharded optimizer the dense gradient's reduce-scatter (and,
     * sharded in the node, the shard's all-reduce across nodes).
     */
    private double reduction(final int workers, final int mIndex, final int bIndex, final int phase,
            final int nodes, final double bytes) {
        if (phase != DENSE || sharding == OptimizerSharding.REPLICATED) {
            return oneAllReduce(workers, mIndex, bIndex, phase, nodes, bytes);
        }
        final long n = (long) Math.ceil(bytes);
        if (sharding == OptimizerSharding.WORKERS) {
            return ncclSeconds(Collective.REDUCE_SCATTER, DENSE, workers, mIndex, bIndex, nodes, n);
        }
        final int g = groupSize(workers, mIndex);
        final double inNode = g == 1 ? 0.0 : intraNode(mIndex, g).fastestSeconds(Collective.REDUCE_SCATTER, n, g, 1);
        if (nodes == 1) {
            return inNode;
        }
        return inNode + nccl.fastestSeconds(Collective.ALL_REDUCE, (long) Math.ceil(bytes / g), nodes, nodes,
                everyGpuShare);
    }

    /**
     * The workers that split the optimizer state ({@link OptimizerSharding#groupSize}): 1, {@code W}, or the workers
     * of a node.
     *
     * @param workers data-parallel workers {@code W}, at least 1
     * @param mIndex index of the MP degree
     * @return the group size
     */
    int groupSize(final int workers, final int mIndex) {
        return sharding.groupSize(workers, Math.max(1, gpusPerNode / degrees[mIndex]));
    }

    /**
     * With a sharded optimizer, the all-gather of the updated parameters after the optimizer's update, which the next
     * forward pass needs: among the {@code W} workers, or among the {@code g} workers of a node; in the exchange's
     * buckets one after the other when it has buckets (as Megatron-LM's distributed optimizer and Apex
     * {@code DistributedFusedAdam} gather bucket by bucket, each paying the collective's latency), else as one
     * collective. 0 when the optimizer is replicated or with one worker.
     *
     * @param workers data-parallel workers {@code W}, at least 1
     * @param mIndex index of the MP degree
     * @param bIndex index of the batch candidate
     * @param dense the dense gradient bytes the slowest ring exchanges (the parameters gathered have that size)
     * @return seconds
     */
    double parameterGatherSeconds(final int workers, final int mIndex, final int bIndex, final double dense) {
        if (sharding == OptimizerSharding.REPLICATED || workers == 1) {
            return 0.0;
        }
        if (!(bucket > 0 && dense > bucket)) {
            return oneParameterGather(workers, mIndex, bIndex, dense);
        }
        final double full = Math.floor(dense / bucket);
        final double rest = dense - full * bucket;
        return full * oneParameterGather(workers, mIndex, bIndex, bucket)
                + (rest > 0 ? oneParameterGather(workers, mIndex, bIndex, rest) : 0.0);
    }

    /** One all-gather of {@code bytes} of parameters among the optimizer's group (more than one worker). */
    private double oneParameterGather(final int workers, final int mIndex, final int bIndex, final double bytes) {
        final long n = (long) Math.ceil(bytes);
        if (sharding == OptimizerSharding.WORKERS) {
            return ncclSeconds(Collective.ALL_GATHER, DENSE, workers, mIndex, bIndex, nodes(workers, mIndex), n);
        }
        final int g = groupSize(workers, mIndex);
        return g == 1 ? 0.0 : intraNode(mIndex, g).fastestSeconds(Collective.ALL_GATHER, n, g, 1);
    }

    /**
     * The part of a sharded optimizer's parameter all-gather ({@link #parameterGatherSeconds}) the next forward pass
     * waits for. Without overlap, all of it. Overlapped, the buckets are gathered one after the other from the end of
     * the update, in the order the forward pass needs them, and the forward pass uses them at an even rate over
     * {@code forwardSeconds}: it reaches bucket {@code i} after {@code i d} of compute ({@code d} a bucket's share of
     * the pass) and may start it only once the bucket is gathered, at {@code (i + 1) c} with {@code n} full buckets of
     * gather time {@code c}. The forward pass thus ends late by the largest {@code (i + 1) c - i d}: {@code c} (the
     * first bucket) when {@code c <= d}, else {@code n c - (n - 1) d}; a partial last bucket of gather time {@code r}
     * adds the candidate {@code n c + r - n d}. With one bucket, or none, the forward pass waits for the whole gather.
     *
     * @param workers data-parallel workers {@code W}, at least 1
     * @param mIndex index of the MP degree
     * @param bIndex index of the batch candidate
     * @param dense the parameter bytes gathered (the dense gradient's size)
     * @param forwardSeconds the forward pass of one micro-step
     * @return seconds
     */
    double exposedParameterGatherSeconds(final int workers, final int mIndex, final int bIndex, final double dense,
            final double forwardSeconds) {
        return exposedPartOfGather(parameterGatherSeconds(workers, mIndex, bIndex, dense), workers, mIndex, bIndex,
                dense, forwardSeconds);
    }

    /**
     * {@link #exposedParameterGatherSeconds} for a caller that has the whole gather ({@link #parameterGatherSeconds})
     * already, so that it is not priced twice.
     */
    double exposedPartOfGather(final double wholeGather, final int workers, final int mIndex, final int bIndex,
            final double dense, final double forwardSeconds) {
        if (!gatherOverlapped || !(bucket > 0 && dense > bucket)) {
            return wholeGather;
        }
        if (workers == 1) {
            return 0.0;
        }
        final double full = Math.floor(dense / bucket);
        final double rest = dense - full * bucket;
        final double c = oneParameterGather(workers, mIndex, bIndex, bucket);
        final double d = forwardSeconds * bucket / dense;
        return BucketPipeline.lateBy(full, c, rest > 0 ? oneParameterGather(workers, mIndex, bIndex, rest) : 0, d);
    }

    private double oneAllReduce(final int workers, final int mIndex, final int bIndex, final int phase,
            final int nodes, final double bytes) {
        final long n = (long) Math.ceil(bytes);
        switch (model) {
            case NCCL:
                return ncclSeconds(Collective.ALL_REDUCE, phase, workers, mIndex, bIndex, nodes, n);
            case RING:
                return nodes == 1 ? ringIntra.seconds(n, workers) : reduce[phase][mIndex][bIndex].seconds(n, workers);
            default:
                return reduce[phase][mIndex][bIndex].seconds(n, workers);
        }
    }

    /** Nodes the {@code W} workers of {@code M} GPUs span. */
    private int nodes(final int workers, final int mIndex) {
        return (workers * degrees[mIndex] + gpusPerNode - 1) / gpusPerNode;
    }

    /**
     * One collective among the {@code W} workers in NCCL's model: inside a node on the rings the node's links give
     * that group, across nodes at the phase's share of each node's network.
     */
    private double ncclSeconds(final Collective c, final int phase, final int workers, final int mIndex,
            final int bIndex, final int nodes, final long n) {
        return nodes == 1 ? intraNode(mIndex, workers).fastestSeconds(c, n, workers, 1)
                : nccl.fastestSeconds(c, n, workers, Math.min(nodes, workers), nicShare[phase][mIndex][bIndex]);
    }

    private NcclModel intraNode(final int mIndex, final int workers) {
        final NcclModel[] row = singleNode[mIndex];
        return workers < row.length ? row[workers] : nccl;
    }

    /**
     * The exposed part of one step's gradient exchange when dense buckets are all-reduced as the backward pass makes
     * them ready (PyTorch DDP, Apex, Horovod): the gradient appears at an even rate over {@code backwardSeconds}, a
     * bucket's all-reduce starts when the bucket is full and the one before it has finished, and what runs past the
     * end of the backward pass is exposed. With {@code n} full buckets of all-reduce time {@code c}, each filled in
     * {@code d}, the last full bucket ends at {@code n d + c} if {@code c <= d}, else at {@code d + n c}; the rest of
     * the gradient is ready at the end of the backward pass and starts after that. Without buckets the one all-reduce
     * starts at the end: all of it is exposed. Sparse exchanges run after the backward pass and are exposed whole, as is
     * a sharded optimizer's all-gather of the parameters, unless it overlaps the next forward pass
     * ({@link #exposedParameterGatherSeconds}).
     *
     * @param workers data-parallel workers, at least 1
     * @param mIndex index of the MP degree
     * @param bIndex index of the batch candidate
     * @param dense dense gradient bytes the slowest ring all-reduces
     * @param gathered sparse bytes the slowest gather ring collects
     * @param table dense bytes of the table slice the slowest ring would all-reduce instead
     * @param backwardSeconds the backward pass the exchange may hide under
     * @param forwardSeconds the forward pass an overlapped parameter gather may hide under
     * @param total where to store the whole exchange's seconds ({@link #seconds}) in element 0, or null
     * @return exposed seconds
     */
    double exposedSeconds(final int workers, final int mIndex, final int bIndex, final double dense,
            final double gathered, final double table, final double backwardSeconds, final double forwardSeconds,
            final double[] total) {
        if (workers == 1) {
            if (total != null) {
                total[0] = 0.0;
            }
            return 0.0;
        }
        double whole;
        final int nodes = nodes(workers, mIndex);
        double exposed;
        if (bucket > 0 && dense > bucket) {
            final double full = Math.floor(dense / bucket);
            final double rest = dense - full * bucket;
            final double c = reduction(workers, mIndex, bIndex, DENSE, nodes, bucket);
            final double fill = backwardSeconds * bucket / dense;
            final double lastFull = c <= fill ? full * fill + c : fill + full * c;
            final double restTime = rest > 0 ? reduction(workers, mIndex, bIndex, DENSE, nodes, rest) : 0.0;
            final double end = rest > 0 ? Math.max(backwardSeconds, lastFull) + restTime : lastFull;
            exposed = Math.max(0.0, end - backwardSeconds);
            whole = full * c + restTime;
        } else {
            exposed = reduction(workers, mIndex, bIndex, DENSE, nodes, dense);
            whole = exposed;
        }
        final double parameters = parameterGatherSeconds(workers, mIndex, bIndex, dense);
        exposed += exposedPartOfGather(parameters, workers, mIndex, bIndex, dense, forwardSeconds);
        whole += parameters;
        if (gathered > 0) {
            final double sparse = Math.min(allGather(workers, mIndex, bIndex, nodes, gathered),
                    allReduce(workers, mIndex, bIndex, TABLE, nodes, table));
            exposed += sparse;
            whole += sparse;
        }
        if (total != null) {
            total[0] = whole;
        }
        return exposed;
    }

    private double allGather(final int workers, final int mIndex, final int bIndex, final int nodes,
            final double bytes) {
        final long n = (long) Math.ceil(bytes);
        if (model == CommunicationModel.NCCL) {
            return ncclSeconds(Collective.ALL_GATHER, GATHER, workers, mIndex, bIndex, nodes, n);
        }
        return nodes == 1 ? gatherIntra.seconds(n, workers) : gather[mIndex][bIndex].seconds(n, workers);
    }
}
