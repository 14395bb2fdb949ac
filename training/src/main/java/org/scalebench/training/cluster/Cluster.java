package org.scalebench.training.cluster;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import org.scalebench.core.Checks;
import org.scalebench.training.collective.AlphaBetaGamma;
import org.scalebench.training.collective.NcclConstants;
import org.scalebench.training.collective.NcclFabric;
import org.scalebench.training.collective.NcclGeneration;

/**
 * A homogeneous GPU cluster: nodes of {@code gpusPerNode} GPUs (any number of them per node, and any number of
 * nodes).
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
 *   <li>the fabric as NCCL's tuning model sees it ({@link #ncclFabric(NcclGeneration)}): when the cluster gives
 *   NVLinks per channel rather than a bandwidth, each generation's own NVLink width sets the per-channel
 *   bandwidth (21 GB/s in NCCL 2.5.6, 20 GB/s for Volta at HEAD).</li>
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
    private final double peakTensorFlops;
    private final AlphaBetaGamma intra;
    private final AlphaBetaGamma interNode;
    private final AlphaBetaGamma interGpu;
    private final NcclFabric ncclFabric;
    private final NcclGeneration ncclGeneration;
    private final double[][] peerBandwidth;
    private final double switchPeerBandwidth;
    private final double peerLinkBandwidth;
    private final double peerLatency;
    private final NicSharing nicSharing;
    private final int nicsPerNode;
    private final int ncclNvlinksPerChannel;
    private final NcclFabric fabric2019;
    private final NcclFabric fabricCurrent;
    private final Map<String, String> sources;
    /** Every parameter as checked, for {@link #toBuilder}: a private copy, never exposed. */
    private final Builder spec;

    /**
     * Starts a cluster description. Use {@link ClusterCatalog} to read one from a data file.
     *
     * @param name the cluster's name
     * @param device the GPU model
     * @param gpusPerNode GPUs per node, at least 1 (checked by {@link Builder#build})
     * @return a builder with no links set
     */
    public static Builder builder(final String name, final String device, final int gpusPerNode) {
        return new Builder(name, device, gpusPerNode);
    }

    /**
     * A builder holding every parameter of this cluster, to derive a variant.
     *
     * @return a new builder
     */
    public Builder toBuilder() {
        return new Builder(spec);
    }

    /**
     * The parameters of a cluster, named, each checked by {@link #build} with the data file's parameter name in the
     * message. Required: {@link #hbmBandwidth}, {@link #intraNode}, {@link #interNode}, {@link #nccl}, one of
     * {@link #switchedPeers} or {@link #linkedPeers}, and {@link #peerLatency}. Optional: {@link #nics} (default one
     * pool per node with one NIC per multi-node NCCL channel), {@link #ncclNvlinksPerChannel} (default 0) and
     * {@link #sources} (default none). Not thread-safe; {@link #build} copies what it keeps.
     */
    public static final class Builder {
        private final String name;
        private final String device;
        private final int gpusPerNode;
        private double hbmBandwidth = Double.NaN;
        private double peakTensorFlops = Double.NaN;
        private double intraLatency = Double.NaN;
        private double intraBandwidth = Double.NaN;
        private double interLatency = Double.NaN;
        private double interBandwidthPerNode = Double.NaN;
        private NcclFabric ncclFabric;
        private NcclGeneration ncclGeneration;
        private int ncclNvlinksPerChannel;
        private NicSharing nicSharing = NicSharing.PER_NODE;
        private int nicsPerNode;
        private boolean nicsSet;
        private double[][] peerBandwidth;
        private double peerLinkBandwidth = Double.NaN;
        private boolean peersSet;
        private double peerLatency = Double.NaN;
        private Map<String, String> sources = Map.of();

        private Builder(final String name, final String device, final int gpusPerNode) {
            this.name = name;
            this.device = device;
            this.gpusPerNode = gpusPerNode;
        }

        private Builder(final Builder other) {
            this(other.name, other.device, other.gpusPerNode);
            hbmBandwidth = other.hbmBandwidth;
            peakTensorFlops = other.peakTensorFlops;
            intraLatency = other.intraLatency;
            intraBandwidth = other.intraBandwidth;
            interLatency = other.interLatency;
            interBandwidthPerNode = other.interBandwidthPerNode;
            ncclFabric = other.ncclFabric;
            ncclGeneration = other.ncclGeneration;
            ncclNvlinksPerChannel = other.ncclNvlinksPerChannel;
            nicSharing = other.nicSharing;
            nicsPerNode = other.nicsPerNode;
            nicsSet = other.nicsSet;
            peerBandwidth = other.peerBandwidth;
            peerLinkBandwidth = other.peerLinkBandwidth;
            peersSet = other.peersSet;
            peerLatency = other.peerLatency;
            sources = other.sources;
        }

        /**
         * Device memory bandwidth ({@code hbm_bandwidth_gbps}).
         *
         * @param bytesPerSecond positive
         * @return this
         */
        public Builder hbmBandwidth(final double bytesPerSecond) {
            this.hbmBandwidth = bytesPerSecond;
            return this;
        }

        /**
         * A GPU's peak dense tensor-core throughput ({@code peak_tensor_tflops_per_gpu}); optional: only the scaling
         * corpus uses it, to carry a reference row's compute from one system to another.
         *
         * @param flopsPerSecond positive
         * @return this
         */
        public Builder peakTensorFlops(final double flopsPerSecond) {
            this.peakTensorFlops = flopsPerSecond;
            return this;
        }

        /**
         * Collectives inside a node, per GPU ({@code intra_latency_us}, {@code intra_bandwidth_gbps}).
         *
         * @param latencySeconds per-step latency, at least 0
         * @param bytesPerSecond per-GPU bandwidth, positive
         * @return this
         */
        public Builder intraNode(final double latencySeconds, final double bytesPerSecond) {
            this.intraLatency = latencySeconds;
            this.intraBandwidth = bytesPerSecond;
            return this;
        }

        /**
         * Collectives between nodes ({@code inter_latency_us}, {@code inter_bandwidth_gbps}).
         *
         * @param latencySeconds per-step latency, at least 0
         * @param bytesPerSecondPerNode network bandwidth of one node, positive
         * @return this
         */
        public Builder interNode(final double latencySeconds, final double bytesPerSecondPerNode) {
            this.interLatency = latencySeconds;
            this.interBandwidthPerNode = bytesPerSecondPerNode;
            return this;
        }

        /**
         * The fabric as NCCL sees it and the NCCL generation contemporary with the cluster.
         *
         * @param fabric the fabric (its intra-node per-channel bandwidth is replaced per generation when
         *     {@link #ncclNvlinksPerChannel} is above 0)
         * @param generation the generation
         * @return this
         */
        public Builder nccl(final NcclFabric fabric, final NcclGeneration generation) {
            this.ncclFabric = fabric;
            this.ncclGeneration = generation;
            return this;
        }

        /**
         * NVLinks each single-node NCCL channel runs over ({@code nccl_nvlinks_per_channel}), so that its bandwidth
         * is that many times the generation's NVLink width.
         *
         * @param links at least 0; 0 takes the fabric's bandwidth for every generation
         * @return this
         */
        public Builder ncclNvlinksPerChannel(final int links) {
            this.ncclNvlinksPerChannel = links;
            return this;
        }

        /**
         * How the node's GPUs share its NICs ({@code nic_sharing}, {@code nics_per_node}).
         *
         * @param sharing one pool per node, or rails (one NIC per group of GPUs)
         * @param perNode NICs per node: in {@code [1, gpusPerNode]} for rails, at least 1 otherwise
         * @return this
         */
        public Builder nics(final NicSharing sharing, final int perNode) {
            this.nicSharing = sharing;
            this.nicsPerNode = perNode;
            this.nicsSet = true;
            return this;
        }

        /**
         * GPUs behind a switch: every pair of a node gets the same bandwidth ({@code peer_topology = switch}).
         *
         * @param bytesPerSecond bandwidth between any two GPUs, positive
         * @return this
         */
        public Builder switchedPeers(final double bytesPerSecond) {
            this.peerBandwidth = null;
            this.peerLinkBandwidth = bytesPerSecond;
            this.peersSet = true;
            return this;
        }

        /**
         * GPUs joined by point-to-point links ({@code peer_topology = links}).
         *
         * @param bytesPerSecond bandwidth between each pair ({@code gpusPerNode} square, symmetric, positive off the
         *     diagonal; copied by {@link #build})
         * @param linkBytesPerSecond bandwidth of one link ({@code peer_link_bandwidth_gbps}), or NaN when unknown
         *     (then {@link Cluster#nvlinks} is 0 and ring channels come from the NCCL fabric)
         * @return this
         */
        public Builder linkedPeers(final double[][] bytesPerSecond, final double linkBytesPerSecond) {
            this.peerBandwidth = bytesPerSecond;
            this.peerLinkBandwidth = linkBytesPerSecond;
            this.peersSet = true;
            return this;
        }

        /**
         * Point-to-point latency inside a node ({@code peer_latency_us}).
         *
         * @param seconds finite, at least 0
         * @return this
         */
        public Builder peerLatency(final double seconds) {
            this.peerLatency = seconds;
            return this;
        }

        /**
         * The source of every parameter, by parameter name.
         *
         * @param byParameter parameter name to source (copied by {@link #build})
         * @return this
         */
        public Builder sources(final Map<String, String> byParameter) {
            this.sources = byParameter;
            return this;
        }

        /**
         * Checks every parameter and builds the cluster.
         *
         * @return the cluster
         * @throws IllegalArgumentException naming the parameter, its value and what is allowed
         */
        public Cluster build() {
            if (ncclFabric == null || ncclGeneration == null) {
                throw new IllegalArgumentException("cluster '" + name + "': the NCCL fabric and generation are not set");
            }
            if (!peersSet) {
                throw new IllegalArgumentException("cluster '" + name + "': peer_topology is not set: switch or links");
            }
            final Builder copy = new Builder(this);
            if (!nicsSet) {
                copy.nics(NicSharing.PER_NODE, ncclFabric.channelsMultiNode());
            }
            copy.sources = Collections.unmodifiableMap(new TreeMap<>(sources));
            return new Cluster(copy);
        }
    }

    /** Checks and keeps {@code spec}, a private copy of the builder: nothing else holds it. */
    private Cluster(final Builder spec) {
        this.spec = spec;
        Checks.requireAtLeast("gpus_per_node", spec.gpusPerNode, 1);
        positive("hbm_bandwidth", spec.hbmBandwidth);
        final double peak = spec.peakTensorFlops;
        if (!Double.isNaN(peak) && !(peak > 0 && peak < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("peak_tensor_flops = " + peak
                    + " FLOP/s: must be finite and positive (NaN: not given)");
        }
        positive("intra_bandwidth", spec.intraBandwidth);
        positive("inter_bandwidth", spec.interBandwidthPerNode);
        latency("intra_latency", spec.intraLatency);
        latency("inter_latency", spec.interLatency);
        latency("peer_latency", spec.peerLatency);
        if (spec.ncclNvlinksPerChannel < 0) {
            throw new IllegalArgumentException("nccl_nvlinks_per_channel = " + spec.ncclNvlinksPerChannel
                    + ": must be at least 0 (0: use nccl_bw_intra_per_channel_gbps)");
        }
        if (spec.nicSharing == null) {
            throw new IllegalArgumentException("nic_sharing = null: must be per-node or per-gpu");
        }
        if (spec.nicsPerNode < 1 || (spec.nicSharing == NicSharing.PER_GPU && spec.nicsPerNode > spec.gpusPerNode)) {
            throw new IllegalArgumentException("nics_per_node = " + spec.nicsPerNode + ": must be in [1, "
                    + (spec.nicSharing == NicSharing.PER_GPU ? "gpus_per_node = " + spec.gpusPerNode
                            + "] with per-gpu rails" : Integer.MAX_VALUE + "]"));
        }
        if (spec.peerBandwidth == null) {
            positive("peer bandwidth", spec.peerLinkBandwidth);
            this.switchPeerBandwidth = spec.peerLinkBandwidth;
        } else {
            spec.peerBandwidth = checkedPeers(spec.peerBandwidth, spec.gpusPerNode); // the private copy keeps it
            this.switchPeerBandwidth = Double.NaN;
        }
        this.peerBandwidth = spec.peerBandwidth;
        this.peerLinkBandwidth = spec.peerLinkBandwidth;
        this.name = spec.name;
        this.device = spec.device;
        this.gpusPerNode = spec.gpusPerNode;
        this.hbmBandwidth = spec.hbmBandwidth;
        this.peakTensorFlops = spec.peakTensorFlops;
        final double gamma = REDUCTION_BYTES_PER_BYTE / hbmBandwidth;
        this.intra = AlphaBetaGamma.of(spec.intraLatency, spec.intraBandwidth, gamma);
        this.interNode = AlphaBetaGamma.of(spec.interLatency, spec.interBandwidthPerNode, gamma);
        this.interGpu = AlphaBetaGamma.of(spec.interLatency, spec.interBandwidthPerNode / gpusPerNode, gamma);
        this.ncclFabric = spec.ncclFabric;
        this.ncclGeneration = spec.ncclGeneration;
        this.ncclNvlinksPerChannel = spec.ncclNvlinksPerChannel;
        this.nicSharing = spec.nicSharing;
        this.nicsPerNode = spec.nicsPerNode;
        this.fabric2019 = fabricFor(NcclGeneration.V2019);
        this.fabricCurrent = fabricFor(NcclGeneration.CURRENT);
        this.peerLatency = spec.peerLatency;
        this.sources = spec.sources;
    }

    private static double[][] checkedPeers(final double[][] peerBandwidth, final int gpusPerNode) {
        if (peerBandwidth.length != gpusPerNode) {
            throw new IllegalArgumentException("peer bandwidth matrix has " + peerBandwidth.length
                    + " rows: must have gpus_per_node = " + gpusPerNode);
        }
        final double[][] copy = new double[gpusPerNode][];
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
            copy[i] = peerBandwidth[i].clone();
        }
        return copy;
    }

    private NcclFabric fabricFor(final NcclGeneration generation) {
        if (ncclNvlinksPerChannel == 0) {
            return ncclFabric;
        }
        final double width = NcclConstants.of(generation).nvlinkBandwidth(ncclFabric.architecture());
        return ncclFabric.withBandwidths(ncclNvlinksPerChannel * width, ncclFabric.bwInterPerChannel());
    }

    private static void positive(final String parameter, final double value) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(parameter + " = " + value + " B/s: must be finite and positive");
        }
    }

    private static void latency(final String parameter, final double seconds) {
        if (!(seconds >= 0) || Double.isInfinite(seconds)) {
            throw new IllegalArgumentException(parameter + " = " + seconds + " s: must be finite and at least 0");
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
        Checks.requireAtLeast("devices", devices, 1);
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
     * A GPU's peak dense tensor-core throughput, if the cluster gives it.
     *
     * @return FLOP per second, or NaN when not given
     */
    public double peakTensorFlops() {
        return peakTensorFlops;
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
     * The fabric as NCCL's tuning model of the cluster's own generation sees it.
     *
     * @return the fabric
     */
    public NcclFabric ncclFabric() {
        return ncclFabric(ncclGeneration);
    }

    /**
     * The fabric as a generation's NCCL sees it: with NVLinks per channel given, the per-channel bandwidth is
     * that many of the generation's NVLink widths.
     *
     * @param generation the NCCL generation
     * @return the fabric
     */
    public NcclFabric ncclFabric(final NcclGeneration generation) {
        return generation == NcclGeneration.V2019 ? fabric2019 : fabricCurrent;
    }

    /**
     * This cluster with another intra-node NCCL per-channel bandwidth for every generation (for sensitivity
     * studies, e.g. HEAD's NVLink width under NCCL 2.5.6).
     *
     * @param gbps GB/s per channel, positive
     * @return a new cluster
     */
    public Cluster withNcclIntraBandwidth(final double gbps) {
        return toBuilder().nccl(ncclFabric.withBandwidths(gbps, ncclFabric.bwInterPerChannel()), ncclGeneration)
                .ncclNvlinksPerChannel(0).build();
    }

    /**
     * This cluster with its network bandwidth (per node, and NCCL's per-channel inter-node bandwidth) scaled, for
     * sensitivity studies and break-even searches.
     *
     * @param factor the scale, positive
     * @return a new cluster
     */
    public Cluster withNetworkBandwidthScale(final double factor) {
        positive("network bandwidth scale", factor);
        return toBuilder().interNode(spec.interLatency, spec.interBandwidthPerNode * factor)
                .nccl(ncclFabric.withBandwidths(ncclFabric.bwIntraPerChannel(), ncclFabric.bwInterPerChannel() * factor),
                        ncclGeneration)
                .build();
    }

    /**
     * NVLinks per single-node NCCL channel, or 0 when the cluster gives the per-channel bandwidth itself.
     *
     * @return links
     */
    public int ncclNvlinksPerChannel() {
        return ncclNvlinksPerChannel;
    }

    /**
     * How the node's GPUs share its NICs.
     *
     * @return the mode
     */
    public NicSharing nicSharing() {
        return nicSharing;
    }

    /**
     * NICs per node.
     *
     * @return at least 1
     */
    public int nicsPerNode() {
        return nicsPerNode;
    }

    /**
     * The share of a node's network bandwidth a set of GPUs that send across nodes at once can use in total, when
     * {@code active} of the node's GPUs send, spread evenly over its GPUs (one per stride of
     * {@code gpusPerNode / active}). A node-wide pool gives them all of it; rails give them the NICs their GPUs sit
     * behind: {@code min(nics, active) / nics}.
     *
     * @param active GPUs of the node sending at once, in {@code [1, gpusPerNode]}
     * @return a fraction in {@code (0, 1]}
     */
    public double networkShareInUse(final int active) {
        if (active < 1 || active > gpusPerNode) {
            throw new IllegalArgumentException("active GPUs = " + active + ": must be in [1, " + gpusPerNode + "]");
        }
        return nicSharing == NicSharing.PER_NODE ? 1.0 : Math.min(nicsPerNode, active) / (double) nicsPerNode;
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
        if (i == j) {
            return Double.POSITIVE_INFINITY;
        }
        return peerBandwidth == null ? switchPeerBandwidth : peerBandwidth[i][j];
    }

    /**
     * NVLinks between two GPUs of a node with point-to-point links: the pair's bandwidth over one link's
     * ({@code peer_link_bandwidth_gbps}), rounded down; 0 for pairs on the fallback path and behind a switch.
     *
     * @param i a GPU index in {@code [0, gpusPerNode)}
     * @param j another GPU index
     * @return links
     */
    public int nvlinks(final int i, final int j) {
        if (peerBandwidth == null || i == j || !(peerLinkBandwidth > 0)) {
            return 0;
        }
        return (int) Math.floor(peerBandwidth[i][j] / peerLinkBandwidth + 1e-9);
    }

    /**
     * The ring channels NCCL builds for a communicator on some GPUs of one node ({@link NvlinkRings}): behind a
     * switch, or without a known link bandwidth, the single-node channels of the fabric; with point-to-point
     * links, the link-disjoint directed rings through the group, at most the fabric's single-node channels.
     *
     * @param gpus the communicator's GPUs, distinct indices in {@code [0, gpusPerNode)}
     * @return channels, 0 if the NVLinks do not join the group into a ring (traffic then takes the fallback path)
     */
    public int ncclRingChannels(final int[] gpus) {
        if (peerBandwidth == null || !(peerLinkBandwidth > 0)) {
            return ncclFabric.channelsSingleNode();
        }
        final int[][] links = new int[gpusPerNode][gpusPerNode];
        for (int i = 0; i < gpusPerNode; i++) {
            for (int j = 0; j < gpusPerNode; j++) {
                links[i][j] = nvlinks(i, j);
            }
        }
        return Math.min(ncclFabric.channelsSingleNode(), NvlinkRings.channels(links, gpus));
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
     * joined by two NVLinks for {@code m = 2} and a fully linked quad for {@code m = 4}. Behind a switch every
     * subset is equal and the first {@code m} GPUs are taken. With point-to-point links every subset is tried while
     * there are at most {@value #EXHAUSTIVE_GROUPS} of them; beyond that the group grows greedily from the fastest
     * pair, adding the GPU that keeps the slowest pair fastest (then the greatest total, then the lowest index).
     *
     * @param m group size in {@code [1, gpusPerNode]}
     * @return the GPU indices, ascending (a new array)
     */
    public int[] bestGroup(final int m) {
        if (m < 1 || m > gpusPerNode) {
            throw new IllegalArgumentException("mp degree = " + m + ": must be in [1, gpus_per_node = "
                    + gpusPerNode + "]");
        }
        if (peerBandwidth == null || m == 1) {
            final int[] first = new int[m];
            for (int i = 0; i < m; i++) {
                first[i] = i;
            }
            return first;
        }
        return subsets(gpusPerNode, m) <= EXHAUSTIVE_GROUPS ? exhaustiveGroup(m) : greedyGroup(m);
    }

    /** The most subsets {@link #bestGroup} tries one by one. */
    public static final long EXHAUSTIVE_GROUPS = 1L << 20;

    private static double subsets(final int n, final int k) {
        double c = 1;
        for (int i = 0; i < k; i++) {
            c = c * (n - i) / (i + 1);
        }
        return c;
    }

    private int[] exhaustiveGroup(final int m) {
        final int[] pick = new int[m];
        for (int i = 0; i < m; i++) {
            pick[i] = i;
        }
        int[] best = null;
        double bestMin = -1;
        double bestSum = -1;
        while (true) {
            double min = Double.POSITIVE_INFINITY;
            double sum = 0;
            for (int a = 0; a < m; a++) {
                for (int b = a + 1; b < m; b++) {
                    min = Math.min(min, peerBandwidth[pick[a]][pick[b]]);
                    sum += peerBandwidth[pick[a]][pick[b]];
                }
            }
            // lexicographic order visits lower indices first, so strict improvement keeps the lowest on ties
            if (min > bestMin || (min == bestMin && sum > bestSum)) {
                bestMin = min;
                bestSum = sum;
                best = pick.clone();
            }
            int i = m - 1;
            while (i >= 0 && pick[i] == gpusPerNode - m + i) {
                i--;
            }
            if (i < 0) {
                return best;
            }
            pick[i]++;
            for (int j = i + 1; j < m; j++) {
                pick[j] = pick[j - 1] + 1;
            }
        }
    }

    private int[] greedyGroup(final int m) {
        final boolean[] in = new boolean[gpusPerNode];
        int firstA = 0;
        int firstB = 1;
        for (int i = 0; i < gpusPerNode; i++) {
            for (int j = i + 1; j < gpusPerNode; j++) {
                if (peerBandwidth[i][j] > peerBandwidth[firstA][firstB]) {
                    firstA = i;
                    firstB = j;
                }
            }
        }
        in[firstA] = true;
        in[firstB] = true;
        for (int size = 2; size < m; size++) {
            int bestGpu = -1;
            double bestMin = -1;
            double bestSum = -1;
            for (int g = 0; g < gpusPerNode; g++) {
                if (in[g]) {
                    continue;
                }
                double min = Double.POSITIVE_INFINITY;
                double sum = 0;
                for (int h = 0; h < gpusPerNode; h++) {
                    if (in[h]) {
                        min = Math.min(min, peerBandwidth[g][h]);
                        sum += peerBandwidth[g][h];
                    }
                }
                if (min > bestMin || (min == bestMin && sum > bestSum)) {
                    bestMin = min;
                    bestSum = sum;
                    bestGpu = g;
                }
            }
            in[bestGpu] = true;
        }
        final int[] group = new int[m];
        int k = 0;
        for (int g = 0; g < gpusPerNode; g++) {
            if (in[g]) {
                group[k++] = g;
            }
        }
        return group;
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
