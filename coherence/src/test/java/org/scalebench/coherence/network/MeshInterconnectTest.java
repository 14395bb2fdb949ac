package org.scalebench.coherence.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.scalebench.core.MeshTopology;

/**
 * The mesh's latencies worked by hand from {@code inject + hops * (router + link) + router + (flits - 1)} on a 4 x 3
 * mesh (tile {@code t = y * 4 + x}), router 2, link 1, inject 3 cycles, 1-flit control messages of 16-byte flits
 * (so a data message is 1 + 64 / 16 = 5 flits); the broadcast closed forms against sums and maxima over every
 * destination.
 */
class MeshInterconnectTest {

    private static MeshInterconnect mesh(final int width, final int height) {
        return new MeshInterconnect(new MeshTopology(width, height), 2, 1, 3, 1, 16);
    }

    @Test
    void aMessagePaysInjectionEveryHopOneMoreRouterAndItsTailFlits() {
        final MeshInterconnect m = mesh(4, 3);
        assertEquals(12, m.nodes());
        assertEquals(1, m.controlFlits());
        assertEquals(5, m.dataFlits());
        assertEquals(1, m.hops(0, 1));
        assertEquals(3 + 1 * 3 + 2, m.latency(0, 1, 1));           // neighbour, control: 8
        assertEquals(5, m.hops(0, 11));                              // (0,0) to (3,2)
        assertEquals(3 + 5 * 3 + 2, m.latency(0, 11, 1));           // corner to corner, control: 20
        assertEquals(3 + 5 * 3 + 2 + 4, m.latency(0, 11, 5));       // the same with a line: 24
        assertEquals(3 + 2 * 3 + 2 + 4, m.latency(9, 6, m.dataFlits())); // (1,2) to (2,1): 2 hops, 15
    }

    @Test
    void oneTilePerInterfaceKeepsThePromiseOfLatencyByInterface() {
        assertNull(LatencyByInterface.firstViolation(mesh(4, 3)));
    }

    @Test
    void aMessageToItsOwnNodePaysOnlyTheInjection() {
        final MeshInterconnect m = mesh(4, 3);
        assertEquals(0, m.hops(5, 5));
        assertEquals(3, m.latency(5, 5, 1));
        assertEquals(3, m.latency(5, 5, 5));
        assertEquals(3, mesh(1, 1).maxLatencyFrom(0, 5));
    }

    @Test
    void theSenderPortCarriesOneFlitPerCycleAndABroadcastSendsToEveryOtherNode() {
        final MeshInterconnect m = mesh(4, 3);
        assertEquals(5, m.serializationCycles(0, 11, 5));
        assertEquals(1, m.serializationCycles(0, 1, 1));
        assertEquals(11 * 5, m.broadcastInjectionCycles(6, 5));
        assertEquals(0, mesh(1, 1).broadcastInjectionCycles(0, 5));
    }

    @Test
    void broadcastAggregatesWorkedByHand() {
        final MeshInterconnect m = mesh(4, 3);
        // from (1,1): x distances 1+0+1+2 in each of 3 rows, y distances 1+0+1 in each of 4 columns
        assertEquals(3 * 4 + 4 * 2, m.hopSumFrom(5));
        // farthest from (1,1) is (3,0) or (3,2): 2 + 1 hops
        assertEquals(3 + 3 * 3 + 2, m.maxLatencyFrom(5, 1));
        // from the corner (0,0): the opposite corner, 5 hops
        assertEquals(m.latency(0, 11, 5), m.maxLatencyFrom(0, 5));
    }

    @Test
    void closedFormsEqualTheSumAndMaximumOverEveryDestination() {
        final int[][] shapes = {{1, 1}, {1, 5}, {5, 1}, {4, 3}, {7, 7}, {8, 2}};
        for (final int[] shape : shapes) {
            final MeshInterconnect m = mesh(shape[0], shape[1]);
            for (int from = 0; from < m.nodes(); from++) {
                long hopSum = 0;
                long maxControl = 0;
                long maxData = 0;
                for (int to = 0; to < m.nodes(); to++) {
                    hopSum += m.hops(from, to);
                    maxControl = Math.max(maxControl, m.latency(from, to, m.controlFlits()));
                    maxData = Math.max(maxData, m.latency(from, to, m.dataFlits()));
                }
                final String where = shape[0] + "x" + shape[1] + " from " + from;
                assertEquals(hopSum, m.hopSumFrom(from), where);
                assertEquals(maxControl, m.maxLatencyFrom(from, m.controlFlits()), where);
                assertEquals(maxData, m.maxLatencyFrom(from, m.dataFlits()), where);
            }
        }
    }

    @Test
    void framingRoundsTheLineUpToWholeFlits() {
        final MeshTopology t = new MeshTopology(2, 2);
        assertEquals(1 + 7, new MeshInterconnect(t, 1, 1, 0, 1, 10).dataFlits());  // PriME's 10-byte flits
        assertEquals(2 + 1, new MeshInterconnect(t, 1, 1, 0, 2, 64).dataFlits());
        assertEquals(1 + 1, new MeshInterconnect(t, 1, 1, 0, 1, 128).dataFlits());
        assertEquals(1 + 64, new MeshInterconnect(t, 1, 1, 0, 1, 1).dataFlits());
        assertEquals(10, new MeshInterconnect(t, 1, 1, 0, 1, 10).flitBytes());
    }

    @Test
    void negativeCyclesAndEmptyFramingAreRefusedByName() {
        final MeshTopology t = new MeshTopology(2, 2);
        assertEquals("router cycles = -1: must be at least 0", assertThrows(IllegalArgumentException.class,
                () -> new MeshInterconnect(t, -1, 1, 1, 1, 16)).getMessage());
        assertEquals("link cycles = -2: must be at least 0", assertThrows(IllegalArgumentException.class,
                () -> new MeshInterconnect(t, 1, -2, 1, 1, 16)).getMessage());
        assertEquals("inject cycles = -3: must be at least 0", assertThrows(IllegalArgumentException.class,
                () -> new MeshInterconnect(t, 1, 1, -3, 1, 16)).getMessage());
        assertEquals("control flits = 0: must be at least 1", assertThrows(IllegalArgumentException.class,
                () -> new MeshInterconnect(t, 1, 1, 1, 0, 16)).getMessage());
        assertEquals("flit bytes = 0: must be at least 1", assertThrows(IllegalArgumentException.class,
                () -> new MeshInterconnect(t, 1, 1, 1, 1, 0)).getMessage());
    }

    @Test
    void eachTileIsItsOwnInterfaceAndTheBroadcastTreeSpansEveryTile() {
        final MeshInterconnect m = mesh(4, 3);
        assertEquals(6, m.interfaceEnd(5), "tile 5's interface is tile 5 alone");
        assertEquals(1, m.nodesOfInterface(5), "one tile");
        assertEquals(5, m.interfaceCycles(5), "one flit per cycle through the router port");
        assertEquals(12 - 1, m.broadcastTreeLinks(5), "an XY broadcast tree reaches 11 other tiles over 11 links");
        assertEquals("4x3 mesh, XY routing, router 2 + link 1 cycles/hop, inject 3, 16-byte flits", m.describe());
        assertTrue(m.newLinkLoad() instanceof MeshLinkLoad, "the mesh's links are queues");
    }
}
