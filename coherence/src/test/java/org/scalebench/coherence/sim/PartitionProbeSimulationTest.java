package org.scalebench.coherence.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.scalebench.coherence.network.PartitionProbe;

/** A probed run computes what an unprobed one does; what it counts matches the run. */
class PartitionProbeSimulationTest {

    private static final SystemSpec SMALL = SystemSpec.named("chip1024").shrunk();

    private static SimulationResult run(final Scheme scheme, final PartitionProbe probe) {
        final SyntheticWorkload w = new SyntheticWorkload(SMALL,
                SyntheticWorkload.Params.defaults(SyntheticWorkload.Kind.VM, SMALL, 7).withGroupSize(4));
        return CoherenceSimulator.run(SMALL, scheme, null, null, w, Warmup.fixed(20_000), 30_000, 7,
                CoherenceSimulator.Progress.NONE, probe);
    }

    private static Object[] model(final SimulationResult r) {
        final Object[] row = r.row();
        for (int i = 0; i < row.length; i++) {
            row[i] = SimulationResult.isWallClock(i) ? "" : row[i];
        }
        return row;
    }

    @Test
    void theProbeChangesNothing() {
        for (final Scheme scheme : new Scheme[] {Scheme.GLOBAL, Scheme.SR_HR}) {
            final PartitionProbe probe = new PartitionProbe(SMALL.network(), 1, 2, 4);
            assertArrayEquals(model(run(scheme, null)), model(run(scheme, probe)), scheme.id());
        }
    }

    @Test
    void countsOnlyTheCountedAccesses() {
        final PartitionProbe probe = new PartitionProbe(SMALL.network(), 1, 2, 16);
        final SimulationResult r = run(Scheme.GLOBAL, probe);
        assertEquals(r.accesses(), probe.accesses());
        assertEquals(Math.round(r.accesses() * r.missRate()), probe.transactions(), 1.0,
                "misses and upgrades are the transactions");
        assertEquals(0, probe.crossingTransactions(0));
        // global homes spread every domain's lines over the whole chip: most transactions leave a half, almost
        // all leave a single tile
        final double half = (double) probe.crossingTransactions(1) / probe.transactions();
        final double tile = (double) probe.crossingTransactions(2) / probe.transactions();
        assertTrue(half > 0.3 && half < tile && tile > 0.9, half + " " + tile);
        assertTrue(probe.lookahead(1) > 0);
    }
}
