package org.scalebench.training.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scalebench.training.collective.NcclArchitecture;
import org.scalebench.training.collective.NcclFabric;
import org.scalebench.training.collective.NcclGeneration;

/** The cluster builder: defaults, required parameters named in errors, and variants derived without drift. */
class ClusterBuilderTest {

    private static final NcclFabric FABRIC = new NcclFabric(NcclArchitecture.AMPERE, true, 12, 4, 20, 24);

    private static Cluster.Builder switched() {
        return Cluster.builder("test", "gpu", 8).hbmBandwidth(2e12).intraNode(1e-6, 240e9).interNode(5e-6, 100e9)
                .nccl(FABRIC, NcclGeneration.CURRENT).switchedPeers(300e9).peerLatency(2e-6)
                .sources(Map.of("hbm_bandwidth_gbps", "a datasheet"));
    }

    @Test
    void defaultsAreOneNicPoolPerNodeWithOneNicPerMultiNodeChannel() {
        final Cluster c = switched().build();
        assertEquals(NicSharing.PER_NODE, c.nicSharing());
        assertEquals(FABRIC.channelsMultiNode(), c.nicsPerNode());
        assertEquals(0, c.ncclNvlinksPerChannel());
        assertEquals(300e9, c.peerBandwidth(0, 7));
        assertEquals("a datasheet", c.source("hbm_bandwidth_gbps"));
    }

    @Test
    void aMissingOrInvalidParameterIsNamed() {
        final IllegalArgumentException noPeers = assertThrows(IllegalArgumentException.class,
                () -> Cluster.builder("test", "gpu", 8).hbmBandwidth(2e12).intraNode(0, 1e9).interNode(0, 1e9)
                        .nccl(FABRIC, NcclGeneration.CURRENT).peerLatency(0).build());
        assertEquals("cluster 'test': peer_topology is not set: switch or links", noPeers.getMessage());
        assertEquals("hbm_bandwidth = NaN B/s: must be finite and positive", assertThrows(
                IllegalArgumentException.class, () -> Cluster.builder("test", "gpu", 8).intraNode(0, 1e9)
                        .interNode(0, 1e9).nccl(FABRIC, NcclGeneration.CURRENT).switchedPeers(1e9).peerLatency(0)
                        .build()).getMessage());
        assertEquals("peer_latency = NaN s: must be finite and at least 0", assertThrows(
                IllegalArgumentException.class, () -> switched().peerLatency(Double.NaN).build()).getMessage());
        assertEquals("nics_per_node = 9: must be in [1, gpus_per_node = 8] with per-gpu rails", assertThrows(
                IllegalArgumentException.class, () -> switched().nics(NicSharing.PER_GPU, 9).build()).getMessage());
        assertEquals("nics_per_node = 0: must be in [1, gpus_per_node = 8] with per-gpu rails", assertThrows(
                IllegalArgumentException.class, () -> switched().nics(NicSharing.PER_GPU, 0).build()).getMessage());
        assertEquals("peak_tensor_flops = -1.0 FLOP/s: must be finite and positive (NaN: not given)", assertThrows(
                IllegalArgumentException.class, () -> switched().peakTensorFlops(-1).build()).getMessage());
        assertEquals("peak_tensor_flops = Infinity FLOP/s: must be finite and positive (NaN: not given)",
                assertThrows(IllegalArgumentException.class,
                        () -> switched().peakTensorFlops(Double.POSITIVE_INFINITY).build()).getMessage());
        assertEquals(Double.NaN, switched().build().peakTensorFlops(), "optional: NaN when not given");
    }

    @Test
    void aVariantChangesOnlyWhatItNames() {
        final Cluster base = switched().nics(NicSharing.PER_GPU, 8).peakTensorFlops(312e12).build();
        final Cluster scaled = base.withNetworkBandwidthScale(3);
        assertEquals(312e12, scaled.peakTensorFlops());
        assertEquals(300e9, scaled.interLinkPerNode().bandwidth(), 1e-3);
        assertEquals(base.intraLink(), scaled.intraLink());
        assertEquals(NicSharing.PER_GPU, scaled.nicSharing());
        assertEquals(8, scaled.nicsPerNode());
        assertEquals(base.sources(), scaled.sources());
        assertEquals(base.interLinkPerNode(), scaled.withNetworkBandwidthScale(1.0 / 3).interLinkPerNode());
        assertEquals(42, base.withNcclIntraBandwidth(42).ncclFabric().bwIntraPerChannel());
    }

    @Test
    void theBuilderKeepsNoReferenceToTheCallersMatrix() {
        final double[][] peers = {{0, 50e9}, {50e9, 0}};
        final Cluster c = Cluster.builder("pair", "gpu", 2).hbmBandwidth(1e12).intraNode(0, 50e9).interNode(0, 25e9)
                .nccl(FABRIC, NcclGeneration.V2019).linkedPeers(peers, 25e9).peerLatency(0).build();
        peers[0][1] = 1;
        assertEquals(50e9, c.peerBandwidth(0, 1));
        assertEquals(2, c.nvlinks(0, 1));
        assertEquals(50e9, c.toBuilder().build().peerBandwidth(1, 0));
    }
}
