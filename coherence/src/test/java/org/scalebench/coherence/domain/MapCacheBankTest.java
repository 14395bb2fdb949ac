package org.scalebench.coherence.domain;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The map-cache bank's LRU order (one word or stamps with a renumbered clock) and the RTL's used-bit replacement, on hand-worked sequences. */
class MapCacheBankTest {

    /** Tag of row r: domain r, logical ids 0 .. 3. */
    private static int row(final int r) {
        return MapCacheBank.tag(r, 0);
    }

    private static boolean access(final MapCacheBank bank, final int r) {
        return bank.access(0, r, r & 3);
    }

    private static int[] byRecency(final MapCacheBank bank) {
        final int[] tags = new int[bank.entries()];
        final int n = bank.tagsByRecency(0, tags);
        final int[] out = new int[n];
        System.arraycopy(tags, 0, out, 0, n);
        return out;
    }

    /**
     * LRU recency and eviction on a hand-worked sequence, for a 4-entry cache (its order in one word) and a 17-entry
     * one (stamps), the latter with its clock crossing the renumbering point mid-sequence.
     */
    @ParameterizedTest
    @ValueSource(ints = {4, 17})
    void lruOrderFollowsTheSequenceAndSurvivesTheClockPassingItsLimit(final int entries) {
        final MapCacheBank bank = new MapCacheBank(1, entries);
        final List<Integer> expected = new ArrayList<>(); // most recently used first
        for (int r = 0; r < entries; r++) {
            access(bank, r);
            expected.add(0, r);
        }
        if (entries > 16) {
            // stamps 1..entries; the next access would stamp CLOCK_LIMIT - 2, then - 1, then the limit itself
            bank.startClockAt(0, MapCacheBank.CLOCK_LIMIT - 3);
        }
        final int[] sequence = {1, 0, 2, 20, 1, 21, 0, 22, 20, 2, 23, 1, 24, 24, 3};
        for (int i = 0; i < sequence.length; i++) {
            final int r = sequence[i];
            final boolean hit = expected.remove(Integer.valueOf(r));
            if (!hit) {
                expected.remove(entries - 1);
            }
            expected.add(0, r);
            assertEquals(hit, access(bank, r), "access " + i + " to row " + r);
            assertArrayEquals(expected.stream().mapToInt(MapCacheBankTest::row).toArray(), byRecency(bank),
                    "recency after access " + i);
        }
    }

    @Test
    void theClockIsRenumberedAtItsLimitAndKeepsCounting() {
        final int entries = 17; // beyond 16 entries LRU keeps stamps and a clock
        final MapCacheBank bank = new MapCacheBank(2, entries);
        for (int r = 0; r < entries - 1; r++) {
            access(bank, r);
        }
        bank.startClockAt(0, MapCacheBank.CLOCK_LIMIT - 1);
        access(bank, entries - 1); // this access reaches the limit: the others are renumbered 1..16, it gets 17
        assertArrayEquals(rows(entries - 1, 0), byRecency(bank));
        assertFalse(access(bank, entries), "evicts row 0, the least recently used before the renumbering");
        assertArrayEquals(rows(entries, 1), byRecency(bank));
        for (int i = 0; i < 1000; i++) {
            assertTrue(access(bank, 1 + i % entries));
        }
        final int[] last = new int[entries];
        for (int k = 0; k < entries; k++) {
            last[k] = row(1 + (999 - k) % entries);
        }
        assertArrayEquals(last, byRecency(bank), "1000 accesses after the renumbering");
        assertFalse(bank.access(1, 1, 0), "the other cache's clock is its own");
    }

    /** The tags of rows {@code from} down to {@code to}. */
    private static int[] rows(final int from, final int to) {
        final int[] out = new int[from - to + 1];
        for (int k = 0; k < out.length; k++) {
            out[k] = row(from - k);
        }
        return out;
    }

    @Test
    void aFlushedEntryIsRefilledBeforeTheLeastRecentlyUsedOneIsEvicted() {
        final MapCacheBank bank = new MapCacheBank(1, 4);
        for (int r = 0; r < 4; r++) {
            access(bank, r);
        }
        assertEquals(1, bank.flushDomain(2));
        assertFalse(access(bank, 7), "fills row 2's entry");
        assertArrayEquals(new int[] {row(7), row(3), row(1), row(0)}, byRecency(bank));
        assertFalse(access(bank, 8), "evicts row 0");
        assertArrayEquals(new int[] {row(8), row(7), row(3), row(1)}, byRecency(bank));
    }

    @Test
    void rtlReplacementFollowsTheHandWorkedSequence() {
        // 4 entries, no replay (a Home Map Cache). Bits written entry 3..0; U = used, L = locked.
        final MapCacheBank bank = MapCacheBank.homeMapCaches(1, 4, MapCacheReplacement.RTL);
        assertFalse(access(bank, 10)); // fills e0                 U 0001 L 0001
        assertFalse(access(bank, 11)); // fills e1                 U 0011 L 0011
        assertTrue(access(bank, 10));  // hit e0: unlocks it       U 0011 L 0010
        assertFalse(access(bank, 12)); // fills e2                 U 0111 L 0110
        assertState(bank, new int[] {row(10), row(11), row(12), MapCacheBank.EMPTY}, 0b0111, 0b0110);
        assertFalse(access(bank, 13)); // fills e3: all used, all-clear  U 0000 L 1110
        assertState(bank, new int[] {row(10), row(11), row(12), row(13)}, 0b0000, 0b1110);
        assertFalse(access(bank, 14)); // e0 is the only entry neither used nor locked: evicts row 10
        assertState(bank, new int[] {row(14), row(11), row(12), row(13)}, 0b0001, 0b1111);
        assertFalse(access(bank, 15)); // every entry locked: entry 0 again, even though locked
        assertState(bank, new int[] {row(15), row(11), row(12), row(13)}, 0b0001, 0b1111);
        assertTrue(access(bank, 12));  // hit e2                   U 0101 L 1011
        assertTrue(access(bank, 11));  // hit e1                   U 0111 L 1001
        assertState(bank, new int[] {row(15), row(11), row(12), row(13)}, 0b0111, 0b1001);
        assertTrue(access(bank, 13));  // hit e3: all used, all-clear (the new bit too)  U 0000 L 0001
        assertState(bank, new int[] {row(15), row(11), row(12), row(13)}, 0b0000, 0b0001);
        assertFalse(access(bank, 16)); // e0 locked: the lowest free is e1 (row 11 goes)
        assertState(bank, new int[] {row(15), row(16), row(12), row(13)}, 0b0010, 0b0011);
        assertEquals(1, bank.flushDomain(15));
        assertState(bank, new int[] {-1, row(16), row(12), row(13)}, 0b0010, 0b0011); // a flush keeps the bits
        assertFalse(access(bank, 17)); // e2 is the lowest free entry, although e0 is empty
        assertState(bank, new int[] {-1, row(16), row(17), row(13)}, 0b0110, 0b0111);
        bank.clear();
        assertState(bank, new int[] {-1, -1, -1, -1}, 0, 0);
        assertEquals(4, bank.hits());
        assertEquals(8, bank.misses());
    }

    @Test
    void theSharerMapCacheReplaysAMissAsTheNewEntrysFirstHit() {
        final MapCacheBank smc = MapCacheBank.sharerMapCaches(1, 4, MapCacheReplacement.RTL);
        assertFalse(access(smc, 0)); // fill e0, then the replayed lookup hits it: used, not locked
        assertState(smc, new int[] {row(0), -1, -1, -1}, 0b0001, 0);
        assertFalse(access(smc, 1));
        assertFalse(access(smc, 2));
        assertFalse(access(smc, 3)); // the fill sets the fourth used bit and clears them all; the replay sets e3's
        assertState(smc, new int[] {row(0), row(1), row(2), row(3)}, 0b1000, 0);
        assertFalse(access(smc, 4)); // nothing locked: e0 is the lowest entry not used
        assertState(smc, new int[] {row(4), row(1), row(2), row(3)}, 0b1001, 0);
        assertEquals(0, smc.hits(), "the replay is not counted as a lookup");
        assertTrue(smc.missReplayed());
        assertFalse(MapCacheBank.homeMapCaches(1, 4, MapCacheReplacement.RTL).missReplayed());
    }

    @Test
    void aSixtyFourEntryRtlCacheClearsItsUsedBitsWhenAllAreSet() {
        final MapCacheBank bank = MapCacheBank.homeMapCaches(1, 64, MapCacheReplacement.RTL);
        for (int r = 0; r < 63; r++) {
            assertFalse(access(bank, r));
        }
        assertEquals(-1L >>> 1, bank.usedBits(0));
        assertFalse(access(bank, 63));
        assertEquals(0L, bank.usedBits(0));
        assertEquals(-1L, bank.lockedBits(0), "every entry filled and never hit");
        assertFalse(access(bank, 64));
        assertEquals(row(64), bank.slotTag(0, 0), "all locked: entry 0 is refilled");
    }

    @Test
    void lruBanksReportNoUsedOrLockBits() {
        final MapCacheBank bank = new MapCacheBank(1, 4);
        access(bank, 1);
        assertEquals(0L, bank.usedBits(0));
        assertEquals(0L, bank.lockedBits(0));
        assertEquals(MapCacheReplacement.LRU, bank.replacement());
    }

    @Test
    void replacementNamesParseAndBadOnesNameTheParameter() {
        assertEquals(MapCacheReplacement.LRU, MapCacheReplacement.parse("lru"));
        assertEquals(MapCacheReplacement.RTL, MapCacheReplacement.parse(" RTL "));
        assertEquals("rtl", MapCacheReplacement.RTL.id());
        assertEquals("map_cache_replacement = 'plru': must be lru or rtl",
                assertThrows(IllegalArgumentException.class, () -> MapCacheReplacement.parse("plru")).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new MapCacheBank(1, 4, null, false))
                .getMessage().contains("lru or rtl"));
    }

    private static void assertState(final MapCacheBank bank, final int[] tags, final long used, final long locked) {
        for (int e = 0; e < tags.length; e++) {
            assertEquals(tags[e], bank.slotTag(0, e), "entry " + e);
        }
        assertEquals(used, bank.usedBits(0), "used bits");
        assertEquals(locked, bank.lockedBits(0), "lock bits");
    }

    /** Out-of-range ids shared a tag: logical id 64 of domain 0 hit domain 1's row, tag(-1, 63) hit an empty entry. */
    @Test
    void tagsAssertTheirRangesAndSlotTagChecksItsEntry() {
        final MapCacheBank bank = new MapCacheBank(2, 16);
        assertThrows(AssertionError.class, () -> MapCacheBank.tag(0, 64)); // was tag(1, 0)
        assertThrows(AssertionError.class, () -> MapCacheBank.tag(-1, 63)); // was EMPTY
        assertThrows(AssertionError.class, () -> MapCacheBank.tag(MapCacheBank.MAX_DOMAIN + 1, 0));
        assertThrows(AssertionError.class, () -> MapCacheBank.tag(0, -1));
        assertThrows(AssertionError.class, () -> bank.access(0, -1, 63)); // was a hit on an empty cache
        bank.access(1, 5, 0);
        assertEquals(MapCacheBank.tag(5, 0), bank.slotTag(1, 0));
        assertEquals("entry = 16: must be in [0, 16)", assertThrows(IllegalArgumentException.class,
                () -> bank.slotTag(0, 16)).getMessage()); // was cache 1's entry 0
        assertEquals("cache = 2: must be in [0, 2)", assertThrows(IllegalArgumentException.class,
                () -> bank.slotTag(2, 0)).getMessage());
    }

    /** Two 17-entry caches (LRU by stamps, or the RTL's used bits): each keeps its own tags, and the bank counts. */
    @ParameterizedTest
    @EnumSource(MapCacheReplacement.class)
    void twoCachesKeepTheirOwnTagsAndTheBankCountsHitsAndMisses(final MapCacheReplacement replacement) {
        final MapCacheBank bank = new MapCacheBank(2, 17, replacement, false);
        for (int r = 1; r <= 3; r++) {
            assertFalse(bank.access(1, r, r & 3));
        }
        assertFalse(bank.access(0, 4, 0));
        assertFalse(bank.access(0, 5, 1));
        assertTrue(bank.access(1, 1, 1));
        assertFalse(bank.access(0, 1, 1), "cache 0 never held row 1");
        assertTrue(bank.access(0, 4, 0));
        assertFalse(bank.contains(1, 4, 0));
        assertEquals(2, bank.hits());
        assertEquals(6, bank.misses());
    }
}
