package org.scalebench.coherence.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.scalebench.core.HierarchicalTopology;

/**
 * The warehouse network's latencies worked by hand from {@code levelLatency + ceil(flits * flitBytes /
 * bytesPerCycle)} on 2-core servers, 2 servers per rack, 2 racks per array and 2 arrays (16 cores), of which the
 * machine uses 12 (the second array half filled). Level latencies 0 / 10 / 100 / 1000 / 10000 cycles, bandwidths
 * - / 32 / 8 / 4 / 2 bytes per cycle, 1-flit control messages of 16 bytes, so a data message is 5 flits (80 bytes).
 */
class HierarchicalInterconnectTest {

    private static final HierarchicalTopology TOPOLOGY = new HierarchicalTopology(2, 2, 2, 2, new long[5]);
    private static final long[] LATENCY = {0, 10, 100, 1000, 10000};
    private static final double[] BANDWIDTH = {1, 32, 8, 4, 2};

    private static HierarchicalInterconnect network(final int nodes) {
        return new HierarchicalInterconnect(TOPOLOGY, nodes, LATENCY, BANDWIDTH, 1, 16);
    }

    @Test
    void aMessagePaysTheLatencyOfTheHighestLevelCrossedPlusItsSerializationThere() {
        final HierarchicalInterconnect n = network(12);
        assertEquals(5, n.dataFlits());
        assertEquals(0, n.latency(3, 3, 5));                 // same core
        assertEquals(10 + 1, n.latency(0, 1, 1));            // same server: 16 B at 32 B/cycle rounds up to 1
        assertEquals(10 + 3, n.latency(0, 1, 5));            // 80 B at 32 B/cycle = 2.5, rounded up
        assertEquals(100 + 2, n.latency(0, 2, 1));           // same rack
        assertEquals(100 + 10, n.latency(1, 3, 5));
        assertEquals(1000 + 4, n.latency(0, 4, 1));          // same array
        assertEquals(1000 + 20, n.latency(7, 0, 5));
        assertEquals(10000 + 8, n.latency(0, 8, 1));         // across arrays
        assertEquals(10000 + 40, n.latency(11, 2, 5));
    }

    @Test
    void everyCoreOfAServerIsAsFarAsItsOthersSoARoundTripCanBeTakenPerServer() {
        assertNull(LatencyByInterface.firstViolation(network(12)));
        assertNull(LatencyByInterface.firstViolation(network(16)));
        final HierarchicalInterconnect n = network(12);
        // a latency that tells the cores of a server apart breaks the promise, and the check says where
        final String planted = LatencyByInterface.firstViolation(12, n::interfaceOf,
                (from, to, flits) -> n.latency(from, to, flits) + (to & 1), n.dataFlits());
        assertNotNull(planted);
        assertTrue(planted.startsWith("from 0: nodes 2 and 3 of interface 1"), planted);
    }

    @Test
    void hopsCountTheLinksOfTheTree() {
        final HierarchicalInterconnect n = network(12);
        assertEquals(0, n.hops(5, 5));
        assertEquals(2, n.hops(4, 5));
        assertEquals(4, n.hops(4, 6));
        assertEquals(6, n.hops(4, 0));
        assertEquals(8, n.hops(4, 11));
    }

    @Test
    void theSenderPortIsTheBoardInsideAServerAndTheServerNicOutsideIt() {
        final HierarchicalInterconnect n = network(12);
        assertEquals(0, n.serializationCycles(0, 0, 5));
        assertEquals(3, n.serializationCycles(0, 1, 5));     // ceil(80 / 32)
        assertEquals(10, n.serializationCycles(0, 2, 5));    // ceil(80 / 8), the rack level's bandwidth
        assertEquals(10, n.serializationCycles(0, 4, 5));    // farther levels still leave through the NIC
        assertEquals(10, n.serializationCycles(0, 8, 5));
        // a broadcast from core 0: 1 server neighbour over the board, 10 others through the NIC
        assertEquals(1 * 3 + 10 * 10, n.broadcastInjectionCycles(0, 5));
        // core 10 of an 11-core machine is alone in its server
        assertEquals(10 * 10, network(11).broadcastInjectionCycles(10, 5));
    }

    @Test
    void hopSumsCountOnlyTheCoresInUse() {
        final HierarchicalInterconnect n = network(12);
        // core 0: 1 in its server, 2 more in its rack, 4 more in its array, 4 in the other (half-filled) array
        assertEquals(2 * 1 + 4 * 2 + 6 * 4 + 8 * 4, n.hopSumFrom(0));
        // core 10: 1 in its server, 2 more in its rack, none more in its array, 8 in the first array
        assertEquals(2 * 1 + 4 * 2 + 6 * 0 + 8 * 8, n.hopSumFrom(10));
    }

    @Test
    void theFarthestLevelFollowsHowManyCoresAreInUse() {
        assertEquals(10000 + 8, network(12).maxLatencyFrom(0, 1));
        assertEquals(1000 + 4, network(8).maxLatencyFrom(0, 1));
        assertEquals(100 + 2, network(3).maxLatencyFrom(2, 1));
        assertEquals(10 + 1, network(2).maxLatencyFrom(1, 1));
        assertEquals(0, network(1).maxLatencyFrom(0, 1));
    }

    @Test
    void closedFormsEqualTheSumAndMaximumOverEveryDestination() {
        for (int nodes = 1; nodes <= TOPOLOGY.cores(); nodes++) {
            final HierarchicalInterconnect n = network(nodes);
            for (int from = 0; from < nodes; from++) {
                long hopSum = 0;
                long maxData = 0;
                long injection = 0;
                for (int to = 0; to < nodes; to++) {
                    hopSum += n.hops(from, to);
                    maxData = Math.max(maxData, n.latency(from, to, n.dataFlits()));
                    injection += to == from ? 0 : n.serializationCycles(from, to, n.controlFlits());
                }
                final String where = nodes + " cores, from " + from;
                assertEquals(hopSum, n.hopSumFrom(from), where);
                assertEquals(maxData, n.maxLatencyFrom(from, n.dataFlits()), where);
                assertEquals(injection, n.broadcastInjectionCycles(from, n.controlFlits()), where);
            }
        }
    }

    @Test
    void badSizesLatenciesAndBandwidthsAreRefusedByName() {
        assertEquals("cores = 17: must be in [1, 16] for this hierarchy", assertThrows(IllegalArgumentException.class,
                () -> network(17)).getMessage());
        assertEquals("cores = 0: must be in [1, 16] for this hierarchy", assertThrows(IllegalArgumentException.class,
                () -> network(0)).getMessage());
        assertEquals("latency of level 2 = -1: must be at least 0", assertThrows(IllegalArgumentException.class,
                () -> new HierarchicalInterconnect(TOPOLOGY, 4, new long[] {0, 1, -1, 1, 1}, BANDWIDTH, 1, 16))
                .getMessage());
        assertEquals("bandwidth of level 3 = 0.0 bytes/cycle: must be greater than 0",
                assertThrows(IllegalArgumentException.class, () -> new HierarchicalInterconnect(TOPOLOGY, 4, LATENCY,
                        new double[] {1, 1, 1, 0, 1}, 1, 16)).getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> new HierarchicalInterconnect(TOPOLOGY, 4, new long[4], BANDWIDTH, 1, 16));
        assertEquals("a data message of 65 flits: at most 64", assertThrows(IllegalArgumentException.class,
                () -> new HierarchicalInterconnect(TOPOLOGY, 4, LATENCY, BANDWIDTH, 1, 1)).getMessage());
    }

    @Test
    void interfacesAreTheServersTheLastOnePartlyFilled() {
        // 11 cores in 2-core servers: servers 0 to 4 full, server 5 holds core 10 alone
        final HierarchicalInterconnect n = network(11);
        assertEquals(11, n.nodes());
        assertEquals(6, n.interfaces(), "ceil(11 / 2) servers");
        assertEquals(2, n.interfaceOf(5), "core 5 is in server 2");
        assertEquals(2, n.interfaceEnd(0), "server 0 is cores 0 and 1");
        assertEquals(4, n.interfaceEnd(3), "server 1 is cores 2 and 3");
        assertEquals(11, n.interfaceEnd(10), "server 5 ends with the machine");
        assertEquals(2, n.nodesOfInterface(3), "a full server");
        assertEquals(1, n.nodesOfInterface(10), "the last server, partly filled");
        final HierarchicalInterconnect full = network(12);
        assertEquals(6, full.interfaces(), "12 / 2 servers");
        assertEquals(12, full.interfaceEnd(10), "server 5 is cores 10 and 11");
        assertEquals(2, full.nodesOfInterface(10), "both of them");
    }

    @Test
    void theBroadcastTreeClimbsToTheTopLevelAndDescendsOnceIntoEverySwitchAndCore() {
        // 12 cores from core 0: a climb of 4 links (server, rack, array, datacenter switch), then 1 other array,
        // 2 other racks, 5 other servers and 11 other cores
        assertEquals(4 + 1 + 2 + 5 + 11, network(12).broadcastTreeLinks(0));
        // 11 cores: the same switches (the last server, rack and array partly filled), 10 other cores
        assertEquals(4 + 1 + 2 + 5 + 10, network(11).broadcastTreeLinks(0));
        // 8 cores, one full array: a climb of 3 (server, rack, array switch), 1 other rack, 3 other servers, 7 cores
        assertEquals(3 + 1 + 3 + 7, network(8).broadcastTreeLinks(0));
        // 3 cores from core 2: climb to the rack switch (2), down into server 0 (1) and to cores 0 and 1 (2)
        assertEquals(2 + 1 + 2, network(3).broadcastTreeLinks(2));
        assertEquals(0, network(1).broadcastTreeLinks(0), "a machine of one core has no link");
    }

    @Test
    void aServerPortBusyForExactlyTheLargestIntIsKeptAndOneBusyLongerIsRefused() {
        // a data message is 5 flits of 16 bytes, 80 bytes; at 80 / (2^31 - 1.5) bytes per cycle on the rack level it
        // occupies the server's network interface ceil(2^31 - 1.5) = 2^31 - 1 cycles, the largest int
        final HierarchicalInterconnect slowest = new HierarchicalInterconnect(TOPOLOGY, 4, LATENCY,
                new double[] {1, 32, 80 / 2147483646.5, 4, 2}, 1, 16);
        assertEquals(Integer.MAX_VALUE, slowest.interfaceCycles(5));
        // at 2^-26 bytes per cycle inside the server, the board fabric is the busier port: 80 * 2^26 cycles
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new HierarchicalInterconnect(TOPOLOGY, 4, LATENCY, new double[] {1, 0x1p-26, 8, 4, 2}, 1, 16));
        assertTrue(e.getMessage().startsWith("a data message of 5 flits of 16 bytes occupies a server's port for "
                + 80L * (1 << 26) + " cycles"), e.getMessage());
    }

    @Test
    void describedByItsLevelsAndNoLinkModel() {
        final HierarchicalInterconnect n = network(12);
        assertEquals("12 cores: 2-core servers, 2 servers/rack, 2 racks/array, 2 arrays", n.describe());
        assertSame(TOPOLOGY, n.topology());
        assertSame(LinkLoad.NONE, n.newLinkLoad(), "its links are not modelled as queues");
    }
}
