package org.scalebench.coherence.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.home.HomeMapping;

/**
 * A whole run of one core on the shrunk chip without queues, its row worked out access by access: the warm-up and the
 * counted accesses are the stream's, in order, each miss taking the zero-load latency a twin protocol lays out for it
 * ({@link ClosedLoopMachineUnitTest#costs}), each hit the hit time, each access then the system's think time.
 */
class CoherenceSimulatorUnitTest {

    private static final SystemSpec QUIET = ClosedLoopMachineUnitTest.QUIET;

    /**
     * Core 5 reads lines 100 + (k^2 mod 5) and, every fourth access, a new line: hits and misses in its 4 lines; every
     * fifth access comes after a gap of 4 cycles.
     */
    private static ScriptedWorkload stream(final int n) {
        final ScriptedWorkload w = new ScriptedWorkload(16, 5);
        for (int k = 0; k < n; k++) {
            w.add(5, false, k % 4 == 3 ? 300 + k : 100 + (long) k * k % 5, k % 5 == 4 ? 4 : 0);
        }
        return w;
    }

    private static SimulationResult run(final Workload w, final Warmup warmup, final long accesses) {
        return CoherenceSimulator.run(QUIET, Scheme.GLOBAL, null, null, w, warmup, accesses, 1,
                CoherenceSimulator.Progress.NONE);
    }

    @Test
    void aRunsRowIsWhatItsCountedAccessesDid() {
        final int warm = 5;
        final int counted = 15;
        final ScriptedWorkload w = stream(30);
        final long[] cost = ClosedLoopMachineUnitTest.costs(w, 5);
        final int think = QUIET.thinkCycles();
        long t = 0;
        long from = 0;
        long missCycles = 0;
        int misses = 0;
        int hits = 0;
        for (int k = 0; k < warm + counted; k++) {
            if (k == warm) {
                from = t;
            }
            t += w.stream(5).get(k).gap() + (cost[k] == 0 ? 1 : cost[k]) + think;
            if (k >= warm && cost[k] == 0) {
                hits++;
            } else if (k >= warm) {
                misses++;
                missCycles += cost[k];
            }
        }
        assertTrue(hits > 0 && misses > 0, hits + " hits");
        final long before = System.nanoTime();
        final SimulationResult r = run(w, Warmup.fixed(warm), counted);
        final double around = (System.nanoTime() - before) / 1e9;
        assertEquals(counted, r.accesses());
        assertEquals(warm, r.warmupAccesses());
        assertEquals(1, r.activeCores());
        assertEquals(0, r.settleAccesses(), "a workload that ends is not settled");
        assertEquals((double) misses / counted, r.missRate(), 1e-12);
        assertEquals((double) missCycles / misses, r.avgMissLatencyCycles(), 1e-9);
        assertEquals((double) (missCycles + hits) / counted, r.avgAccessLatencyCycles(), 1e-9, "hits take 1 cycle");
        assertEquals(1000.0 * counted / (t - from), r.accessesPerKilocycle(), 1e-9,
                "from the first counted access to the core's turn after the last");
        assertEquals(1.0, r.littlesLawRatio(), 1e-12, "one core blocking on each miss spends all its time so, gaps too");
        assertEquals(missCycles, r.avgMissesInFlight() * r.machineCycles(), 1e-6, "Little's law");
        // until the last miss completed, and the messages it sends after its data arrives (each shorter than a miss)
        final long longest = java.util.Arrays.stream(cost).max().getAsLong();
        assertTrue(r.machineCycles() >= t - think - from && r.machineCycles() < t - from + longest,
                "from " + from + " to " + t + ": " + r.machineCycles());
        // the host's time: the whole run took it, the warm-up and the counted part each a share
        assertTrue(r.simSeconds() > 0, "" + r.simSeconds());
        assertTrue(r.accessesPerSecond() >= counted / r.simSeconds() * (1 - 1e-9), "" + r.accessesPerSecond());
        assertTrue(r.warmupAccessesPerSecond() >= warm / r.simSeconds() * (1 - 1e-9), "" + r.warmupAccessesPerSecond());
        // and each within the time the call took, measured around it (a consistency bound, whatever the host's speed)
        assertTrue(r.simSeconds() <= around, r.simSeconds() + " s reported, " + around + " s around the call");
        assertTrue(counted / r.accessesPerSecond() <= around, "the counted part: " + r.accessesPerSecond());
        assertTrue(warm / r.warmupAccessesPerSecond() <= around, "the warm-up: " + r.warmupAccessesPerSecond());
    }

    @Test
    void runsOfImpossibleLengthsAreRefused() {
        final ScriptedWorkload w = stream(30);
        assertThrows(IllegalArgumentException.class, () -> run(w, Warmup.fixed(5), 0));
        assertThrows(IllegalArgumentException.class, () -> run(w, Warmup.fixed(Long.MAX_VALUE - 5), 6));
        assertThrows(IllegalArgumentException.class, () -> run(stream(30), Warmup.fixed(30), 1),
                "a warm-up as long as the trace");
        assertEquals(1, run(stream(30), Warmup.fixed(29), 1).accesses(), "one access left after the warm-up");
        assertThrows(IllegalArgumentException.class, () -> run(new ScriptedWorkload(16, 5), Warmup.fixed(0), 1),
                "an empty trace");
    }

    /** The progress reports of a run: each count of accesses done so far, and the total announced. */
    @Test
    void progressCountsEveryAccessAndAnnouncesTheTotal() {
        final java.util.List<long[]> updates = new java.util.ArrayList<>();
        final boolean[] untimed = {false};
        final CoherenceSimulator.Progress progress = new CoherenceSimulator.Progress() {
            @Override
            public void update(final long done, final long total) {
                updates.add(new long[] {done, total});
            }

            @Override
            public void functional(final long accesses, final double seconds, final int threads) {
                untimed[0] = true;
            }
        };
        CoherenceSimulator.run(QUIET, Scheme.GLOBAL, null, null, stream(30), Warmup.fixed(5), 15, 1, progress);
        assertFalse(untimed[0], "a timed warm-up has no untimed part to report");
        assertEquals(5, updates.get(0)[0], "the warm-up's 5");
        long last = 0;
        for (final long[] u : updates) {
            assertEquals(20, u[1], "warm-up and counted accesses");
            assertTrue(u[0] > last, "growing: " + u[0]);
            last = u[0];
        }
        assertEquals(20, last);
        // a counted part longer than a report's step (and a stream twice as long): reported in steps, each access
        // made once
        final ScriptedWorkload hits = new ScriptedWorkload(16, 5);
        for (int k = 0; k < 140_005; k++) {
            hits.reads(5, 100);
        }
        updates.clear();
        final SimulationResult r = CoherenceSimulator.run(QUIET, Scheme.GLOBAL, null, null, hits, Warmup.fixed(5),
                70_000, 1, progress);
        assertEquals(70_000, r.accesses());
        assertTrue(updates.size() > 2, "more than one step: " + updates.size());
        assertEquals(70_005, updates.get(updates.size() - 1)[0]);
    }

    /**
     * Fifteen cores read the same three lines of home 5 in turn, which their 2-way private set cannot hold, on the
     * shrunk chip with queues but no link model: the home's interface, sending each a line of data, is the busiest
     * resource, and a request waits at most for the others' services (10 cycles each). Cold lines spread over every
     * home but all in even-numbered 4 KiB pages (interleaved over the two controllers) make one controller the busiest, and
in odd-numbered pages the other.
     */
    @Test
    void theBusiestResourceIsNamedAndTheQueuesAreShared() {
        final SystemSpec queued = SystemSpec.named("chip1024").shrunk().with(java.util.Map.of("link_contention", "off"),
                "test");
        final int[] cores = new int[15];
        java.util.Arrays.setAll(cores, k -> k + 1);
        final ScriptedWorkload hot = new ScriptedWorkload(16, cores);
        final ScriptedWorkload even = new ScriptedWorkload(16, cores);
        final ScriptedWorkload odd = new ScriptedWorkload(16, cores);
        for (final int c : cores) {
            for (int k = 0; k < 60; k++) {
                hot.reads(c, 5 + 16L * ((k + c) % 3));
                final long g = c * 60L + k;
                even.reads(c, 128 * (g / 64) + g % 64);
                odd.reads(c, 128 * (g / 64) + 64 + g % 64);
            }
        }
        final SimulationResult h = CoherenceSimulator.run(queued, Scheme.GLOBAL, null, null, hot, Warmup.fixed(150),
                600, 1, CoherenceSimulator.Progress.NONE);
        assertEquals("tile 5 interface egress", h.busiestResource());
        assertTrue(h.avgQueueCycles() > 0 && h.avgQueueCycles() <= 14 * 10, "" + h.avgQueueCycles());
        final String[] controllers = new String[2];
        int k = 0;
        for (final ScriptedWorkload pages : new ScriptedWorkload[] {even, odd}) {
            controllers[k++] = CoherenceSimulator.run(queued, Scheme.GLOBAL, null, null, pages, Warmup.fixed(15), 600, 1,
                    CoherenceSimulator.Progress.NONE).busiestResource();
        }
        java.util.Arrays.sort(controllers);
        assertEquals("[memory controller 0, memory controller 1]", java.util.Arrays.toString(controllers),
                "even pages on one controller, odd ones on the other");
        final SimulationResult quiet = run(stream(30), Warmup.fixed(5), 15);
        assertEquals(0, quiet.avgQueueCycles(), "no queues");
        assertFalse(quiet.saturated(), "nothing queued, nothing saturated");
    }

    @Test
    void eachSchemeHasItsFormatAndHomes() {
        assertEquals(FormatSpec.Kind.HIER, CoherenceSimulator.formatFor(QUIET, Scheme.HIER, null).kind());
        assertEquals(FormatSpec.Kind.HIER, CoherenceSimulator.formatFor(QUIET, Scheme.HIER, "hier").kind());
        assertThrows(IllegalArgumentException.class, () -> CoherenceSimulator.formatFor(QUIET, Scheme.HIER, "full-map"));
        for (final Scheme sr : new Scheme[] {Scheme.SR, Scheme.SR_HR}) {
            assertEquals(FormatSpec.Kind.CDR_SR, CoherenceSimulator.formatFor(QUIET, sr, null).kind());
            assertEquals(FormatSpec.Kind.CDR_SR, CoherenceSimulator.formatFor(QUIET, sr, "cdr-sr").kind());
            assertThrows(IllegalArgumentException.class, () -> CoherenceSimulator.formatFor(QUIET, sr, "full-map"));
        }
        assertEquals(QUIET.baselineFormat(), CoherenceSimulator.formatFor(QUIET, Scheme.GLOBAL, null));
        assertEquals(FormatSpec.Kind.FULL_MAP, CoherenceSimulator.formatFor(QUIET, Scheme.HR, "full-map").kind());
        assertThrows(IllegalArgumentException.class,
                () -> CoherenceSimulator.formatFor(SystemSpec.named("wsc1m"), Scheme.GLOBAL, "full-map"),
                "a million-bit vector per line");
        assertTrue(CoherenceSimulator.mappingFor(QUIET, Scheme.HIER, null).firstTouch());
        assertTrue(CoherenceSimulator.mappingFor(QUIET, Scheme.HIER, "first-touch").firstTouch());
        assertThrows(IllegalArgumentException.class, () -> CoherenceSimulator.mappingFor(QUIET, Scheme.HIER, "global"));
        assertEquals(HomeMapping.Kind.GLOBAL, CoherenceSimulator.mappingFor(QUIET, Scheme.SR, null).kind());
        assertEquals(HomeMapping.Kind.GLOBAL, CoherenceSimulator.mappingFor(QUIET, Scheme.GLOBAL, "global").kind());
        assertThrows(IllegalArgumentException.class, () -> CoherenceSimulator.mappingFor(QUIET, Scheme.SR, "piton-low"));
        assertTrue(CoherenceSimulator.mappingFor(QUIET, Scheme.HR, null).restricted(), "piton-low by default");
        assertThrows(IllegalArgumentException.class, () -> CoherenceSimulator.mappingFor(QUIET, Scheme.SR_HR, "global"));
    }
}
