package org.scalebench.training.collective;

import java.util.Set;
import org.scalebench.core.Bits;
import org.scalebench.core.Checks;

/**
 * NCCL's own cost model, as {@code ncclTopoTuneModel} and {@code ncclTopoGetAlgoTime} compute it, for a
 * communicator of {@code nRanks} GPUs on {@code nNodes} nodes of a {@link NcclFabric}:
 * <pre>
 *   speed  = bwIntra (one node); min(bwIntra, bwInter) for a multi-node ring; for a multi-node tree
 *            min(bwIntra, 2 bwInter) up to 2 nodes, bwInter beyond           (NCCL's graph search, see below)
 *   busBw  = nChannels * speed                                        then per-algorithm/protocol refinements
 *   algBw  = busBw * (ring ? nRanks / nSteps : 0.5)
 *   lat    = baseLat[algo][proto] + hardware latencies (per ring step, or per tree level)
 *   time   = lat + bytes / (1000 * algBw)   microseconds         (tree all-reduce: algBw * treeCorrection)
 * </pre>
 * with the constants and refinements of the chosen {@link NcclGeneration}: NCCL 2.5.6 (ring LL x1/4, ring LL128
 * {@code min(busBw * 120/128, ll128MaxBw[coll])}, tree {@code min(0.9 busBw, 90 or 70)}, tree LL x1/3, tree
 * LL128 x7/9, LL128 on Volta NVLink only; ring latency {@code base + nSteps * hwLat}) or HEAD (per-architecture
 * caps, the multi-node LL cap and the network overhead chosen by the host CPU vendor, the tree factor 0.85 for the
 * plain tree pattern, the ring "plateau" latency factor). The points where this model follows NCCL's source line
 * by line are listed, with the lines, in {@link NcclCorrection}. {@link #fastest} picks the algorithm and protocol
 * of least time, as NCCL does. Tree is modelled for all-reduce only, and all-to-all (point-to-point in NCCL) is
 * not modelled: {@link #seconds} returns infinity for combinations NCCL would not use.
 *
 * <p>The tree pattern: NCCL's search sets the plain {@code NCCL_TOPO_PATTERN_TREE} when a node holds one GPU of
 * the communicator ({@code src/graph/search.cc} at 5067397 line 1133) and otherwise finds a balanced or split tree,
 * so the model takes the plain pattern exactly when {@code nRanks == nNodes}.
 *
 * <p>Immutable and thread-safe; every evaluation is a closed form that allocates nothing.
 */
public final class NcclModel {

    private static final NcclAlgorithm[] ALGORITHMS = NcclAlgorithm.values();
    private static final NcclProtocol[] PROTOCOLS = NcclProtocol.values();
    private static final int TREE = NcclAlgorithm.TREE.ordinal();
    private static final int RING = NcclAlgorithm.RING.ordinal();
    private static final int LL = NcclProtocol.LL.ordinal();
    private static final int LL128 = NcclProtocol.LL128.ordinal();
    private static final int SIMPLE = NcclProtocol.SIMPLE.ordinal();
    private static final int LL_CAP = 0;
    private static final int RING_LL128_CAP = 1;
    private static final int TREE_LL128_CAP = 2;
    private static final int TREE_CAP = 3;

    private final NcclConstants constants;
    private final NcclFabric fabric;
    private final boolean head;
    private final int intraHw;
    private final boolean ll128Enabled;
    private final boolean multiNodeIntra;
    private final boolean treeFactorPlainOnly;
    private final boolean correctionRange;
    private final int correctionLimit;
    private final double[][] baseLat = new double[2][3];
    private final double[][][] hwLat = new double[3][2][3];
    private final double[][] treeCorrection = new double[3][];
    private final double[] ll128MaxBw;
    private final double[][] caps = new double[4][3];
    private final double ringLlFactor;
    private final double ringLl128Factor;
    private final double treeFactor;
    private final double treeLlFactor;
    private final double treeLl128SingleNode;
    private final double treeLl128MultiNode;
    private final double treePatternFactor;
    private final double plateauFactor;
    private final double netOverhead;
    private final double simpleNetOverheadMultiplier;
    private final double treeMaxSingleNode;
    private final double treeMaxMultiNode;

    /**
     * Creates the model with every {@link NcclCorrection} applied.
     *
     * @param constants the generation's constants
     * @param fabric the cluster as NCCL sees it
     */
    public NcclModel(final NcclConstants constants, final NcclFabric fabric) {
        this(constants, fabric, Set.of());
    }

    /**
     * Creates the model with some corrections switched off, for sensitivity studies.
     *
     * @param constants the generation's constants
     * @param fabric the cluster as NCCL sees it
     * @param disabled the corrections not to apply
     */
    public NcclModel(final NcclConstants constants, final NcclFabric fabric, final Set<NcclCorrection> disabled) {
        this.constants = constants;
        this.fabric = fabric;
        this.head = constants.generation() == NcclGeneration.CURRENT;
        this.intraHw = fabric.nvlink() ? NcclConstants.NVLINK : NcclConstants.PCI;
        // 2.5.6 enables LL128 by default only on Volta with NVLink (src/graph/tuning.cc at 299c554d line 154);
        // HEAD on NVLink-class paths
        this.ll128Enabled = fabric.nvlink() && (head || fabric.architecture() == NcclArchitecture.VOLTA);
        this.multiNodeIntra = !disabled.contains(NcclCorrection.MULTI_NODE_INTRA_BANDWIDTH);
        this.treeFactorPlainOnly = !disabled.contains(NcclCorrection.TREE_FACTOR_PLAIN_PATTERN_ONLY);
        this.correctionRange = !disabled.contains(NcclCorrection.TREE_CORRECTION_RANGE);
        this.correctionLimit = correctionRange ? Math.min(64, constants.treeCorrectionLimit()) : 64;
        for (final NcclAlgorithm a : ALGORITHMS) {
            for (final NcclProtocol p : PROTOCOLS) {
                baseLat[a.ordinal()][p.ordinal()] = constants.baseLatency(a, p);
                for (int hw = 0; hw < 3; hw++) {
                    hwLat[hw][a.ordinal()][p.ordinal()] = constants.hwLatency(hw, a, p);
                }
            }
        }
        for (final NcclProtocol p : PROTOCOLS) {
            final double[] f = new double[64];
            for (int i = 0; i < f.length; i++) {
                f[i] = constants.treeCorrection(p, i);
            }
            treeCorrection[p.ordinal()] = f;
        }
        final Collective[] colls = Collective.values();
        ll128MaxBw = new double[colls.length];
        for (final Collective c : colls) {
            ll128MaxBw[c.ordinal()] = constants.ll128MaxBandwidth(c);
        }
        if (head) {
            for (int t = 0; t < 4; t++) {
                for (int n = 0; n < 3; n++) {
                    caps[t][n] = constants.architectureCap(t, fabric.architecture(), n);
                }
            }
            if (!disabled.contains(NcclCorrection.LL_CAP_BY_CPU_VENDOR)) {
                // multi-node LL caps come from the CPU-vendor row: AMD row 1, every other host row 0
                final NcclArchitecture row = fabric.hostCpu() == NcclCpuVendor.AMD ? NcclArchitecture.AMPERE
                        : NcclArchitecture.VOLTA;
                caps[LL_CAP][1] = constants.architectureCap(LL_CAP, row, 1);
                caps[LL_CAP][2] = constants.architectureCap(LL_CAP, row, 2);
            }
            ringLlFactor = constants.scalar("ringLLFactor");
            ringLl128Factor = constants.scalar("ringLL128Factor");
            treeFactor = constants.scalar("treeFactor");
            treeLlFactor = 1.0 / constants.scalar("treeLLDivisor");
            treeLl128SingleNode = constants.scalar("treeLL128SingleNodeFactor");
            treeLl128MultiNode = constants.scalar("treeLL128MultiNodeFactor");
            treePatternFactor = constants.scalar("treePatternFactor");
            plateauFactor = fabric.architecture().computeCapability() < 80
                    ? constants.scalar("ringPlateauFactorBeforeAmpere") : constants.scalar("ringPlateauFactorAmpereOn");
            netOverhead = fabric.hostCpu() == NcclCpuVendor.AMD
                    && !disabled.contains(NcclCorrection.NET_OVERHEAD_BY_CPU_VENDOR)
                    ? constants.scalar("netOverheadAmdUs") : constants.scalar("netOverheadUs");
            simpleNetOverheadMultiplier = constants.scalar("simpleNetOverheadMultiplier");
            treeMaxSingleNode = Double.POSITIVE_INFINITY;
            treeMaxMultiNode = Double.POSITIVE_INFINITY;
        } else {
            ringLlFactor = constants.scalar("ringLLFactor");
            ringLl128Factor = constants.scalar("ringLL128Factor");
            treeFactor = constants.scalar("treeFactor");
            treeLlFactor = constants.scalar("treeLLFactor");
            treeLl128SingleNode = constants.scalar("treeLL128Factor");
            treeLl128MultiNode = treeLl128SingleNode;
            treePatternFactor = 1.0;
            plateauFactor = 1.0;
            netOverhead = 0.0;
            simpleNetOverheadMultiplier = 1.0;
            treeMaxSingleNode = constants.treeMaxBandwidth(false);
            treeMaxMultiNode = constants.treeMaxBandwidth(true);
        }
    }

    /**
     * The constants in use.
     *
     * @return the constants
     */
    public NcclConstants constants() {
        return constants;
    }

    /**
     * The fabric modelled.
     *
     * @return the fabric
     */
    public NcclFabric fabric() {
        return fabric;
    }

    private static void check(final long bytes, final int nRanks, final int nNodes) {
        Checks.requireAtLeast("bytes", bytes, 0L);
        Checks.requireAtLeast("ranks", nRanks, 1);
        if (nNodes < 1 || nNodes > nRanks) {
            throw new IllegalArgumentException("nodes = " + nNodes + ": must be in [1, ranks = " + nRanks + "]");
        }
    }

    private static int steps(final Collective c, final int count) {
        switch (c) {
            case ALL_REDUCE:
                return 2 * (count - 1);
            case REDUCE_SCATTER:
            case ALL_GATHER:
                return count - 1;
            default:
                return count;
        }
    }

    /**
     * Algorithm bandwidth NCCL assigns to a combination, in GB/s (0 when NCCL would not use it).
     *
     * @param c the collective
     * @param algorithm the algorithm
     * @param protocol the protocol
     * @param nRanks ranks, at least 1
     * @param nNodes nodes, in {@code [1, nRanks]}
     * @return GB/s of algorithm bandwidth
     */
    public double algBandwidth(final Collective c, final NcclAlgorithm algorithm, final NcclProtocol protocol,
            final int nRanks, final int nNodes) {
        return algBw(c, algorithm.ordinal(), protocol.ordinal(), nRanks, nNodes, 1.0);
    }

    private double algBw(final Collective c, final int a, final int p, final int nRanks, final int nNodes,
            final double interShare) {
        if (c == Collective.ALL_TO_ALL || (a == TREE && c != Collective.ALL_REDUCE) || (p == LL128 && !ll128Enabled)) {
            return 0.0;
        }
        final int nChannels = nNodes == 1 ? fabric.channelsSingleNode() : fabric.channelsMultiNode();
        final double intra = fabric.bwIntraPerChannel();
        final double inter = fabric.bwInterPerChannel() * interShare;
        final double speed;
        if (nNodes == 1) {
            speed = intra;
        } else if (!multiNodeIntra) {
            speed = nNodes <= 2 ? intra : inter;
        } else if (a == RING) {
            // rings keep speedIntra == speedInter across nodes (search.cc at 299c554d 548; at 5067397 1270-1272)
            speed = Math.min(intra, inter);
        } else {
            // trees may raise speedIntra up to twice speedInter (search.cc at 299c554d 552; at 5067397 1279-1281);
            // the tuning reads it only up to 2 nodes (tuning.cc at 299c554d 103; at 5067397 306)
            speed = nNodes <= 2 ? Math.min(intra, 2 * inter) : inter;
        }
        double busBw = nChannels * speed;
        final int nodeColumn = nNodes == 1 ? 0 : nNodes == 2 ? 1 : 2;
        if (head) {
            if (a == RING) {
                if (p == LL) {
                    busBw = Math.min(caps[LL_CAP][nodeColumn], busBw * ringLlFactor);
                } else if (p == LL128) {
                    busBw = Math.min(busBw * ringLl128Factor, nChannels * caps[RING_LL128_CAP][nodeColumn]);
                }
            } else {
                busBw = Math.min(busBw * treeFactor, nChannels * caps[TREE_CAP][nodeColumn]);
                if (p == LL) {
                    busBw = Math.min(busBw * treeLlFactor, caps[LL_CAP][nodeColumn]);
                } else if (p == LL128) {
                    busBw = Math.min(busBw * (nNodes == 1 ? treeLl128SingleNode : treeLl128MultiNode),
                            nChannels * caps[TREE_LL128_CAP][nodeColumn]);
                }
                if (!treeFactorPlainOnly || nRanks == nNodes) {
                    busBw *= treePatternFactor;
                }
            }
        } else {
            if (a == RING) {
                if (p == LL) {
                    busBw *= ringLlFactor;
                } else if (p == LL128) {
                    busBw = Math.min(busBw * ringLl128Factor, ll128MaxBw[c.ordinal()]);
                }
            } else {
                busBw = Math.min(busBw * treeFactor, nNodes > 1 ? treeMaxMultiNode : treeMaxSingleNode);
                if (p == LL) {
                    busBw *= treeLlFactor;
                } else if (p == LL128) {
                    busBw *= treeLl128SingleNode;
                }
            }
        }
        final double ratio = a == RING ? nRanks / (double) steps(c, nRanks) : 0.5;
        return busBw * ratio;
    }

    /**
     * Latency NCCL assigns to a combination, in microseconds.
     *
     * @param c the collective
     * @param algorithm the algorithm
     * @param protocol the protocol
     * @param nRanks ranks, at least 2
     * @param nNodes nodes, in {@code [1, nRanks]}
     * @return microseconds
     */
    public double latency(final Collective c, final NcclAlgorithm algorithm, final NcclProtocol protocol,
            final int nRanks, final int nNodes) {
        return lat(c, algorithm.ordinal(), protocol.ordinal(), nRanks, nNodes);
    }

    private double lat(final Collective c, final int a, final int p, final int nRanks, final int nNodes) {
        double lat = baseLat[a][p];
        final double intraLat = hwLat[intraHw][a][p];
        final int log2Nodes = Bits.floorLog2(nNodes);
        if (!head) {
            if (a == RING) {
                final int hw = nNodes == 1 ? intraHw : NcclConstants.NET;
                return lat + steps(c, nRanks) * hwLat[hw][a][p];
            }
            return lat + 2.0 * ((nRanks / nNodes - 1) * intraLat + log2Nodes * hwLat[NcclConstants.NET][a][p]);
        }
        if (a == RING) {
            final boolean onePerNode = nRanks == nNodes;
            final double interLat = hwLat[NcclConstants.NET][onePerNode ? TREE : RING][p];
            if (c == Collective.BROADCAST || c == Collective.REDUCE) {
                return lat + (nNodes == 1 ? intraLat : interLat);
            }
            final int nSteps = steps(c, nRanks);
            final int nInterSteps = nNodes == 1 ? 0 : steps(c, nNodes);
            final double overhead = nNodes > 1 ? netOverhead * (p == SIMPLE ? simpleNetOverheadMultiplier : 1.0) : 0.0;
            return lat + (nSteps - nInterSteps) * Math.max(intraLat, overhead) + nInterSteps * interLat;
        }
        return lat + 2.0 * ((nRanks / nNodes - 1) * intraLat + log2Nodes * hwLat[NcclConstants.NET][a][p]);
    }

    /**
     * Time of one collective with a given algorithm and protocol, as NCCL predicts it.
     *
     * @param c the collective
     * @param algorithm the algorithm
     * @param protocol the protocol
     * @param bytes message size, at least 0
     * @param nRanks ranks, at least 1
     * @param nNodes nodes, in {@code [1, nRanks]}
     * @return seconds ({@link Double#POSITIVE_INFINITY} if NCCL would not use the combination; 0 for one rank)
     */
    public double seconds(final Collective c, final NcclAlgorithm algorithm, final NcclProtocol protocol,
            final long bytes, final int nRanks, final int nNodes) {
        check(bytes, nRanks, nNodes);
        return nRanks == 1 ? 0.0 : time(c, algorithm.ordinal(), protocol.ordinal(), bytes, nRanks, nNodes, 1.0);
    }

    private double time(final Collective c, final int a, final int p, final long bytes, final int nRanks,
            final int nNodes, final double interShare) {
        double bw = algBw(c, a, p, nRanks, nNodes, interShare);
        if (bw <= 0) {
            return Double.POSITIVE_INFINITY;
        }
        if (a == TREE) {
            bw *= correction(p, bytes);
        }
        final double lat = lat(c, a, p, nRanks, nNodes) * plateau(c, a, p, bytes, nRanks, nNodes);
        return (lat + bytes / (1000.0 * bw)) * 1e-6;
    }

    private double correction(final int p, final long bytes) {
        final long chunks = bytes >> 6;
        final int logSize;
        if (chunks == 0) {
            // log2i(0) = 0 in 2.5.6 (src/include/utils.h at 299c554d line 34); log2Down(0) = -1 at HEAD
            logSize = head && correctionRange ? -1 : 0;
        } else {
            logSize = Bits.floorLog2(chunks);
        }
        return logSize >= 0 && logSize < correctionLimit ? treeCorrection[p][logSize] : 1.0;
    }

    private double plateau(final Collective c, final int a, final int p, final long bytes, final int nRanks,
            final int nNodes) {
        if (head && a == RING && p == SIMPLE && nNodes > 1 && c == Collective.ALL_REDUCE
                && bytes / ((long) fabric.channelsMultiNode() * nRanks) >= 64) {
            return plateauFactor;
        }
        return 1.0;
    }

    /**
     * The factor NCCL multiplies a tree all-reduce's bandwidth by for a message size ({@code treeCorrectionFactor});
     * 1 outside the corrected range.
     *
     * @param protocol the protocol
     * @param bytes message size, at least 0
     * @return the factor
     */
    public double treeCorrectionFactor(final NcclProtocol protocol, final long bytes) {
        Checks.requireAtLeast("bytes", bytes, 0L);
        return correction(protocol.ordinal(), bytes);
    }

    /**
     * The factor NCCL multiplies a latency by for a message size: HEAD's ring "plateau" factor for large multi-node
     * Simple all-reduces, else 1.
     *
     * @param c the collective
     * @param algorithm the algorithm
     * @param protocol the protocol
     * @param bytes message size, at least 0
     * @param nRanks ranks, at least 1
     * @param nNodes nodes, in {@code [1, nRanks]}
     * @return the factor
     */
    public double latencyFactor(final Collective c, final NcclAlgorithm algorithm, final NcclProtocol protocol,
            final long bytes, final int nRanks, final int nNodes) {
        check(bytes, nRanks, nNodes);
        return plateau(c, algorithm.ordinal(), protocol.ordinal(), bytes, nRanks, nNodes);
    }

    /**
     * The algorithm and protocol NCCL would pick: the one of least predicted time.
     *
     * @param c the collective (not all-to-all)
     * @param bytes message size, at least 0
     * @param nRanks ranks, at least 1
     * @param nNodes nodes, in {@code [1, nRanks]}
     * @return a choice code: {@code algorithm.ordinal() * 3 + protocol.ordinal()} (decode with
     *     {@link #algorithmOf} and {@link #protocolOf})
     */
    public int fastest(final Collective c, final long bytes, final int nRanks, final int nNodes) {
        check(bytes, nRanks, nNodes);
        int best = RING * 3 + SIMPLE;
        double bestTime = Double.POSITIVE_INFINITY;
        for (int a = 0; a < 2; a++) {
            for (int p = 0; p < 3; p++) {
                final double t = nRanks == 1 ? 0.0 : time(c, a, p, bytes, nRanks, nNodes, 1.0);
                if (t < bestTime) {
                    bestTime = t;
                    best = a * 3 + p;
                }
            }
        }
        return best;
    }

    /**
     * Time of the fastest algorithm and protocol.
     *
     * @param c the collective
     * @param bytes message size, at least 0
     * @param nRanks ranks, at least 1
     * @param nNodes nodes, in {@code [1, nRanks]}
     * @return seconds ({@link Double#POSITIVE_INFINITY} for all-to-all)
     */
    public double fastestSeconds(final Collective c, final long bytes, final int nRanks, final int nNodes) {
        return fastestSeconds(c, bytes, nRanks, nNodes, 1.0);
    }

    /**
     * Time of the fastest algorithm and protocol for a communicator that gets only a share of each node's network
     * bandwidth (others send at the same time): the fabric's inter-node per-channel bandwidth is scaled by
     * {@code interShare} before NCCL's rules apply.
     *
     * @param c the collective
     * @param bytes message size, at least 0
     * @param nRanks ranks, at least 1
     * @param nNodes nodes, in {@code [1, nRanks]}
     * @param interShare the share of the inter-node bandwidth, in {@code (0, 1]}
     * @return seconds ({@link Double#POSITIVE_INFINITY} for all-to-all)
     */
    public double fastestSeconds(final Collective c, final long bytes, final int nRanks, final int nNodes,
            final double interShare) {
        check(bytes, nRanks, nNodes);
        if (!(interShare > 0 && interShare <= 1)) {
            throw new IllegalArgumentException("inter-node share = " + interShare + ": must be in (0, 1]");
        }
        if (nRanks == 1) {
            return 0.0;
        }
        double bestTime = Double.POSITIVE_INFINITY;
        for (int a = 0; a < 2; a++) {
            for (int p = 0; p < 3; p++) {
                bestTime = Math.min(bestTime, time(c, a, p, bytes, nRanks, nNodes, interShare));
            }
        }
        return bestTime;
    }

    /**
     * The algorithm of a choice code from {@link #fastest}.
     *
     * @param choice the code
     * @return the algorithm
     */
    public static NcclAlgorithm algorithmOf(final int choice) {
        return ALGORITHMS[choice / 3];
    }

    /**
     * The protocol of a choice code from {@link #fastest}.
     *
     * @param choice the code
     * @return the protocol
     */
    public static NcclProtocol protocolOf(final int choice) {
        return PROTOCOLS[choice % 3];
    }

    /**
     * The fastest combination as a {@link CollectiveCost} over a fixed number of nodes' worth of ranks per
     * node: {@code seconds(bytes, ranks)} uses {@code nNodes = ceil(ranks / ranksPerNode)}.
     *
     * @param c the collective
     * @param ranksPerNode GPUs per node, at least 1
     * @return the cost function
     */
    public CollectiveCost asCollectiveCost(final Collective c, final int ranksPerNode) {
        Checks.requireAtLeast("ranksPerNode", ranksPerNode, 1);
        if (c == Collective.ALL_TO_ALL) {
            throw new IllegalArgumentException("collective = all-to-all: not part of NCCL's tuning model");
        }
        return new CollectiveCost() {
            @Override
            public Collective collective() {
                return c;
            }

            @Override
            public String algorithm() {
                return "nccl-" + constants.generation().id();
            }

            @Override
            public double seconds(final long bytes, final int ranks) {
                Checks.requireAtLeast("ranks", ranks, 1);
                return fastestSeconds(c, bytes, ranks, (ranks + ranksPerNode - 1) / ranksPerNode);
            }
        };
    }
}
