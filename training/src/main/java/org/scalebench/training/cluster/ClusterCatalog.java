package org.scalebench.training.cluster;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.scalebench.training.collective.NcclArchitecture;
import org.scalebench.training.collective.NcclCpuVendor;
import org.scalebench.training.collective.NcclFabric;
import org.scalebench.training.collective.NcclGeneration;
import org.scalebench.core.data.DataTable;
import org.scalebench.core.data.DataFileException;
import org.scalebench.core.data.ItemRows;
import org.scalebench.core.data.TextLimits;

/**
 * Reads clusters from CSV files with columns {@code cluster,parameter,value,source}, one number per row, every
 * row with a non-empty source. The built-in clusters ({@code dgx1}, {@code dgx2}, {@code dgx2h}, {@code dgx-a100}, {@code dgx-h100}) live in
 * the resource {@code clusters.csv}, which documents every parameter; a user file uses the same parameters.
 *
 * <p>Parameters (bandwidths in GB/s = 10^9 B/s, latencies in microseconds): {@code device},
 * {@code gpus_per_node}, {@code hbm_bandwidth_gbps}, {@code intra_latency_us}, {@code intra_bandwidth_gbps}
 * (per GPU), {@code inter_latency_us}, {@code inter_bandwidth_gbps} (per node), {@code nccl_generation}
 * ({@code 2019} or {@code current}), {@code nccl_architecture}, {@code nccl_intra_fabric} ({@code nvlink} or
 * {@code pci}), {@code nccl_channels_single_node}, {@code nccl_channels_multi_node},
 * {@code nccl_bw_intra_per_channel_gbps} or {@code nccl_nvlinks_per_channel} (the per-channel bandwidth is then that
 * many NVLinks of the NCCL generation's own width), {@code nccl_bw_inter_per_channel_gbps}, {@code peer_topology}
 * ({@code switch}: every pair at {@code peer_link_bandwidth_gbps}; {@code links}: {@code peer_links.I.J} NVLinks
 * between GPUs I and J times {@code peer_link_bandwidth_gbps}, unlinked pairs at
 * {@code peer_fallback_bandwidth_gbps}), {@code peer_latency_us}; optional {@code host_cpu_vendor} ({@code intel},
 * {@code amd} or {@code other}; default {@code intel}), {@code nic_sharing} ({@code per-node} or {@code per-gpu}
 * rails; default {@code per-node}), {@code nics_per_node} (default {@code nccl_channels_multi_node}) and
 * {@code peak_tensor_tflops_per_gpu} (a GPU's peak dense tensor-core TFLOP/s; only {@code train validate} uses it,
 * to carry a reference row's compute to another system).
 * {@code gpus_per_node} has no upper bound behind a switch; with point-to-point links it is at most
 * {@value #MAX_LINKED_GPUS} (the pair-bandwidth matrix is stored).
 *
 * <p>Stateless; reading allocates, the clusters it returns are immutable.
 */
public final class ClusterCatalog {

    /** The most GPUs a node may have (a whole NVSwitch domain of today is 72; far above it). */
    public static final int MAX_GPUS_PER_NODE = 1 << 16;
    /** The largest bandwidth (GB/s) or latency (us) a cluster file may give: 1e6 (1 PB/s, 1 s). */
    public static final double MAX_QUANTITY = 1e6;

    private static final String RESOURCE = "/org/scalebench/training/clusters.csv";
    private static final double GIGA = 1e9;
    private static final double MICRO = 1e-6;
    private static final List<String> REQUIRED = List.of("device", "gpus_per_node", "hbm_bandwidth_gbps",
            "intra_latency_us", "intra_bandwidth_gbps", "inter_latency_us", "inter_bandwidth_gbps",
            "nccl_generation", "nccl_architecture", "nccl_intra_fabric", "nccl_channels_single_node",
            "nccl_channels_multi_node", "nccl_bw_inter_per_channel_gbps",
            "peer_topology", "peer_link_bandwidth_gbps", "peer_latency_us");
    private static final String OPTIONAL = "peer_fallback_bandwidth_gbps";
    private static final String INTRA_BW = "nccl_bw_intra_per_channel_gbps";
    private static final String INTRA_LINKS = "nccl_nvlinks_per_channel";
    private static final String PEAK = "peak_tensor_tflops_per_gpu";
    private static final List<String> OPTIONAL_KEYS = List.of(OPTIONAL, INTRA_BW, INTRA_LINKS, "host_cpu_vendor",
            "nic_sharing", "nics_per_node", PEAK);
    /** The most GPUs per node with point-to-point links (the pair-bandwidth matrix is stored). */
    public static final int MAX_LINKED_GPUS = 4096;
    private static final String LINKS = "peer_links.";
    private static final double TERA = 1e12;

    private ClusterCatalog() {
    }

    /**
     * The names of the built-in clusters.
     *
     * @return e.g. {@code [dgx1, dgx-a100, dgx-h100]}
     */
    public static List<String> builtInNames() {
        return new ArrayList<>(BuiltIn.ALL.keySet());
    }

    /**
     * A built-in cluster.
     *
     * @param name {@code dgx1}, {@code dgx-a100} or {@code dgx-h100}
     * @return the cluster
     * @throws IllegalArgumentException naming the value and the built-in names
     */
    public static Cluster builtIn(final String name) {
        return ItemRows.builtIn(BuiltIn.ALL, "cluster", name);
    }

    /**
     * A built-in cluster by name, or the single cluster of a CSV file.
     *
     * @param nameOrFile a built-in name or a path
     * @return the cluster
     * @throws IllegalArgumentException if neither (malformed files raise {@link DataFileException})
     */
    public static Cluster resolve(final String nameOrFile) {
        if (ItemRows.readsFile("cluster", nameOrFile, builtInNames())) {
            return load(Path.of(nameOrFile));
        }
        return builtIn(nameOrFile);
    }

    /**
     * Reads the single cluster of a CSV file.
     *
     * @param path the file
     * @return the cluster
     * @throws DataFileException if the file is malformed or holds no or several clusters
     */
    public static Cluster load(final Path path) {
        return ItemRows.only(path.toString(), "clusters", readAll(DataTable.read(path)));
    }

    /**
     * Reads every cluster of a table.
     *
     * @param table the table
     * @return clusters by name, in file order
     * @throws DataFileException if the table is malformed
     */
    public static Map<String, Cluster> readAll(final DataTable table) {
        final Map<String, Map<String, DataTable.Row>> byCluster = ItemRows.group(table, "cluster",
                ClusterCatalog::checkRow);
        final Map<String, Cluster> clusters = new LinkedHashMap<>();
        for (final Map.Entry<String, Map<String, DataTable.Row>> e : byCluster.entrySet()) {
            clusters.put(e.getKey(), build(table.file(), e.getKey(), e.getValue()));
        }
        return clusters;
    }

    private static void checkRow(final String parameter, final DataTable.Row row) {
        row.require("value");
        row.require("source");
        if (!REQUIRED.contains(parameter) && !OPTIONAL_KEYS.contains(parameter) && !parameter.startsWith(LINKS)) {
            throw row.error("parameter = '" + parameter + "': must be one of " + String.join(", ", REQUIRED)
                    + ", " + String.join(", ", OPTIONAL_KEYS) + " or " + LINKS + "I.J");
        }
        if (parameter.endsWith("_gbps")) {
            positive(row);
        } else if (parameter.endsWith("_us")) {
            nonNegative(row);
        }
    }

    private static Cluster build(final String file, final String name, final Map<String, DataTable.Row> p) {
        ItemRows.requireParameters(file, "cluster", name, p, REQUIRED);
        final Map<String, String> sources = ItemRows.sources(p);
        final int gpus = integer(p.get("gpus_per_node"), 1, MAX_GPUS_PER_NODE);
        final String topology = p.get("peer_topology").require("value").toLowerCase(Locale.ROOT);
        final double linkBandwidth = positive(p.get("peer_link_bandwidth_gbps")) * GIGA;
        double[][] peer = null;
        if (topology.equals("switch")) {
            peer = null;
        } else if (topology.equals("links")) {
            if (gpus > MAX_LINKED_GPUS) {
                throw p.get("gpus_per_node").error("gpus_per_node = " + gpus + " with peer_topology = links: must be at"
                        + " most " + MAX_LINKED_GPUS + " (or use peer_topology = switch)");
            }
            peer = new double[gpus][gpus];
            final DataTable.Row fallbackRow = p.get(OPTIONAL);
            final double fallback = fallbackRow == null ? Double.NaN : positive(fallbackRow) * GIGA;
            for (final Map.Entry<String, DataTable.Row> e : p.entrySet()) {
                if (e.getKey().startsWith(LINKS)) {
                    final int[] pair = pair(e.getValue(), e.getKey(), gpus);
                    final int count = integer(e.getValue(), 0, 64);
                    peer[pair[0]][pair[1]] = count * linkBandwidth;
                    peer[pair[1]][pair[0]] = count * linkBandwidth;
                }
            }
            for (int i = 0; i < gpus; i++) {
                for (int j = 0; j < gpus; j++) {
                    if (i != j && peer[i][j] == 0) {
                        if (Double.isNaN(fallback)) {
                            throw p.get("peer_topology").error("GPUs " + i + " and " + j + " have no "
                                    + LINKS + i + "." + j + " row: give one, or " + OPTIONAL + " for unlinked pairs");
                        }
                        peer[i][j] = fallback;
                    }
                }
            }
        } else {
            throw p.get("peer_topology").error("peer_topology = '" + topology + "': must be switch or links");
        }
        final String fabricName = p.get("nccl_intra_fabric").require("value").toLowerCase(Locale.ROOT);
        if (!fabricName.equals("nvlink") && !fabricName.equals("pci")) {
            throw p.get("nccl_intra_fabric").error("nccl_intra_fabric = '" + fabricName + "': must be nvlink or pci");
        }
        final DataTable.Row intraBw = p.get(INTRA_BW);
        final DataTable.Row intraLinks = p.get(INTRA_LINKS);
        if ((intraBw == null) == (intraLinks == null)) {
            throw new DataFileException(file, 0, "cluster '" + name + "' has " + (intraBw == null ? "neither" : "both")
                    + " '" + INTRA_BW + "' and '" + INTRA_LINKS + "': give exactly one");
        }
        final int links = intraLinks == null ? 0 : integer(intraLinks, 1, 1024);
        final NcclFabric fabric;
        final NcclGeneration generation;
        final NcclCpuVendor cpu;
        final NicSharing sharing;
        try {
            generation = NcclGeneration.parse(p.get("nccl_generation").require("value"));
            cpu = p.containsKey("host_cpu_vendor") ? NcclCpuVendor.parse(p.get("host_cpu_vendor").require("value"))
                    : NcclCpuVendor.INTEL;
            sharing = p.containsKey("nic_sharing") ? NicSharing.parse(p.get("nic_sharing").require("value"))
                    : NicSharing.PER_NODE;
            final NcclArchitecture arch = NcclArchitecture.parse(p.get("nccl_architecture").require("value"));
            // with NVLinks per channel, the fabric's own intra bandwidth is that of the cluster's generation
            final double intra = intraBw != null ? positive(intraBw)
                    : links * org.scalebench.training.collective.NcclConstants.of(generation).nvlinkBandwidth(arch);
            fabric = new NcclFabric(arch, fabricName.equals("nvlink"),
                    integer(p.get("nccl_channels_single_node"), 1, 1024),
                    integer(p.get("nccl_channels_multi_node"), 1, 1024), intra,
                    positive(p.get("nccl_bw_inter_per_channel_gbps")), cpu);
        } catch (final DataFileException e) {
            throw e;
        } catch (final IllegalArgumentException e) {
            throw new DataFileException(file, 0, "cluster '" + name + "': " + e.getMessage());
        }
        final int nics = p.containsKey("nics_per_node") ? integer(p.get("nics_per_node"), 1,
                sharing == NicSharing.PER_GPU ? gpus : MAX_GPUS_PER_NODE) : fabric.channelsMultiNode();
        if (sharing == NicSharing.PER_GPU && (nics > gpus || gpus % nics != 0)) {
            throw (p.containsKey("nics_per_node") ? p.get("nics_per_node") : p.get("nic_sharing")).error(
                    "nics_per_node = " + nics + " with nic_sharing = per-gpu: must divide gpus_per_node = " + gpus
                            + " (each rail serves the same number of GPUs)");
        }
        try {
            final Cluster.Builder cluster = Cluster.builder(name, p.get("device").require("value"), gpus)
                    .hbmBandwidth(positive(p.get("hbm_bandwidth_gbps")) * GIGA)
                    .intraNode(nonNegative(p.get("intra_latency_us")) * MICRO,
                            positive(p.get("intra_bandwidth_gbps")) * GIGA)
                    .interNode(nonNegative(p.get("inter_latency_us")) * MICRO,
                            positive(p.get("inter_bandwidth_gbps")) * GIGA)
                    .nccl(fabric, generation)
                    .ncclNvlinksPerChannel(links)
                    .nics(sharing, nics)
                    .peerLatency(nonNegative(p.get("peer_latency_us")) * MICRO)
                    .sources(sources);
            if (p.containsKey(PEAK)) {
                cluster.peakTensorFlops(positive(p.get(PEAK)) * TERA);
            }
            return (peer == null ? cluster.switchedPeers(linkBandwidth) : cluster.linkedPeers(peer, linkBandwidth))
                    .build();
        } catch (final IllegalArgumentException e) {
            throw new DataFileException(file, 0, "cluster '" + name + "': " + e.getMessage());
        }
    }

    private static int[] pair(final DataTable.Row row, final String parameter, final int gpus) {
        final String[] parts = parameter.substring(LINKS.length()).split("\\.");
        try {
            final int i = Integer.parseInt(parts[0]);
            final int j = Integer.parseInt(parts[1]);
            if (parts.length != 2 || i < 0 || j < 0 || i >= gpus || j >= gpus || i == j) {
                throw new NumberFormatException();
            }
            return new int[] {i, j};
        } catch (final NumberFormatException | ArrayIndexOutOfBoundsException e) {
            throw row.error("parameter = '" + parameter + "': must be " + LINKS + "I.J with distinct GPU indices in [0, "
                    + gpus + ")");
        }
    }

    /** A bandwidth (GB/s) or latency (us): positive, at most {@value #MAX_QUANTITY} (1 PB/s, 1 s). */
    private static double positive(final DataTable.Row row) {
        final double v = row.number("value");
        if (!(v > 0) || v > MAX_QUANTITY) {
            throw row.error(row.get("parameter") + " = " + TextLimits.quoted(row.get("value")) + ": must be positive and at most "
                    + (long) MAX_QUANTITY);
        }
        return v;
    }

    /** A latency (us): at least 0, at most {@value #MAX_QUANTITY} (1 s). */
    private static double nonNegative(final DataTable.Row row) {
        final double v = row.number("value");
        if (!(v >= 0) || v > MAX_QUANTITY) {
            throw row.error(row.get("parameter") + " = " + TextLimits.quoted(row.get("value")) + ": must be in [0, "
                    + (long) MAX_QUANTITY + "]");
        }
        return v;
    }

    private static int integer(final DataTable.Row row, final int min, final int max) {
        final double v = row.number("value");
        if (v != Math.rint(v) || v < min || v > max) {
            throw row.error(row.get("parameter") + " = " + TextLimits.quoted(row.get("value")) + ": must be an integer "
                    + (max == Integer.MAX_VALUE ? "of at least " + min : "in [" + min + ", " + max + "]"));
        }
        return (int) v;
    }

    /** The built-in clusters, read once on first use. */
    private static final class BuiltIn {
        static final Map<String, Cluster> ALL = readAll(DataTable.resource(ClusterCatalog.class, RESOURCE));
    }
}
