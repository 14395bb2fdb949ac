package org.scalebench.coherence.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.scalebench.coherence.network.PartitionProbe;

/**
 * The warm-up part of {@code CoherenceSimulator.simulate} on one core of the shrunk chip without queues, whose stream
 * cycles over three lines of one 2-way private set (every access a miss, a miss rate of 1 in every window) and then
 * reads the last of them over and over (hits). By {@link Warmup}'s rules: windows of 262,144 accesses (one issuing
 * core) are judged on their miss rate and a warm-up until steady stops after the third equal one; a functional
 * warm-up performs its windows untimed (reporting them every 65,536 accesses on one thread, once a window on two),
 * reports that part once with its threads, and then times a tail of four windows; a fixed warm-up runs its length,
 * its last window partial, whether steady or not. Each expected length, report and total is derived from those rules;
 * settling is off (its own test is {@link CoherenceSimulatorSettlingUnitTest}) so that counting follows the warm-up.
 * A partition probe, reset when counting starts, sees the counted accesses alone.
 */
class CoherenceSimulatorWarmupUnitTest {

    private static final SystemSpec QUIET = ClosedLoopMachineUnitTest.QUIET;
    private static final long WINDOW = Warmup.MIN_WINDOW;
    private static final long TAIL = Warmup.tailLength(1);
    private static final long REPORT_EVERY = 1 << 16;
    private static final long PIPELINED_REPORT_EVERY = 1 << 22;
    private static final int COUNTED = 1000;

    /** Lines 100, 102 and 104 in turn (one set, two ways: each a miss) for {@code misses} accesses, then hits. */
    private static EndlessWorkload missesThenHits(final long misses) {
        return new EndlessWorkload(k -> 100 + 2 * (Math.min(k, misses - 1) % 3), k -> 0);
    }

    private static SimulationResult run(final Workload w, final Warmup warmup, final RecordingProgress progress) {
        return CoherenceSimulator.run(QUIET, Scheme.GLOBAL, null, null, w, warmup.withoutSettling(), COUNTED, 3,
                progress);
    }

    /** The one report of the untimed part: its accesses and threads, its seconds a share of the run's. */
    private static void assertUntimed(final long accesses, final int threads, final RecordingProgress progress,
            final SimulationResult r) {
        assertEquals(1, progress.functional.size(), "one untimed part");
        final double[] f = progress.functional.get(0);
        assertEquals(accesses, f[0], "untimed accesses");
        assertTrue(f[1] >= 0 && f[1] <= r.simSeconds(), f[1] + " s of the run's " + r.simSeconds() + " s");
        assertEquals(threads, f[2], "threads");
    }

    /**
     * Until steady, functionally, on one thread: three windows of misses (rates 1, 1, 1: two changes of 0), then the
     * timed tail of hits. Reported every 65,536 accesses, against the plan's length while warming, then against the
     * warm-up's actual length.
     */
    @Test
    void aFunctionalWarmupStopsWhenSteadyAndTimesItsTail() {
        final long max = 8 * WINDOW + TAIL;
        final EndlessWorkload w = missesThenHits(3 * WINDOW);
        final RecordingProgress progress = new RecordingProgress();
        final SimulationResult r = run(w, new Warmup(max, Warmup.DEFAULT_PER_CORE, Warmup.DEFAULT_TOLERANCE, true, true,
                1), progress);
        assertTrue(w.domainsDefined(), "the workload got the machine's domains");
        assertEquals(3 * WINDOW + TAIL, r.warmupAccesses());
        assertTrue(r.warmupSteady());
        assertUntimed(3 * WINDOW, 1, progress, r);
        assertEquals(List.of(3 * WINDOW + TAIL), progress.warmed);
        final List<long[]> expected = new ArrayList<>();
        for (int j = 0; j < 3; j++) {
            RecordingProgress.steps(expected, j * WINDOW, WINDOW, REPORT_EVERY, max + COUNTED);
        }
        RecordingProgress.steps(expected, 3 * WINDOW, TAIL, REPORT_EVERY, 3 * WINDOW + TAIL + COUNTED);
        RecordingProgress.steps(expected, 3 * WINDOW + TAIL, COUNTED, REPORT_EVERY, 3 * WINDOW + TAIL + COUNTED);
        progress.assertUpdates(expected);
        assertEquals(0, r.missRate(), "the counted accesses hit");
    }

    /**
     * A fixed functional warm-up of four and a half windows and the tail, on two threads: it runs its length though
     * steady after three windows, the last window half long; reported once a window (a pipelined step is longer than
     * a window). Its four whole windows had equal miss rates: steady.
     */
    @Test
    void aFixedFunctionalWarmupRunsItsLengthWithAPartialLastWindow() {
        final long untimed = 4 * WINDOW + WINDOW / 2;
        final long max = untimed + TAIL;
        final RecordingProgress progress = new RecordingProgress();
        final SimulationResult r = run(missesThenHits(untimed), Warmup.fixed(max).functionally().withThreads(2),
                progress);
        assertEquals(max, r.warmupAccesses());
        assertTrue(r.warmupSteady());
        assertUntimed(untimed, 2, progress, r);
        final List<long[]> expected = new ArrayList<>();
        for (long done = 0; done < untimed; done += WINDOW) {
            RecordingProgress.steps(expected, done, Math.min(WINDOW, untimed - done), PIPELINED_REPORT_EVERY,
                    max + COUNTED);
        }
        RecordingProgress.steps(expected, untimed, TAIL, REPORT_EVERY, max + COUNTED);
        RecordingProgress.steps(expected, max, COUNTED, REPORT_EVERY, max + COUNTED);
        progress.assertUpdates(expected);
    }

    /**
     * A functional warm-up no longer than its tail is all tail (nothing untimed, still reported); on
     * {@link Warmup#AUTO_THREADS} it reports the threads {@link Warmup#autoThreads} gives this run, the only one
     * running.
     */
    @Test
    void aShortFunctionalWarmupIsAllTailAndResolvesItsThreads() {
        final RecordingProgress progress = new RecordingProgress();
        final SimulationResult r = run(missesThenHits(10), Warmup.fixed(10).functionally()
                .withThreads(Warmup.AUTO_THREADS), progress);
        assertEquals(10, r.warmupAccesses());
        assertUntimed(0, Warmup.autoThreads(Runtime.getRuntime().availableProcessors(), 1), progress, r);
        assertEquals(List.of(10L), progress.warmed);
    }

    /**
     * A timed warm-up until steady may be planned up to 2^63 - 1 accesses less the counted ones: one cold miss, then
     * hits, are steady after four windows (rates 1/262,144, 0, 0, 0).
     */
    @Test
    void aWarmupUntilSteadyMayFillTheLongRange() {
        final SimulationResult r = run(EndlessWorkload.oneLine(), Warmup.untilSteady(Long.MAX_VALUE - COUNTED),
                new RecordingProgress());
        assertEquals(4 * WINDOW, r.warmupAccesses());
        assertTrue(r.warmupSteady());
        assertEquals(COUNTED, r.accesses());
    }

    /**
     * A probe given to a run is told what each access reaches, and zeroed when counting starts: after 5 warm-up
     * accesses (a cold miss, then hits) it has seen the 15 counted ones, the second of them a miss (line 102, cold)
     * and the others hits.
     */
    @Test
    void aProbeCountsTheCountedAccessesAlone() {
        final PartitionProbe probe = new PartitionProbe(QUIET.network(), 1, 2);
        final EndlessWorkload w = new EndlessWorkload(k -> k == 6 ? 102 : 100, k -> 0);
        final long[] cost = ClosedLoopMachineUnitTest.costs(w.prefix(20), EndlessWorkload.CORE);
        assertTrue(cost[0] > 0 && cost[6] > 0, "two cold misses");
        final SimulationResult r = CoherenceSimulator.run(QUIET, Scheme.GLOBAL, null, null, w,
                Warmup.fixed(5).withoutSettling(), 15, 3, CoherenceSimulator.Progress.NONE, probe);
        assertEquals(15, r.accesses());
        assertEquals(15, probe.accesses(), "the counted accesses");
        assertEquals(1, probe.transactions(), "the counted miss");
    }

    /** A warm-up given as a count of accesses is that fixed warm-up, settled after it as an endless stream is. */
    @Test
    void aWarmupGivenAsACountIsFixed() {
        final SimulationResult r = CoherenceSimulator.run(QUIET, Scheme.GLOBAL, null, null, EndlessWorkload.oneLine(),
                5L, 15, 3, CoherenceSimulator.Progress.NONE);
        assertEquals(5, r.warmupAccesses());
        assertEquals(15, r.accesses());
        assertTrue(r.settled(), "settled by default");
    }
}
