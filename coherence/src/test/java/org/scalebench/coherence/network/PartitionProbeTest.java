package org.scalebench.coherence.network;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.scalebench.core.MeshTopology;

/** Blocks of consecutive interfaces; crossing transactions and messages; lookahead; Amdahl's bound. */
class PartitionProbeTest {

    /** A 4 x 4 mesh: tile t is at row t / 4; 2 blocks are rows 0-1 and rows 2-3, 4 blocks one row each. */
    private static final MeshInterconnect MESH = new MeshInterconnect(new MeshTopology(4, 4), 2, 1, 3, 1, 16);

    @Test
    void blocksAreRunsOfConsecutiveInterfaces() {
        final PartitionProbe probe = new PartitionProbe(MESH, 1, 2, 4, 16);
        assertArrayEquals(new int[] {1, 2, 4, 16}, probe.counts());
        for (int node = 0; node < 16; node++) {
            assertEquals(0, probe.blockOf(0, node));
            assertEquals(node / 8, probe.blockOf(1, node));
            assertEquals(node / 4, probe.blockOf(2, node));
            assertEquals(node, probe.blockOf(3, node));
        }
    }

    @Test
    void aTransactionCrossesWhenItReachesAnotherBlock() {
        final PartitionProbe probe = new PartitionProbe(MESH, 1, 2, 4);
        // tile 0 asks tile 5 (row 1): inside the lower half, outside row 0
        probe.begin(0);
        probe.message(0, 5);
        probe.message(5, 0);
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
        // an invalidation reaching row 3 crosses both partitionings but one
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
        probe.message(3, 7); // one hop, rows 0 -> 1
        probe.message(0, 1); // same row: not crossing
        probe.end(true);
        assertEquals(-1, probe.lookahead(0), "nothing crosses a single block");
        assertEquals(MESH.latency(3, 7, MESH.controlFlits()), probe.lookahead(1));
        assertTrue(probe.lookahead(1) < MESH.latency(0, 15, MESH.controlFlits()));
        probe.reset();
        assertEquals(-1, probe.lookahead(1));
        assertEquals(0, probe.transactions());
        assertEquals(0, probe.crossingMessages(1));
    }

    @Test
    void amdahlsBoundTakesTheCrossingShareAsSerial() {
        final PartitionProbe probe = new PartitionProbe(MESH, 1, 4);
        assertEquals(1.0, probe.speedupBound(1), "nothing counted");
        for (int i = 0; i < 4; i++) {
            probe.begin(0);
            probe.reach(i == 0 ? 15 : 1);
            probe.end(true);
        }
        // s = 1/4 at 4 threads: 1 / (0.25 + 0.75 / 4)
        assertEquals(1 / (0.25 + 0.75 / 4), probe.speedupBound(1), 1e-12);
        assertEquals(1.0, probe.speedupBound(0), 1e-12);
    }

    @Test
    void refusesCountsOutOfRange() {
        assertEquals("partitions = 17: must be in [1, 16]",
                assertThrows(IllegalArgumentException.class, () -> new PartitionProbe(MESH, 2, 17)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new PartitionProbe(MESH, 0));
        assertThrows(IllegalArgumentException.class, () -> new PartitionProbe(MESH));
        assertThrows(IllegalArgumentException.class, () -> new PartitionProbe(MESH, 1, 2, 3, 4, 5, 6, 7, 8, 9));
    }
}
