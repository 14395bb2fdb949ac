package org.scalebench.coherence.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Settling (the private {@code CoherenceSimulator.settle}) on one core of the shrunk chip without queues, reading one
 * line forever: after its one cold miss every access is a hit of 1 cycle plus the think time, so every settling window
 * of {@link Warmup#settleWindow} accesses takes a number of cycles worked out by hand. Each test follows the rules of
 * docs/coherence.md ("Settling: counting a steady machine") window by window: the core idles once, a stretch drawn by
 * {@link ClosedLoopMachine#desynchronize} from the run's seed over the longest miss latency seen (the span); windows
 * that end before twice the span has passed are not judged; a miss more than twice the span completing later draws
 * the stretch again, from the seed plus the draws so far, and restarts the count; then windows are judged until the
 * throughput has changed by at most {@link Warmup#SETTLE_TOLERANCE} twice in a row, at most
 * {@link Warmup#SETTLE_MAX_WINDOWS} windows. The expected windows, their throughputs, the progress reports (every
 * 65,536 accesses, each window announcing its own end and the counted accesses after it) and the result's settling
 * figures are all derived from those rules; the miss latency is a twin protocol's
 * ({@link ClosedLoopMachineUnitTest#costs}).
 */
class CoherenceSimulatorSettlingUnitTest {

    private static final SystemSpec QUIET = ClosedLoopMachineUnitTest.QUIET;
    /** A hit's cycles: the private hit time (1, as the machine's tests take it) and the think time. */
    private static final int HIT = 1 + QUIET.thinkCycles();
    private static final long WINDOW = Warmup.settleWindow(1);
    private static final long REPORT_EVERY = 1 << 16;
    private static final int COUNTED = 1000;
    private static final long SEED = 11;

    private static SimulationResult run(final Workload w, final Warmup warmup, final long seed,
            final RecordingProgress progress) {
        return CoherenceSimulator.run(QUIET, Scheme.GLOBAL, null, null, w, warmup, COUNTED, seed, progress);
    }

    /** The latency of the stream's cold miss (its first access), on a twin protocol. */
    private static long coldMiss(final EndlessWorkload w) {
        final long miss = ClosedLoopMachineUnitTest.costs(w.prefix(1), EndlessWorkload.CORE)[0];
        assertTrue(miss > 2, "a miss longer than twice a span of 1 cycle: " + miss);
        return miss;
    }

    /** Throughput of a window of hits, the core idling {@code idle} cycles first. */
    private static double rate(final long idle) {
        return 1000.0 * WINDOW / (idle + WINDOW * HIT);
    }

    private static void assertWindows(final double[] expected, final RecordingProgress progress) {
        assertEquals(expected.length, progress.settling.size(), "settling windows");
        for (int i = 0; i < expected.length; i++) {
            assertEquals(WINDOW, progress.settling.get(i)[0], "window " + i + "'s accesses");
            assertEquals(expected[i], progress.settling.get(i)[1], 1e-9, "window " + i + "'s accesses per kilocycle");
        }
    }

    /**
     * A warm-up of 4 accesses (the cold miss, then hits) sets the span to the miss's latency. The first window starts
     * with the core's idle stretch and ends long after twice the span: not judged. The next three, hits only, have the
     * same throughput: the second change of 0 makes them steady. Four windows, settled; the progress counts each one's
     * accesses after the warm-up and before the counted ones.
     */
    @Test
    void theCoreIdlesOnceThenThreeEqualWindowsAreSteady() {
        final EndlessWorkload w = EndlessWorkload.oneLine();
        final long span = coldMiss(w);
        final long idle = new SplittableRandom(SEED).nextLong(span);
        assertTrue(idle > 0, "the seed draws a stretch: " + idle);
        final RecordingProgress progress = new RecordingProgress();
        final SimulationResult r = run(w, Warmup.fixed(4), SEED, progress);
        assertEquals(4 * WINDOW, r.settleAccesses());
        assertTrue(r.settled());
        assertWindows(new double[] {rate(idle), rate(0), rate(0), rate(0)}, progress);
        assertEquals(List.of(4L), progress.warmed);
        final List<long[]> expected = new ArrayList<>();
        RecordingProgress.steps(expected, 0, 4, REPORT_EVERY, 4 + COUNTED);
        for (int j = 0; j < 4; j++) {
            RecordingProgress.steps(expected, 4 + j * WINDOW, WINDOW, REPORT_EVERY, 4 + (j + 1) * WINDOW + COUNTED);
        }
        RecordingProgress.steps(expected, 4 + 4 * WINDOW, COUNTED, REPORT_EVERY, 4 + 4 * WINDOW + COUNTED);
        progress.assertUpdates(expected);
        assertEquals(COUNTED, r.accesses());
        assertEquals(4, r.warmupAccesses(), "settling is not warm-up");
        assertEquals(4 + 4 * WINDOW + COUNTED, w.drawn(), "each access drawn once");
        assertEquals(1000.0 / HIT, r.accessesPerKilocycle(), 1e-9, "hits, counted");
        // the host's time covers the warm-up and the settling accesses at their rate
        assertTrue(r.warmupAccessesPerSecond() >= (4 + 4 * WINDOW) / r.simSeconds() * (1 - 1e-9),
                r.warmupAccessesPerSecond() + " per second over " + r.simSeconds() + " s");
    }

    /**
     * A cold start with settling asked for: the span is 1 cycle (no miss seen) and the seed draws no stretch. The first
     * window's cold miss is more than twice that long: the stretches are drawn again over its latency, from the seed
     * plus 1, and the count restarts. The second window holds the new stretch and ends after twice the new span: not
     * judged. Three equal windows follow: five in all.
     */
    @Test
    void aMissMoreThanTwiceTheSpanDrawsTheStretchesAgain() {
        final EndlessWorkload w = EndlessWorkload.oneLine();
        final long miss = coldMiss(w);
        assertEquals(0, new SplittableRandom(SEED).nextLong(1), "a span of 1 cycle draws no stretch");
        final long redrawn = new SplittableRandom(SEED + 1).nextLong(miss);
        assertTrue(redrawn > 0 && redrawn != new SplittableRandom(SEED - 1).nextLong(miss),
                "the seed plus one draw, not another: " + redrawn);
        final RecordingProgress progress = new RecordingProgress();
        final SimulationResult r = run(w, Warmup.fixed(0), SEED, progress);
        final double first = 1000.0 * WINDOW / (miss + QUIET.thinkCycles() + (WINDOW - 1) * HIT);
        assertWindows(new double[] {first, rate(redrawn), rate(0), rate(0), rate(0)}, progress);
        assertEquals(5 * WINDOW, r.settleAccesses());
        assertTrue(r.settled());
        assertEquals(0, r.warmupAccesses());
    }

    /**
     * After a functional warm-up whose timed tail only hits, no latency has been seen: a span of 1 cycle. The first
     * window starts with a miss that the home serves (line 100, evicted from the private set by 102 and 104 in the
     * untimed part): drawn again from the seed plus 1 over its latency. The second starts with a cold miss (line 106,
     * from memory), more than twice that: drawn again from the seed plus 2 over the cold miss's latency. Neither window
     * nor the next, which holds the last stretch and ends after twice the last span, is judged; three equal windows
     * follow: six in all.
     */
    @Test
    void eachLongerMissDrawsFromTheSeedPlusTheDrawsSoFar() {
        final long tail = Warmup.tailLength(1);
        final long settleFrom = 3 + tail;
        final EndlessWorkload w = new EndlessWorkload(k -> k < 3 ? 100 + 2 * k : k < settleFrom ? 104
                : k < settleFrom + WINDOW ? 100 : 106, k -> 0);
        final long[] cost = ClosedLoopMachineUnitTest.costs(new ScriptedWorkload(16, EndlessWorkload.CORE)
                .reads(EndlessWorkload.CORE, 100, 102, 104, 104, 100, 106), EndlessWorkload.CORE);
        final long fromHome = cost[4];
        final long cold = cost[5];
        assertEquals(0, cost[3], "the tail hits");
        assertTrue(fromHome > 2 && cold > 2 * fromHome, fromHome + " then " + cold + " cycles");
        final long second = new SplittableRandom(SEED + 1).nextLong(fromHome);
        final long third = new SplittableRandom(SEED + 2).nextLong(cold);
        assertTrue(third != new SplittableRandom(SEED).nextLong(cold), "the seed plus two draws, not another");
        final RecordingProgress progress = new RecordingProgress();
        final SimulationResult r = run(w, Warmup.fixed(settleFrom).functionally(), SEED, progress);
        assertEquals(settleFrom, r.warmupAccesses());
        final int think = QUIET.thinkCycles();
        assertWindows(new double[] {1000.0 * WINDOW / (fromHome + think + (WINDOW - 1) * HIT),
            1000.0 * WINDOW / (second + cold + think + (WINDOW - 1) * HIT), rate(third), rate(0), rate(0), rate(0)},
                progress);
        assertEquals(6 * WINDOW, r.settleAccesses());
        assertTrue(r.settled());
    }

    /**
     * Windows of hits alternate between no gap and a gap of 1 cycle before every access (3 and 4 cycles an access):
     * the throughput changes by a quarter every window and is never steady. After the first window (the idle stretch)
     * settling judges its 12 windows and stops: 13 windows, not settled.
     */
    @Test
    void anUnsteadyMachineIsCountedAfterTwelveJudgedWindows() {
        final int warm = 4;
        final EndlessWorkload w = new EndlessWorkload(k -> 100, k -> k >= warm && (k - warm) / WINDOW % 2 == 1 ? 1 : 0);
        final long idle = new SplittableRandom(SEED).nextLong(coldMiss(w));
        final RecordingProgress progress = new RecordingProgress();
        final SimulationResult r = run(w, Warmup.fixed(warm), SEED, progress);
        final double[] expected = new double[1 + Warmup.SETTLE_MAX_WINDOWS];
        expected[0] = rate(idle);
        for (int j = 1; j < expected.length; j++) {
            expected[j] = j % 2 == 1 ? 1000.0 / (HIT + 1) : 1000.0 / HIT;
        }
        assertWindows(expected, progress);
        assertEquals(expected.length * WINDOW, r.settleAccesses());
        assertFalse(r.settled());
    }

    /** Without settling, an endless workload is counted right after its warm-up: no settling window, nothing settled. */
    @Test
    void withoutSettlingCountingFollowsTheWarmup() {
        final RecordingProgress progress = new RecordingProgress();
        final SimulationResult r = run(EndlessWorkload.oneLine(), Warmup.fixed(4).withoutSettling(), SEED, progress);
        assertEquals(0, r.settleAccesses());
        assertFalse(r.settled());
        assertTrue(progress.settling.isEmpty());
        assertEquals(4 + COUNTED, progress.updates.get(progress.updates.size() - 1)[0]);
    }
}
