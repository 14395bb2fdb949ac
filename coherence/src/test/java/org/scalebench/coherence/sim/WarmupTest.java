package org.scalebench.coherence.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Holds the {@link Warmup} plan to its arithmetic and its bounds: windows of {@code perCore} accesses per issuing core
 * but at least 2^18, a timed tail of 64 per core but at least 2^20 (and at most {@code max}), settling windows of 64
 * per core but at least 2^18, host threads shared among running simulations, each derived plan changing only what its
 * name says, and the constructor refusing values just outside its ranges while accepting those at their edges.
 */
class WarmupTest {

    private static final long MIN_WINDOW = 262_144;

    @Test
    void windowsArePerCoreButNeverShorterThanTheMinimum() {
        final Warmup plan = Warmup.fixed(0);
        assertEquals(MIN_WINDOW, plan.window(1), "1 core x 1,024 is below 2^18");
        assertEquals(MIN_WINDOW, plan.window(256), "256 x 1,024 = 2^18 exactly");
        assertEquals(257 * 1024L, plan.window(257));
        assertEquals(MIN_WINDOW, new Warmup(0, 10, 0.5, false).window(3_000), "3,000 x 10 raised to 2^18");
        assertEquals(1_000_000L, new Warmup(0, 1_000, 0.5, false).window(1_000), "the plan's own window per core");
    }

    @Test
    void settlingWindowsAreSixtyFourPerCoreAtLeastTheMinimum() {
        assertEquals(MIN_WINDOW, Warmup.settleWindow(1));
        assertEquals(MIN_WINDOW, Warmup.settleWindow(4_096), "4,096 x 64 = 2^18 exactly");
        assertEquals(4_097 * 64L, Warmup.settleWindow(4_097));
        assertEquals(64_000_000L, Warmup.settleWindow(1_000_000));
    }

    @Test
    void theTailIsSixtyFourPerCoreAtLeastFourMinimumWindows() {
        assertEquals(4 * MIN_WINDOW, Warmup.tailLength(1));
        assertEquals(4 * MIN_WINDOW, Warmup.tailLength(16_384), "16,384 x 64 = 2^20 exactly");
        assertEquals(16_385 * 64L, Warmup.tailLength(16_385));
    }

    @Test
    void onlyAFunctionalWarmUpTimesATailAndNeverMoreThanItsMaximum() {
        assertEquals(0, Warmup.fixed(10_000_000).timedTail(1), "a timed warm-up is timed throughout");
        assertEquals(4 * MIN_WINDOW, Warmup.fixed(10_000_000).functionally().timedTail(1));
        assertEquals(1_000, Warmup.fixed(1_000).functionally().timedTail(1), "cut to the warm-up's 1,000 accesses");
        assertEquals(20_000 * 64L, Warmup.fixed(10_000_000).functionally().timedTail(20_000));
    }

    @Test
    void autoThreadsShareTheProcessorsAmongTheRunningSimulations() {
        assertEquals(8, Warmup.autoThreads(16, 2));
        assertEquals(5, Warmup.autoThreads(16, 3), "16 / 3 rounded down");
        assertEquals(1, Warmup.autoThreads(2, 4), "2 / 4 is 0: at least one thread");
        assertEquals(1, Warmup.autoThreads(1, 1));
        assertEquals(FunctionalWarmup.MAX_THREADS, Warmup.autoThreads(4_096, 1), "at most the warm-up's limit");
        assertThrows(IllegalArgumentException.class, () -> Warmup.autoThreads(0, 1));
        assertThrows(IllegalArgumentException.class, () -> Warmup.autoThreads(1, 0));
    }

    @Test
    void theConstructorsFillInTheDefaults() {
        final Warmup fixed = Warmup.fixed(5_000);
        assertEquals(new Warmup(5_000, 1_024, 0.02, false, false, 1, true), fixed);
        final Warmup steady = Warmup.untilSteady(7_000);
        assertEquals(new Warmup(7_000, 1_024, 0.02, true, false, 1, true), steady);
        assertEquals(new Warmup(9, 3, 0.25, true, true, 1, true), new Warmup(9, 3, 0.25, true, true));
        assertEquals(new Warmup(9, 3, 0.25, false, true, 4, true), new Warmup(9, 3, 0.25, false, true, 4));
    }

    @Test
    void eachDerivedPlanChangesOnlyWhatItNames() {
        final Warmup plan = new Warmup(9_000, 3, 0.25, true, false, 4, true);
        assertEquals(new Warmup(9_000, 3, 0.25, true, false, 4, false), plan.withoutSettling());
        assertEquals(new Warmup(500, 3, 0.25, false, false, 4, true), plan.fixedAt(500));
        assertEquals(new Warmup(500, 3, 0.25, false, false, 4, false), plan.withoutSettling().fixedAt(500),
                "fixing the length keeps the settling choice");
        assertEquals(new Warmup(9_000, 3, 0.25, true, true, 4, true), plan.functionally());
        assertEquals(new Warmup(9_000, 3, 0.25, true, true, 4, false), plan.withoutSettling().functionally());
        assertEquals(new Warmup(9_000, 3, 0.25, true, false, 7, true), plan.withThreads(7));
        assertEquals(new Warmup(9_000, 3, 0.25, true, false, 7, false), plan.withoutSettling().withThreads(7));
    }

    @Test
    void roomIsAddedOnlyWhenTheMaximumIsShort() {
        final Warmup exact = new Warmup(3 * MIN_WINDOW, 1, 0.25, true, false, 2, false);
        assertSame(exact, exact.withRoomFor(3, 1), "three windows of 2^18 fit exactly");
        final Warmup raised = exact.withRoomFor(4, 1);
        assertEquals(new Warmup(4 * MIN_WINDOW, 1, 0.25, true, false, 2, false), raised,
                "raised to four windows, the rest of the plan kept");
        final Warmup functional = new Warmup(7 * MIN_WINDOW, 1, 0.25, true, true, 2, false);
        assertSame(functional, functional.withRoomFor(3, 1), "three windows and a tail of four: seven exactly");
        assertEquals(new Warmup(8 * MIN_WINDOW, 1, 0.25, true, true, 2, false), functional.withRoomFor(4, 1));
        assertThrows(IllegalArgumentException.class, () -> exact.withRoomFor(0, 1));
        assertThrows(IllegalArgumentException.class, () -> Warmup.fixed(5).withRoomFor(0, 1),
                "the window count is checked before a fixed plan is returned");
    }

    @Test
    void theConstructorAcceptsTheEdgesOfItsRanges() {
        final Warmup edges = new Warmup(0, 1, 0.02, false, false, FunctionalWarmup.MAX_THREADS, true);
        assertEquals(0, edges.max());
        assertEquals(1, edges.perCore());
        assertEquals(Warmup.AUTO_THREADS, new Warmup(0, 1, 0.5, false, false, Warmup.AUTO_THREADS).threads());
        assertEquals(1, new Warmup(0, 1, 0.5, false, false, 1).threads());
        assertTrue(new Warmup(0, 1, Math.nextDown(1.0), true, false).untilSteady());
        assertFalse(new Warmup(0, 1, Double.MIN_VALUE, false, false).untilSteady());
    }

    @Test
    void theConstructorRefusesValuesJustOutsideItsRanges() {
        assertThrows(IllegalArgumentException.class, () -> new Warmup(-1, 1, 0.5, false));
        assertThrows(IllegalArgumentException.class, () -> new Warmup(0, 0, 0.5, false));
        assertThrows(IllegalArgumentException.class, () -> new Warmup(0, 1, 0, false));
        assertThrows(IllegalArgumentException.class, () -> new Warmup(0, 1, 1, false));
        assertThrows(IllegalArgumentException.class, () -> new Warmup(0, 1, Double.NaN, false));
        assertThrows(IllegalArgumentException.class, () -> new Warmup(0, 1, 0.5, false, false, -1));
        assertThrows(IllegalArgumentException.class,
                () -> new Warmup(0, 1, 0.5, false, false, FunctionalWarmup.MAX_THREADS + 1));
    }
}
