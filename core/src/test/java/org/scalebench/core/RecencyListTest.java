package org.scalebench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RecencyListTest {

    /** The items of a list's first {@code n} ranks, most recent first. */
    private static List<Integer> ranks(final long list, final int n) {
        final List<Integer> items = new ArrayList<>();
        for (int rank = 0; rank < n; rank++) {
            items.add((int) (list >>> 4 * rank) & 15);
        }
        return items;
    }

    @Test
    void identityRanksEachItemAtItsOwnNumber() {
        assertEquals(List.of(0, 1, 2, 3), ranks(RecencyList.identity(4), 4));
        assertEquals(0xFEDC_BA98_7654_3210L, RecencyList.identity(16));
        assertEquals(0x210L, RecencyList.identity(3), "nothing past the third rank");
        assertEquals(0L, RecencyList.identity(0));
    }

    /**
     * Random moves to the front and removals (with the last item renamed into the hole, as a compacting container
     * does) against a plain list, for every size, with garbage in the unused nibbles.
     */
    @Test
    void matchesAPlainListUnderRandomMovesAndRemovals() {
        final SplittableRandom random = new SplittableRandom(16);
        for (int round = 0; round < 2_000; round++) {
            int n = 1 + random.nextInt(RecencyList.MAX_ITEMS);
            final List<Integer> model = new ArrayList<>();
            for (int item = 0; item < n; item++) {
                model.add(item);
            }
            Collections.shuffle(model, new Random(round));
            long list = random.nextLong(); // garbage above the used ranks
            for (int rank = 0; rank < n; rank++) {
                list = list & ~(15L << 4 * rank) | (long) model.get(rank) << 4 * rank;
            }
            for (int op = 0; op < 40 && n > 0; op++) {
                final int item = random.nextInt(n);
                if (random.nextInt(4) > 0) {
                    list = RecencyList.toFront(list, item);
                    model.remove((Integer) item);
                    model.add(0, item);
                } else {
                    final int last = n - 1;
                    list = RecencyList.remove(list, item, last);
                    model.remove((Integer) item);
                    if (last != item) {
                        model.set(model.indexOf(last), item);
                    }
                    n--;
                }
                assertEquals(model, ranks(list, n), "round " + round + " op " + op);
            }
        }
    }

    /** identity(17) silently returned identity(16): item 16 was shifted by 64, i.e. by 0, onto ranks 0 and 1. */
    @Test
    void identityRefusesMoreThanSixteenItems() {
        assertEquals("n = 17: must be in [0, 16]",
                assertThrows(IllegalArgumentException.class, () -> RecencyList.identity(17)).getMessage());
        assertEquals("n = -1: must be in [0, 16]",
                assertThrows(IllegalArgumentException.class, () -> RecencyList.identity(-1)).getMessage());
        assertEquals(0L, RecencyList.identity(0));
    }

    /** An item of 16 or more spilled into the next nibble, and an absent item was sought past the last rank. */
    @Test
    void itemsOutsideTheListAreAsserted() {
        final long list = RecencyList.identity(16);
        assertThrows(AssertionError.class, () -> RecencyList.toFront(list, 17));
        assertThrows(AssertionError.class, () -> RecencyList.toFront(list, -1));
        assertThrows(AssertionError.class, () -> RecencyList.rankBit(RecencyList.identity(4) | 0x4444_4444_4444_0000L, 5));
        assertThrows(AssertionError.class, () -> RecencyList.remove(list, 16, 15));
    }
}

