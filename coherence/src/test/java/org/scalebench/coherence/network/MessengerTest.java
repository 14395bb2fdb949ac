package org.scalebench.coherence.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.scalebench.coherence.timing.TimingPath;
import org.scalebench.core.HierarchicalTopology;
import org.scalebench.core.MeshTopology;

/**
 * What a message puts on a transaction's path and in the traffic counts, worked by hand. The mesh is 4 x 3 (tile
 * {@code t = y * 4 + x}, one interface per tile), router 2, link 1, inject 3 cycles, 16-byte flits, so a message of
 * {@code f} flits over {@code h} hops takes {@code 3 + 3h + 2 + (f - 1)} cycles and occupies its ports {@code f}
 * cycles. The warehouse has 2-core servers, 2 servers per rack, 2 racks per array and 12 cores in use (6 servers,
 * so 6 interfaces), level latencies 0 / 10 / 100 / 1000 / 10000 cycles and bandwidths - / 32 / 8 / 4 / 2 bytes per
 * cycle, 16-byte flits (as in {@link HierarchicalInterconnectTest}).
 */
class MessengerTest {

    private static final MeshInterconnect MESH = new MeshInterconnect(new MeshTopology(4, 3), 2, 1, 3, 1, 16);
    private static final HierarchicalInterconnect WSC = new HierarchicalInterconnect(
            new HierarchicalTopology(2, 2, 2, 2, new long[5]), 12, new long[] {0, 10, 100, 1000, 10000},
            new double[] {1, 32, 8, 4, 2}, 1, 16);

    private static TimingPath path() {
        final TimingPath path = new TimingPath();
        path.reset();
        return path;
    }

    @Test
    void aMessageBetweenTilesQueuesAtBothInterfacesAndPaysLatencyPlusTheLinksWait() {
        final MeshLinkLoad links = new MeshLinkLoad(MESH.mesh());
        final Messenger m = new Messenger(MESH, links, true);
        final TimingPath first = path();
        // 5 (1,1) to 11 (3,2): 3 hops (5 -> 6 -> 7 -> 11); a data message of 5 flits: 3 + 9 + 2 + 4 = 18 cycles
        m.send(5, 11, 5, first);
        assertEquals(18, first.zeroLoad(), "the latency; no epoch has loaded the links yet, and packets add no delay");
        assertEquals(2, first.rootLegs(), "a packet on 5's egress and one on 11's ingress");
        assertEquals(1, m.messages(), "one message");
        assertEquals(5 * 16, m.bytes(), "5 flits of 16 bytes");
        assertEquals(5 * 3, m.flitHops(), "5 flits over 3 hops");
        // the message was carried: an epoch of 2 cycles leaves each of its 3 links a backlog of 5 - 2 = 3 flits and
        // s = 1/4 * 25 / 2 = 3.125 at rho = 1/4, a wait of 3 + 3.125 / 1.5 = 5.08; 15.25 along the route
        links.endEpoch(2);
        final TimingPath second = path();
        m.send(5, 11, 5, second);
        assertEquals(18 + 15, second.zeroLoad(), "the latency plus the links' wait");
    }

    @Test
    void withoutContentionNoInterfaceIsVisited() {
        final Messenger m = new Messenger(MESH, LinkLoad.NONE, false);
        final TimingPath path = path();
        m.send(5, 11, 5, path);
        assertEquals(18, path.zeroLoad(), "the uncontended latency alone");
        assertEquals(0, path.rootLegs(), "no queue");
        assertEquals(TimingPath.NONE, m.egress(5), "no egress queue");
        assertEquals(TimingPath.NONE, m.ingress(5), "no ingress queue");
        assertFalse(m.queues(), "interfaces are not queues");
        assertSame(MESH, m.network(), "the network it was given");
        assertSame(LinkLoad.NONE, m.links(), "the links it was given");
    }

    @Test
    void interfaceIHasEgressQueue2IAndIngressQueue2IPlus1() {
        final Messenger mesh = new Messenger(MESH, LinkLoad.NONE, true);
        assertTrue(mesh.queues(), "interfaces are queues");
        assertEquals(2 * 12, mesh.resources(), "12 tiles, 12 interfaces");
        assertEquals(0, mesh.egress(0), "tile 0's egress");
        assertEquals(1, mesh.ingress(0), "tile 0's ingress");
        assertEquals(2 * 5, mesh.egress(5), "tile 5's egress");
        assertEquals(2 * 5 + 1, mesh.ingress(5), "tile 5's ingress");
        final Messenger wsc = new Messenger(WSC, LinkLoad.NONE, true);
        assertEquals(2 * 6, wsc.resources(), "12 cores in 6 servers");
        assertEquals(2 * 2, wsc.egress(5), "core 5 is in server 2");
        assertEquals(2 * 2 + 1, wsc.ingress(4), "so is core 4");
    }

    @Test
    void aMessageWithinOneInterfaceIsOnlyItsLatency() {
        final Messenger m = new Messenger(WSC, LinkLoad.NONE, true);
        final TimingPath path = path();
        m.send(0, 1, 5, path); // same server: 10 + ceil(80 / 32) = 13, no queue
        assertEquals(13, path.zeroLoad(), "the server level's latency");
        assertEquals(0, path.rootLegs(), "the server's interface is not used");
        m.send(0, 2, 1, path); // same rack: 100 + ceil(16 / 8) = 102, through both servers' interfaces
        assertEquals(13 + 102, path.zeroLoad(), "then the rack level's");
        assertEquals(2, path.rootLegs(), "server 0's egress and server 1's ingress");
        assertEquals(2, m.messages(), "two messages");
        assertEquals((5 + 1) * 16, m.bytes(), "6 flits of 16 bytes");
        assertEquals(5 * 2 + 1 * 4, m.flitHops(), "5 flits over 2 links in the server, 1 over 4 via the rack switch");
    }

    @Test
    void untimedMessagesAreNeitherLaidOutNorCountedNorCarried() {
        final MeshLinkLoad links = new MeshLinkLoad(MESH.mesh());
        final Messenger m = new Messenger(MESH, links, true);
        final PartitionProbe probe = new PartitionProbe(MESH, 1);
        m.probe(probe);
        final TimingPath path = path();
        m.timed(false);
        m.send(5, 11, 5, path);
        m.count(0, 1, 1);
        assertEquals(0, path.zeroLoad(), "no delay");
        assertEquals(0, path.rootLegs(), "no queue");
        links.endEpoch(2);
        assertEquals(0, links.delay(5, 11), "nothing carried");
        assertEquals(0, m.messages(), "nothing counted");
        assertEquals(0, probe.messages(), "the probe was not told");
        m.timed(true);
        m.count(0, 1, 1);
        assertEquals(1, m.messages(), "counted again once timed");
    }

    @Test
    void theProbeIsToldOfEveryMessageUntilItIsRemoved() {
        final Messenger m = new Messenger(MESH, LinkLoad.NONE, true);
        final PartitionProbe probe = new PartitionProbe(MESH, 1);
        m.probe(probe);
        m.send(5, 11, 5, path());
        m.count(0, 1, 1);
        assertEquals(2, probe.messages(), "a sent and a counted message");
        m.probe(null);
        m.count(0, 1, 1);
        assertEquals(2, probe.messages(), "no longer told");
        assertEquals(3, m.messages(), "but still counted");
    }

    @Test
    void treesAndBatchesCountTheirMessagesBytesAndFlitHops() {
        final Messenger m = new Messenger(MESH, LinkLoad.NONE, true);
        // a multicast of 5 flits and its 1-flit acknowledgement over a tree of 7 links
        m.countTree(7, 5, 1);
        assertEquals(2, m.messages(), "one each way");
        assertEquals((5 + 1) * 16, m.bytes(), "6 flits of 16 bytes");
        assertEquals(7 * (5 + 1), m.flitHops(), "6 flits over 7 links");
        // 3 messages of 5 flits crossing 10 links in all
        m.countMany(3, 5, 10);
        assertEquals(2 + 3, m.messages(), "3 more");
        assertEquals(96 + 3 * 5 * 16, m.bytes(), "15 flits more");
        assertEquals(42 + 5 * 10, m.flitHops(), "5 flits over 10 links");
        m.reset();
        assertEquals(0, m.messages(), "reset");
        assertEquals(0, m.bytes(), "reset");
        assertEquals(0, m.flitHops(), "reset");
    }
}
