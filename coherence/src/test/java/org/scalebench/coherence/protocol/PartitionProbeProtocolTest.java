package org.scalebench.coherence.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.home.HomeMapping;
import org.scalebench.coherence.memory.MemoryConfig;
import org.scalebench.coherence.network.PartitionProbe;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.timing.TimingPath;

/**
 * What the protocol tells a partition probe, transaction by transaction, on chip1024 cut into two blocks of 16 rows
 * (tiles 0-511 and 512-1023), with global homes (line l at tile l) and ideal memory (no controller is reached).
 */
class PartitionProbeProtocolTest {

    private static final SystemSpec CHIP = SystemSpec.named("chip1024");

    private final TimingPath path = new TimingPath();

    private static MesiProtocol chip() {
        final ProtocolConfig c = CHIP.protocolConfig(FormatSpec.parse("full-map"), HomeMapping.parse("global", 1024));
        return new MesiProtocol(c.toBuilder().memory(MemoryConfig.ideal(c.homeDataCycles())).build());
    }

    private boolean access(final MesiProtocol p, final int core, final boolean write, final long line) {
        return p.issue(core, write, line << 6, 0, 0, path);
    }

    @Test
    void requestsForwardsAndInvalidationsToAnotherBlockCross() {
        final MesiProtocol p = chip();
        final PartitionProbe probe = new PartitionProbe(CHIP.network(), 1, 2);
        p.probePartitions(probe);
        access(p, 1000, false, 3); // a request from the upper block to tile 3: crosses
        assertEquals(1, probe.crossingTransactions(1));
        access(p, 1, false, 3); // forwarded to the owner, core 1000: crosses
        assertEquals(2, probe.crossingTransactions(1));
        access(p, 1, false, 3); // a hit: local, not a transaction
        access(p, 2, true, 3); // invalidates cores 1000 and 1; only the multicast reaches the upper block
        assertEquals(3, probe.crossingTransactions(1), "an invalidation target in another block is a crossing");
        access(p, 4, false, 5);
        access(p, 6, false, 5);
        access(p, 7, true, 5); // requester, home and sharers all in the lower block
        assertEquals(3, probe.crossingTransactions(1));
        assertEquals(6, probe.transactions());
        assertEquals(7, probe.accesses());
        assertEquals(0, probe.crossingTransactions(0), "one block: nothing crosses");
    }

    @Test
    void aBroadcastReachesEveryBlock() {
        final ProtocolConfig c = CHIP.protocolConfig(FormatSpec.parse("dir-b-2"), HomeMapping.parse("global", 1024));
        final MesiProtocol p = new MesiProtocol(c.toBuilder().memory(MemoryConfig.ideal(c.homeDataCycles())).build());
        final PartitionProbe probe = new PartitionProbe(CHIP.network(), 2);
        p.probePartitions(probe);
        for (int core = 4; core < 8; core++) {
            access(p, core, false, 3); // three sharers overflow two pointers: the entry broadcasts from now on
        }
        assertEquals(0, probe.crossingTransactions(0));
        access(p, 2, true, 3);
        assertEquals(1, p.stats().broadcasts());
        assertEquals(1, probe.crossingTransactions(0), "a broadcast invalidates in every block");
    }
}
