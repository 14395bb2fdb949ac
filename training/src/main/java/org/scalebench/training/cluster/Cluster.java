package org.scalebench.training.cluster;

import java.util.Collections;
import java.util.Map;
import org.scalebench.training.collective.AlphaBetaGamma;
import org.scalebench.training.collective.NcclFabric;
import org.scalebench.training.collective.NcclGeneration;

/**
 * A homogeneous GPU cluster: nodes of {@code gpusPerNode} GPUs, any number of them.
 *
 * <p>What it models, per level:
 * <ul>
 *   <li>inside a node, the per-GPU ring bandwidth and per-step latency of collectives ({@link #intraLink()}),
 *   and the bandwidth between each pair of GPUs for point-to-point activation transfers
 *   ({@link #peerBandwidth(int, int)}): NVLink link counts times the per-link bandwidth on a hybrid cube-mesh
 *   (DGX-1, pairs without a link fall back to PCIe/QPI), or one bandwidth for every pair behind NVSwitch;</li>
 *   <li>between nodes, each node's network bandwidth and latency ({@link #interLinkPerNode()}), shared by its
 *   GPUs ({@link #interLinkPerGpu()});</li>
 *   <li>the reduction cost {@code gamma = 3 / HBM bandwidth}: summing {@code n} bytes reads two operands and
 *   writes one;</li>
 *   <li>the fabric as NCCL's tuning model sees it ({@link #ncclFabric()}).</li>
 * </ul>
 * Every number comes from the cluster's data file with a source ({@link #source(String)}).
 *
 * <p>Immutable and thread-safe.
 */
public final class Cluster {

    /** Bytes moved per byte reduced: two operands read, one result written. */
    private static final double REDUCTION_BYTES_PER_BYTE = 3.0;

    private final String name;
    private final String device;
    private final int gpusPerNode;
    private final double hbmBandwidth;
    private final AlphaBetaGamma intra;
    private final AlphaBetaGamma interNode;
    private final AlphaBetaGamma interGpu;
    private final NcclFabric ncclFabric;
    private final NcclGeneration ncclGeneration;
    private final double[][] peerBandwidth;
    private final double peerLatency;
    private final Map<String, String> sources;

    /**
     * Creates a cluster. Use {@link ClusterCatalog} to read one from a data file.
     *
     * @param name the cluster's name
     * @param device the GPU model
     * @param gpusPerNode GPUs per node, at least 1
     * @param hbmBandwidth device memory bandwidth, bytes per second, positive
     * @param intraLatency per-step collective latency inside a node, seconds
     * @param intraBandwidth per-GPU collective bandwidth inside a node, bytes per second, positive
     * @param interLatency per-step collective latency between nodes, seconds
     * @param interBandwidthPerNode network bandwidth of one node, bytes per second, positive
     * @param ncclFabric the fabric as NCCL sees it
     * @param ncclGeneration the NCCL generation contemporary with the cluster
     * @param peerBandwidth bytes per second between each pair of GPUs of a node ({@code gpusPerNode} square,
     *     symmetric, positive off the diagonal)
     * @param peerLatency point-to-point latency inside a node, seconds
     * @param sources the source of every parameter, by parameter name
     * @throws IllegalArgumentException naming the parameter, its value and what is allowed
     */
    public Cluster(final String name, final String device, final int gpusPerNode, final double hbmBandwidth,
            final double intraLatency, final double intraBandwidth, final double interLatency,
            final double interBandwidthPerNode, final NcclFabric ncclFabric, final NcclGeneration ncclGeneration,
            final double[][] peerBandwidth, final double peerLatency, final Map<String, String> sources) {
        if (gpusPerNode < 1) {
            throw new IllegalArgumentException("gpus_per_node = " + gpusPerNode + ": must be at least 1");
        }
        positive("hbm_bandwidth", hbmBandwidth);
        positive("intra_bandwidth", intraBandwidth);
        positive("inter_bandwidth", interBandwidthPerNode);
        if (peerBandwidth.length != gpusPerNode) {
            throw new IllegalArgumentException("peer bandwidth matrix has " + peerBandwidth.length
                    + " rows: must have gpus_per_node = " + gpusPerNode);
        }
        this.peerBandwidth = new double[gpusPerNode][];
        for (int i = 0; i < gpusPerNode; i++) {
            if (peerBandwidth[i].length != gpusPerNode) {
                throw new IllegalArgumentException("peer bandwidth row " + i + " has " + peerBandwidth[i].length
                        + " entries: must have " + gpusPerNode);
            }
            for (int j = 0; j < gpusPerNode; j++) {
                if (i != j) {
                    positive("peer bandwidth " + i + "-" + j, peerBandwidth[i][j]);
                    if (peerBandwidth[i][j] != peerBandwidth[j][i]) {
                        throw new IllegalArgumentException("peer bandwidth " + i + "-" + j + " = " + peerBandwidth[i][j]
                                + " differs from " + j + "-" + i + " = " + peerBandwidth[j][i] + ": must be symmetric");
                    }
                }
            }
            this.peerBandwidth[i] = peerBandwidth[i].clone();
        }
        this.name = name;
        this.device = device;
        this.gpusPerNode = gpusPerNode;
        this.hbmBandwidth = hbmBandwidth;
        final double gamma = REDUCTION_BYTES_PER_BYTE / hbmBandwidth;
        this.intra = AlphaBetaGamma.of(intraLatency, intraBandwidth, gamma);
        this.interNode = AlphaBetaGamma.of(interLatency, interBandwidthPerNode, gamma);
        this.interGpu = AlphaBetaGamma.of(interLatency, interBandwidthPerNode / gpusPerNode, gamma);
        this.ncclFabric = ncclFabric;
        this.ncclGeneration = ncclGeneration;
        if (!(peerLatency >= 0) || Double.isInfinite(peerLatency)) {
            throw new IllegalArgumentException("peer_latency = " + peerLatency + " s: must be finite and at least 0");
        }
        this.peerLatency = peerLatency;
        this.sources = Collections.unmodifiableMap(new java.util.TreeMap<>(sources));
    }

    private static void positive(final String parameter, final double value) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(parameter + " = " + value + " B/s: must be finite and positive");
        }
    }

    /**
     * The cluster's name, e.g. {@code dgx1}.
     *
     * @return the name
     */
    public String name() {
        return name;
    }

    /**
     * The GPU model.
     *
     * @return e.g. {@code Tesla V100-SXM2-16GB}
     */
    public String device() {
        return device;
    }

    /**
     * GPUs per node.
     *
     * @return at least 1
     */
    public int gpusPerNode() {
        return gpusPerNode;
    }

    /**
     * Nodes needed for a device count: {@code ceil(devices / gpusPerNode)}.
     *
     * @param devices device count, at least 1
     * @return node count
     */
    public int nodesFor(final int devices) {
        if (devices < 1) {
            throw new IllegalArgumentException("devices = " + devices + ": must be at least 1");
        }
        return (devices + gpusPerNode - 1) / gpusPerNode;
    }

    /**
     * Device memory bandwidth.
     *
     * @return bytes per second
     */
    public double hbmBandwidth() {
        return hbmBandwidth;
    }

    /**
     * Collective link costs inside a node, per GPU.
     *
     * @return alpha, beta, gamma
     */
    public AlphaBetaGamma intraLink() {
        return intra;
    }

    /**
     * Collective link costs between nodes, for a whole node's network bandwidth.
     *
     * @return alpha, beta, gamma
     */
    public AlphaBetaGamma interLinkPerNode() {
        return interNode;
    }

    /**
     * Collective link costs between nodes for one GPU when all GPUs of the node communicate at once: the node's
     * network bandwidth divided by {@link #gpusPerNode()}.
     *
     * @return alpha, beta, gamma
     */
    public AlphaBetaGamma interLinkPerGpu() {
        return interGpu;
    }

    /**
     * The link costs of a flat (single-level) algorithm over {@code ranks} GPUs: the intra-node link if they fit
     * in one node, else the inter-node link of a node (a flat ring crosses each node boundary once, and its
     * slowest hop sets every step's time).
     *
     * @param ranks GPU count, at least 1
     * @return alpha, beta, gamma
     */
    public AlphaBetaGamma flatLink(final int ranks) {
        return nodesFor(ranks) == 1 ? intra : interNode;
    }

    /**
     * The fabric as NCCL's tuning model sees it.
     *
     * @return the fabric
     */
    public NcclFabric ncclFabric() {
        return ncclFabric;
    }

    /**
     * The NCCL generation contemporary with the cluster.
     *
     * @return the generation
     */
    public NcclGeneration ncclGeneration() {
        return ncclGeneration;
    }

    /**
     * Point-to-point bandwidth between two GPUs of a node.
     *
     * @param i a GPU index in {@code [0, gpusPerNode)}
     * @param j another GPU index
     * @return bytes per second ({@link Double#POSITIVE_INFINITY} for {@code i == j})
     */
    public double peerBandwidth(final int i, final int j) {
        return i == j ? Double.POSITIVE_INFINITY : peerBandwidth[i][j];
    }

    /**
     * Point-to-point latency inside a node.
     *
     * @return seconds
     */
    public double peerLatency() {
        return peerLatency;
    }

    /**
     * The best {@code m} GPUs of a node for a model-parallel group: the subset whose slowest pair is fastest,
     * ties broken by the greatest total pair bandwidth, then by the lowest indices. On a DGX-1 this is a pair
     * joined by two NVLinks for {@code m = 2} and a fully linked quad for {@code m = 4}.
     *
     * @param m group size in {@code [1, gpusPerNode]}
     * @return the GPU indices, ascending (a new array)
     */
    public int[] bestGroup(final int m) {
        if (m < 1 || m > gpusPerNode) {
            throw new IllegalArgumentException("mp degree = " + m + ": must be in [1, gpus_per_node = "
                    + gpusPerNode + "]");
        }
        int[] best = null;
        double bestMin = -1;
        double bestSum = -1;
        final int limit = 1 << gpusPerNode;
        for (int mask = 0; mask < limit; mask++) {
            if (Integer.bitCount(mask) != m) {
                continue;
            }
            double min = Double.POSITIVE_INFINITY;
            double sum = 0;
            for (int i = 0; i < gpusPerNode; i++) {
                for (int j = i + 1; j < gpusPerNode; j++) {
                    if ((mask >> i & 1) == 1 && (mask >> j & 1) == 1) {
                        min = Math.min(min, peerBandwidth[i][j]);
                        sum += peerBandwidth[i][j];
                    }
                }
            }
            if (min > bestMin || (min == bestMin && sum > bestSum)) {
                bestMin = min;
                bestSum = sum;
                best = new int[m];
                int k = 0;
                for (int i = 0; i < gpusPerNode; i++) {
                    if ((mask >> i & 1) == 1) {
                        best[k++] = i;
                    }
                }
            }
        }
        return best;
    }

    /**
     * The source of a parameter, as written in the data file.
     *
     * @param parameter the parameter name, e.g. {@code inter_bandwidth_gbps}
     * @return the source, or an empty string if unknown
     */
    public String source(final String parameter) {
        return sources.getOrDefault(parameter, "");
    }

    /**
     * Every parameter's source.
     *
     * @return parameter name to source, sorted by name
     */
    public Map<String, String> sources() {
        return sources;
    }

    @Override
    public String toString() {
        return name + " (" + gpusPerNode + " x " + device + " per node)";
    }
}
