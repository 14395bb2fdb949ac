package org.scalebench.training.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scalebench.training.collective.NcclArchitecture;
import org.scalebench.training.collective.NcclCpuVendor;
import org.scalebench.training.collective.NcclGeneration;
import org.scalebench.core.data.DataFileException;

class ClusterCatalogTest {

    @Test
    void builtInClustersAreTheDgxFamilyAndJeanZay() {
        assertEquals(List.of("dgx1", "dgx-a100", "dgx-a100-80gb", "dgx-h100", "dgx2", "dgx2h", "jean-zay-a100"),
                ClusterCatalog.builtInNames());
    }

    @Test
    void theEightyGigabyteDgxA100DiffersFromTheFortyInItsMemoryOnly() {
        final Cluster forty = ClusterCatalog.builtIn("dgx-a100");
        final Cluster eighty = ClusterCatalog.builtIn("dgx-a100-80gb");
        assertEquals(1555e9, forty.hbmBandwidth(), 1);
        assertEquals(2039e9, eighty.hbmBandwidth(), 1);
        assertEquals(forty.gpusPerNode(), eighty.gpusPerNode());
        assertEquals(forty.intraLink().bandwidth(), eighty.intraLink().bandwidth(), 1);
        assertEquals(forty.interLinkPerNode().bandwidth(), eighty.interLinkPerNode().bandwidth(), 1);
        assertEquals(forty.interLinkPerNode().alpha(), eighty.interLinkPerNode().alpha(), 1e-12);
        assertEquals(forty.peerBandwidth(0, 7), eighty.peerBandwidth(0, 7), 1);
        assertEquals(forty.ncclGeneration(), eighty.ncclGeneration());
    }

    @Test
    void dgx1HasTheHybridCubeMeshAndFourEdrNics() {
        final Cluster c = ClusterCatalog.builtIn("DGX1");
        assertEquals(8, c.gpusPerNode());
        assertEquals(120e9, c.intraLink().bandwidth(), 1);
        assertEquals(48e9, c.interLinkPerNode().bandwidth(), 1);
        assertEquals(6e9, c.interLinkPerGpu().bandwidth(), 1);
        assertEquals(3.0 / 900e9, c.intraLink().gamma(), 1e-20);
        assertEquals(NcclGeneration.V2019, c.ncclGeneration());
        assertEquals(NcclArchitecture.VOLTA, c.ncclFabric().architecture());
        // GPU0: 1 link to GPU1 and GPU2, 2 to GPU3 and GPU4, none to GPU5-7 (QPI fallback)
        assertEquals(20e9, c.peerBandwidth(0, 1), 1);
        assertEquals(40e9, c.peerBandwidth(0, 3), 1);
        assertEquals(6e9, c.peerBandwidth(0, 5), 1);
        for (int i = 0; i < 8; i++) {
            double links = 0;
            for (int j = 0; j < 8; j++) {
                if (i != j && c.peerBandwidth(i, j) > 6e9) {
                    links += c.peerBandwidth(i, j) / 20e9;
                }
            }
            assertEquals(6, links, 1e-9, "NVLinks of GPU " + i);
        }
        assertEquals(2, c.nodesFor(9));
    }

    @Test
    void bestGroupsAreADoublyLinkedPairAndAFullyLinkedQuad() {
        final Cluster c = ClusterCatalog.builtIn("dgx1");
        final int[] pair = c.bestGroup(2);
        assertEquals(40e9, c.peerBandwidth(pair[0], pair[1]), 1);
        assertArrayEquals(new int[] {0, 1, 2, 3}, c.bestGroup(4));
        assertEquals(8, c.bestGroup(8).length);
        assertThrows(IllegalArgumentException.class, () -> c.bestGroup(9));
    }

    @Test
    void switchedClustersHaveOneBandwidthForEveryPair() {
        final Cluster h100 = ClusterCatalog.builtIn("dgx-h100");
        assertEquals(370.8e9, h100.peerBandwidth(0, 7), 1e3);
        assertEquals(400e9, h100.interLinkPerNode().bandwidth(), 1);
        assertEquals(NcclGeneration.CURRENT, h100.ncclGeneration());
        assertEquals(240e9, ClusterCatalog.builtIn("dgx-a100").intraLink().bandwidth(), 1);
    }

    @Test
    void everyParameterHasASource() {
        for (final String name : ClusterCatalog.builtInNames()) {
            final Cluster c = ClusterCatalog.builtIn(name);
            assertFalse(c.sources().isEmpty());
            c.sources().forEach((parameter, source) -> assertFalse(source.isBlank(), name + " " + parameter));
            assertTrue(c.source("inter_bandwidth_gbps").contains("NIC"), c.source("inter_bandwidth_gbps"));
        }
    }

    private static Path dgx1Copy(final Path dir, final String from, final String to) throws IOException {
        final String text;
        try (var in = ClusterCatalog.class.getResourceAsStream("/org/scalebench/training/clusters.csv")) {
            text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        final StringBuilder out = new StringBuilder();
        for (final String line : text.split("\n")) {
            if (line.startsWith("cluster,") || line.startsWith("dgx1,")) {
                out.append(line.replace(from, to)).append('\n');
            }
        }
        final Path file = dir.resolve("mine.csv");
        Files.writeString(file, out.toString());
        return file;
    }

    @Test
    void aUserClusterLoadsFromAFile(@TempDir final Path dir) throws IOException {
        final Path file = dgx1Copy(dir, "dgx1,inter_bandwidth_gbps,48", "dgx1,inter_bandwidth_gbps,96");
        final Cluster c = ClusterCatalog.resolve(file.toString());
        assertEquals(96e9, c.interLinkPerNode().bandwidth(), 1);
    }

    @Test
    void zeroBandwidthIsRejectedWithFileAndLine(@TempDir final Path dir) throws IOException {
        final Path file = dgx1Copy(dir, "dgx1,inter_bandwidth_gbps,48", "dgx1,inter_bandwidth_gbps,0");
        final DataFileException e = assertThrows(DataFileException.class, () -> ClusterCatalog.load(file));
        assertTrue(e.getMessage().matches(".*mine\\.csv:\\d+: inter_bandwidth_gbps = '0': must be positive and at most"
                + " 1000000"), e.getMessage());
    }

    @Test
    void absurdlyLargeNumbersAreRejectedWithTheirLimit(@TempDir final Path dir) throws IOException {
        final DataFileException e = assertThrows(DataFileException.class, () -> ClusterCatalog.load(
                dgx1Copy(dir, "dgx1,inter_latency_us,6.6", "dgx1,inter_latency_us,1e300")));
        assertTrue(e.getMessage().contains("inter_latency_us = '1e300': must be in [0, 1000000]"), e.getMessage());
        final DataFileException g = assertThrows(DataFileException.class, () -> ClusterCatalog.load(
                dgx1Copy(dir, "dgx1,gpus_per_node,8", "dgx1,gpus_per_node,1e9")));
        assertTrue(g.getMessage().contains("gpus_per_node = '1e9': must be an integer in [1, 65536]"), g.getMessage());
    }

    @Test
    void malformedClustersNameWhatIsWrong(@TempDir final Path dir) throws IOException {
        assertTrue(assertThrows(DataFileException.class, () -> ClusterCatalog.load(
                dgx1Copy(dir, "dgx1,peer_fallback_bandwidth_gbps", "dgx1,peer_fallback_bandwith_gbps"))).getMessage()
                .contains("parameter = 'peer_fallback_bandwith_gbps': must be one of device"));
        assertTrue(assertThrows(DataFileException.class, () -> ClusterCatalog.load(
                dgx1Copy(dir, "dgx1,device,", "dgx2,device,"))).getMessage()
                .contains("cluster 'dgx2' has no 'gpus_per_node' row: every cluster needs device, gpus_per_node"));
        assertTrue(assertThrows(DataFileException.class, () -> ClusterCatalog.load(
                dgx1Copy(dir, "dgx1,gpus_per_node,8", "dgx1,gpus_per_node,8.5"))).getMessage()
                .contains("gpus_per_node = '8.5': must be an integer in [1, 65536]"));
        assertEquals("cluster = 'dgx9': must be one of dgx1, dgx-a100, dgx-a100-80gb, dgx-h100, dgx2, dgx2h, jean-zay-a100 or a CSV file",
                assertThrows(IllegalArgumentException.class, () -> ClusterCatalog.resolve("dgx9")).getMessage());
    }

    @Test
    void hostCpuAndNicSharingComeFromTheDataFile() {
        final Cluster dgx1 = ClusterCatalog.builtIn("dgx1");
        assertEquals(NcclCpuVendor.INTEL, dgx1.ncclFabric().hostCpu());
        assertEquals(NicSharing.PER_GPU, dgx1.nicSharing());
        assertEquals(4, dgx1.nicsPerNode());
        assertEquals(NcclCpuVendor.AMD, ClusterCatalog.builtIn("dgx-a100").ncclFabric().hostCpu());
        assertEquals(8, ClusterCatalog.builtIn("dgx-h100").nicsPerNode());
    }

    @Test
    void nvlinksPerChannelTakeEachGenerationsOwnWidth() {
        final Cluster dgx1 = ClusterCatalog.builtIn("dgx1");
        assertEquals(1, dgx1.ncclNvlinksPerChannel());
        assertEquals(21.0, dgx1.ncclFabric().bwIntraPerChannel(), 0);
        assertEquals(21.0, dgx1.ncclFabric(NcclGeneration.V2019).bwIntraPerChannel(), 0);
        assertEquals(20.0, dgx1.ncclFabric(NcclGeneration.CURRENT).bwIntraPerChannel(), 0);
        assertEquals(12.0, dgx1.ncclFabric(NcclGeneration.CURRENT).bwInterPerChannel(), 0);
        // a cluster that gives the bandwidth keeps it for every generation
        final Cluster h100 = ClusterCatalog.builtIn("dgx-h100");
        assertEquals(20.6, h100.ncclFabric(NcclGeneration.V2019).bwIntraPerChannel(), 0);
    }

    @Test
    void railsShareANicAmongTheGpusBehindIt() {
        final Cluster dgx1 = ClusterCatalog.builtIn("dgx1");
        // 4 NICs, 2 GPUs behind each: one sender per node uses 1 NIC of 4, two or more spread over 2, 4 NICs
        assertEquals(0.25, dgx1.networkShareInUse(1), 0);
        assertEquals(0.5, dgx1.networkShareInUse(2), 0);
        assertEquals(1.0, dgx1.networkShareInUse(4), 0);
        assertEquals(1.0, dgx1.networkShareInUse(8), 0);
        assertThrows(IllegalArgumentException.class, () -> dgx1.networkShareInUse(9));
    }

    @Test
    void nodesMayHoldMoreThanSixtyFourGpus(@TempDir final Path dir) throws IOException {
        final Path file = dir.resolve("nvl72.csv");
        final StringBuilder b = new StringBuilder("cluster,parameter,value,source\n");
        try (var in = ClusterCatalog.class.getResourceAsStream("/org/scalebench/training/clusters.csv")) {
            for (final String line : new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).split("\n")) {
                if (line.startsWith("dgx-h100,")) {
                    b.append(line.replace("dgx-h100,gpus_per_node,8", "dgx-h100,gpus_per_node,72")
                            .replace("dgx-h100,nics_per_node,8", "dgx-h100,nics_per_node,72")).append('\n');
                }
            }
        }
        Files.writeString(file, b.toString());
        final Cluster c = ClusterCatalog.load(file);
        assertEquals(72, c.gpusPerNode());
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 7}, c.bestGroup(8));
        assertEquals(370.8e9, c.peerBandwidth(3, 71), 1e3);
    }

    @Test
    void largeLinkedNodesGrowTheirGroupGreedily() {
        // 40 GPUs in a ring of double links with single links elsewhere: C(40, 8) > 2^20 subsets, so greedy;
        // it must still return 8 distinct GPUs whose slowest pair is as fast as a linked chain allows
        final int n = 40;
        final double[][] bw = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                bw[i][j] = i == j ? 0 : (Math.abs(i - j) == 1 || Math.abs(i - j) == n - 1 ? 40e9 : 20e9);
            }
        }
        final Cluster c = org.scalebench.training.parallel.TestClusters.withPeers(bw);
        final int[] g = c.bestGroup(8);
        assertEquals(8, java.util.Arrays.stream(g).distinct().count());
        assertEquals(20e9, c.peerBandwidth(g[0], g[7]), 1);
        assertEquals(40e9, c.peerBandwidth(g[0], g[1]), 1, "the greedy seed is a doubly linked pair");
    }

    @Test
    void newClusterKeysRejectBadValues(@TempDir final Path dir) throws IOException {
        assertTrue(assertThrows(DataFileException.class, () -> ClusterCatalog.load(
                dgx1Copy(dir, "dgx1,host_cpu_vendor,intel", "dgx1,host_cpu_vendor,arm"))).getMessage()
                .contains("host_cpu_vendor = 'arm': must be one of intel, amd or other"));
        assertTrue(assertThrows(DataFileException.class, () -> ClusterCatalog.load(
                dgx1Copy(dir, "dgx1,nic_sharing,per-gpu", "dgx1,nic_sharing,per-rack"))).getMessage()
                .contains("nic_sharing = 'per-rack': must be per-node or per-gpu"));
        assertTrue(assertThrows(DataFileException.class, () -> ClusterCatalog.load(
                dgx1Copy(dir, "dgx1,nics_per_node,4", "dgx1,nics_per_node,3"))).getMessage()
                .contains("nics_per_node = 3 with nic_sharing = per-gpu: must divide gpus_per_node = 8"));
        assertTrue(assertThrows(DataFileException.class, () -> ClusterCatalog.load(
                dgx1Copy(dir, "dgx1,nccl_nvlinks_per_channel,1", "dgx1,nccl_bw_intra_per_channel_gbps,20,x\n"
                        + "dgx1,nccl_nvlinks_per_channel,1"))).getMessage()
                .contains("has both 'nccl_bw_intra_per_channel_gbps' and 'nccl_nvlinks_per_channel': give exactly one"));
    }

    @Test
    void thePeakTensorThroughputIsOptionalAndChecked(@TempDir final Path dir) throws IOException {
        assertEquals(131.25e12, ClusterCatalog.builtIn("dgx2h").peakTensorFlops(), 1);
        assertEquals(125e12, ClusterCatalog.builtIn("dgx2").peakTensorFlops(), 1);
        for (final String name : ClusterCatalog.builtInNames()) {
            assertTrue(ClusterCatalog.builtIn(name).peakTensorFlops() > 0, name);
        }
        final Path without = dgx1Copy(dir, "dgx1,peak_tensor_tflops_per_gpu,125", "# no peak given");
        assertTrue(Double.isNaN(ClusterCatalog.load(without).peakTensorFlops()), "absent: NaN");
        final DataFileException zero = assertThrows(DataFileException.class, () -> ClusterCatalog.load(
                dgx1Copy(dir, "dgx1,peak_tensor_tflops_per_gpu,125", "dgx1,peak_tensor_tflops_per_gpu,0")));
        assertTrue(zero.getMessage().contains("peak_tensor_tflops_per_gpu = '0': must be positive and at most 1000000"),
                zero.getMessage());
    }
}
