package org.scalebench.coherence.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Holds {@link Steadiness} to its rule: steady once the last two window-to-window changes, each relative to the
 * earlier window and in either direction, are both at most the tolerance; never before three windows. The figures
 * are chosen so that every change is exact in binary (halves and quarters).
 */
class SteadinessTest {

    /**
     * Adds the figures in turn to a new judge.
     *
     * @return what the last {@link Steadiness#add} answered, checked to be what {@link Steadiness#steady} says after it
     */
    private static boolean steadyAfter(final double tolerance, final double... figures) {
        final Steadiness judge = new Steadiness(tolerance);
        boolean answer = false;
        for (final double figure : figures) {
            answer = judge.add(figure);
        }
        assertEquals(answer, judge.steady(), "add's answer and steady() disagree");
        return answer;
    }

    @Test
    void needsThreeWindowsBeforeTwoChangesCanBeJudged() {
        assertFalse(new Steadiness(0.5).steady(), "no window yet");
        assertFalse(steadyAfter(0.5, 8), "one window: no change");
        assertFalse(steadyAfter(0.5, 8, 8), "two windows: one change (0)");
        assertTrue(steadyAfter(0.5, 8, 8, 8), "three windows: two changes of 0");
    }

    @Test
    void aChangeExactlyAtTheToleranceCountsAsSteady() {
        assertTrue(steadyAfter(0.5, 4, 6, 9), "4 -> 6 and 6 -> 9 both change by 1/2 of the earlier window");
    }

    @Test
    void aChangeJustPastTheToleranceIsNotSteady() {
        assertFalse(steadyAfter(0.5, 4, 6, 9.25), "6 -> 9.25 changes by 0.541..., past 1/2");
    }

    @Test
    void theChangeIsRelativeToTheEarlierWindowNotTheLaterOne() {
        assertFalse(steadyAfter(0.25, 16, 16, 21), "16 -> 21 is 5/16 of the earlier window, past 1/4 (5/21 would pass)");
        assertTrue(steadyAfter(0.25, 16, 16, 12), "16 -> 12 is 4/16 = 1/4 of the earlier window (4/12 would not pass)");
    }

    @Test
    void aFallIsJudgedByItsSizeLikeARise() {
        assertFalse(steadyAfter(0.5, 64, 8, 1), "64 -> 8 and 8 -> 1 both fall by 7/8 of the earlier window");
        assertFalse(steadyAfter(0.5, 64, 8, 1, 1), "the 7/8 fall is still one of the last two changes");
        assertTrue(steadyAfter(0.5, 64, 8, 1, 1, 1), "two changes of 0");
    }

    @Test
    void anEarlierLargeChangeKeepsTheSeriesUnsteadyForOneMoreWindow() {
        assertFalse(steadyAfter(0.25, 8, 16, 16), "8 -> 16 doubled, 16 -> 16 did not change: only one change within");
        assertTrue(steadyAfter(0.25, 8, 16, 16, 18), "16 -> 16 and 16 -> 18 (1/8): both within 1/4");
    }

    @Test
    void aSteadySeriesBecomesUnsteadyAgainAfterAJump() {
        assertTrue(steadyAfter(0.25, 8, 8, 8));
        assertFalse(steadyAfter(0.25, 8, 8, 8, 32), "8 -> 32 quadruples the window");
    }

    @Test
    void aZeroFigureIsComparedWithoutDividingByZero() {
        assertTrue(steadyAfter(0.5, 0, 0, 0), "a miss rate of 0 throughout is steady");
        assertFalse(steadyAfter(0.5, 0, 0, 0, 1), "0 -> 1 is a change of 1 over the floor 1e-12");
    }
}
