package org.scalebench.coherence.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.scalebench.core.ReplacementPolicy;

/** The memory configuration's validation at its edges, and the sizes it derives (from the record's Javadoc). */
class MemoryConfigTest {

    private static MemoryConfig config(final int sets, final int ways, final int[] controllers, final int[] map) {
        return new MemoryConfig(sets, ways, ReplacementPolicy.LRU, 10, 120, controllers, map, 13, true, 2);
    }

    @Test
    void aSliceHoldsSetsTimesWaysLinesAndAnIdealSliceNone() {
        assertEquals(8 * 4, config(8, 4, new int[] {0}, null).sliceLines(), "8 sets x 4 ways");
        assertFalse(config(8, 4, new int[] {0}, null).idealSlices(), "a finite slice");
        final MemoryConfig ideal = MemoryConfig.ideal(25);
        assertTrue(ideal.idealSlices(), "ideal: 0 sets");
        assertEquals(0, ideal.sliceLines(), "no capacity to count");
        assertEquals(25, ideal.sliceCycles(), "the home's latency is the slice's");
        assertFalse(ideal.contention(), "no queues");
        // 0 sets needs no controller
        assertTrue(config(0, 1, null, null).idealSlices(), "ideal without controllers");
    }

    @Test
    void slicesSetsAreZeroOrAPowerOfTwo() {
        assertThrows(IllegalArgumentException.class, () -> config(-1, 2, new int[] {0}, null), "-1 sets");
        assertThrows(IllegalArgumentException.class, () -> config(6, 2, new int[] {0}, null), "6 sets");
        assertEquals(2, config(1, 2, new int[] {0}, null).sliceLines(), "1 set is a power of two");
        assertThrows(IllegalArgumentException.class, () -> config(4, 0, new int[] {0}, null), "0 ways");
        assertThrows(IllegalArgumentException.class, () -> config(4, 65, new int[] {0}, null), "65 ways");
        assertEquals(4 * 64, config(4, 64, new int[] {0}, null).sliceLines(), "64 ways");
        assertThrows(IllegalArgumentException.class, () -> config(4, 2, new int[0], null), "no controller");
        assertThrows(IllegalArgumentException.class, () -> config(4, 2, null, null), "no controller");
    }

    @Test
    void eachHomesControllerIsOneOfTheControllers() {
        final int[] two = {3, 7};
        assertEquals(4, config(4, 2, two, new int[] {0, 1, 1, 0}).controllerOfHome().length,
                "4 homes, on controllers 0 and 1 of 2");
        assertThrows(IllegalArgumentException.class, () -> config(4, 2, two, new int[] {0, 2}), "controller 2 of 2");
        assertThrows(IllegalArgumentException.class, () -> config(4, 2, two, new int[] {1, -1}), "controller -1");
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> config(4, 2, two, new int[] {0, 1, 5}));
        assertEquals("controller of home 2 = 5: must be in [0, 2)", e.getMessage(), "names the home and its value");
    }
}
