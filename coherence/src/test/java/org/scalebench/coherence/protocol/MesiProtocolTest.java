package org.scalebench.coherence.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.scalebench.coherence.domain.MapCacheReplacement;
import org.scalebench.coherence.memory.MemoryConfig;
import org.scalebench.coherence.format.DirectoryFormats;
import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.home.HomeMapping;
import org.scalebench.coherence.network.Interconnect;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.verify.CoherenceInvariants;

/**
 * Hand-checkable transactions on chip1024 (32x32 mesh, PriME timing: a message of f flits over h hops takes
 * h + f cycles; 3-flit control, 10-flit data; directory 10, home data 10, map-table fetch 120 cycles).
 */
class MesiProtocolTest {

    private static final SystemSpec CHIP = SystemSpec.named("chip1024");

    /**
     * chip1024 with ideal homes (every line at its home in 10 cycles, no queues): the coherence timing alone, with
     * invalidations delivered by a multicast tree.
     */
    private static MesiProtocol chip(final String format, final String homes) {
        return chip(format, homes, InvalidationDelivery.TREE);
    }

    static MesiProtocol chip(final String format, final String homes, final InvalidationDelivery delivery) {
        final ProtocolConfig c = CHIP.protocolConfig(FormatSpec.parse(format), HomeMapping.parse(homes, 1024));
        return new MesiProtocol(c.toBuilder().memory(MemoryConfig.ideal(c.homeDataCycles()))
                .broadcastExit(BroadcastExit.STICKY).mapCacheReplacement(MapCacheReplacement.LRU).invalidations(delivery)
                .linkContention(false).build());
    }

    /** Byte address of line {@code line}. */
    private static long at(final long line) {
        return line << 6;
    }

    @Test
    void latencyModelIsHopsPlusFlits() {
        final Interconnect net = CHIP.network();
        assertEquals(3, net.controlFlits());
        assertEquals(10, net.dataFlits());
        assertEquals(2 + 3, net.latency(0, 33, 3));
        assertEquals(1, net.latency(5, 5, 3), "a message to the same tile pays injection only");
    }

    @Test
    void singleReadMissCostsRequestDirectoryDataAndReply() {
        final MesiProtocol p = chip("full-map", "global");
        // line 33 is homed on tile 33 = (1, 1): 2 hops from core 0
        final long latency = p.access(0, false, at(33), 0, 0);
        assertEquals(5 + 10 + 10 + 12, latency);
        final ProtocolStats s = p.stats();
        assertEquals(1, s.readMisses());
        assertEquals(2, s.messages());
        assertEquals(3 * 2 + 10 * 2, s.flitHops());
        assertEquals(1, p.access(0, true, at(33), 0, 0), "the copy is exclusive: a store hits and upgrades silently");
        assertEquals(1, s.hits());
    }

    @ParameterizedTest
    @EnumSource(InvalidationDelivery.class)
    void writeToALineWithThreeSharersInvalidatesThemInOneRound(final InvalidationDelivery delivery) {
        final MesiProtocol p = chip("full-map", "global", delivery);
        p.access(1, false, at(33), 0, 0); // E at core 1
        p.access(2, false, at(33), 0, 0); // forwarded: cores 1 and 2 share
        p.access(3, false, at(33), 0, 0); // third sharer
        final long messagesBefore = p.stats().messages();
        final long invalidationsBefore = p.stats().invalidations();
        final long latency = p.access(0, true, at(33), 0, 0);
        // home (1,1) to cores 1 (1 hop), 2 (2 hops), 3 (3 hops): round trips 8, 10, 12 -> 12; serial adds a train of
        // three 3-cycle invalidations out and three acknowledgements in; request 5 + directory 10 + max(round, 10)
        // + data 12
        if (delivery == InvalidationDelivery.TREE) {
            assertEquals(5 + 10 + 12 + 12, latency);
            assertEquals(1 + 2 + 1, p.stats().messages() - messagesBefore, "one multicast, one combined ack");
        } else {
            assertEquals(5 + 10 + (9 + 12 + 9) + 12, latency);
            assertEquals(1 + 3 + 3 + 1, p.stats().messages() - messagesBefore);
        }
        assertEquals(3, p.stats().invalidations() - invalidationsBefore);
        assertNull(new CoherenceInvariants(p, null).checkLine(33, 33));
        assertEquals(1, p.access(0, false, at(33), 0, 0), "the writer now hits");
        assertTrue(p.access(1, false, at(33), 0, 0) > 1, "core 1 lost its copy");
    }

    @Test
    void publicSharerReadMovesTheLineToBroadcastAndTheNextWriteReachesEveryTile() {
        final MesiProtocol p = chip("cdr-sr", "global");
        p.sharerDomains().define(0, new int[] {0, 1, 2, 3});
        p.sharerDomains().makePrimary(0);
        p.access(0, false, at(33), 0, 0);   // E at core 0
        p.access(100, false, at(33), 0, 0); // core 100 is outside domain 0: the public sharer
        assertEquals(0, p.stats().broadcasts());
        final long invalidationsBefore = p.stats().invalidations();
        final long latency = p.access(1, true, at(33), 0, 0);
        assertEquals(1, p.stats().broadcasts());
        assertEquals(1023, p.stats().invalidations() - invalidationsBefore, "every other tile gets one");
        // core 1 = (1,0) is 1 hop from the home (1,1); the round is 2 x the farthest tile (31,31): 60 hops + 3 flits
        assertEquals(4 + 10 + 2 * 63 + 11, latency);
        assertEquals(0, p.sharerMapLookups(), "a broadcast walks no sharer map");
        p.access(2, false, at(40), 0, 0);
        p.access(3, false, at(40), 0, 0);
        p.access(0, true, at(40), 0, 0); // invalidates logical sharers 2 and 3: one map row
        assertEquals(2, p.sharerMapLookups());
        assertEquals(1, p.sharerMapMisses());
        assertNull(new CoherenceInvariants(p, null).checkLine(33, 33));
        assertTrue(p.access(100, false, at(33), 0, 0) > 1, "the public sharer's copy was invalidated");
    }

    @Test
    void ownerOutsideTheDomainIsTrackedExactly() {
        final MesiProtocol p = chip("cdr-sr", "global");
        p.sharerDomains().define(0, new int[] {0, 1, 2, 3});
        p.access(500, true, at(33), 0, 0); // core 500 (outside) owns the line in M
        final long broadcastsBefore = p.stats().broadcasts();
        p.access(0, true, at(33), 0, 0);   // forwarded to the owner, no broadcast
        assertEquals(broadcastsBefore, p.stats().broadcasts());
        assertEquals(1, p.stats().forwards());
        assertNull(new CoherenceInvariants(p, null).checkLine(33, 33));
    }

    @Test
    void homeRestrictedAccessGoesToANearbyHomeAfterOneMapCacheMiss() {
        final MesiProtocol p = chip("full-map", "piton-low");
        final int[] block = {8 * 32 + 8, 8 * 32 + 9, 9 * 32 + 8, 9 * 32 + 9}; // a 2x2 home domain at (8,8)
        p.homeDomains().define(0, block);
        // line 3: piton-low takes address bits [11:6] = 3, four homes -> logical home 3 -> tile (9,9)
        final long first = p.access(block[0], false, at(3), 0, 0);
        assertEquals(120 + (2 + 3) + 10 + 10 + (2 + 10), first, "HMC miss + 2-hop request + dir + data + reply");
        assertEquals(1, p.stats().homeMapMisses());
        // line 7 has the same logical home and the same map-cache entry: no table fetch this time
        final long second = p.access(block[0], false, at(7), 0, 0);
        assertEquals((2 + 3) + 10 + 10 + (2 + 10), second);
        assertEquals(1, p.stats().homeMapMisses());
        assertEquals(2, p.stats().homeMapLookups());
        assertEquals(block[3], CoherenceInvariants.homeSlice(p, at(3), 0));
    }

    @Test
    void corruptedDirectoryIsDetected() {
        final MesiProtocol p = chip("full-map", "global");
        p.access(1, false, at(33), 0, 0);
        p.access(2, false, at(33), 0, 0);
        assertNull(new CoherenceInvariants(p, null).checkLine(33, 33));
        for (int e = 0; e < p.format().capacity(); e++) {
            p.format().reset(e); // forget every sharer behind the protocol's back
        }
        final String problem = new CoherenceInvariants(p, null).checkLine(33, 33);
        assertNotNull(problem);
        assertTrue(problem.contains("does not cover"), problem);
    }

    @Test
    void coarseGroupsInvalidateCoresWithoutACopyAndCountThemSuperfluous() {
        final MesiProtocol p = chip("coarse-vector-2", "global"); // groups of 64 cores on chip1024
        p.access(1, false, at(33), 0, 0);
        p.access(2, false, at(33), 0, 0);
        p.access(70, false, at(33), 0, 0); // third sharer: coarse mode, groups 0 and 1
        assertEquals(0, p.stats().superfluousInvalidations());
        p.access(3, true, at(33), 0, 0);
        assertEquals(127, p.stats().invalidations(), "every core of groups 0 and 1 but the writer");
        assertEquals(127 - 3, p.stats().superfluousInvalidations(), "only cores 1, 2 and 70 had a copy");
        assertNull(new CoherenceInvariants(p, null).checkLine(33, 33));
        assertTrue(p.access(70, false, at(33), 0, 0) > 1, "core 70's copy was invalidated");
    }

    @ParameterizedTest
    @EnumSource(InvalidationDelivery.class)
    void anUpgradeInCoarseModeDropsTheOtherCopiesTimedAndInAFunctionalWarmUp(final InvalidationDelivery delivery) {
        for (final boolean warm : new boolean[] {false, true}) {
            final MesiProtocol p = chip("coarse-vector-2", "global", delivery); // groups of 64 cores on chip1024
            p.access(1, false, at(33), 0, 0);
            p.access(2, false, at(33), 0, 0);
            p.access(70, false, at(33), 0, 0); // coarse mode, groups 0 and 1
            if (warm) {
                assertTrue(p.warm(2, true, at(33), 0, 0), "an upgrade");
            } else {
                p.access(2, true, at(33), 0, 0);
            }
            final String mode = delivery + (warm ? ", warm" : ", timed");
            assertEquals(127, p.stats().invalidations(), "every core of groups 0 and 1 but the writer: " + mode);
            assertEquals(127 - 2, p.stats().superfluousInvalidations(), "cores 1 and 70 had a copy: " + mode);
            assertEquals(MesiProtocol.INVALID, p.copyState(1, 33), mode);
            assertEquals(MesiProtocol.INVALID, p.copyState(70, 33), mode);
            assertEquals(MesiProtocol.MODIFIED, p.copyState(2, 33), mode);
            assertNull(new CoherenceInvariants(p, null).checkLine(33, 33), mode);
        }
    }

    /** A warehouse of 16 cores in 4-core servers, ideal homes, invalidations by tree, no link contention. */
    private static ProtocolConfig smallWarehouse(final String format) {
        final SystemSpec warehouse = SystemSpec.named("wsc1m").shrunk()
                .with(Map.of("cores_per_server", "4"), "test: 4-core servers");
        final ProtocolConfig c = warehouse.protocolConfig(FormatSpec.parse(format), HomeMapping.parse("global", 16));
        return c.toBuilder().memory(MemoryConfig.ideal(c.homeDataCycles())).broadcastExit(BroadcastExit.STICKY)
                .invalidations(InvalidationDelivery.TREE).linkContention(false).build();
    }

    /**
     * A coarse vector's timed round takes one round trip per server (every core of a server is as far from the home
     * but the home's own): the home's own core, nearer than its server-mates, must not stand for them.
     */
    @Test
    void aRoundTripTakenOncePerServerIsThatOfItsFarthestCoreWhenTheHomesOwnCoreComesFirst() {
        final int[] homeNodes = SystemSpec.named("wsc1m").shrunk()
                .with(Map.of("cores_per_server", "4"), "test: 4-core servers").homeNodes();
        int home = -1;
        for (int h = 0; h < homeNodes.length && home < 0; h++) {
            home = homeNodes[h] == 4 ? h : -1; // the home on the first core of server 1 (cores 4 to 7)
        }
        assertTrue(home >= 0, "a home on core 4");
        long line = -1;
        final MesiProtocol finder = new MesiProtocol(smallWarehouse("full-map"));
        for (long l = 0; l < 1024 && line < 0; l++) {
            finder.access(0, false, at(l), 0, 0);
            line = finder.directoryEntry(home, l) >= 0 ? l : -1;
        }
        assertTrue(line >= 0, "a line homed on core 4");
        assertEquals(4, FormatSpec.coarseGroupSize(1, 16));
        // coarse-vector-1: cores 4, 5 and 6 share (coarse mode: the group of cores 4 to 7, server 1); core 6 writes:
        // targets 4 (the home's own core, first), 5 and 7, the last two one level farther
        final MesiProtocol coarse = new MesiProtocol(smallWarehouse("coarse-vector-1"));
        coarse.access(4, false, at(line), 0, 0);
        coarse.access(5, false, at(line), 0, 0);
        coarse.access(6, false, at(line), 0, 0);
        final long coarseWrite = coarse.access(6, true, at(line), 0, 0);
        assertEquals(3, coarse.stats().invalidations());
        // coarse-vector-2 holding cores 5 and 6 as exact pointers; core 6 writes: target 5 alone, as far
        final MesiProtocol exact = new MesiProtocol(smallWarehouse("coarse-vector-2"));
        exact.access(5, false, at(line), 0, 0);
        exact.access(6, false, at(line), 0, 0);
        final long exactWrite = exact.access(6, true, at(line), 0, 0);
        assertEquals(1, exact.stats().invalidations());
        assertEquals(exactWrite, coarseWrite, "the farthest target is a server-mate of the home's core in both");
    }

    @Test
    void broadcastCountsTheCoresWithoutACopyAsSuperfluous() {
        final MesiProtocol p = chip("dir-b-1", "global");
        p.access(1, false, at(33), 0, 0);
        p.access(2, false, at(33), 0, 0); // overflow: broadcast state
        p.access(3, true, at(33), 0, 0);
        assertEquals(1, p.stats().broadcasts());
        assertEquals(1023 - 2, p.stats().superfluousInvalidations());
        p.stats().reset();
        assertEquals(0, p.stats().superfluousInvalidations() + p.stats().broadcasts() + p.stats().messages());
        assertEquals(0, p.stats().missLatency().count());
        final long before = p.stats().accesses();
        p.prefetch(5, at(33));
        assertEquals(before, p.stats().accesses(), "a prefetch is not an access");
        assertEquals(MesiProtocol.INVALID, p.copyState(5, 33));
    }

    @Test
    void dataMovementsAreReportedToTheObserver() {
        final StringBuilder moves = new StringBuilder();
        final MesiProtocol p = new MesiProtocol(CHIP.protocolConfig(FormatSpec.parse("full-map"),
                HomeMapping.parse("global", 1024)), DirectoryFormats::create,
                new DataObserver() {
                    @Override
                    public void fromHome(final int core, final long line) {
                        moves.append("home->").append(core).append(' ');
                    }

                    @Override
                    public void fromCache(final int source, final int core, final long line) {
                        moves.append(source).append("->").append(core).append(' ');
                    }

                    @Override
                    public void toHome(final int core, final long line) {
                        moves.append(core).append("->home ");
                    }
                });
        p.access(1, true, at(33), 0, 0);  // M at core 1, data from home
        p.access(2, false, at(33), 0, 0); // forwarded: core 1 writes back and supplies core 2
        p.access(3, true, at(33), 0, 0);  // write miss: sharers invalidated, data from home
        assertEquals("home->1 1->home 1->2 home->3 ", moves.toString());
    }

    @ParameterizedTest
    @EnumSource(InvalidationDelivery.class)
    void broadcastAccountsEveryMessageInClosedForm(final InvalidationDelivery delivery) {
        final MesiProtocol p = chip("dir-b-1", "global", delivery);
        p.access(1, false, at(33), 0, 0);
        p.access(2, false, at(33), 0, 0); // broadcast state
        final ProtocolStats s = p.stats();
        final long messages = s.messages();
        final long bytes = s.bytes();
        final long flitHops = s.flitHops();
        final long writebacks = s.writebacks();
        final long latency = p.access(3, true, at(33), 0, 0); // request (3 hops), the round, data reply
        final Interconnect net = CHIP.network();
        if (delivery == InvalidationDelivery.TREE) {
            // one multicast down the spanning tree of the 1,024 tiles (1,023 links) and one combined ack back
            assertEquals(1 + 2 + 1, s.messages() - messages);
            assertEquals((1 + 2) * 3 * 10 + 10 * 10, s.bytes() - bytes);
            assertEquals((3 + 10) * net.hops(3, 33) + 1023L * (3 + 3), s.flitHops() - flitHops);
            assertEquals(net.latency(3, 33, 3) + 10 + 2 * net.maxLatencyFrom(33, 3) + net.latency(33, 3, 10), latency);
        } else {
            assertEquals(1 + 2 * 1023 + 1, s.messages() - messages);
            assertEquals((1 + 2 * 1023) * 3 * 10 + 10 * 10, s.bytes() - bytes);
            assertEquals((3 + 10) * net.hops(3, 33) + 2L * 3 * net.hopSumFrom(33), s.flitHops() - flitHops);
            assertEquals(net.latency(3, 33, 3) + 10 + 1023 * 3 + 2 * net.maxLatencyFrom(33, 3) + 1023 * 3
                    + net.latency(33, 3, 10), latency);
        }
        assertEquals(writebacks, s.writebacks(), "shared copies are dropped without data");
    }

    @Test
    void countersAddUpOverASmallRun() {
        final MesiProtocol p = chip("full-map", "global");
        long sum = 0;
        sum += p.access(1, false, at(33), 0, 0); // read miss: E
        sum += p.access(1, true, at(33), 0, 0);  // hit: E to M
        sum += p.access(1, false, at(33), 0, 0); // hit
        sum += p.access(2, false, at(33), 0, 0); // read miss, forwarded: dirty owner writes back
        sum += p.access(2, true, at(33), 0, 0);  // upgrade
        sum += p.access(3, true, at(34), 0, 0);  // write miss
        final ProtocolStats s = p.stats();
        assertEquals(6, s.accesses());
        assertEquals(3, s.writes());
        assertEquals(2, s.hits());
        assertEquals(2, s.readMisses());
        assertEquals(1, s.writeMisses());
        assertEquals(1, s.upgrades());
        assertEquals(4, s.misses());
        assertEquals(4.0 / 6, s.missRate(), 1e-12);
        assertEquals(4, s.directoryAccesses());
        assertEquals(4, s.missLatency().count());
        assertEquals(1, s.writebacks());
        assertEquals(1, s.forwards());
        assertEquals(1, s.invalidations(), "the upgrade invalidates core 1");
        assertEquals(sum, s.latencySum());
        assertEquals(0, p.sharerMapLookups() + p.sharerMapMisses());
        assertEquals(0.0, new ProtocolStats().missRate());
    }

    @Test
    void theHomeForgetsALineOnceItsLastCopyIsEvicted() {
        final SystemSpec tiny = CHIP.shrunk(); // private caches of 2 sets x 2 ways: lines 0, 2, 4 share a set
        final MesiProtocol p = new MesiProtocol(tiny.protocolConfig(FormatSpec.parse("full-map"),
                HomeMapping.parse("global", 16)));
        p.access(1, false, at(0), 0, 0);
        final int entry = p.directoryEntry(0, 0);
        assertTrue(entry >= 0);
        assertEquals(0, p.lineOf(entry));
        assertEquals(1, p.holders(entry, new int[16]));
        p.access(1, true, at(2), 0, 0);
        p.access(1, false, at(4), 0, 0); // evicts line 0 (PutE)
        assertEquals(MesiProtocol.INVALID, p.copyState(1, 0));
        assertEquals(-1, p.directoryEntry(0, 0), "the empty entry is freed");
        assertEquals(-1, p.lineOf(entry));
        assertEquals(1, p.stats().evictions());
        p.access(1, false, at(6), 0, 0); // evicts line 2, which is dirty (PutM)
        assertEquals(1, p.stats().writebacks());
        assertEquals(-1, p.directoryEntry(2, 2));
    }
}
