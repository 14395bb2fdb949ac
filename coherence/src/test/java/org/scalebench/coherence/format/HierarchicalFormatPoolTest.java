package org.scalebench.coherence.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.scalebench.core.Bits;

/** The sharer cell pool grows in long arithmetic: past 2^30 cells it stops at the largest array. */
class HierarchicalFormatPoolTest {

    @Test
    void thePoolDoublesUpToTheLargestArrayAndThenRefusesNamingTheCells() {
        assertEquals(32, HierarchicalFormat.grownCells(16));
        // an int doubling of 2^30 cells is -2^31: a NegativeArraySizeException
        assertEquals(Bits.MAX_ARRAY_LENGTH, HierarchicalFormat.grownCells(1 << 30));
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HierarchicalFormat.grownCells(Bits.MAX_ARRAY_LENGTH));
        assertTrue(e.getMessage().startsWith("hier directory format: sharer cells: 2147483640 needed"),
                e.getMessage());
    }
}
