package org.scalebench.training.parallel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** A given SU_MP(2) = 1.5 scaled by 2 for the break-even search: M > 1 scaled, M = 1 left at 1. */
class ScaledMpSpeedupTest {

    private static final GivenMpSpeedup BASE = new GivenMpSpeedup(new int[] {2}, new double[] {1.5});

    @Test
    void theSpeedupIsScaledBeyondOneGpuOnly() {
        final ScaledMpSpeedup s = new ScaledMpSpeedup(BASE, 2);
        assertEquals(3.0, s.speedup(2, 1, null, null), 0.0, "1.5 x 2");
        assertEquals(1.0, s.speedup(1, 1, null, null), 0.0, "one GPU is no faster");
        assertEquals(3.0, s.place(2, 1, null, null).speedup(), 0.0, "placement's speedup scaled");
        assertEquals(1.0, s.place(1, 1, null, null).speedup(), 0.0, "placement on one GPU unscaled");
        assertArrayEquals(BASE.place(2, 1, null, null).denseParameters(), s.place(2, 1, null, null).denseParameters(),
                "the placement itself unchanged");
        // the base's name and the factor to three significant digits
        assertEquals("given x 2.00", s.name(), "name");
    }

    @Test
    void theFactorMustBeFiniteAndPositive() {
        assertEquals("mp speedup factor = 0.0: must be finite and positive", assertThrows(
                IllegalArgumentException.class, () -> new ScaledMpSpeedup(BASE, 0)).getMessage(), "zero");
        assertEquals("mp speedup factor = Infinity: must be finite and positive", assertThrows(
                IllegalArgumentException.class, () -> new ScaledMpSpeedup(BASE, Double.POSITIVE_INFINITY))
                .getMessage(), "infinite");
    }
}
