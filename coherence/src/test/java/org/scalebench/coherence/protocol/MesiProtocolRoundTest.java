package org.scalebench.coherence.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.home.HomeMapping;
import org.scalebench.coherence.network.PartitionProbe;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.timing.TimingPath;

/**
 * An invalidation round's use of the home's network interface, under tree delivery with the interfaces' queues on:
 * the multicast leaves through the home's egress and the combined acknowledgement comes in through its ingress only
 * when a target sits behind another interface. Held on a warehouse of 16 cores in four 4-core servers (global homes:
 * line 1's home is in server 1, cores 4 to 7), by counting the legs the requester's path crosses (a message between
 * two servers is one leg at the sender's egress and one at the receiver's ingress; inside a server, none), for a
 * round over listed targets (a full map) and for one over counted targets (a coarse vector in coarse mode, whose
 * round takes the servers' runs of targets without listing them), which must give what the listed round gives.
 */
class MesiProtocolRoundTest {

    private static final SystemSpec WAREHOUSE = SystemSpec.named("wsc1m").shrunk()
            .with(Map.of("cores_per_server", "4"), "test: 4-core servers");
    /** A line whose home is in server 1 (cores 4 to 7). */
    private static final long LINE = 1;

    private static MesiProtocol machine(final String format) {
        final ProtocolConfig c = WAREHOUSE.protocolConfig(FormatSpec.parse(format), HomeMapping.parse("global", 16));
        return new MesiProtocol(c.toBuilder().invalidations(InvalidationDelivery.TREE).linkContention(false).build());
    }

    /** The sharers read the line in turn; then the first of them writes it (an upgrade): its path. */
    private static TimingPath upgrade(final MesiProtocol p, final int... sharers) {
        for (final int core : sharers) {
            p.access(core, false, LINE << 6, 0, 0);
        }
        final TimingPath path = new TimingPath();
        p.issue(sharers[0], true, LINE << 6, 0, 0, path);
        return path;
    }

    @Test
    void aListedRoundCrossesTheHomesInterfaceOnlyForATargetInAnotherServer() {
        // core 0 (server 0) upgrades: request and acknowledgement cross between servers 0 and 1 (four legs)
        assertEquals(4, upgrade(machine("full-map"), 0, 5, 6).rootLegs(), "targets 5 and 6 share the home's server");
        assertEquals(6, upgrade(machine("full-map"), 0, 9, 10).rootLegs(),
                "targets 9 and 10 in server 2: the multicast out, the acknowledgement in");
        assertEquals(6, upgrade(machine("full-map"), 0, 5, 9).rootLegs(), "one target outside is enough");
    }

    @Test
    void aCountedRoundCrossesTheHomesInterfaceOnlyForATargetInAnotherServer() {
        // core 4 shares the home's server: its request and acknowledgement stay inside it (no leg)
        assertEquals(0, upgrade(machine("coarse-vector-1"), 4, 5, 6).rootLegs(), "the group of cores 4 to 7");
        assertEquals(2, upgrade(machine("coarse-vector-1"), 4, 9, 10).rootLegs(), "and the group of cores 8 to 11");
        assertEquals(2, upgrade(machine("coarse-vector-1"), 4, 5, 13).rootLegs(), "and the group of cores 12 to 15");
    }

    /**
     * A probe makes the protocol list a coarse vector's targets (it must be told each one), so the same round runs
     * counted without a probe and listed with one: the same copies, counts and path.
     */
    @Test
    void aCountedRoundGivesWhatTheListedRoundGives() {
        final int[][] cases = {{4, 5, 6}, {4, 9, 10}, {0, 5, 6}, {0, 9, 10}, {9, 4, 10}, {7, 4, 5, 6}, {3, 0, 1, 13}};
        for (final int[] sharers : cases) {
            final MesiProtocol counted = machine("coarse-vector-1");
            final MesiProtocol listed = machine("coarse-vector-1");
            listed.probePartitions(new PartitionProbe(WAREHOUSE.network(), 2));
            final TimingPath c = upgrade(counted, sharers);
            final TimingPath l = upgrade(listed, sharers);
            final String where = "sharers " + java.util.Arrays.toString(sharers);
            assertEquals(l.zeroLoad(), c.zeroLoad(), where);
            assertEquals(l.rootLegs(), c.rootLegs(), where);
            final ProtocolStats cs = counted.stats();
            final ProtocolStats ls = listed.stats();
            assertEquals(ls.invalidations(), cs.invalidations(), where);
            assertEquals(ls.superfluousInvalidations(), cs.superfluousInvalidations(), where);
            assertEquals(ls.messages(), cs.messages(), where);
            assertEquals(ls.bytes(), cs.bytes(), where);
            assertEquals(ls.flitHops(), cs.flitHops(), where);
            for (int core = 0; core < WAREHOUSE.cores(); core++) {
                assertEquals(listed.copyState(core, LINE), counted.copyState(core, LINE), where + ", core " + core);
            }
        }
    }

    @Test
    void aProbeIsToldTheTargetsOfACoarseVectorsRound() {
        final MesiProtocol p = machine("coarse-vector-1");
        final PartitionProbe probe = new PartitionProbe(WAREHOUSE.network(), 2); // servers 0-1 and 2-3
        p.probePartitions(probe);
        p.access(4, false, LINE << 6, 0, 0);
        p.access(5, false, LINE << 6, 0, 0);
        assertEquals(0, probe.crossingTransactions(0), "servers 0 and 1 only");
        p.access(4, true, LINE << 6, 0, 0); // targets cores 5 to 7: the requester's block
        assertEquals(0, probe.crossingTransactions(0));
        p.access(9, false, LINE << 6, 0, 0); // from block 1, forwarded to the owner, core 4: crosses
        assertEquals(1, probe.crossingTransactions(0));
        p.access(5, true, LINE << 6, 0, 0); // coarse mode: targets 4, 6 and 7 and 8 to 11, block 1's among them
        assertEquals(2, probe.crossingTransactions(0), "a target in block 1");
        assertEquals(3 + 7, p.stats().invalidations(), "5 to 7, then 4, 6, 7 and 8 to 11");
        p.access(6, false, LINE << 6, 0, 0); // forwarded to the owner, core 5: inside block 0
        p.access(7, true, LINE << 6, 0, 0); // coarse mode: targets 4 to 6 alone, block 0
        assertEquals(2, probe.crossingTransactions(0), "every target in block 0");
    }
}
