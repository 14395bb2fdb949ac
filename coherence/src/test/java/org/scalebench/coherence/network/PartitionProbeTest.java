package org.scalebench.coherence.network;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.scalebench.core.HierarchicalTopology;
import org.scalebench.core.MeshTopology;

/** Blocks of consecutive interfaces; crossing transactions and messages; lookahead; Amdahl's bound. */
class PartitionProbeTest {

    /**
     * A 4 x 4 mesh (tile t at x = t % 4, y = t / 4): 2 blocks are the lower and upper halves (4 x 2 tiles), 4 blocks
     * the four 2 x 2 quadrants, 16 blocks one tile each.
     */
    private static final MeshInterconnect MESH = new MeshInterconnect(new MeshTopology(4, 4), 2, 1, 3, 1, 16);

    @Test
    void blocksAreRunsOfConsecutiveInterfaces() {
        final PartitionProbe probe = new PartitionProbe(MESH, 1, 2, 4, 16);
        assertArrayEquals(new int[] {1, 2, 4, 16}, probe.counts());
        for (int node = 0; node < 16; node++) {
            assertEquals(0, probe.blockOf(0, node));
            assertEquals(node / 8, probe.blockOf(1, node));
            assertEquals(node / 8 * 2 + node % 4 / 2, probe.blockOf(2, node), "quadrant of tile " + node);
            assertEquals(node, probe.blockOf(3, node));
        }
    }

    @Test
    void meshBlocksAreTheSquarestRectanglesThatTileTheMesh() {
        final MeshTopology chip = new MeshTopology(32, 32);
        assertEquals(8, PartitionProbe.blocksAcross(chip, 64), "4 x 4 tiles");
        assertEquals(4, PartitionProbe.blocksAcross(chip, 16), "8 x 8 tiles");
        assertEquals(1, PartitionProbe.blocksAcross(chip, 2), "32 x 16 tiles (a tie with 16 x 32: the first kept)");
        assertEquals(32, PartitionProbe.blocksAcross(chip, 1024));
        assertEquals(0, PartitionProbe.blocksAcross(chip, 3), "3 does not divide 32: runs of tiles instead");
        final PartitionProbe three = new PartitionProbe(new MeshInterconnect(chip, 0, 1, 1, 3, 10), 3);
        assertEquals(0, three.blockOf(0, 0));
        assertEquals(2, three.blockOf(0, 1023));
        final PartitionProbe vms = new PartitionProbe(new MeshInterconnect(chip, 0, 1, 1, 3, 10), 64);
        assertEquals(0, vms.blockOf(0, 32 * 3 + 3));
        assertEquals(1, vms.blockOf(0, 4));
        assertEquals(8, vms.blockOf(0, 32 * 4));
        assertEquals(63, vms.blockOf(0, 1023));
        assertEquals("4 x 4 tiles", vms.blockSize(0));
        assertEquals("341-342 tiles", three.blockSize(0));
        assertEquals("32 x 16 tiles", new PartitionProbe(new MeshInterconnect(chip, 0, 1, 1, 3, 10), 2).blockSize(0));
        assertEquals("1 x 1 tiles", new PartitionProbe(new MeshInterconnect(chip, 0, 1, 1, 3, 10), 1024).blockSize(0));
        final MeshInterconnect line = new MeshInterconnect(new MeshTopology(7, 1), 0, 1, 1, 3, 10);
        assertEquals("1 x 1 tiles", new PartitionProbe(line, 7).blockSize(0), "7 x 1 in 7: one tile each");
        assertEquals("2-3 tiles", new PartitionProbe(line, 3).blockSize(0));
    }

    @Test
    void aTransactionCrossesWhenItReachesAnotherBlock() {
        final PartitionProbe probe = new PartitionProbe(MESH, 1, 2, 4);
        // tile 0 asks tile 6 (x 2, y 1): inside the lower half, outside tile 0's quadrant
        probe.begin(0);
        probe.message(0, 6);
        probe.message(6, 0);
        probe.end(true);
        assertEquals(0, probe.crossingTransactions(0));
        assertEquals(0, probe.crossingTransactions(1));
        assertEquals(1, probe.crossingTransactions(2));
        assertEquals(0, probe.crossingMessages(1));
        assertEquals(2, probe.crossingMessages(2));
        // a hit is an access, not a transaction, whatever it was told
        probe.begin(0);
        probe.reach(15);
        probe.end(false);
        assertEquals(2, probe.accesses());
        assertEquals(1, probe.transactions());
        // an invalidation reaching tile 14 (upper right) crosses both partitionings but one
        probe.begin(1);
        probe.reach(1);
        probe.reach(14);
        probe.end(true);
        assertEquals(0, probe.crossingTransactions(0));
        assertEquals(1, probe.crossingTransactions(1));
        assertEquals(2, probe.crossingTransactions(2));
        // a broadcast reaches every block
        probe.begin(3);
        probe.reachAll();
        probe.end(true);
        assertEquals(0, probe.crossingTransactions(0));
        assertEquals(2, probe.crossingTransactions(1));
        assertEquals(3, probe.crossingTransactions(2));
        assertEquals(3, probe.transactions());
        assertEquals(2, probe.messages());
    }

    @Test
    void theLookaheadIsTheShortestCrossingControlMessage() {
        final PartitionProbe probe = new PartitionProbe(MESH, 1, 4);
        probe.begin(0);
        probe.message(0, 15);
        probe.message(1, 2); // one hop, from the lower left quadrant to the lower right one
        probe.message(0, 5); // inside the lower left quadrant: not crossing
        probe.end(true);
        assertEquals(-1, probe.lookahead(0), "nothing crosses a single block");
        assertEquals(MESH.latency(1, 2, MESH.controlFlits()), probe.lookahead(1));
        assertEquals(2.0 / 3, probe.crossingMessageShare(1), 1e-12, "two of three messages cross quadrants");
        assertEquals(1.0, probe.crossingTransactionShare(1));
        assertEquals(0.0, probe.synchronisationsPerKiloAccess(0, 1000), "nothing crosses: no synchronisation");
        assertEquals(1000.0 * 1000 / probe.lookahead(1), probe.synchronisationsPerKiloAccess(1, 1000), 1e-9,
                "one access over 1,000 cycles");
        assertTrue(probe.lookahead(1) < MESH.latency(0, 15, MESH.controlFlits()));
        probe.reset();
        assertEquals(-1, probe.lookahead(1));
        assertEquals(0, probe.transactions());
        assertEquals(0, probe.crossingMessages(1));
    }

    @Test
    void theBoundRunsCrossingTransactionsSeriallyAndWaitsForTheBusiestBlock() {
        final PartitionProbe probe = new PartitionProbe(MESH, 1, 4);
        assertEquals(1.0, probe.speedupBound(1), "nothing counted");
        // 8 transactions: 2 cross; the quadrants' requesters issue 3, 1, 1 and 1 local ones
        final int[] requesters = {0, 0, 0, 2, 8, 10, 0, 2};
        for (int i = 0; i < requesters.length; i++) {
            probe.begin(requesters[i]);
            probe.reach(i < 6 ? requesters[i] + 1 : 15);
            probe.end(true);
        }
        assertEquals(2, probe.crossingTransactions(1));
        assertEquals(3, probe.busiestBlockTransactions(1));
        assertEquals(8.0 / (2 + 3), probe.speedupBound(1), 1e-12);
        assertEquals(1.0, probe.speedupBound(0), 1e-12, "one block: everything in it");
        assertEquals(8, probe.busiestBlockTransactions(0));
        // all the local work in one block: no speedup, whatever the blocks
        probe.reset();
        for (int i = 0; i < 4; i++) {
            probe.begin(0);
            probe.reach(1);
            probe.end(true);
        }
        assertEquals(1.0, probe.speedupBound(1), 1e-12);
    }

    @Test
    void refusesCountsOutOfRange() {
        assertEquals("partitions = 17: must be in [1, 16]",
                assertThrows(IllegalArgumentException.class, () -> new PartitionProbe(MESH, 2, 17)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new PartitionProbe(MESH, 0));
        assertThrows(IllegalArgumentException.class, () -> new PartitionProbe(MESH));
        assertThrows(IllegalArgumentException.class, () -> new PartitionProbe(MESH, 1, 2, 3, 4, 5, 6, 7, 8, 9));
    }

    @Test
    void aWarehousesBlocksAreRunsOfServers() {
        // 12 cores in 2-core servers: 6 servers, in 3 blocks of 2, 4 blocks of 1 or 2, 6 blocks of 1
        final HierarchicalInterconnect warehouse = new HierarchicalInterconnect(
                new HierarchicalTopology(2, 2, 2, 2, new long[5]), 12, new long[] {0, 10, 100, 1000, 10000},
                new double[] {1, 32, 8, 4, 2}, 1, 16);
        final PartitionProbe probe = new PartitionProbe(warehouse, 3, 4, 6);
        assertEquals("2 servers", probe.blockSize(0));
        assertEquals("1-2 servers", probe.blockSize(1));
        assertEquals("1 server", probe.blockSize(2));
    }

    @Test
    void sharesAndSynchronisationRatesDivideByWhatWasCounted() {
        final PartitionProbe probe = new PartitionProbe(MESH, 4);
        // a reply from tile 15 (upper right quadrant) to the requester, tile 0: the sender is reached, so it crosses
        probe.begin(0);
        probe.message(15, 0);
        probe.end(true);
        // a transaction inside tile 0's quadrant, and two hits
        probe.begin(0);
        probe.reach(1);
        probe.end(true);
        probe.begin(0);
        probe.end(false);
        probe.begin(0);
        probe.end(false);
        assertEquals(1, probe.crossingTransactions(0), "the reply crossed");
        assertEquals(0.5, probe.crossingTransactionShare(0), "1 of 2 transactions");
        // the lookahead is the 6-hop control message: 3 + 6 * 3 + 2 = 23 cycles; 4,600 cycles hold 200 of them,
        // over 4 accesses: 50 per access, 50,000 per 1,000
        assertEquals(23, probe.lookahead(0));
        assertEquals(50_000.0, probe.synchronisationsPerKiloAccess(0, 4600), 1e-9);
    }
}
