package org.scalebench.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SharerRowsTest {

    @Test
    void rejectsRowsOrWidthBelowOne() {
        assertEquals("rows = 0: must be at least 1",
                assertThrows(IllegalArgumentException.class, () -> new SharerRows(0, 64)).getMessage());
        assertEquals("bitsPerRow = -3: must be at least 1",
                assertThrows(IllegalArgumentException.class, () -> new SharerRows(4, -3)).getMessage());
    }

    @Test
    void rejectsMoreWordsThanOneArrayHoldsNamingBothDimensions() {
        final String message = assertThrows(IllegalArgumentException.class,
                () -> new SharerRows(Integer.MAX_VALUE, 128)).getMessage();
        assertTrue(message.startsWith("rows = 2147483647, bitsPerRow = 128:"), message);
        assertTrue(message.contains("4294967294 words"), message);
        final String wide = assertThrows(IllegalArgumentException.class,
                () -> new SharerRows(2049, 1 << 26)).getMessage();
        assertTrue(wide.startsWith("rows = 2049, bitsPerRow = 67108864:"), wide);
    }

    @Test
    void strideIsWordsPerRowRoundedUp() {
        assertEquals(1, new SharerRows(3, 1).wordsPerRow());
        assertEquals(1, new SharerRows(3, 64).wordsPerRow());
        assertEquals(2, new SharerRows(3, 65).wordsPerRow());
        assertEquals(16, new SharerRows(3, 1024).wordsPerRow());
        assertEquals(16_384, new SharerRows(2, 1 << 20).wordsPerRow());
        final SharerRows rows = new SharerRows(7, 100);
        assertEquals(7, rows.rows());
        assertEquals(100, rows.bitsPerRow());
    }

    @ParameterizedTest(name = "W = {0}")
    @ValueSource(ints = {1, 2, 63, 64, 65, 127, 128, 1000, 1024, 65_536, 1 << 20})
    void firstAndLastBitOfEveryWidthAreIndependentOfNeighbourRows(final int width) {
        final SharerRows rows = new SharerRows(3, width);
        final int last = width - 1;
        rows.set(1, 0);
        rows.set(1, last);
        assertTrue(rows.test(1, 0));
        assertTrue(rows.test(1, last));
        assertEquals(width == 1 ? 1 : 2, rows.count(1));
        assertTrue(rows.isEmpty(0));
        assertTrue(rows.isEmpty(2));
        assertEquals(0, rows.firstSetBit(1));
        if (width > 1) {
            assertEquals(last, rows.nextSetBit(1, 1));
        }
        assertEquals(-1, rows.nextSetBit(1, width));
        rows.clear(1, last);
        assertFalse(rows.test(1, last));
        rows.clear(1, 0);
        assertTrue(rows.isEmpty(1));
    }

    @Test
    void outOfRangeRowOrBitIsRejectedAndTouchesNothing() {
        final SharerRows rows = new SharerRows(4, 65); // 2 words per row, 63 padding bits in each last word
        final List<Executable> calls = new ArrayList<>();
        for (final int bit : new int[] {-1, 65, 66, 127, 128, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
            calls.add(() -> rows.set(1, bit));
            calls.add(() -> rows.clear(1, bit));
            calls.add(() -> rows.test(1, bit));
        }
        for (final int row : new int[] {-1, 4, 5, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
            calls.add(() -> rows.set(row, 0));
            calls.add(() -> rows.clear(row, 0));
            calls.add(() -> rows.test(row, 0));
            calls.add(() -> rows.count(row));
            calls.add(() -> rows.isEmpty(row));
            calls.add(() -> rows.clearRow(row));
            calls.add(() -> rows.nextSetBit(row, 0));
            calls.add(() -> rows.forEach(row, bit -> { }));
            calls.add(() -> rows.copyRow(0, row));
            calls.add(() -> rows.copyRow(row, 0));
            calls.add(() -> rows.or(row, 0));
            calls.add(() -> rows.or(0, row));
            calls.add(() -> rows.andNot(row, 0));
            calls.add(() -> rows.rowEquals(0, row));
            calls.add(() -> rows.word(row, 0));
            calls.add(() -> rows.cursor().reset(row));
        }
        calls.add(() -> rows.nextSetBit(1, -1));
        calls.add(() -> rows.word(1, 2));
        calls.add(() -> rows.word(1, -1));
        for (final Executable call : calls) {
            assertThrows(IndexOutOfBoundsException.class, call);
        }
        for (int r = 0; r < 4; r++) {
            assertTrue(rows.isEmpty(r), "row " + r + " was touched");
            assertEquals(0L, rows.word(r, 1), "padding of row " + r + " was touched");
        }
    }

    @Test
    void outOfRangeMessagesNameTheArgumentAndTheRange() {
        final SharerRows rows = new SharerRows(4, 65);
        assertEquals("bit = 65: must be in [0, 65)",
                assertThrows(IndexOutOfBoundsException.class, () -> rows.set(0, 65)).getMessage());
        assertEquals("row = -1: must be in [0, 4)",
                assertThrows(IndexOutOfBoundsException.class, () -> rows.test(-1, 3)).getMessage());
        assertEquals("fromBit = -2: must be at least 0",
                assertThrows(IndexOutOfBoundsException.class, () -> rows.nextSetBit(0, -2)).getMessage());
        // the row one past the last: named as the row, not as a bit, and not left to an array's bounds check
        assertEquals("row = 4: must be in [0, 4)",
                assertThrows(IndexOutOfBoundsException.class, () -> rows.set(4, 0)).getMessage());
        assertEquals("row = 4: must be in [0, 4)",
                assertThrows(IndexOutOfBoundsException.class, () -> rows.nextSetBit(4, 0)).getMessage());
    }

    @Test
    void firstSetBitAndNextSetBitFromTheRowEndDoNotReadTheNextRow() {
        final SharerRows rows = new SharerRows(2, 64); // one word per row, no padding
        rows.set(0, 37);
        rows.set(1, 0);
        assertEquals(37, rows.firstSetBit(0));
        assertEquals(0, rows.firstSetBit(1));
        assertEquals(-1, rows.nextSetBit(0, 64));
        assertEquals(-1, rows.nextSetBit(0, 38));
        final SharerRows wide = new SharerRows(3, 300);
        wide.set(2, 299);
        assertEquals(299, wide.firstSetBit(2));
        assertEquals(-1, wide.firstSetBit(1));
    }

    @Test
    void clearAllClearsRowsOfOneWordAndOfSeveral() {
        for (final int width : new int[] {10, 64, 300}) {
            final SharerRows rows = new SharerRows(3, width);
            rows.set(0, 0);
            rows.set(2, width - 1);
            rows.clearAll();
            for (int r = 0; r < 3; r++) {
                assertTrue(rows.isEmpty(r), "width " + width + ", row " + r);
                assertEquals(0, rows.count(r), "width " + width + ", row " + r);
            }
            assertFalse(rows.test(0, 0));
            assertFalse(rows.test(2, width - 1));
            assertEquals(-1, rows.checkSummary());
        }
    }

    @Test
    void forEachVisitsSetBitsInAscendingOrderAcrossWords() {
        final SharerRows rows = new SharerRows(2, 300);
        final int[] bits = {0, 5, 63, 64, 127, 128, 200, 299};
        for (final int b : bits) {
            rows.set(1, b);
        }
        final List<Integer> seen = new ArrayList<>();
        assertEquals(bits.length, rows.forEach(1, seen::add));
        assertEquals(List.of(0, 5, 63, 64, 127, 128, 200, 299), seen);
        assertEquals(0, rows.forEach(0, bit -> seen.add(-1)));
    }

    @Test
    void visitorMayClearTheBitsItVisits() {
        final SharerRows rows = new SharerRows(1, 130);
        rows.set(0, 1);
        rows.set(0, 70);
        rows.set(0, 129);
        assertEquals(3, rows.forEach(0, bit -> rows.clear(0, bit)));
        assertTrue(rows.isEmpty(0));
    }

    @Test
    void visitorClearingTheWholeRowEndsTheWalkCleanly() {
        for (final int width : new int[] {64, 130, 5000}) {
            final SharerRows rows = new SharerRows(2, width);
            for (int b = 0; b < width; b += 7) {
                rows.set(0, b);
            }
            final List<Integer> seen = new ArrayList<>();
            final int visited = rows.forEach(0, bit -> {
                seen.add(bit);
                rows.clearRow(0);
            });
            assertEquals(seen.size(), visited);
            assertEquals(0, seen.get(0));
            assertTrue(seen.stream().allMatch(b -> b >= 0 && b < width && b % 7 == 0), seen.toString());
            assertTrue(rows.isEmpty(0));
        }
    }

    @Test
    void nextSetBitWalksTheRowAndStopsAtItsEnd() {
        final SharerRows rows = new SharerRows(3, 130);
        rows.set(1, 3);
        rows.set(1, 64);
        rows.set(1, 129);
        rows.set(2, 0); // the next row's first bit must not be found from row 1
        assertEquals(3, rows.nextSetBit(1, 0));
        assertEquals(3, rows.nextSetBit(1, 3));
        assertEquals(64, rows.nextSetBit(1, 4));
        assertEquals(129, rows.nextSetBit(1, 65));
        assertEquals(129, rows.nextSetBit(1, 129));
        assertEquals(-1, rows.nextSetBit(1, 130));
        assertEquals(-1, rows.nextSetBit(1, Integer.MAX_VALUE));
        assertEquals(-1, rows.nextSetBit(0, 0));
        rows.clear(1, 129);
        assertEquals(-1, rows.nextSetBit(1, 65));
    }

    @Test
    void cursorIsReusableAcrossRowsAndStaysExhausted() {
        final SharerRows rows = new SharerRows(3, 200);
        rows.set(0, 7);
        rows.set(0, 199);
        rows.set(2, 64);
        final SharerRows.Cursor cursor = rows.cursor();
        assertEquals(-1, cursor.next(), "a fresh cursor is on no row");
        assertEquals(7, cursor.reset(0).next());
        assertEquals(199, cursor.next());
        assertEquals(-1, cursor.next());
        assertEquals(-1, cursor.next());
        assertEquals(-1, cursor.reset(1).next());
        assertEquals(64, cursor.reset(2).next());
        assertEquals(-1, cursor.next());
        assertEquals(7, cursor.reset(0).next());
    }

    @Test
    void rowToRowOperationsCombineWholeRows() {
        final SharerRows rows = new SharerRows(4, 150);
        rows.set(0, 1);
        rows.set(0, 100);
        rows.set(1, 100);
        rows.set(1, 149);
        rows.copyRow(0, 2);
        assertTrue(rows.rowEquals(0, 2));
        assertFalse(rows.rowEquals(0, 1));
        rows.or(1, 2);
        assertArrayEquals(new int[] {1, 100, 149}, bitsOf(rows, 2));
        rows.andNot(0, 2);
        assertArrayEquals(new int[] {149}, bitsOf(rows, 2));
        rows.andNot(2, 2);
        assertTrue(rows.isEmpty(2));
        rows.or(3, 0);
        assertArrayEquals(new int[] {1, 100}, bitsOf(rows, 0));
        rows.clearRow(0);
        assertTrue(rows.isEmpty(0));
        assertArrayEquals(new int[] {100, 149}, bitsOf(rows, 1));
        rows.clearAll();
        assertTrue(rows.isEmpty(1));
    }

    @Test
    void wordExposesTheRowLayout() {
        final SharerRows rows = new SharerRows(2, 100);
        rows.set(1, 0);
        rows.set(1, 65);
        assertEquals(1L, rows.word(1, 0));
        assertEquals(2L, rows.word(1, 1));
        assertEquals(0L, rows.word(0, 0));
    }

    @Test
    void randomOperationsAgreeWithOneBitSetPerRow() {
        final long seed = 0x5a4e_0001L;
        final SplittableRandom random = new SplittableRandom(seed);
        for (final int width : new int[] {1, 64, 65, 191, 600, 1024, 4160}) {
            final int n = 6;
            final SharerRows rows = new SharerRows(n, width);
            final BitSet[] ref = new BitSet[n];
            for (int r = 0; r < n; r++) {
                ref[r] = new BitSet(width);
            }
            for (int op = 0; op < 50_000; op++) {
                final int r = random.nextInt(n);
                final int s = random.nextInt(n);
                final int b = random.nextInt(width);
                final String where = "seed=" + seed + " W=" + width + " op=" + op;
                switch (random.nextInt(9)) {
                    case 0, 1, 2 -> {
                        rows.set(r, b);
                        ref[r].set(b);
                    }
                    case 3, 4 -> {
                        rows.clear(r, b);
                        ref[r].clear(b);
                    }
                    case 5 -> {
                        rows.or(s, r);
                        ref[r].or(ref[s]);
                    }
                    case 6 -> {
                        rows.andNot(s, r);
                        ref[r].andNot(ref[s]);
                    }
                    case 7 -> {
                        rows.copyRow(s, r);
                        ref[r] = (BitSet) ref[s].clone();
                    }
                    default -> {
                        rows.clearRow(r);
                        ref[r].clear();
                    }
                }
                assertEquals(ref[r].get(b), rows.test(r, b), where);
                assertEquals(ref[r].cardinality(), rows.count(r), where);
                assertEquals(ref[r].nextSetBit(b), rows.nextSetBit(r, b), where);
                assertEquals(ref[r].equals(ref[s]), rows.rowEquals(r, s), where);
                assertEquals(ref[r].isEmpty(), rows.isEmpty(r), where);
                assertArrayEquals(ref[r].stream().toArray(), bitsOf(rows, r), where);
                if ((op & 15) == 0) {
                    assertEquals(-1, rows.checkSummary(), where);
                }
            }
        }
    }

    private static int[] bitsOf(final SharerRows rows, final int row) {
        final int[] out = new int[rows.count(row)];
        final int[] n = {0};
        rows.forEach(row, bit -> out[n[0]++] = bit);
        final SharerRows.Cursor cursor = rows.cursor().reset(row);
        for (final int expected : out) {
            assertEquals(expected, cursor.next());
        }
        assertEquals(-1, cursor.next());
        final int[] copied = new int[out.length];
        assertEquals(out.length, rows.copySetBits(row, copied));
        assertArrayEquals(out, copied);
        return out;
    }

    @Test
    void sparseRowsAgreeWithBitSetAcrossSummaryWords() {
        final long seed = 0x5a4e_0002L;
        final SplittableRandom random = new SplittableRandom(seed);
        final int width = 1 << 14; // 256 words, 4 summary words per row
        final SharerRows rows = new SharerRows(3, width);
        final BitSet[] ref = {new BitSet(), new BitSet(), new BitSet()};
        for (int op = 0; op < 20_000; op++) {
            final int r = random.nextInt(3);
            final int b = random.nextInt(width);
            final String where = "seed=" + seed + " op=" + op;
            if (random.nextInt(3) == 0 || ref[r].cardinality() > 8) {
                final int next = ref[r].nextSetBit(b); // clear a set bit when there is one above b
                final int clear = next < 0 ? b : next;
                rows.clear(r, clear);
                ref[r].clear(clear);
            } else {
                rows.set(r, b);
                ref[r].set(b);
            }
            assertEquals(ref[r].nextSetBit(b), rows.nextSetBit(r, b), where);
            assertEquals(ref[r].cardinality(), rows.count(r), where);
            assertArrayEquals(ref[r].stream().toArray(), bitsOf(rows, r), where);
        }
        assertEquals(-1, rows.checkSummary());
    }

    @Test
    void checkSummaryFindsAFlagWithoutAWordAndAWordWithoutAFlag() throws ReflectiveOperationException {
        final java.lang.reflect.Field field = SharerRows.class.getDeclaredField("summary");
        field.setAccessible(true);
        final SharerRows rows = new SharerRows(4, 300);
        rows.set(1, 70);
        rows.set(3, 5);
        assertEquals(-1, rows.checkSummary());
        final long[] summary = (long[]) field.get(rows);
        summary[2] |= 1L << 3; // row 2 flags word 3, which is zero
        assertEquals(2, rows.checkSummary());
        summary[2] = 0;
        summary[1] = 0; // row 1 loses the flag of its non-zero word 1
        assertEquals(1, rows.checkSummary());
        summary[1] = 1L << 1;
        summary[0] = 1L << 40; // a flag beyond the row's 5 words
        assertEquals(0, rows.checkSummary());
        summary[0] = 0;
        summary[3] |= 1L << 63; // the same in the last row
        assertEquals(3, rows.checkSummary());
    }
}
