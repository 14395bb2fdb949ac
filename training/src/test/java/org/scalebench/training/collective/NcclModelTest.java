package org.scalebench.training.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import org.junit.jupiter.api.Test;
import org.scalebench.training.data.CsvTable;
import org.scalebench.training.data.DataFileException;

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
        // tree: min(370.8 x 0.92, 18 x 38.7) x 0.85 x 0.5
        assertEquals(Math.min(370.8 * 0.92, 18 * 38.7) * 0.85 * 0.5, head.algBandwidth(Collective.ALL_REDUCE,
                NcclAlgorithm.TREE, NcclProtocol.SIMPLE, 8, 1), 1e-9);
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
                () -> NcclConstants.read(NcclGeneration.V2019, CsvTable.read("mini.csv", new StringReader(csv))));
        assertTrue(e.getMessage().startsWith("mini.csv: generation 2019: missing hwLat.NVLINK row TREE column LL"),
                e.getMessage());
    }

    @Test
    void generationsParse() {
        assertEquals(NcclGeneration.V2019, NcclGeneration.parse("2.5.6"));
        assertEquals(NcclGeneration.CURRENT, NcclGeneration.parse("HEAD"));
        assertThrows(IllegalArgumentException.class, () -> NcclGeneration.parse("2.18"));
    }
}
