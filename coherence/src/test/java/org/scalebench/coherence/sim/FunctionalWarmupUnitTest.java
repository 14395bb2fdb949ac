package org.scalebench.coherence.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.scalebench.coherence.format.DirectoryFormats;
import org.scalebench.coherence.protocol.DataObserver;
import org.scalebench.coherence.protocol.MesiProtocol;

/**
 * Functional warming on scripted streams whose every access is a line no core has touched: each is a miss the home
 * supplies, so the protocol's data observer sees the accesses performed, in order. The order expected is worked out
 * by a plain round robin of turns of {@value FunctionalWarmup#TURN}.
 */
class FunctionalWarmupUnitTest {

    private static final SystemSpec SMALL = SystemSpec.named("chip1024").shrunk();
    private static final int TURN = FunctionalWarmup.TURN;

    /** The shrunk chip's protocol, recording the core and line of every copy the home supplies. */
    private static MesiProtocol recording(final List<long[]> performed) {
        return new MesiProtocol(SMALL.protocolConfig(CoherenceSimulator.formatFor(SMALL, Scheme.GLOBAL, null),
                CoherenceSimulator.mappingFor(SMALL, Scheme.GLOBAL, null)), DirectoryFormats::create,
                new DataObserver() {
                    @Override
                    public void fromHome(final int core, final long line) {
                        performed.add(new long[] {core, line});
                    }

                    @Override
                    public void fromCache(final int source, final int core, final long line) {
                        performed.add(new long[] {-1, line});
                    }

                    @Override
                    public void toHome(final int core, final long line) {
                    }
                });
    }

    /** Streams of the given lengths for the issuing cores, each access a new line, every third a write. */
    private static ScriptedWorkload streams(final int[] cores, final int[] lengths) {
        final ScriptedWorkload w = new ScriptedWorkload(16, cores);
        for (int k = 0; k < cores.length; k++) {
            for (int a = 0; a < lengths[k]; a++) {
                w.add(cores[k], a % 3 == 2, 1_000_000L * (cores[k] + 1) + a, 0);
            }
        }
        return w;
    }

    /** The turn order, written plainly: each core in the list order takes up to a turn of what it has left. */
    private static List<long[]> roundRobin(final int[] cores, final ScriptedWorkload w) {
        final List<long[]> order = new ArrayList<>();
        final int[] taken = new int[cores.length];
        boolean any = true;
        while (any) {
            any = false;
            for (int k = 0; k < cores.length; k++) {
                final List<ScriptedWorkload.Step> s = w.stream(cores[k]);
                for (int n = 0; n < TURN && taken[k] < s.size(); n++) {
                    order.add(new long[] {cores[k], s.get(taken[k]++).line()});
                    any = true;
                }
            }
        }
        return order;
    }

    private static void assertOrder(final List<long[]> expected, final List<long[]> performed, final String where) {
        assertEquals(expected.size(), performed.size(), where);
        for (int i = 0; i < expected.size(); i++) {
            final int at = i;
            assertEquals(expected.get(i)[0], performed.get(i)[0], () -> where + ": core of access " + at);
            assertEquals(expected.get(i)[1], performed.get(i)[1], () -> where + ": line of access " + at);
        }
    }

    private static long writes(final ScriptedWorkload w, final int[] cores) {
        long n = 0;
        for (final int c : cores) {
            n += w.stream(c).stream().filter(ScriptedWorkload.Step::write).count();
        }
        return n;
    }

    @Test
    void coresTakeTurnsInTheirOrderAndEndedStreamsDropOutHoweverTheCallsSplitThem() {
        // core 14's stream is empty; core 9's ends within its first turn, core 0's within its second
        final int[] cores = {0, 9, 14, 5};
        final int[] lengths = {100, 10, 0, 200};
        for (final int threads : new int[] {1, 2, 3}) {
            final ScriptedWorkload w = streams(cores, lengths);
            final List<long[]> performed = new ArrayList<>();
            final MesiProtocol p = recording(performed);
            final FunctionalWarmup warm = new FunctionalWarmup(p, w, threads);
            assertEquals(threads, warm.threads());
            final String where = threads + " threads";
            assertEquals(TURN + 1, warm.run(TURN + 1), where);
            assertEquals(0, warm.run(0), where);
            assertEquals(1, warm.run(1), where);
            assertEquals(7, warm.run(7), where);
            assertEquals(310 - TURN - 9, warm.run(10_000), where + ": fewer, every stream ended");
            assertEquals(0, warm.run(5), where);
            assertOrder(roundRobin(cores, w), performed, where);
            assertEquals(310, p.stats().accesses(), where);
            assertEquals(writes(w, cores), p.stats().writes(), where + ": the writes stay writes");
        }
    }

    /**
     * Two streams of 60,000: calls of 50,000 and 70,000 go round the ring of 16,384 slots three and four times, the
     * second starting its counts afresh.
     */
    @Test
    void theRingDeliversLongRunsInOrder() {
        final int[] cores = {3, 11};
        final int[] lengths = {60_000, 60_000};
        for (final int threads : new int[] {1, 2}) {
            final ScriptedWorkload w = streams(cores, lengths);
            final List<long[]> performed = new ArrayList<>();
            final MesiProtocol p = recording(performed);
            final FunctionalWarmup warm = new FunctionalWarmup(p, w, threads);
            assertEquals(50_000, warm.run(50_000));
            assertEquals(70_000, warm.run(100_000));
            assertEquals(0, warm.run(10));
            assertOrder(roundRobin(cores, w), performed, threads + " threads");
            assertEquals(writes(w, cores), p.stats().writes());
        }
    }

    @Test
    void theThreadCountIsChecked() {
        assertEquals(1, FunctionalWarmup.requireThreads("t", 1));
        assertEquals(FunctionalWarmup.MAX_THREADS, FunctionalWarmup.requireThreads("t", FunctionalWarmup.MAX_THREADS));
        assertThrows(IllegalArgumentException.class, () -> FunctionalWarmup.requireThreads("t", 0));
        assertThrows(IllegalArgumentException.class,
                () -> FunctionalWarmup.requireThreads("t", FunctionalWarmup.MAX_THREADS + 1));
        final ScriptedWorkload w = streams(new int[] {1}, new int[] {1});
        assertEquals(1, new FunctionalWarmup(recording(new ArrayList<>()), w).threads());
        assertThrows(IllegalArgumentException.class, () -> new FunctionalWarmup(recording(new ArrayList<>()), w, 0));
    }

    /** A workload whose stream fails at its {@code at}-th access with {@code failure}. */
    private static Workload failingAt(final int at, final Throwable failure) {
        return streams(new int[] {4}, new int[] {at + 10}).failing(at, failure);
    }

    @Test
    void whatTheDrawingThreadThrowsReachesTheCaller() {
        final RuntimeException runtime = new IllegalStateException("planted");
        assertSame(runtime, assertThrows(IllegalStateException.class,
                () -> new FunctionalWarmup(recording(new ArrayList<>()), failingAt(100, runtime), 2).run(1_000)));
        final Error error = new AssertionError("planted");
        assertSame(error, assertThrows(AssertionError.class,
                () -> new FunctionalWarmup(recording(new ArrayList<>()), failingAt(100, error), 2).run(1_000)));
        final Exception checked = new java.io.IOException("planted");
        final IllegalStateException wrapped = assertThrows(IllegalStateException.class,
                () -> new FunctionalWarmup(recording(new ArrayList<>()), failingAt(100, checked), 2).run(1_000));
        assertSame(checked, wrapped.getCause());
    }

    /**
     * The caller fails on the first access it performs (core 16 of a 16-core chip) while the drawing thread has a
     * stream longer than the ring: the drawing thread stops too, and the caller's failure comes out.
     */
    @Test
    void aFailingCallerStopsTheDrawingThread() {
        final int[] cores = {16};
        final int[] lengths = {3 * FunctionalWarmup.RING};
        final Class<? extends Throwable> alone = assertThrows(RuntimeException.class,
                () -> new FunctionalWarmup(recording(new ArrayList<>()), streams(cores, lengths)).run(100)).getClass();
        final ScriptedWorkload w = streams(cores, lengths);
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> assertThrows(alone,
                () -> new FunctionalWarmup(recording(new ArrayList<>()), w, 2).run(lengths[0])));
        assertTrue(w.drawn(16) < 2 * FunctionalWarmup.RING, "it stopped drawing when its ring was full: "
                + w.drawn(16));
        assertFalse(drawingThreadAlive(), "and it has ended when the call returns");
    }

    /**
     * The caller, interrupted, fails on its first access while the drawing thread still draws (slowly, 1 ms an
     * access): the call waits for the drawing thread to end (its join interrupted, then resumed), and returns the
     * interrupt to the caller.
     */
    @Test
    void aFailingCallerWaitsForTheDrawingThreadAndKeepsItsInterrupt() {
        final ScriptedWorkload w = streams(new int[] {16}, new int[] {300}).pacing(1);
        final FunctionalWarmup warm = new FunctionalWarmup(recording(new ArrayList<>()), w, 2);
        Thread.currentThread().interrupt();
        try {
            assertThrows(RuntimeException.class, () -> warm.run(200));
        } finally {
            assertTrue(Thread.interrupted(), "the interrupt kept");
        }
        assertFalse(drawingThreadAlive(), "ended before the call returned");
        assertEquals(200, w.drawn(16), "it drew what was asked: its ring never filled");
    }

    private static boolean drawingThreadAlive() {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().equals("scalebench-warm-up-drawing") && t.isAlive());
    }

    /** The caller's interrupt status comes back as it went in: kept when set (not swallowed), never set by the call. */
    @Test
    void theCallersInterruptIsKeptAndNeverMade() {
        final int[] cores = {1, 8};
        final int[] lengths = {300, 300};
        final FunctionalWarmup warm = new FunctionalWarmup(recording(new ArrayList<>()), streams(cores, lengths), 2);
        assertEquals(200, warm.run(200));
        assertFalse(Thread.interrupted(), "no interrupt made");
        Thread.currentThread().interrupt();
        final long done;
        try {
            done = warm.run(400);
        } finally {
            assertTrue(Thread.interrupted(), "the interrupt kept");
        }
        assertEquals(400, done, "and every access performed");
        assertFalse(drawingThreadAlive());
    }
}
