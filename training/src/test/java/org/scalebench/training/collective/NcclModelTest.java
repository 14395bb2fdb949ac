package org.scalebench.training.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.scalebench.core.data.DataTable;
import org.scalebench.core.data.DataFileException;

/**
 * NCCL's tuning model on one 8-GPU DGX-1 node (6 NVLink channels of 20 GB/s) with the 2.5.6 constants, and on a
 * DGX-H100 node with HEAD's, against values worked out by hand from {@code src/graph/tuning.cc}.
 */
class NcclModelTest {

    private static final NcclFabric DGX1 = new NcclFabric(NcclArchitecture.VOLTA, true, 6, 4, 20.0, 12.0);
    private static final NcclModel V2019 = new NcclModel(NcclConstants.of(NcclGeneration.V2019), DGX1);
    private static final long GB = 1_000_000_000L;

    @Test
    void ringSimpleOnOneNode() {
        // busBw = 6 ch x 20 = 120 GB/s; algBw = 120 * 8 / (2 * 7) = 68.571 GB/s
        assertEquals(120.0 * 8 / 14, V2019.algBandwidth(Collective.ALL_REDUCE, NcclAlgorithm.RING,
                NcclProtocol.SIMPLE, 8, 1), 1e-9);
        // latency = baseLat 8.4 + nsteps 14 x hwLat[NVLINK][Ring][Simple] 5.7 = 88.2 us
        assertEquals(88.2, V2019.latency(Collective.ALL_REDUCE, NcclAlgorithm.RING, NcclProtocol.SIMPLE, 8, 1), 1e-9);
        assertEquals((88.2 + 1e9 / (1000 * 120.0 * 8 / 14)) * 1e-6,
                V2019.seconds(Collective.ALL_REDUCE, NcclAlgorithm.RING, NcclProtocol.SIMPLE, GB, 8, 1), 1e-12);
    }

    @Test
    void ringLowLatencyProtocols() {
        // LL: busBw x 1/4; latency 3.6 + 14 x 0.4 = 9.2 us
        assertEquals(30.0 * 8 / 14, V2019.algBandwidth(Collective.ALL_REDUCE, NcclAlgorithm.RING, NcclProtocol.LL,
                8, 1), 1e-9);
        assertEquals(9.2, V2019.latency(Collective.ALL_REDUCE, NcclAlgorithm.RING, NcclProtocol.LL, 8, 1), 1e-9);
        // LL128: min(120 x 120/128 = 112.5, ll128MaxBw[AllReduce] = 100); latency 3.6 + 14 x 2.5 = 38.6 us
        assertEquals(100.0 * 8 / 14, V2019.algBandwidth(Collective.ALL_REDUCE, NcclAlgorithm.RING,
                NcclProtocol.LL128, 8, 1), 1e-9);
        assertEquals(38.6, V2019.latency(Collective.ALL_REDUCE, NcclAlgorithm.RING, NcclProtocol.LL128, 8, 1), 1e-9);
    }

    @Test
    void treeOnOneNode() {
        // busBw = min(120 x 0.9, 90) = 90, algBw = 45; latency 0 + 2 (7 x 28 + 0) = 392 us
        assertEquals(45.0, V2019.algBandwidth(Collective.ALL_REDUCE, NcclAlgorithm.TREE, NcclProtocol.SIMPLE, 8, 1),
                1e-9);
        assertEquals(392.0, V2019.latency(Collective.ALL_REDUCE, NcclAlgorithm.TREE, NcclProtocol.SIMPLE, 8, 1),
                1e-9);
        // 1 MB: log2(1e6 / 64) = 13, Simple correction 0.5
        assertEquals((392.0 + 1e6 / (1000 * 45.0 * 0.5)) * 1e-6,
                V2019.seconds(Collective.ALL_REDUCE, NcclAlgorithm.TREE, NcclProtocol.SIMPLE, 1_000_000, 8, 1), 1e-12);
    }

    @Test
    void fastestIsLowLatencyForSmallAndSimpleForLargeMessages() {
        final int small = V2019.fastest(Collective.ALL_REDUCE, 1024, 8, 1);
        assertEquals(NcclAlgorithm.RING, NcclModel.algorithmOf(small));
        assertEquals(NcclProtocol.LL, NcclModel.protocolOf(small));
        final int large = V2019.fastest(Collective.ALL_REDUCE, GB, 8, 1);
        assertEquals(NcclAlgorithm.RING, NcclModel.algorithmOf(large));
        assertEquals(NcclProtocol.SIMPLE, NcclModel.protocolOf(large));
        assertEquals(V2019.seconds(Collective.ALL_REDUCE, NcclAlgorithm.RING, NcclProtocol.SIMPLE, GB, 8, 1),
                V2019.fastestSeconds(Collective.ALL_REDUCE, GB, 8, 1));
    }

    @Test
    void multiNodeRingUsesTheNetworkLatencyAndBandwidth() {
        // 4 nodes, 32 ranks: busBw = 4 ch x 12 = 48; latency 8.4 + 62 x hwLat[NET][Ring][Simple] 6.6 = 417.6 us
        assertEquals(48.0 * 32 / 62, V2019.algBandwidth(Collective.ALL_REDUCE, NcclAlgorithm.RING,
                NcclProtocol.SIMPLE, 32, 4), 1e-9);
        assertEquals(8.4 + 62 * 6.6, V2019.latency(Collective.ALL_REDUCE, NcclAlgorithm.RING, NcclProtocol.SIMPLE,
                32, 4), 1e-9);
        // tree across 4 nodes: min(48 x 0.9, 70) = 43.2; latency 2 (7 x 28 + 2 x 50) = 592 us
        assertEquals(43.2 / 2, V2019.algBandwidth(Collective.ALL_REDUCE, NcclAlgorithm.TREE, NcclProtocol.SIMPLE,
                32, 4), 1e-9);
        assertEquals(592.0, V2019.latency(Collective.ALL_REDUCE, NcclAlgorithm.TREE, NcclProtocol.SIMPLE, 32, 4),
                1e-9);
    }

    @Test
    void headConstantsOnADgxH100Node() {
        final NcclFabric h100 = new NcclFabric(NcclArchitecture.HOPPER, true, 18, 8, 20.6, 50.0);
        final NcclModel head = new NcclModel(NcclConstants.of(NcclGeneration.CURRENT), h100);
        // ring Simple: busBw 18 x 20.6 = 370.8; latency 8.4 + 14 x 3.4 = 56 us
        assertEquals(370.8 * 8 / 14, head.algBandwidth(Collective.ALL_REDUCE, NcclAlgorithm.RING,
                NcclProtocol.SIMPLE, 8, 1), 1e-9);
        assertEquals(56.0, head.latency(Collective.ALL_REDUCE, NcclAlgorithm.RING, NcclProtocol.SIMPLE, 8, 1), 1e-9);
        // ring LL: min(llMaxBw[Hopper][1 node] = 141, 370.8 x 0.5)
        assertEquals(141.0 * 8 / 14, head.algBandwidth(Collective.ALL_REDUCE, NcclAlgorithm.RING, NcclProtocol.LL,
                8, 1), 1e-9);
        // tree: min(370.8 x 0.92, 18 x 38.7) x 0.5; no 0.85: eight GPUs of one node form a balanced tree
        assertEquals(Math.min(370.8 * 0.92, 18 * 38.7) * 0.5, head.algBandwidth(Collective.ALL_REDUCE,
                NcclAlgorithm.TREE, NcclProtocol.SIMPLE, 8, 1), 1e-9);
    }

    @Test
    void multiNodeRingRunsInsideEachNodeAtItsNetworkBandwidth() {
        // DGX-1, 2 nodes, 16 ranks: busBw = 4 channels x min(NVLink 20, NET 12) = 48 GB/s, not 4 x 20 = 80
        assertEquals(48.0 * 16 / 30, V2019.algBandwidth(Collective.ALL_REDUCE, NcclAlgorithm.RING,
                NcclProtocol.SIMPLE, 16, 2), 1e-9);
        final NcclModel legacy = new NcclModel(NcclConstants.of(NcclGeneration.V2019), DGX1,
                Set.of(NcclCorrection.MULTI_NODE_INTRA_BANDWIDTH));
        assertEquals(80.0 * 16 / 30, legacy.algBandwidth(Collective.ALL_REDUCE, NcclAlgorithm.RING,
                NcclProtocol.SIMPLE, 16, 2), 1e-9);
    }

    @Test
    void multiNodeTreeRunsInsideNodesAtUpToTwiceItsNetworkBandwidth() {
        // 2 nodes: per-channel min(30, 2 x 10) = 20; 4 nodes: NET 10; tree busBw x 0.9 (2.5.6), ratio 0.5
        final NcclModel m = new NcclModel(NcclConstants.of(NcclGeneration.V2019),
                new NcclFabric(NcclArchitecture.VOLTA, true, 2, 2, 30.0, 10.0));
        assertEquals(2 * 20.0 * 0.9 * 0.5, m.algBandwidth(Collective.ALL_REDUCE, NcclAlgorithm.TREE,
                NcclProtocol.SIMPLE, 16, 2), 1e-9);
        assertEquals(2 * 10.0 * 0.9 * 0.5, m.algBandwidth(Collective.ALL_REDUCE, NcclAlgorithm.TREE,
                NcclProtocol.SIMPLE, 32, 4), 1e-9);
    }

    @Test
    void headMultiNodeLowLatencyCapFollowsTheHostCpuVendor() {
        // DGX-H100 on 4 nodes: ring LL busBw = min(llMaxBw, 8 x 50 x 0.5); Intel row 0 -> 20.4, AMD row 1 -> 19.0;
        // on one node the Hopper row: min(141, 18 x 20.6 x 0.5 = 185.4)
        final NcclConstants head = NcclConstants.of(NcclGeneration.CURRENT);
        final NcclFabric intel = new NcclFabric(NcclArchitecture.HOPPER, true, 18, 8, 20.6, 50.0, NcclCpuVendor.INTEL);
        final NcclFabric amd = new NcclFabric(NcclArchitecture.HOPPER, true, 18, 8, 20.6, 50.0, NcclCpuVendor.AMD);
        assertEquals(20.4 * 32 / 62, new NcclModel(head, intel).algBandwidth(Collective.ALL_REDUCE,
                NcclAlgorithm.RING, NcclProtocol.LL, 32, 4), 1e-9);
        assertEquals(19.0 * 32 / 62, new NcclModel(head, amd).algBandwidth(Collective.ALL_REDUCE,
                NcclAlgorithm.RING, NcclProtocol.LL, 32, 4), 1e-9);
        assertEquals(141.0 * 8 / 14, new NcclModel(head, amd).algBandwidth(Collective.ALL_REDUCE,
                NcclAlgorithm.RING, NcclProtocol.LL, 8, 1), 1e-9);
        assertEquals(35.0 * 32 / 62, new NcclModel(head, intel, Set.of(NcclCorrection.LL_CAP_BY_CPU_VENDOR))
                .algBandwidth(Collective.ALL_REDUCE, NcclAlgorithm.RING, NcclProtocol.LL, 32, 4), 1e-9);
    }

    @Test
    void headNetworkOverheadIsTwoMicrosecondsOnAmdHosts() {
        final NcclConstants head = NcclConstants.of(NcclGeneration.CURRENT);
        final NcclFabric intel = new NcclFabric(NcclArchitecture.AMPERE, true, 12, 8, 20, 25, NcclCpuVendor.INTEL);
        final NcclFabric amd = new NcclFabric(NcclArchitecture.AMPERE, true, 12, 8, 20, 25, NcclCpuVendor.AMD);
        // 32 ranks on 4 nodes, LL: 6.6 + (62 - 6) x max(0.6, overhead) + 6 x 2.7
        assertEquals(6.6 + 56 * 1.0 + 6 * 2.7, new NcclModel(head, intel).latency(Collective.ALL_REDUCE,
                NcclAlgorithm.RING, NcclProtocol.LL, 32, 4), 1e-9);
        assertEquals(6.6 + 56 * 2.0 + 6 * 2.7, new NcclModel(head, amd).latency(Collective.ALL_REDUCE,
                NcclAlgorithm.RING, NcclProtocol.LL, 32, 4), 1e-9);
        // Simple: overhead x 3 = 6 on AMD beats NVLink's 3.4; 14 + 14 per network step
        assertEquals(8.4 + 56 * 6.0 + 6 * 14.0, new NcclModel(head, amd).latency(Collective.ALL_REDUCE,
                NcclAlgorithm.RING, NcclProtocol.SIMPLE, 32, 4), 1e-9);
    }

    @Test
    void headTreeFactorAppliesToThePlainTreePatternOnly() {
        final NcclModel head = new NcclModel(NcclConstants.of(NcclGeneration.CURRENT), DGX1);
        // one GPU per node (4 ranks, 4 nodes): plain tree, busBw = min(4 x 12 x 0.92, 4 x 10) x 0.85
        assertEquals(Math.min(4 * 12 * 0.92, 4 * 10.0) * 0.85 * 0.5, head.algBandwidth(Collective.ALL_REDUCE,
                NcclAlgorithm.TREE, NcclProtocol.SIMPLE, 4, 4), 1e-9);
        // eight GPUs per node: balanced tree, no 0.85
        assertEquals(Math.min(4 * 12 * 0.92, 4 * 10.0) * 0.5, head.algBandwidth(Collective.ALL_REDUCE,
                NcclAlgorithm.TREE, NcclProtocol.SIMPLE, 32, 4), 1e-9);
    }

    @Test
    void treeCorrectionCoversTheIndicesEachGenerationReads() {
        final NcclModel head = new NcclModel(NcclConstants.of(NcclGeneration.CURRENT), DGX1);
        // HEAD: index 22 (256 MiB) corrected (Simple .9), index 23 (512 MiB) not, below 64 B not
        assertEquals(0.9, head.treeCorrectionFactor(NcclProtocol.SIMPLE, 64L << 22), 0);
        assertEquals(1.0, head.treeCorrectionFactor(NcclProtocol.SIMPLE, 64L << 23), 0);
        assertEquals(1.0, head.treeCorrectionFactor(NcclProtocol.SIMPLE, 63), 0);
        // 2.5.6: index 21 (128 MiB) corrected, index 22 not; below 64 B index 0 (log2i(0) = 0)
        assertEquals(0.9, V2019.treeCorrectionFactor(NcclProtocol.SIMPLE, 64L << 21), 0);
        assertEquals(1.0, V2019.treeCorrectionFactor(NcclProtocol.SIMPLE, 64L << 22), 0);
        assertEquals(0.9, V2019.treeCorrectionFactor(NcclProtocol.SIMPLE, 63), 0);
        final NcclModel legacy = new NcclModel(NcclConstants.of(NcclGeneration.CURRENT), DGX1,
                Set.of(NcclCorrection.TREE_CORRECTION_RANGE));
        assertEquals(0.9, legacy.treeCorrectionFactor(NcclProtocol.SIMPLE, 64L << 23), 0);
    }

    @Test
    void the256TreeCorrectionRowsAreThoseOfItsEnqueueCc() {
        // src/enqueue.cc at 299c554d lines 233-234: LL index 12 = .5 (HEAD .4), LL128 index 9 = .8 (HEAD .7)
        assertEquals(0.5, V2019.treeCorrectionFactor(NcclProtocol.LL, 64L << 12), 0);
        assertEquals(0.8, V2019.treeCorrectionFactor(NcclProtocol.LL128, 64L << 9), 0);
        assertEquals(0.5, V2019.treeCorrectionFactor(NcclProtocol.SIMPLE, 64L << 16), 0);
        final NcclModel head = new NcclModel(NcclConstants.of(NcclGeneration.CURRENT), DGX1);
        assertEquals(0.4, head.treeCorrectionFactor(NcclProtocol.LL, 64L << 12), 0);
    }

    @Test
    void eachGenerationHasItsOwnNvlinkWidth() {
        assertEquals(21.0, NcclConstants.of(NcclGeneration.V2019).nvlinkBandwidth(NcclArchitecture.VOLTA), 0);
        assertEquals(20.0, NcclConstants.of(NcclGeneration.CURRENT).nvlinkBandwidth(NcclArchitecture.VOLTA), 0);
        assertEquals(20.6, NcclConstants.of(NcclGeneration.CURRENT).nvlinkBandwidth(NcclArchitecture.HOPPER), 0);
    }

    @Test
    void ll128IsOnlyEnabledOnVoltaIn256() {
        final NcclModel ampere = new NcclModel(NcclConstants.of(NcclGeneration.V2019),
                new NcclFabric(NcclArchitecture.AMPERE, true, 12, 8, 21, 25));
        assertEquals(0.0, ampere.algBandwidth(Collective.ALL_REDUCE, NcclAlgorithm.RING, NcclProtocol.LL128, 8, 1));
        assertTrue(V2019.algBandwidth(Collective.ALL_REDUCE, NcclAlgorithm.RING, NcclProtocol.LL128, 8, 1) > 0);
    }

    @Test
    void headRingPlateauRaisesMultiNodeSimpleLatency() {
        final NcclModel head = new NcclModel(NcclConstants.of(NcclGeneration.CURRENT), DGX1);
        final double lat = head.latency(Collective.ALL_REDUCE, NcclAlgorithm.RING, NcclProtocol.SIMPLE, 32, 4);
        // 8.4 + (62 - 6) x max(3.4, 1.0 x 3) + 6 x 14.0
        assertEquals(8.4 + 56 * 3.4 + 6 * 14.0, lat, 1e-9);
        final double bw = head.algBandwidth(Collective.ALL_REDUCE, NcclAlgorithm.RING, NcclProtocol.SIMPLE, 32, 4);
        // large message: latency x 1.9 (Volta plateau factor)
        assertEquals((lat * 1.9 + 1e9 / (1000 * bw)) * 1e-6,
                head.seconds(Collective.ALL_REDUCE, NcclAlgorithm.RING, NcclProtocol.SIMPLE, GB, 32, 4), 1e-12);
    }

    @Test
    void combinationsNcclWouldNotUseCostInfinity() {
        assertTrue(Double.isInfinite(V2019.seconds(Collective.ALL_GATHER, NcclAlgorithm.TREE, NcclProtocol.SIMPLE,
                GB, 8, 1)));
        assertTrue(Double.isInfinite(V2019.fastestSeconds(Collective.ALL_TO_ALL, GB, 8, 1)));
        final NcclModel pci = new NcclModel(NcclConstants.of(NcclGeneration.V2019),
                new NcclFabric(NcclArchitecture.VOLTA, false, 2, 2, 12, 12));
        assertTrue(Double.isInfinite(pci.seconds(Collective.ALL_REDUCE, NcclAlgorithm.RING, NcclProtocol.LL128,
                GB, 8, 1)));
        assertEquals(0.0, V2019.fastestSeconds(Collective.ALL_REDUCE, GB, 1, 1));
    }

    @Test
    void badCommunicatorsAreRejected() {
        assertEquals("nodes = 3: must be in [1, ranks = 2]", assertThrows(IllegalArgumentException.class,
                () -> V2019.fastestSeconds(Collective.ALL_REDUCE, 8, 2, 3)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> V2019.fastest(Collective.ALL_REDUCE, -1, 8, 1));
        assertThrows(IllegalArgumentException.class, () -> new NcclFabric(NcclArchitecture.VOLTA, true, 6, 4, 0, 12));
    }

    @Test
    void asCollectiveCostSplitsRanksIntoNodes() {
        final CollectiveCost cost = V2019.asCollectiveCost(Collective.ALL_REDUCE, 8);
        assertEquals(V2019.fastestSeconds(Collective.ALL_REDUCE, GB, 32, 4), cost.seconds(GB, 32));
        assertEquals("nccl-2019", cost.algorithm());
    }

    @Test
    void constantTablesMissingARowNameTheTable() {
        final String csv = "generation,table,row,column,value,source\n2019,baseLat,TREE,LL,4.4,x\n";
        final DataFileException e = assertThrows(DataFileException.class,
                () -> NcclConstants.read(NcclGeneration.V2019, DataTable.read("mini.csv", new StringReader(csv))));
        assertTrue(e.getMessage().startsWith("mini.csv: generation 2019: missing hwLat.NVLINK row TREE column LL"),
                e.getMessage());
    }

    @Test
    void generationsParse() {
        assertEquals(NcclGeneration.V2019, NcclGeneration.parse("2.5.6"));
        assertEquals(NcclGeneration.CURRENT, NcclGeneration.parse("HEAD"));
        assertThrows(IllegalArgumentException.class, () -> NcclGeneration.parse("2.18"));
    }

    @Test
    void headTreeLowLatencyDividesByThreePointEight() {
        final NcclModel head = new NcclModel(NcclConstants.of(NcclGeneration.CURRENT),
                new NcclFabric(NcclArchitecture.HOPPER, true, 18, 8, 20.6, 50.0));
        // min(min(370.8 x 0.92, 18 x 38.7) / 3.8, llMaxBw 141) x 0.5; no 0.85 (eight ranks on one node)
        assertEquals(370.8 * 0.92 / 3.8 * 0.5, head.algBandwidth(Collective.ALL_REDUCE, NcclAlgorithm.TREE,
                NcclProtocol.LL, 8, 1), 1e-9);
        // head tree latency on 4 nodes of 8: 8.4 + 2 ((8 - 1) x 4.0 + lg 4 x 14)
        assertEquals(8.4 + 2 * (7 * 4.0 + 2 * 14.0), new NcclModel(NcclConstants.of(NcclGeneration.CURRENT), DGX1)
                .latency(Collective.ALL_REDUCE, NcclAlgorithm.TREE, NcclProtocol.SIMPLE, 32, 4), 1e-9);
    }

    @Test
    void headRingLowLatencyBelowItsCapIsHalfTheBusBandwidth() {
        // two 20 GB/s channels on a Volta node: min(llMaxBw 39, 40 x 0.5) = 20
        final NcclModel head = new NcclModel(NcclConstants.of(NcclGeneration.CURRENT),
                new NcclFabric(NcclArchitecture.VOLTA, true, 2, 2, 20.0, 12.0));
        assertEquals(20.0 * 8 / 14, head.algBandwidth(Collective.ALL_REDUCE, NcclAlgorithm.RING, NcclProtocol.LL,
                8, 1), 1e-9);
    }

    @Test
    void headRingPlateauIsOnePointFourFromAmpereOnAndStartsAt64BytesPerChannelAndRank() {
        final NcclModel head = new NcclModel(NcclConstants.of(NcclGeneration.CURRENT),
                new NcclFabric(NcclArchitecture.AMPERE, true, 12, 8, 20, 25));
        // 8 multi-node channels x 32 ranks x 64 B = 16384 B
        assertEquals(1.4, head.latencyFactor(Collective.ALL_REDUCE, NcclAlgorithm.RING, NcclProtocol.SIMPLE, 16384,
                32, 4), 0);
        assertEquals(1.0, head.latencyFactor(Collective.ALL_REDUCE, NcclAlgorithm.RING, NcclProtocol.SIMPLE, 16383,
                32, 4), 0);
        assertEquals(1.0, head.latencyFactor(Collective.ALL_REDUCE, NcclAlgorithm.RING, NcclProtocol.LL, GB, 32, 4), 0);
        assertThrows(IllegalArgumentException.class, () -> head.latencyFactor(Collective.ALL_REDUCE,
                NcclAlgorithm.RING, NcclProtocol.SIMPLE, GB, 2, 3));
    }

    @Test
    void aShareOfTheNetworkIsTheSameAsANetworkThatMuchSlower() {
        final NcclModel half = new NcclModel(NcclConstants.of(NcclGeneration.V2019),
                new NcclFabric(NcclArchitecture.VOLTA, true, 6, 4, 20.0, 6.0));
        for (final long bytes : new long[] {4096, 1 << 20, GB}) {
            assertEquals(half.fastestSeconds(Collective.ALL_REDUCE, bytes, 32, 4),
                    V2019.fastestSeconds(Collective.ALL_REDUCE, bytes, 32, 4, 0.5), 1e-15);
        }
        assertThrows(IllegalArgumentException.class, () -> V2019.fastestSeconds(Collective.ALL_REDUCE, GB, 32, 4, 0));
        assertThrows(IllegalArgumentException.class,
                () -> V2019.fastestSeconds(Collective.ALL_REDUCE, GB, 32, 4, 1.01));
    }

    @Test
    void unusableCombinationsCostInfinityEvenForAnEmptyMessage() {
        assertTrue(Double.isInfinite(V2019.seconds(Collective.ALL_GATHER, NcclAlgorithm.TREE, NcclProtocol.SIMPLE,
                0, 8, 1)));
        assertThrows(IllegalArgumentException.class, () -> V2019.seconds(Collective.ALL_REDUCE, NcclAlgorithm.RING,
                NcclProtocol.SIMPLE, GB, 2, 3));
    }

    @Test
    void asACollectiveCostTheRanksFillNodesOfTheGivenSize() {
        final CollectiveCost cost = V2019.asCollectiveCost(Collective.ALL_REDUCE, 8);
        assertEquals(Collective.ALL_REDUCE, cost.collective());
        assertEquals("nccl-" + NcclGeneration.V2019.id(), cost.algorithm());
        // 16 ranks of 8 per node: 2 nodes; 17 ranks: 3
        assertEquals(V2019.fastestSeconds(Collective.ALL_REDUCE, GB, 16, 2), cost.seconds(GB, 16), 0);
        assertEquals(V2019.fastestSeconds(Collective.ALL_REDUCE, GB, 17, 3), cost.seconds(GB, 17), 0);
        assertEquals(DGX1, V2019.fabric());
        assertEquals(NcclGeneration.V2019, V2019.constants().generation());
    }

    @Test
    void ringBroadcastOn256PaysOneHopPerRank() {
        // 2.5.6 ring: base 8.4 + nSteps x NVLink 5.7, nSteps = p = 8 for a broadcast (all-gather: p - 1 = 7)
        assertEquals(8.4 + 7 * 5.7, V2019.latency(Collective.ALL_GATHER, NcclAlgorithm.RING, NcclProtocol.SIMPLE, 8, 1),
                1e-9);
        assertEquals(8.4 + 8 * 5.7,
                V2019.latency(Collective.BROADCAST, NcclAlgorithm.RING, NcclProtocol.SIMPLE, 8, 1), 1e-9);
    }

    @Test
    void headRingBroadcastPaysOneHop() {
        final NcclModel head = new NcclModel(NcclConstants.of(NcclGeneration.CURRENT), DGX1);
        // LL: base 6.6 + one NVLink hop 0.6 on a node; + one network hop across nodes, ring 2.7, tree 5.0 when
        // every node holds one rank
        assertEquals(6.6 + 0.6, head.latency(Collective.BROADCAST, NcclAlgorithm.RING, NcclProtocol.LL, 8, 1), 1e-9);
        assertEquals(6.6 + 2.7, head.latency(Collective.REDUCE, NcclAlgorithm.RING, NcclProtocol.LL, 32, 4), 1e-9);
        assertEquals(6.6 + 5.0, head.latency(Collective.BROADCAST, NcclAlgorithm.RING, NcclProtocol.LL, 4, 4), 1e-9);
    }
}
