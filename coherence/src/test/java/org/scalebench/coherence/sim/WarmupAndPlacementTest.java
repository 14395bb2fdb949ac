package org.scalebench.coherence.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Warm-up detection, the workloads' page placement and active domains, and the machines' memory parameters. */
class WarmupAndPlacementTest {

    private static final SystemSpec SMALL = SystemSpec.named("chip1024").shrunk();

    private static SyntheticWorkload vm(final SystemSpec system, final double outside) {
        return new SyntheticWorkload(system, SyntheticWorkload.Params.defaults(SyntheticWorkload.Kind.VM, system, 9)
                .withOutside(outside));
    }

    @Test
    void roomForWindowsRaisesOnlyASteadyMaximumThatIsTooLow() {
        final Warmup timed = Warmup.untilSteady(40_000_000);
        final Warmup roomy = timed.withRoomFor(12, 1_000_000);
        assertEquals(12 * 1_024_000_000L, roomy.max(), "12 windows of 1,024 accesses per core, no tail when timed");
        assertTrue(roomy.untilSteady());
        final Warmup functional = timed.functionally().withRoomFor(12, 1_000_000);
        assertEquals(12 * 1_024_000_000L + 64_000_000L, functional.max(), "and the timed tail, 64 per core");
        assertTrue(functional.functional());
        assertEquals(timed, timed.withRoomFor(12, 1024), "12 windows of 1 M fit in 40 M: unchanged");
        assertEquals(Warmup.fixed(5), Warmup.fixed(5).withRoomFor(12, 1_000_000), "a fixed warm-up is kept");
    }

    @Test
    void warmingUntilSteadyStopsBeforeTheLimitAndSaysSo() {
        final SimulationResult steady = CoherenceSimulator.run(SMALL, Scheme.GLOBAL, null, null, vm(SMALL, 0),
                Warmup.untilSteady(5_000_000), 10_000, 1, CoherenceSimulator.Progress.NONE);
        assertTrue(steady.warmupSteady());
        assertTrue(steady.warmupAccesses() < 5_000_000, "stopped at " + steady.warmupAccesses());
        assertEquals(0, steady.warmupAccesses() % Warmup.MIN_WINDOW, "whole windows");
        final SimulationResult cold = CoherenceSimulator.run(SMALL, Scheme.GLOBAL, null, null, vm(SMALL, 0),
                Warmup.fixed(0), 10_000, 1, CoherenceSimulator.Progress.NONE);
        assertFalse(cold.warmupSteady(), "no warm-up: a cold start");
        assertEquals(10_000, cold.accesses());
    }

    @Test
    void pagesAreScatteredInsideTheirGroupsRegionWithTheirOffsetsKept() {
        final SystemSpec chip = SystemSpec.named("chip1024");
        final SyntheticWorkload w = vm(chip, 0.01);
        final Access access = new Access();
        for (int k = 0; k < 200_000; k++) {
            w.next(k & 1023, access);
            assertEquals(access.sdid, (int) (access.address >>> 32), "inside its group's region");
            assertEquals(0, access.address & 63, "line aligned");
        }
        final Set<Integer> globalHomesOfTheFirstSharedLine = new HashSet<>();
        for (int g = 0; g < 64; g++) {
            final Set<Long> frames = new HashSet<>();
            for (long page = 0; page < 4096; page++) {
                final long a = w.addressOf(g, page << 6 | 5);
                assertEquals(5L << 6, a & 4095, "the offset in the page is kept");
                assertTrue(frames.add(a >>> 12), "two pages of group " + g + " on one frame");
            }
            globalHomesOfTheFirstSharedLine.add((int) ((w.addressOf(g, 16 * 128) >>> 6) & 1023));
        }
        assertTrue(globalHomesOfTheFirstSharedLine.size() >= 8, "hot lines of different VMs no longer share one global "
                + "home: " + globalHomesOfTheFirstSharedLine.size());
    }

    @Test
    void onlyActiveDomainsIssueAccessesAndOutsideReadsTargetThem() {
        final SystemSpec chip = SystemSpec.named("chip1024");
        final SyntheticWorkload w = new SyntheticWorkload(chip, SyntheticWorkload.Params.defaults(
                SyntheticWorkload.Kind.VM, chip, 3).withActive(4).withOutside(0.2));
        final int[] cores = w.issuingCores();
        assertEquals(64, cores.length);
        final Set<Integer> active = Set.of(0, 16, 32, 48);
        final Set<Integer> seen = new HashSet<>();
        final Access a = new Access();
        for (int k = 0; k < 80_000; k++) {
            w.next(cores[k & 63], a);
            assertTrue(active.contains(a.sdid), "domain " + a.sdid + " is not active");
            seen.add(a.sdid);
        }
        assertEquals(active, seen);
    }

    @Test
    void warehouseLatenciesAreOneWayHalvesOfTheRoundTripsLessTheDram() {
        final SystemSpec wsc = SystemSpec.named("wsc1m");
        // same server: (100 ns x 2.5 GHz - 120) / 2 = 65 cycles, + 30 bytes at 20 GB/s (8 bytes per cycle) = 4
        assertEquals(65 + 4, wsc.network().latency(0, 1, 3));
        // another server of the rack: (100 us x 2.5 GHz - 120) / 2 = 124,940 cycles, + 30 bytes at 100 MB/s = 750
        assertEquals(124_940 + 750, wsc.network().latency(0, 64, 3));
        // another rack of the array: (500 us x 2.5 GHz - 120) / 2 = 624,940, + 30 bytes at 10 MB/s = 7,500
        assertEquals(624_940 + 7_500, wsc.network().latency(0, 64 * 40, 3));
        assertEquals(750, wsc.network().serializationCycles(0, 64 * 40, 3), "the server's network interface");
        assertEquals(4, wsc.network().serializationCycles(0, 1, 3), "the board inside the server");
    }

    @Test
    void chipControllersSitOnTheTopAndBottomRowsAndWarehouseMemoryOnEachServer() {
        assertArrayEquals(new int[] {2, 6, 10, 14, 18, 22, 26, 30, 994, 998, 1002, 1006, 1010, 1014, 1018, 1022},
                SystemSpec.topBottomControllers(32, 32, 16));
        final var wsc = SystemSpec.named("wsc1m").memoryConfig();
        assertEquals(15_625, wsc.controllerNodes().length);
        assertEquals(1, wsc.controllerOfHome()[3], "home 3 is the second socket of server 1");
        assertEquals(64, wsc.controllerNodes()[1]);
        assertEquals(8, wsc.controllerServiceCycles(), "64 bytes at 20 GB/s and 2.5 GHz");
        assertEquals(13, SystemSpec.named("chip1024").memoryConfig().controllerServiceCycles(), "DDR3-1600");
    }
}
