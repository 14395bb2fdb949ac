package org.scalebench.coherence.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.stream.IntStream;
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

    @Test
    void aListLongerThanThePoolGrowsItAndKeepsEveryCoreAndTheCount() {
        // 2 entries: a pool of 16 cells, grown twice by one entry's 40 sharers; entry 1 holds 3 throughout
        final HierarchicalFormat f = new HierarchicalFormat(2, 64);
        for (int core = 60; core < 63; core++) {
            f.addSharer(1, core, 0);
        }
        for (int core = 0; core < 40; core++) {
            f.addSharer(0, core, 0);
        }
        assertEquals(DirectoryFormat.NONE, f.addSharer(0, 7, 0), "again: no change, nothing dropped");
        assertEquals(40, f.sharers(0));
        f.removeSharer(0, 0);
        f.removeSharer(0, 39);
        f.removeSharer(0, 20);
        assertEquals(37, f.sharers(0));
        assertEquals(3, f.sharers(1));
        final int[] out = new int[64];
        final int n = f.invalidationTargets(0, 0, out);
        final int[] expected = IntStream.range(1, 39).filter(c -> c != 20).toArray();
        final int[] listed = Arrays.copyOf(out, n);
        Arrays.sort(listed);
        assertArrayEquals(expected, listed);
        final int[] other = Arrays.copyOf(out, f.invalidationTargets(1, 0, out));
        Arrays.sort(other);
        assertArrayEquals(new int[] {60, 61, 62}, other);
    }
}
