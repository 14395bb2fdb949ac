package org.scalebench.training.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class NvlinkRingsTest {

    private static final Cluster DGX1 = ClusterCatalog.builtIn("dgx1");

    @Test
    void aFullDgx1HasSixChannelsAsNcclBuildsThreeRingsBothWays() {
        assertEquals(6, DGX1.ncclRingChannels(new int[] {0, 1, 2, 3, 4, 5, 6, 7}));
    }

    @Test
    void fewerGpusOfTheCubeMeshGetFewerChannels() {
        // GPUs 0 and 1 share one NVLink; GPUs 0 and 3 share two
        assertEquals(1, DGX1.ncclRingChannels(new int[] {0, 1}));
        assertEquals(2, DGX1.ncclRingChannels(new int[] {0, 3}));
        // 0-3 are fully linked by 9 links: two link-disjoint Hamiltonian cycles, each run both ways
        assertEquals(4, DGX1.ncclRingChannels(new int[] {0, 1, 2, 3}));
        // the even GPUs of a hybrid M = 2 worker layout: one cycle 0-2-6-4
        assertEquals(2, DGX1.ncclRingChannels(new int[] {0, 2, 4, 6}));
    }

    @Test
    void gpusTheLinksDoNotJoinIntoARingGetNoChannel() {
        // GPU 0 has no NVLink to GPUs 5, 6 and 7
        assertEquals(0, DGX1.ncclRingChannels(new int[] {0, 5}));
        assertEquals(0, DGX1.nvlinks(0, 7));
    }

    @Test
    void aSwitchGivesEveryGroupTheNodesChannels() {
        final Cluster dgx2 = ClusterCatalog.builtIn("dgx2");
        assertEquals(6, dgx2.ncclRingChannels(new int[] {0, 1}));
        assertEquals(0, dgx2.nvlinks(0, 1));
    }

    @Test
    void countsParallelLinksAndRefusesRepeatedGpus() {
        final int[][] triangle = {{0, 2, 2}, {2, 0, 2}, {2, 2, 0}};
        assertEquals(4, NvlinkRings.channels(triangle, new int[] {0, 1, 2}));
        assertEquals(0, NvlinkRings.channels(triangle, new int[] {1}));
        assertThrows(IllegalArgumentException.class, () -> NvlinkRings.channels(triangle, new int[] {0, 0}));
    }
}
