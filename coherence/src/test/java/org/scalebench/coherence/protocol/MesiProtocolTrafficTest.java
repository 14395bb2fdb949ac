package org.scalebench.coherence.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.home.HomeMapping;
import org.scalebench.coherence.memory.MemoryConfig;
import org.scalebench.coherence.network.Interconnect;
import org.scalebench.coherence.network.LinkLoad;
import org.scalebench.coherence.network.PartitionProbe;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.core.ReplacementPolicy;

/**
 * Traffic and timing the protocol lays out beside its state changes: warm-up, evictions, directory evictions,
 * upgrades under restricted homes and a hierarchical directory's reads served inside a server. Each expectation is
 * counted by hand from the configuration (chip1024's mesh: a message of f flits over h hops takes h + f cycles).
 */
class MesiProtocolTrafficTest {

    /** chip1024 with two memory controllers (DRAM behind the slices). */
    private static final SystemSpec CHIP = SystemSpec.named("chip1024").with(Map.of("memory_controllers", "2"), "test");

    private static long at(final long line) {
        return line << 6;
    }

    private static MesiProtocol machine(final SystemSpec system, final String format, final String homes) {
        return new MesiProtocol(system.protocolConfig(FormatSpec.parse(format), HomeMapping.parse(homes, 1024)));
    }

    @Test
    void aWarmUpCountsNoTrafficAndTheTimedAccessesAfterItCountAll() {
        final MesiProtocol p = machine(CHIP, "full-map", "global");
        assertTrue(p.warm(0, false, at(33), 0, 0), "a miss");
        assertFalse(p.warm(0, false, at(33), 0, 0), "a hit");
        assertEquals(0, p.stats().messages() + p.stats().memoryMessages() + p.stats().flitHops());
        // core 2 reads: forwarded to core 0 (request, forward, data), timed again
        p.access(2, false, at(33), 0, 0);
        assertEquals(3, p.stats().messages());
        // a new line is read from DRAM: the memory side's messages are counted again
        p.access(2, false, at(35), 0, 0);
        assertTrue(p.stats().memoryMessages() > 0, "DRAM traffic after the warm-up");
        assertEquals(2 * CHIP.network().interfaces() + 2, p.resources(), "two queues per interface, two controllers");
    }

    @Test
    void theLinkModelIsThereOnlyWithLinkContention() {
        final ProtocolConfig c = CHIP.protocolConfig(FormatSpec.parse("full-map"), HomeMapping.parse("global", 1024));
        assertSame(LinkLoad.NONE, new MesiProtocol(c.toBuilder().linkContention(false).build()).links());
        assertNotSame(LinkLoad.NONE, new MesiProtocol(c.toBuilder().linkContention(true).build()).links());
    }

    @Test
    void withAProbeAHitIsNoTransaction() {
        final MesiProtocol p = machine(CHIP, "full-map", "global");
        p.probePartitions(new PartitionProbe(CHIP.network(), 1, 2));
        assertTrue(p.issue(0, false, at(33), 0, 0, new org.scalebench.coherence.timing.TimingPath()));
        assertFalse(p.issue(0, false, at(33), 0, 0, new org.scalebench.coherence.timing.TimingPath()));
    }

    /** The shrunk chip (16 cores, private caches of 2 sets x 2 ways: lines 0, 2, 4 share a set), ideal homes. */
    @Test
    void evictionsSendAControlPutForACleanCopyAndADataPutForADirtyOne() {
        final SystemSpec tiny = CHIP.shrunk();
        final ProtocolConfig c = tiny.protocolConfig(FormatSpec.parse("full-map"), HomeMapping.parse("global", 16));
        final MesiProtocol p = new MesiProtocol(c.toBuilder().memory(MemoryConfig.ideal(c.homeDataCycles())).build());
        final Interconnect net = tiny.network();
        final long control = (long) net.controlFlits() * net.flitBytes();
        final long data = (long) net.dataFlits() * net.flitBytes();
        p.access(1, false, at(0), 0, 0); // E
        p.access(2, false, at(2), 0, 0);
        p.access(1, false, at(2), 0, 0); // S (forwarded from core 2)
        long messages = p.stats().messages();
        long bytes = p.stats().bytes();
        p.access(1, false, at(4), 0, 0); // evicts line 0, E: PutE
        assertEquals(1, p.stats().evictions());
        assertEquals(2 + 1, p.stats().messages() - messages, "request, data, PutE");
        assertEquals(control + data + control, p.stats().bytes() - bytes);
        messages = p.stats().messages();
        bytes = p.stats().bytes();
        p.access(1, false, at(6), 0, 0); // evicts line 2, S: PutS
        assertEquals(2, p.stats().evictions());
        assertEquals(2 + 1, p.stats().messages() - messages, "request, data, PutS");
        assertEquals(control + data + control, p.stats().bytes() - bytes);
        p.access(1, true, at(6), 0, 0); // E to M, silent
        messages = p.stats().messages();
        bytes = p.stats().bytes();
        p.access(1, false, at(8), 0, 0); // evicts line 4 (S), or 6 (M)
        p.access(1, false, at(10), 0, 0);
        assertEquals(4, p.stats().evictions());
        assertEquals(1, p.stats().writebacks());
        assertEquals(2 * 3, p.stats().messages() - messages, "two misses, a PutS or PutE and a PutM");
        assertEquals(2 * (control + data) + control + data, p.stats().bytes() - bytes);
    }

    /** The shrunk chip with ideal homes: 4-entry directories (2 sets x 2 ways) per home. */
    private static MesiProtocol tiny(final String format) {
        final ProtocolConfig c = CHIP.shrunk().protocolConfig(FormatSpec.parse(format), HomeMapping.parse("global", 16));
        return new MesiProtocol(c.toBuilder().memory(MemoryConfig.ideal(c.homeDataCycles())).build());
    }

    @Test
    void aDirectoryEvictionInvalidatesADirtyOwnerWhoseDataComesBackWithTheAcknowledgement() {
        final MesiProtocol p = tiny("full-map");
        final Interconnect net = CHIP.shrunk().network();
        final long control = (long) net.controlFlits() * net.flitBytes();
        final long data = (long) net.dataFlits() * net.flitBytes();
        p.access(1, true, at(0), 0, 0); // M at core 1, home 0
        long messages = 0;
        long bytes = 0;
        long evictions = 0;
        long writebacks = 0;
        long invalidations = 0;
        for (int k = 1; k < 14 && p.copyState(1, 0) != MesiProtocol.INVALID; k++) {
            messages = p.stats().messages();
            bytes = p.stats().bytes();
            evictions = p.stats().directoryEvictions();
            writebacks = p.stats().writebacks();
            invalidations = p.stats().invalidations();
            p.access(1 + k, false, at(16L * k), 0, 0); // another line of home 0, at another core
        }
        assertEquals(MesiProtocol.INVALID, p.copyState(1, 0), "the directory evicted line 0");
        assertEquals(1, p.stats().directoryEvictions() - evictions);
        assertEquals(1, p.stats().invalidations() - invalidations);
        assertEquals(1, p.stats().writebacks() - writebacks, "the dirty copy goes back");
        assertEquals(2 + 2, p.stats().messages() - messages, "request, data; invalidation, data acknowledgement");
        assertEquals(control + data + control + data, p.stats().bytes() - bytes);
    }

    @Test
    void anUpgradeLooksTheLogicalHomeUpAndServesItsHome() {
        final MesiProtocol p = machine(CHIP, "full-map", "piton-low");
        final int[] block = {8 * 32 + 8, 8 * 32 + 9, 9 * 32 + 8, 9 * 32 + 9}; // a 2x2 home domain at (8,8)
        p.homeDomains().define(0, block);
        p.access(block[0], false, at(3), 0, 0);
        p.access(block[1], false, at(3), 0, 0); // two sharers
        p.stats().reset();
        p.access(block[1], true, at(3), 0, 0); // an upgrade
        assertEquals(1, p.stats().upgrades());
        assertEquals(1, p.stats().homeMapLookups());
        assertEquals(1, p.stats().memory().homesTouched());
    }

    /** The shrunk warehouse (16 cores in 2-core servers, a home per server) with a hierarchical directory. */
    @Test
    void aHierarchicalReadIsServedInsideTheServerWhenAServerMateHoldsTheLine() {
        final SystemSpec warehouse = SystemSpec.named("wsc1m").shrunk();
        final ProtocolConfig c = warehouse.protocolConfig(FormatSpec.parse("hier"), HomeMapping.parse("global", 16))
                .toBuilder().memory(MemoryConfig.ideal(warehouse.protocolConfig(FormatSpec.parse("hier"),
                        HomeMapping.parse("global", 16)).homeDataCycles())).linkContention(false).build();
        final MesiProtocol p = new MesiProtocol(c);
        final Interconnect net = c.network();
        final int[] homeNodes = c.homeNodes();
        // a line homed outside servers 1 and 2 (cores 2-3, 4-5)
        long line = -1;
        int homeNode = -1;
        for (long l = 0; l < 64 && line < 0; l++) {
            for (int h = 0; h < homeNodes.length; h++) {
                final int i = net.interfaceOf(homeNodes[h]);
                if (p.directoryEntry(h, l) < 0 && i != net.interfaceOf(2) && i != net.interfaceOf(4)
                        && c.homeMapping().globalHomeOfLine(l) == h) {
                    line = l;
                    homeNode = homeNodes[h];
                }
            }
        }
        assertTrue(line >= 0);
        final int server1 = nearHomeNode(net, homeNodes, 3);
        assertEquals(2, server1, "server 1's home is on its first core");
        final int control = net.controlFlits();
        final int data = net.dataFlits();
        // core 3's read: its server's directory first (on core 2), then the line's home, then the home's slice
        final ProtocolStats s = p.stats();
        final long first = p.access(3, false, at(line), 0, 0);
        assertEquals(send(net, 3, server1, control) + c.directoryCycles() + send(net, server1, homeNode, control)
                + c.directoryCycles() + c.homeDataCycles() + send(net, homeNode, 3, data), first);
        assertEquals(3, s.messages());
        assertEquals(MesiProtocol.EXCLUSIVE, p.copyState(3, line));
        // core 2's read: served by core 3 inside server 1, which keeps a shared copy
        final long messages = s.messages();
        final long directory = s.directoryAccesses();
        final long forwards = s.forwards();
        final long readMisses = s.readMisses();
        final long second = p.access(2, false, at(line), 0, 0);
        assertEquals(send(net, 2, server1, control) + c.directoryCycles() + send(net, server1, 3, control)
                + send(net, 3, 2, data), second);
        assertEquals(3, s.messages() - messages);
        assertEquals(1, s.directoryAccesses() - directory);
        assertEquals(1, s.forwards() - forwards);
        assertEquals(1, s.readMisses() - readMisses);
        assertEquals(MesiProtocol.SHARED, p.copyState(2, line));
        assertEquals(MesiProtocol.SHARED, p.copyState(3, line));
        // core 4's read: no copy in server 2, so the line's home serves it
        p.access(4, false, at(line), 0, 0);
        assertEquals(1, s.forwards() - forwards);
        assertEquals(MesiProtocol.SHARED, p.copyState(4, line));
        p.access(3, true, at(line), 0, 0); // the upgrade invalidates cores 2 and 4
        assertEquals(MesiProtocol.INVALID, p.copyState(2, line));
        assertEquals(MesiProtocol.INVALID, p.copyState(4, line));
    }

    /** The home node next to a core: at or below it in its interface (as the protocol finds it). */
    private static int nearHomeNode(final Interconnect net, final int[] homeNodes, final int core) {
        for (int n = core; n >= 0 && net.interfaceOf(n) == net.interfaceOf(core); n--) {
            for (final int node : homeNodes) {
                if (node == n) {
                    return node;
                }
            }
        }
        throw new AssertionError("no home in core " + core + "'s interface");
    }

    /** A message's zero-load time: the network's latency (an idle port's transfer time is part of it). */
    private static long send(final Interconnect net, final int from, final int to, final int flits) {
        return net.latency(from, to, flits);
    }

    /** chip1024 with ideal homes and no link contention ({@code MesiProtocolTest.chip}). */
    private static MesiProtocol ideal(final String format, final InvalidationDelivery delivery) {
        return MesiProtocolTest.chip(format, "global", delivery);
    }

    @Test
    void aForwardedReadOfADirtyLineWritesItBackAndAWriteCountsControlAcknowledgements() {
        final MesiProtocol p = ideal("full-map", InvalidationDelivery.TREE);
        final long flit = CHIP.network().flitBytes();
        p.access(1, true, at(33), 0, 0); // M at core 1
        final ProtocolStats s = p.stats();
        long messages = s.messages();
        long bytes = s.bytes();
        p.access(2, false, at(33), 0, 0); // request, forward, data to core 2, write-back to the home
        assertEquals(1, s.writebacks());
        assertEquals(4, s.messages() - messages);
        assertEquals((3 + 3 + 10 + 10) * flit, s.bytes() - bytes);
        messages = s.messages();
        bytes = s.bytes();
        p.access(3, true, at(33), 0, 0); // request, one multicast to cores 1 and 2, a combined clean ack, data
        assertEquals(4, s.messages() - messages);
        assertEquals((3 + 3 + 3 + 10) * flit, s.bytes() - bytes);
    }

    /**
     * coarse-vector-2 on chip1024 (groups of 64 cores), serial delivery: cores 1, 2 and 70 share line 33 (home tile
     * (1, 1)), core 3 writes. The 127 other cores of groups 0 and 1 are targets, and the farthest of them, with no
     * copy, sets the round trip.
     */
    @Test
    void aSerialRoundWaitsForItsFarthestTargetEvenWithoutACopy() {
        final MesiProtocol p = ideal("coarse-vector-2", InvalidationDelivery.SERIAL);
        final Interconnect net = CHIP.network();
        p.access(1, false, at(33), 0, 0);
        p.access(2, false, at(33), 0, 0);
        p.access(70, false, at(33), 0, 0);
        final long latency = p.access(3, true, at(33), 0, 0);
        long roundTrip = 0;
        for (int t = 0; t < 128; t++) {
            if (t != 3) {
                roundTrip = Math.max(roundTrip, net.latency(33, t, 3) + net.latency(t, 33, 3));
            }
        }
        assertEquals(2 * (30 + 2 + 3), roundTrip, "core 127 = (31, 3), 32 hops from (1, 1)");
        // trains of 126 packets each way: every target but tile 33, the home's own, leaves the home's interface
        final long round = 126 * net.interfaceCycles(3) + roundTrip + 126 * net.interfaceCycles(3);
        assertEquals(net.latency(3, 33, 3) + 10 + Math.max(round, 10) + net.latency(33, 3, 10), latency);
        assertEquals(127 - 3, p.stats().superfluousInvalidations());
    }

    /**
     * cdr-sr: logical sharers 2 and 3 of domain {0, 1, 2, 3} on line 40 (home tile (8, 1)); core 0's write misses in
     * the Sharer Map Cache once (120 cycles) before the round; a second round on the same row does not.
     */
    @Test
    void aSharerMapMissDelaysTheRound() {
        final MesiProtocol p = ideal("cdr-sr", InvalidationDelivery.TREE);
        final Interconnect net = CHIP.network();
        p.sharerDomains().define(0, new int[] {0, 1, 2, 3});
        p.sharerDomains().makePrimary(0);
        p.access(2, false, at(40), 0, 0);
        p.access(3, false, at(40), 0, 0);
        final long latency = p.access(0, true, at(40), 0, 0);
        assertEquals(1, p.sharerMapMisses());
        final long round = 120 + 2 * net.latency(40, 2, 3); // core 2 = (2, 0) is the farther
        assertEquals(net.latency(0, 40, 3) + 10 + round + net.latency(40, 0, 10), latency);
        // line 1064, of the same home and sharers: the row is cached now, no miss and no delay
        p.access(2, false, at(1064), 0, 0);
        p.access(3, false, at(1064), 0, 0);
        final long again = p.access(0, true, at(1064), 0, 0);
        assertEquals(1, p.sharerMapMisses());
        assertEquals(net.latency(0, 40, 3) + 10 + 2 * net.latency(40, 2, 3) + net.latency(40, 0, 10), again);
    }

    /** dir-b-1 under reset-on-empty: a broadcast line's entry is freed when its last copy is evicted. */
    @Test
    void resetOnEmptyFreesABroadcastEntryWithItsLastCopy() {
        final ProtocolConfig c = CHIP.shrunk().protocolConfig(FormatSpec.parse("dir-b-1"),
                HomeMapping.parse("global", 16));
        final MesiProtocol p = new MesiProtocol(c.toBuilder().memory(MemoryConfig.ideal(c.homeDataCycles()))
                .broadcastExit(BroadcastExit.RESET_ON_EMPTY).build());
        p.access(1, false, at(0), 0, 0);
        p.access(2, false, at(0), 0, 0); // two sharers overflow one pointer: broadcast
        final int entry = p.directoryEntry(0, 0);
        assertTrue(p.format().isBroadcast(entry));
        for (final int core : new int[] {1, 2}) {
            p.access(core, false, at(2), 0, 0);
            p.access(core, false, at(4), 0, 0); // evicts line 0 (lines 0, 2, 4 share a set)
        }
        assertEquals(1, p.stats().broadcastExits());
        assertEquals(-1, p.directoryEntry(0, 0), "the entry is freed");
    }

    @Test
    void aProbeSeesTheMemorySidesMessagesAndAWarmRoundsTargets() {
        final MesiProtocol p = machine(CHIP, "full-map", "global");
        final PartitionProbe probe = new PartitionProbe(CHIP.network(), 1, 2);
        p.probePartitions(probe);
        p.access(0, false, at(33), 0, 0); // request, DRAM read and its reply, data
        assertEquals(4, probe.messages());
        // coarse-vector-2 warmed: cores 1, 2 (group 0) and 600 (group 9, the upper block) share line 3 (tile 3, the
        // lower block); core 4's write targets groups 0 and 9, which reaches the upper block
        final MesiProtocol q = ideal("coarse-vector-2", InvalidationDelivery.TREE);
        final PartitionProbe blocks = new PartitionProbe(CHIP.network(), 1, 2);
        q.probePartitions(blocks);
        q.warm(1, false, at(3), 0, 0);
        q.warm(2, false, at(3), 0, 0);
        q.warm(600, false, at(3), 0, 0);
        final long crossing = blocks.crossingTransactions(1);
        q.warm(4, true, at(3), 0, 0);
        assertEquals(crossing + 1, blocks.crossingTransactions(1), "the round reaches core 600's group");
        assertEquals(MesiProtocol.INVALID, q.copyState(600, 3));
    }

    /**
     * The shrunk chip with its memory (home slices of 2 sets x 2 ways, DRAM behind them): a dirty line written back
     * to its home's slice goes to DRAM when the slice evicts it, whichever way it came back.
     */
    @Test
    void aDirtyLineWrittenBackToItsSliceReachesDramWhenTheSliceEvictsIt() {
        final ProtocolConfig c = CHIP.shrunk().protocolConfig(FormatSpec.parse("full-map"),
                HomeMapping.parse("global", 16));
        final MesiProtocol forwarded = new MesiProtocol(c);
        forwarded.access(1, true, at(0), 0, 0);
        forwarded.access(2, false, at(0), 0, 0); // the owner writes back as it supplies core 2
        final MesiProtocol evicted = new MesiProtocol(c);
        evicted.access(1, true, at(0), 0, 0);
        evicted.access(1, false, at(2), 0, 0);
        evicted.access(1, false, at(4), 0, 0); // PutM
        assertEquals(MesiProtocol.INVALID, evicted.copyState(1, 0));
        final MesiProtocol invalidated = new MesiProtocol(c);
        invalidated.access(1, true, at(0), 0, 0); // the directory eviction below invalidates it, data with the ack
        for (final MesiProtocol p : new MesiProtocol[] {forwarded, evicted, invalidated}) {
            assertEquals(0, p.stats().memory().dramWrites());
            for (int k = 1; k <= 12; k++) {
                p.access(2 + k, false, at(16L * k), 0, 0); // other lines of home 0, each at its own core
            }
            assertEquals(MesiProtocol.INVALID, p.copyState(1, 0));
            assertEquals(1, p.stats().memory().dramWrites(), "line 0, dirty in the slice, went to DRAM");
        }
    }

    /** chip1024 with link contention: ideal slices (no DRAM) whose ports queue, the links loaded by every message. */
    private static MesiProtocol loaded(final String format, final InvalidationDelivery delivery) {
        final ProtocolConfig c = CHIP.protocolConfig(FormatSpec.parse(format), HomeMapping.parse("global", 1024));
        final MemoryConfig slices = new MemoryConfig(0, 1, ReplacementPolicy.LRU, c.homeDataCycles(), 0, new int[0],
                null, 0, true, 0);
        return new MesiProtocol(c.toBuilder().memory(slices).broadcastExit(BroadcastExit.STICKY)
                .invalidations(delivery).linkContention(true).build());
    }

    /** Whether two link models carried the same flits: their delays and utilizations after one epoch. */
    private static void assertSameLoads(final LinkLoad expected, final LinkLoad actual, final String what) {
        expected.endEpoch(1);
        actual.endEpoch(1);
        assertEquals(expected.maxUtilization(1), actual.maxUtilization(1), what);
        final int[] near = new int[4 * 6]; // tiles (0..5, 0..3): the home (1, 1), the cores and their links
        for (int i = 0; i < near.length; i++) {
            near[i] = (i / 6) * 32 + i % 6;
        }
        for (final int from : near) {
            for (final int to : near) {
                assertEquals(expected.delay(from, to), actual.delay(from, to), what + ": " + from + " to " + to);
            }
        }
    }

    /** Cores 1, 2 and 3 share line 33 (home tile 33); core 0's write invalidates them. */
    @Test
    void aWriteLoadsTheLinksOfItsMessagesAndOfItsInvalidationRound() {
        final int[] sharers = {1, 2, 3};
        for (final InvalidationDelivery delivery : InvalidationDelivery.values()) {
            final MesiProtocol p = loaded("full-map", delivery);
            for (final int core : sharers) {
                p.access(core, false, at(33), 0, 0);
            }
            p.links().discardOffered();
            p.access(0, true, at(33), 0, 0);
            final LinkLoad expected = CHIP.network().newLinkLoad();
            expected.carry(0, 33, 3);
            if (delivery == InvalidationDelivery.TREE) {
                expected.carryTree(33, sharers, 3, 3);
                expected.carryTreeInward(33, sharers, 3, 3);
            } else {
                for (final int core : sharers) {
                    expected.carry(33, core, 3);
                    expected.carry(core, 33, 3);
                }
            }
            expected.carry(33, 0, 10);
            assertSameLoads(expected, p.links(), delivery.toString());
        }
    }

    /** dir-b-1: cores 1 and 2 share line 33, so it broadcasts; core 3's write reaches every tile. */
    @Test
    void aBroadcastLoadsTheLinksOfTheBroadcastTreeBothWays() {
        for (final InvalidationDelivery delivery : InvalidationDelivery.values()) {
            final MesiProtocol p = loaded("dir-b-1", delivery);
            p.access(1, false, at(33), 0, 0);
            p.access(2, false, at(33), 0, 0);
            p.links().discardOffered();
            p.access(3, true, at(33), 0, 0);
            final LinkLoad expected = CHIP.network().newLinkLoad();
            expected.carry(3, 33, 3);
            expected.carryBroadcast(33, 3);
            expected.carryBroadcastInward(33, 3);
            expected.carry(33, 3, 10);
            assertSameLoads(expected, p.links(), delivery.toString());
        }
    }

    /** Loaded links delay an invalidation's round trip as they delay every message. */
    @Test
    void aRoundTripPaysTheLinksDelayBothWays() {
        final MesiProtocol p = loaded("full-map", InvalidationDelivery.TREE);
        final Interconnect net = CHIP.network();
        for (int core = 1; core <= 3; core++) {
            p.access(core, false, at(33), 0, 0);
        }
        for (int k = 0; k < 8; k++) {
            p.links().carry(33, 3, 10); // a hot route out of the home and back
            p.links().carry(3, 33, 10);
        }
        p.links().endEpoch(1);
        final LinkLoad d = p.links();
        assertTrue(d.delay(33, 3) > 0 && d.delay(3, 33) > 0);
        long round = 0;
        for (int t = 1; t <= 3; t++) {
            round = Math.max(round, net.latency(33, t, 3) + d.delay(33, t) + net.latency(t, 33, 3) + d.delay(t, 33));
        }
        final long latency = p.access(0, true, at(33), 0, 0);
        assertEquals(net.latency(0, 33, 3) + d.delay(0, 33) + 10 + Math.max(round, 10) + net.latency(33, 0, 10)
                + d.delay(33, 0), latency);
    }

    /** coarse-vector-2 (groups of 64): cores 1, 2 and 70 share line 33, core 3's write targets groups 0 and 1. */
    @Test
    void aCoarseRoundLoadsTheLinksToEveryTargetOfItsGroups() {
        final MesiProtocol p = loaded("coarse-vector-2", InvalidationDelivery.TREE);
        for (final int core : new int[] {1, 2, 70}) {
            p.access(core, false, at(33), 0, 0);
        }
        p.links().discardOffered();
        p.access(3, true, at(33), 0, 0);
        assertEquals(127, p.stats().invalidations());
        final int[] targets = new int[127];
        for (int t = 0, i = 0; t < 128; t++) {
            if (t != 3) {
                targets[i++] = t;
            }
        }
        final LinkLoad expected = CHIP.network().newLinkLoad();
        expected.carry(3, 33, 3);
        expected.carryTree(33, targets, 127, 3);
        expected.carryTreeInward(33, targets, 127, 3);
        expected.carry(33, 3, 10);
        assertSameLoads(expected, p.links(), "coarse");
    }
}
