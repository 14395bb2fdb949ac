package org.scalebench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LineTableTest {

    private static final int MISSING = -1;
    private static final long[] EDGE_KEYS = {0L, -1L, 1L, Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE + 1,
        Long.MAX_VALUE - 1};

    @Test
    void everyLongIsAValidKeyIncludingZeroAndTheExtremes() {
        final LineTable table = new LineTable(4, MISSING);
        for (int i = 0; i < EDGE_KEYS.length; i++) {
            assertEquals(MISSING, table.get(EDGE_KEYS[i]));
            assertFalse(table.containsKey(EDGE_KEYS[i]));
            assertEquals(MISSING, table.put(EDGE_KEYS[i], 100 + i));
        }
        assertEquals(EDGE_KEYS.length, table.size());
        for (int i = 0; i < EDGE_KEYS.length; i++) {
            assertEquals(100 + i, table.get(EDGE_KEYS[i]), "key " + EDGE_KEYS[i]);
            assertTrue(table.containsKey(EDGE_KEYS[i]));
        }
        for (int i = 0; i < EDGE_KEYS.length; i++) {
            assertEquals(100 + i, table.remove(EDGE_KEYS[i]));
            assertEquals(MISSING, table.get(EDGE_KEYS[i]));
            assertEquals(MISSING, table.remove(EDGE_KEYS[i]));
        }
        assertEquals(0, table.size());
    }

    @Test
    void putReturnsThePreviousValueAndReplacesIt() {
        final LineTable table = new LineTable(16, Integer.MIN_VALUE);
        assertEquals(Integer.MIN_VALUE, table.missingValue());
        assertEquals(Integer.MIN_VALUE, table.put(42L, 7));
        assertEquals(7, table.put(42L, -8));
        assertEquals(-8, table.get(42L));
        assertEquals(1, table.size());
    }

    @Test
    void anyIntValueIsStorableAndContainsKeyTellsTheMissingValueApart() {
        final LineTable table = new LineTable(16, MISSING);
        table.put(5L, MISSING);
        table.put(6L, 0);
        table.put(7L, Integer.MIN_VALUE);
        table.put(8L, Integer.MAX_VALUE);
        assertEquals(MISSING, table.get(5L));
        assertTrue(table.containsKey(5L));
        assertFalse(table.containsKey(4L));
        assertEquals(0, table.get(6L));
        assertEquals(Integer.MIN_VALUE, table.get(7L));
        assertEquals(Integer.MAX_VALUE, table.get(8L));
        assertEquals(4, table.size());
    }

    @Test
    void growsPastItsExpectedSizeAndKeepsEveryEntry() {
        final LineTable table = new LineTable(0, MISSING);
        assertEquals(LineTable.MIN_SLOTS, table.slotCount());
        assertEquals(LineTable.MIN_SLOTS / 2, table.capacity());
        final int n = 100_000;
        for (int i = 0; i < n; i++) {
            table.put(lineAddress(i), i);
            assertTrue(table.size() <= table.capacity());
            assertTrue(2 * table.size() <= table.slotCount(), "load factor above 0.5");
        }
        assertEquals(n, table.size());
        assertEquals(262_144, table.slotCount());
        assertEquals(131_072, table.capacity());
        for (int i = 0; i < n; i++) {
            assertEquals(i, table.get(lineAddress(i)));
        }
    }

    @Test
    void expectedEntriesFitWithoutGrowing() {
        final LineTable table = new LineTable(1000, MISSING);
        final int slots = table.slotCount();
        assertEquals(2048, slots);
        for (int i = 0; i < 1000; i++) {
            table.put(i, i);
        }
        assertEquals(slots, table.slotCount());
        assertEquals(1024, table.capacity());
    }

    @Test
    void fixedCapacityTableNeverGrowsAndRejectsANewKeyWhenFull() {
        final LineTable table = LineTable.fixedCapacity(100, MISSING);
        final int slots = table.slotCount();
        assertEquals(100, table.capacity());
        for (int i = 0; i < 100; i++) {
            table.put(lineAddress(i), i);
        }
        assertEquals(3, table.put(lineAddress(3), 33), "updating a key of a full table is allowed");
        final IllegalStateException full =
                assertThrows(IllegalStateException.class, () -> table.put(lineAddress(100), 100));
        assertTrue(full.getMessage().contains("fixed capacity of 100 entries"), full.getMessage());
        assertEquals(100, table.size());
        assertFalse(table.containsKey(lineAddress(100)));
        table.remove(lineAddress(0));
        assertEquals(MISSING, table.put(lineAddress(100), 100));
        assertEquals(100, table.get(lineAddress(100)));
        assertEquals(slots, table.slotCount());
    }

    @Test
    void keyZeroCountsTowardsCapacityAndGrowth() {
        final LineTable fixed = LineTable.fixedCapacity(1, MISSING);
        assertEquals(MISSING, fixed.put(0L, 1));
        assertThrows(IllegalStateException.class, () -> fixed.put(5L, 2));
        assertEquals(1, fixed.remove(0L));
        assertEquals(MISSING, fixed.put(5L, 2));
        assertThrows(IllegalStateException.class, () -> fixed.put(0L, 3));
        final LineTable growable = new LineTable(0, MISSING);
        for (int i = 1; i <= growable.capacity(); i++) {
            growable.put(i, i);
        }
        final int slots = growable.slotCount();
        growable.put(0L, 0);
        assertEquals(2 * slots, growable.slotCount(), "the zero key's insertion grows a full table");
        for (int i = 0; i <= 4; i++) {
            assertEquals(i, growable.get(i));
        }
    }

    @Test
    void keysDifferingOnlyInTheirHighOrLowBitsSpreadOverTheTable() {
        // Fibonacci hashing reads the top bits of key * phi, which depend on every key bit
        final int n = 4096;
        final long[][] patterns = new long[3][n];
        for (int i = 0; i < n; i++) {
            patterns[0][i] = (long) (i + 1) << 52;                // a node number above the address bits
            patterns[1][i] = (long) i << 6;                       // consecutive lines, byte addresses
            patterns[2][i] = 0x7000_0000_0000L + ((long) i << 12); // one line per page
        }
        for (final long[] keys : patterns) {
            final LineTable table = LineTable.fixedCapacity(n, MISSING);
            for (int i = 0; i < n; i++) {
                table.put(keys[i], i);
            }
            long probes = 0;
            for (final long key : keys) {
                probes += table.probeLength(key);
            }
            assertTrue(probes < 2L * n, "keys from " + keys[1] + " on probe " + probes + " slots for " + n);
        }
    }

    @Test
    void rejectsSizesOutOfRangeNamingTheParameter() {
        assertEquals("expectedEntries = -1: must be in [0, " + LineTable.MAX_ENTRIES + "]",
                assertThrows(IllegalArgumentException.class, () -> new LineTable(-1, 0)).getMessage());
        assertEquals("capacity = 0: must be in [1, " + LineTable.MAX_ENTRIES + "]",
                assertThrows(IllegalArgumentException.class, () -> LineTable.fixedCapacity(0, 0)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> LineTable.fixedCapacity(LineTable.MAX_ENTRIES + 1, 0));
    }

    @Test
    void clearEmptiesTheTableAndKeepsItsSlots() {
        final LineTable table = new LineTable(10, MISSING);
        for (final long key : EDGE_KEYS) {
            table.put(key, 1);
        }
        final int slots = table.slotCount();
        table.clear();
        assertEquals(0, table.size());
        for (final long key : EDGE_KEYS) {
            assertEquals(MISSING, table.get(key));
        }
        assertEquals(slots, table.slotCount());
        table.put(0L, 9);
        assertEquals(9, table.get(0L));
    }

    @Test
    void churnDoesNotLengthenProbesBackwardShiftLeavesNoTombstones() {
        final long seed = 0xC0DE_0003L;
        final SplittableRandom random = new SplittableRandom(seed);
        final int n = 4096;
        final LineTable churned = LineTable.fixedCapacity(n, MISSING);
        final long[] live = new long[n];
        for (int i = 0; i < n; i++) {
            live[i] = random.nextLong();
            churned.put(live[i], i);
        }
        // replace a random live key by a fresh one, 100 times the table size
        for (int step = 0; step < 100 * n; step++) {
            final int victim = random.nextInt(n);
            assertEquals(victim, churned.remove(live[victim]), "seed=" + seed + " step=" + step);
            live[victim] = random.nextLong();
            churned.put(live[victim], victim);
        }
        final LineTable fresh = LineTable.fixedCapacity(n, MISSING);
        for (int i = 0; i < n; i++) {
            fresh.put(live[i], i);
        }
        long churnedHits = 0;
        long freshHits = 0;
        for (int i = 0; i < n; i++) {
            assertEquals(i, churned.get(live[i]), "seed=" + seed);
            churnedHits += churned.probeLength(live[i]);
            freshHits += fresh.probeLength(live[i]);
        }
        long churnedMisses = 0;
        long freshMisses = 0;
        for (int i = 0; i < n; i++) {
            final long absent = random.nextLong();
            churnedMisses += churned.probeLength(absent);
            freshMisses += fresh.probeLength(absent);
        }
        // linear probing at load 0.25 to 0.5: about 1.2 to 1.5 probes per hit, 1.4 to 2.5 per miss
        assertTrue(churnedHits < 1.1 * freshHits, "hits: churned " + churnedHits + " vs fresh " + freshHits);
        assertTrue(churnedMisses < 1.1 * freshMisses,
                "misses: churned " + churnedMisses + " vs fresh " + freshMisses);
        assertTrue(churnedMisses < 3L * n, "misses probe " + churnedMisses + " slots in total");
    }

    @Test
    void removeKeepsEveryCollidingKeyReachable() {
        // a tiny table, so that probe runs wrap around the end of the array and overlap
        final SplittableRandom random = new SplittableRandom(11);
        for (int round = 0; round < 2000; round++) {
            final LineTable table = LineTable.fixedCapacity(8, MISSING);
            final Map<Long, Integer> ref = new HashMap<>();
            for (int i = 0; i < 8; i++) {
                final long key = random.nextInt(40) - 20;
                table.put(key, i);
                ref.put(key, i);
            }
            final long gone = ref.keySet().iterator().next();
            assertEquals((int) ref.remove(gone), table.remove(gone));
            for (final Map.Entry<Long, Integer> e : ref.entrySet()) {
                assertEquals((int) e.getValue(), table.get(e.getKey()), "round " + round);
            }
            assertEquals(ref.size(), table.size());
        }
    }

    @Test
    void getAllEqualsSingleGetsWithOffsets() {
        final LineTable table = new LineTable(1000, MISSING);
        final SplittableRandom random = new SplittableRandom(5);
        final long[] keys = new long[3000];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = i < EDGE_KEYS.length ? EDGE_KEYS[i] : random.nextLong();
            if ((i & 1) == 0) {
                table.put(keys[i], i);
            }
        }
        final int[] values = new int[3010];
        values[9] = 12345;
        table.getAll(keys, 3, 2990, values, 10);
        for (int i = 0; i < 2990; i++) {
            assertEquals(table.get(keys[3 + i]), values[10 + i], "key index " + (3 + i));
        }
        assertEquals(12345, values[9]);
        table.getAll(keys, 0, 0, new int[0], 0);
        assertThrows(IndexOutOfBoundsException.class, () -> table.getAll(keys, 1, 3000, values, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> table.getAll(keys, 0, 100, values, 2950));
        assertThrows(IndexOutOfBoundsException.class, () -> table.getAll(keys, -1, 1, values, 0));
    }

    @Test
    void randomOperationsAgreeWithHashMap() {
        final long seed = 0x11E7_AB1EL;
        final SplittableRandom random = new SplittableRandom(seed);
        final LineTable table = new LineTable(0, MISSING);
        final Map<Long, Integer> ref = new HashMap<>();
        for (int op = 0; op < 200_000; op++) {
            final long key = random.nextInt(10) == 0 ? EDGE_KEYS[random.nextInt(EDGE_KEYS.length)]
                    : random.nextInt(3000) * 64L;
            final String where = "seed=" + seed + " op=" + op + " key=" + key;
            switch (random.nextInt(4)) {
                case 0, 1 -> {
                    final int value = random.nextInt();
                    assertEquals(ref.getOrDefault(key, MISSING), table.put(key, value), where);
                    ref.put(key, value);
                }
                case 2 -> assertEquals(orMissing(ref.remove(key)), table.remove(key), where);
                default -> assertEquals(ref.getOrDefault(key, MISSING), table.get(key), where);
            }
            assertEquals(ref.size(), table.size(), where);
            if (op % 1000 == 0) {
                table.checkInvariants();
            }
        }
        table.checkInvariants();
    }

    @Test
    void displacedCountsStayExactThroughGrowthAndChurnAndACorruptCountIsCaught() {
        final long seed = 0xD15_9ACEL;
        final SplittableRandom random = new SplittableRandom(seed);
        final LineTable table = new LineTable(0, MISSING);
        final long[] live = new long[20_000];
        for (int i = 0; i < live.length; i++) {
            live[i] = random.nextLong();
            table.put(live[i], i);
        }
        table.checkInvariants();
        for (int step = 0; step < 100_000; step++) {
            final int victim = random.nextInt(live.length);
            assertEquals(victim, table.remove(live[victim]), "seed=" + seed + " step=" + step);
            live[victim] = random.nextLong();
            table.put(live[victim], victim);
        }
        table.checkInvariants();
        // a count one too high only slows a miss down; one too low loses keys: the check catches both
        table.corruptDisplacedCount(7, 1);
        assertTrue(assertThrows(IllegalStateException.class, table::checkInvariants).getMessage()
                .startsWith("slot 7: displaced count"));
        table.corruptDisplacedCount(7, -1);
        table.checkInvariants();
    }

    @Test
    void getAllAnswersTheZeroKeyMappedOrNot() {
        final SplittableRandom random = new SplittableRandom(17);
        for (final int count : new int[] {1, 15, 16, 17, 100}) {
            for (final boolean zeroMapped : new boolean[] {false, true}) {
                final LineTable table = new LineTable(64, MISSING);
                final long[] keys = new long[count];
                for (int i = 0; i < count; i++) {
                    keys[i] = i % 7 == 3 ? 0L : random.nextLong(200);
                    if (random.nextBoolean() && (keys[i] != 0 || zeroMapped)) {
                        table.put(keys[i], random.nextInt());
                    }
                }
                if (zeroMapped) {
                    table.put(0L, 77);
                }
                final int[] values = new int[count];
                table.getAll(keys, 0, count, values, 0);
                for (int i = 0; i < count; i++) {
                    assertEquals(table.get(keys[i]), values[i], "count " + count + " key " + keys[i]);
                }
            }
        }
    }

    @Test
    void footprintIsSixteenBytesPerSlot() {
        assertEquals(16L * 2_097_152, LineTable.footprintBytes(1 << 20));
        assertEquals(16L * LineTable.MIN_SLOTS, LineTable.footprintBytes(0));
        assertEquals(16L * LineTable.MAX_SLOTS, LineTable.footprintBytes(LineTable.MAX_ENTRIES));
    }

    @Test
    void probeLengthCountsTheSlotsOfARunThatWrapsAroundTheArray() {
        // 8 slots; three keys of home slot 6 sit in slots 6, 7 and 0, the third past the end of the array
        final long[] six = keysOfHome(6, 4);
        final LineTable table = LineTable.fixedCapacity(4, MISSING);
        table.put(six[0], 0); // value 0: the home's second word is exactly one displaced key, no value bits
        table.put(six[1], 1);
        assertEquals(1, table.probeLength(six[0]));
        assertEquals(2, table.probeLength(six[1]));
        table.put(six[2], 2);
        assertEquals(3, table.probeLength(six[2]));
        assertEquals(4, table.probeLength(six[3]), "a miss probes the run and the empty slot after it");
        assertEquals(1, table.probeLength(keysOfHome(7, 1)[0]), "slot 7 is taken but no key of its own is displaced");
        assertEquals(1, table.probeLength(keysOfHome(3, 1)[0]));
        assertEquals(0, table.probeLength(0L));
        assertTrue(table.containsKey(six[2]), "the key in slot 0 (word index 0) is present");
        assertEquals(2, table.get(six[2]));
        table.checkInvariants();
        table.corruptDisplacedCount(6, 1);
        assertEquals("slot 6: displaced count 3, but 2 keys of this home sit elsewhere",
                assertThrows(IllegalStateException.class, table::checkInvariants).getMessage());
    }

    @Test
    void checkInvariantsNamesAKeyPastAnEmptySlotOfItsRun() throws ReflectiveOperationException {
        final long[] six = keysOfHome(6, 1);
        final LineTable table = LineTable.fixedCapacity(4, MISSING);
        table.put(six[0], 5);
        final java.lang.reflect.Field field = LineTable.class.getDeclaredField("words");
        field.setAccessible(true);
        final long[] words = (long[]) field.get(table);
        words[2] = six[0]; // a second copy of the key in slot 1, with slot 7 of its run empty
        assertEquals("slot 1: key " + six[0] + " is past an empty slot 7 of its run from home slot 6",
                assertThrows(IllegalStateException.class, table::checkInvariants).getMessage());
    }

    /** The first {@code count} positive keys whose home is {@code slot} in a table of 8 slots (Fibonacci hashing). */
    private static long[] keysOfHome(final int slot, final int count) {
        final long[] keys = new long[count];
        int found = 0;
        for (long key = 1; found < count; key++) {
            if ((key * 0x9E37_79B9_7F4A_7C15L) >>> 61 == slot) {
                keys[found++] = key;
            }
        }
        return keys;
    }

    private static int orMissing(final Integer value) {
        return value == null ? MISSING : value;
    }

    /** Line addresses of a strided stream: the pattern a weak hash would cluster. */
    private static long lineAddress(final int i) {
        return (long) i << 6;
    }
}
