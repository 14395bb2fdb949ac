package org.scalebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.scalebench.coherence.domain.HomeDomains;
import org.scalebench.coherence.domain.SharerDomains;
import org.scalebench.coherence.sim.Access;
import org.scalebench.coherence.sim.Warmup;
import org.scalebench.coherence.sim.Workload;

/** The warm-up mode a run gets: functional by default only where a window is too long to time. */
class WarmupModeTest {

    /** A workload of {@code cores} issuing cores (a trace when its length is given). */
    private static Workload cores(final int cores, final long length) {
        return new Workload() {
            @Override
            public String name() {
                return "stub";
            }

            @Override
            public void defineDomains(final SharerDomains sharers, final HomeDomains homes) {
            }

            @Override
            public int[] issuingCores() {
                return new int[cores];
            }

            @Override
            public boolean next(final int core, final Access out) {
                return false;
            }

            @Override
            public long length() {
                return length;
            }
        };
    }

    private static SimulationOptions options(final String warmup, final String mode) {
        final SimulationOptions o = new SimulationOptions();
        o.warmup = warmup;
        o.warmupMode = mode;
        return o;
    }

    @Test
    void aMillionActiveCoresWarmFunctionallyAndLongEnoughToGetSteady() {
        final Warmup plan = options(null, null).warmup(10_000_000, cores(1_000_000, -1));
        assertTrue(plan.functional() && plan.untilSteady());
        assertEquals(12 * 1024L * 1_000_000 + 64_000_000, plan.max(), "12 windows and the timed tail");
        // a steady warm-up with a MAX keeps it
        assertEquals(5_000_000_000L, options("steady:5000000000", null).warmup(1, cores(1_000_000, -1)).max());
        // and the user may still ask for a timed one
        assertFalse(options(null, "timed").warmup(10_000_000, cores(1_000_000, -1)).functional());
        assertEquals(100_000_000, options(null, "timed").warmup(10_000_000, cores(1_000_000, -1)).max());
    }

    @Test
    void aMillionActiveCoresCountAHundredAccessesEachByDefault() {
        final org.scalebench.coherence.sim.SystemSpec wsc = org.scalebench.coherence.sim.SystemSpec.named("wsc1m");
        assertEquals(100_000_000, CoherenceSimulateCommand.counted(null, cores(1_000_000, -1), wsc));
        assertEquals(10_000_000, CoherenceSimulateCommand.counted(null, cores(2048, -1), wsc), "128 VMs: unchanged");
        assertEquals(20_000_000, CoherenceSimulateCommand.counted(null, cores(1024, -1),
                org.scalebench.coherence.sim.SystemSpec.named("chip1024")));
        assertEquals(5, CoherenceSimulateCommand.counted(5L, cores(1_000_000, -1), wsc), "--accesses wins");
    }

    @Test
    void smallerMachinesAndTracesWarmTimedByDefault() {
        // 65,535 cores: a window of 67,107,840 accesses, just under 64 M
        final Warmup below = options(null, null).warmup(1_000_000, cores(65_535, -1));
        assertFalse(below.functional());
        assertEquals(40_000_000, below.max());
        assertTrue(options(null, null).warmup(1_000_000, cores(65_536, -1)).functional(), "a window of 64 M");
        assertFalse(options(null, null).warmup(1_000_000, cores(1_000_000, 5_000_000)).functional(), "a trace");
        // asked for on a small machine, the default MAX already has room for 12 windows
        final Warmup chip = options(null, "functional").warmup(1_000_000, cores(1024, -1));
        assertTrue(chip.functional());
        assertEquals(40_000_000, chip.max());
        assertEquals(4 * Warmup.MIN_WINDOW, chip.timedTail(1024));
    }
}
