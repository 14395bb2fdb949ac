package org.scalebench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SetAssocTagsTest {

    private static final int SETS = 4;

    /** The k-th tag of set 1 (tags of one set differ by multiples of the set count). */
    private static long tagOfSetOne(final int k) {
        return 1 + (long) SETS * k;
    }

    @ParameterizedTest
    @EnumSource(ReplacementPolicy.class)
    void emptyArrayFindsNothingAndOffersTheFirstWay(final ReplacementPolicy policy) {
        final SetAssocTags tags = new SetAssocTags(SETS, 4, policy);
        assertEquals(16, tags.capacity());
        for (final long tag : new long[] {0L, -1L, Long.MIN_VALUE, Long.MAX_VALUE, 5L}) {
            assertEquals(-1, tags.find(tag));
            assertEquals(-1, tags.peek(tag));
            assertEquals(tags.setOf(tag) * 4, tags.victim(tag));
            assertFalse(tags.invalidateTag(tag));
        }
        for (int slot = 0; slot < tags.capacity(); slot++) {
            assertFalse(tags.isValid(slot));
        }
    }

    @ParameterizedTest
    @EnumSource(ReplacementPolicy.class)
    void theTagStoredInInvalidSlotsIsFoundOnlyWhereItIsValid(final ReplacementPolicy policy) {
        // invalid slots hold Long.MIN_VALUE, so a lookup of that tag must check validity
        final SetAssocTags tags = new SetAssocTags(SETS, 4, policy);
        final int set = tags.setOf(Long.MIN_VALUE);
        final long neighbour = (long) SETS * 5; // a tag of the same set (set 0)
        final long other = (long) SETS * 7;
        final int first = tags.insert(neighbour);
        assertEquals(set * 4, first);
        final int slot = tags.insert(Long.MIN_VALUE);
        assertEquals(set * 4 + 1, slot);
        tags.invalidate(first);
        assertEquals(slot, tags.find(Long.MIN_VALUE));
        assertEquals(slot, tags.peekInSet(set, Long.MIN_VALUE));
        assertTrue(tags.invalidateTag(Long.MIN_VALUE));
        assertEquals(-1, tags.find(Long.MIN_VALUE));
        assertEquals(-1, tags.peekInSet(set, Long.MIN_VALUE));
        assertEquals(-1, tags.find(neighbour));
        assertEquals(0, tags.occupancy(set));
        // a tag that is invalidated and looked up again is absent, in its own set and in a set chosen by the caller
        final int again = tags.insert(other);
        tags.invalidate(again);
        assertEquals(-1, tags.find(other));
        assertEquals(-1, tags.findInSet(set, other));
    }

    @ParameterizedTest
    @EnumSource(ReplacementPolicy.class)
    void extremeTagsAreOrdinaryTags(final ReplacementPolicy policy) {
        final SetAssocTags tags = new SetAssocTags(SETS, 2, policy);
        final long[] extremes = {0L, -1L, Long.MIN_VALUE, Long.MAX_VALUE};
        for (final long tag : extremes) {
            final int slot = tags.insert(tag);
            assertEquals(tags.setOf(tag), tags.setOfSlot(slot));
            assertEquals(tag, tags.tagAt(slot));
            assertFalse(tags.lastInsertEvicted());
        }
        for (final long tag : extremes) {
            assertTrue(tags.find(tag) >= 0, "tag " + tag);
        }
        assertEquals(0, tags.setOf(Long.MIN_VALUE));
        assertEquals(3, tags.setOf(-1L));
    }

    @ParameterizedTest
    @EnumSource(ReplacementPolicy.class)
    void insertFillsFreeWaysInOrderThenEvicts(final ReplacementPolicy policy) {
        final SetAssocTags tags = new SetAssocTags(SETS, 4, policy);
        for (int k = 0; k < 4; k++) {
            assertEquals(tags.slotOf(1, k), tags.insert(tagOfSetOne(k)));
            assertFalse(tags.lastInsertEvicted());
            assertEquals(k + 1, tags.occupancy(1));
        }
        assertEquals(0, tags.occupancy(0));
        // filled in order 0..3 with no later hit: both policies evict way 0 first
        assertEquals(tags.slotOf(1, 0), tags.victim(tagOfSetOne(9)));
        assertEquals(tags.slotOf(1, 0), tags.insert(tagOfSetOne(9)));
        assertTrue(tags.lastInsertEvicted());
        assertEquals(tagOfSetOne(0), tags.lastEvictedTag());
        assertEquals(-1, tags.peek(tagOfSetOne(0)));
        assertEquals(4, tags.occupancy(1));
    }

    @ParameterizedTest
    @EnumSource(ReplacementPolicy.class)
    void insertingAPresentTagIsAHitThatEvictsNothing(final ReplacementPolicy policy) {
        final SetAssocTags tags = new SetAssocTags(SETS, 2, policy);
        final int slot = tags.insert(tagOfSetOne(0));
        tags.insert(tagOfSetOne(1));
        assertEquals(slot, tags.insert(tagOfSetOne(0)));
        assertFalse(tags.lastInsertEvicted());
        assertEquals(2, tags.occupancy(1));
        // the re-insert made tag 0 most recently used, so tag 1 goes next
        assertEquals(tags.slotOf(1, 1), tags.insert(tagOfSetOne(2)));
        assertEquals(tagOfSetOne(1), tags.lastEvictedTag());
    }

    /** A 4-way LRU array whose set 1 holds tags 0 to 3, inserted in that order (way k holds tag k). */
    private static SetAssocTags fullLruSetOne() {
        final SetAssocTags tags = new SetAssocTags(SETS, 4, ReplacementPolicy.LRU);
        for (int k = 0; k < 4; k++) {
            tags.insert(tagOfSetOne(k));
        }
        return tags;
    }

    @Test
    void lruEvictsTheLeastRecentlyFoundOrFilled() {
        final SetAssocTags tags = fullLruSetOne();
        tags.find(tagOfSetOne(0));
        tags.find(tagOfSetOne(2));
        // recency, oldest first: 1, 3, 0, 2
        assertEquals(tags.slotOf(1, 1), tags.insert(tagOfSetOne(10)));
        assertEquals(tags.slotOf(1, 3), tags.insert(tagOfSetOne(11)));
        assertEquals(tags.slotOf(1, 0), tags.insert(tagOfSetOne(12)));
        assertEquals(tagOfSetOne(0), tags.lastEvictedTag());
    }

    @Test
    void lruOrderOfTheValidWaysSurvivesAnInvalidation() {
        final SetAssocTags tags = fullLruSetOne();
        tags.find(tagOfSetOne(0));
        // recency, oldest first: 1, 2, 3, 0; way 2 goes
        tags.invalidate(tags.slotOf(1, 2));
        assertFalse(tags.isValid(tags.slotOf(1, 2)));
        assertEquals(3, tags.occupancy(1));
        assertEquals(-1, tags.peek(tagOfSetOne(2)));
        assertEquals(tags.slotOf(1, 2), tags.victim(tagOfSetOne(20)));
        assertEquals(tags.slotOf(1, 2), tags.insert(tagOfSetOne(20)));
        assertFalse(tags.lastInsertEvicted());
        // recency: 1, 3, 0, 20
        assertEquals(tags.slotOf(1, 1), tags.insert(tagOfSetOne(21)));
        assertEquals(tags.slotOf(1, 3), tags.insert(tagOfSetOne(22)));
        assertEquals(tagOfSetOne(3), tags.lastEvictedTag());
    }

    /**
     * LRU against a plain model (per set, a list of its valid tags, most recent last) for every associativity from 1
     * to 20, so every representation is covered: the age matrix (up to 8 ways), the recency list (9 to 16) and the
     * stamps (17 and more).
     * Random finds, inserts, invalidations and clears over a few sets; every insert must evict exactly the model's
     * victim and every lookup agree.
     */
    @Test
    void lruMatchesAPlainRecencyModelAtEveryAssociativity() {
        for (int ways = 1; ways <= 20; ways++) {
            final SplittableRandom random = new SplittableRandom(1000 + ways);
            final int sets = 3;
            final SetAssocTags tags = new SetAssocTags(sets, ways, ReplacementPolicy.LRU);
            final List<List<Long>> model = new ArrayList<>();
            for (int set = 0; set < sets; set++) {
                model.add(new ArrayList<>());
            }
            for (int op = 0; op < 20_000; op++) {
                final long tag = random.nextInt(sets * (ways + 3)); // the set is tag mod 3
                final List<Long> recency = model.get((int) (tag % sets));
                final int choice = random.nextInt(100);
                final String where = "ways " + ways + ", op " + op + ", tag " + tag;
                if (choice < 45) {
                    final int slot = tags.find(tag);
                    assertEquals(recency.contains(tag), slot >= 0, where);
                    if (slot >= 0) {
                        assertEquals(tag, tags.tagAt(slot), where);
                        recency.remove(tag);
                        recency.add(tag);
                    }
                } else if (choice < 90) {
                    final boolean present = recency.contains(tag);
                    final boolean full = recency.size() == ways;
                    final long expectedVictim = !present && full ? recency.get(0) : 0;
                    final int slot = tags.insert(tag);
                    assertEquals(tag, tags.tagAt(slot), where);
                    assertEquals(!present && full, tags.lastInsertEvicted(), where);
                    assertEquals(expectedVictim, tags.lastEvictedTag(), where);
                    recency.remove(tag);
                    if (!present && full) {
                        recency.remove(0);
                    }
                    recency.add(tag);
                } else if (choice < 99) {
                    assertEquals(recency.remove(tag), tags.invalidateTag(tag), where);
                } else {
                    tags.clear();
                    model.forEach(List::clear);
                }
                assertEquals(recency.size(), tags.occupancy((int) (tag % sets)), where);
            }
        }
    }

    @Test
    void footprintCountsTagsSetWordsAndStampsBeyondSixteenLruWays() {
        assertEquals(8L * 512 * 8 + 16L * 512, SetAssocTags.footprintBytes(512, 8, ReplacementPolicy.LRU));
        assertEquals(8L * 64 * 16 + 16L * 64, SetAssocTags.footprintBytes(64, 16, ReplacementPolicy.TREE_PLRU));
        assertEquals(16L * 4 * 17 + 16L * 4, SetAssocTags.footprintBytes(4, 17, ReplacementPolicy.LRU));
        assertEquals(8L * 4 * 16 + 16L * 4, SetAssocTags.footprintBytes(4, 16, ReplacementPolicy.LRU));
        assertEquals("ways = 65: must be in [1, 64]", assertThrows(IllegalArgumentException.class,
                () -> SetAssocTags.footprintBytes(4, 65, ReplacementPolicy.LRU)).getMessage());
        assertEquals("policy = null: must be one of [LRU, TREE_PLRU]", assertThrows(IllegalArgumentException.class,
                () -> SetAssocTags.footprintBytes(4, 4, null)).getMessage());
    }

    @Test
    void peekAndVictimLeaveTheReplacementOrderAlone() {
        final SetAssocTags tags = fullLruSetOne();
        assertEquals(tags.slotOf(1, 0), tags.peek(tagOfSetOne(0)));
        assertEquals(tags.slotOf(1, 0), tags.victim(tagOfSetOne(7)));
        assertEquals(tags.slotOf(1, 0), tags.victim(tagOfSetOne(7)));
        assertEquals(tags.slotOf(1, 0), tags.insert(tagOfSetOne(7)));
    }

    @Test
    void treePlruFollowsTheTreeNotTheFullOrder() {
        final SetAssocTags plru = new SetAssocTags(SETS, 4, ReplacementPolicy.TREE_PLRU);
        final SetAssocTags lru = new SetAssocTags(SETS, 4, ReplacementPolicy.LRU);
        for (final SetAssocTags tags : new SetAssocTags[] {plru, lru}) {
            for (int k = 0; k < 4; k++) {
                tags.insert(tagOfSetOne(k));
            }
            tags.find(tagOfSetOne(2));
            tags.find(tagOfSetOne(0));
        }
        // LRU order, oldest first: 1, 3, 2, 0. The tree: the root points right (away from way 0), and the
        // right node still points at way 3 (away from way 2, the last touched on that side).
        assertEquals(lru.slotOf(1, 1), lru.victim(tagOfSetOne(5)));
        assertEquals(plru.slotOf(1, 3), plru.victim(tagOfSetOne(5)));
    }

    @Test
    void treePlruNeverEvictsTheMostRecentlyUsedWay() {
        final long seed = 0x9_1A0L;
        final SplittableRandom random = new SplittableRandom(seed);
        for (final int ways : new int[] {2, 4, 8, 16, 64}) {
            final SetAssocTags tags = new SetAssocTags(1, ways, ReplacementPolicy.TREE_PLRU);
            for (int i = 0; i < 20_000; i++) {
                final long tag = random.nextInt(2 * ways);
                int slot = tags.find(tag);
                if (slot < 0) {
                    slot = tags.insert(tag);
                }
                if (tags.occupancy(0) == ways) {
                    assertNotEquals(slot, tags.victim(tag + 1), "ways " + ways + " seed " + seed);
                }
            }
        }
    }

    @Test
    void twoWayTreePlruIsExactLru() {
        final long seed = 0x2_1A0L;
        final SplittableRandom random = new SplittableRandom(seed);
        final SetAssocTags plru = new SetAssocTags(8, 2, ReplacementPolicy.TREE_PLRU);
        final SetAssocTags lru = new SetAssocTags(8, 2, ReplacementPolicy.LRU);
        for (int i = 0; i < 50_000; i++) {
            final long tag = random.nextInt(64);
            assertEquals(lru.find(tag), plru.find(tag), "seed " + seed);
            assertEquals(lru.insert(tag), plru.insert(tag), "seed " + seed);
        }
    }

    @ParameterizedTest
    @EnumSource(ReplacementPolicy.class)
    void sixtyFourWaysUseEveryBitOfTheSetMask(final ReplacementPolicy policy) {
        final SetAssocTags tags = new SetAssocTags(2, 64, policy);
        for (int k = 0; k < 64; k++) {
            assertEquals(k, tags.insert(2L * k));
        }
        assertEquals(64, tags.occupancy(0));
        assertEquals(0, tags.insert(1000L));
        assertTrue(tags.lastInsertEvicted());
        assertEquals(0L, tags.lastEvictedTag());
        tags.invalidate(63);
        assertEquals(63, tags.victim(2000L));
        assertEquals(63, tags.occupancy(0));
    }

    @ParameterizedTest
    @EnumSource(ReplacementPolicy.class)
    void invalidatedWaysAreReusedLowestFirst(final ReplacementPolicy policy) {
        final SetAssocTags tags = new SetAssocTags(SETS, 4, policy);
        for (int k = 0; k < 4; k++) {
            tags.insert(tagOfSetOne(k));
        }
        tags.invalidate(tags.slotOf(1, 2));
        assertTrue(tags.invalidateTag(tagOfSetOne(1)));
        assertFalse(tags.invalidateTag(tagOfSetOne(1)));
        assertEquals(2, tags.occupancy(1));
        assertFalse(tags.isValid(tags.slotOf(1, 1)));
        assertEquals(-1, tags.find(tagOfSetOne(1)));
        assertEquals(tags.slotOf(1, 1), tags.victim(tagOfSetOne(8)));
        assertEquals(tags.slotOf(1, 1), tags.insert(tagOfSetOne(8)));
        assertFalse(tags.lastInsertEvicted());
        assertEquals(tags.slotOf(1, 2), tags.insert(tagOfSetOne(9)));
        assertFalse(tags.lastInsertEvicted());
    }

    @ParameterizedTest
    @EnumSource(ReplacementPolicy.class)
    void fillStoresIntoTheChosenSlotOfTheTagsSet(final ReplacementPolicy policy) {
        final SetAssocTags tags = new SetAssocTags(SETS, 4, policy);
        final long tag = tagOfSetOne(3);
        tags.fill(tags.slotOf(1, 2), tag);
        assertEquals(tags.slotOf(1, 2), tags.peek(tag));
        assertTrue(tags.isValid(tags.slotOf(1, 2)));
        assertEquals(1, tags.occupancy(1));
        final IllegalArgumentException wrongSet = assertThrows(IllegalArgumentException.class,
                () -> tags.fill(tags.slotOf(2, 0), tag));
        assertEquals("slot = 8: tag 13 belongs to set 1, slots [4, 8)", wrongSet.getMessage());
        assertThrows(IllegalArgumentException.class, () -> tags.fill(-1, tag));
    }

    @ParameterizedTest
    @EnumSource(ReplacementPolicy.class)
    void clearInvalidatesEverythingAndForgetsTheLastEviction(final ReplacementPolicy policy) {
        final SetAssocTags tags = new SetAssocTags(SETS, 2, policy);
        for (int k = 0; k < 3; k++) {
            tags.insert(tagOfSetOne(k));
        }
        assertTrue(tags.lastInsertEvicted());
        tags.clear();
        assertFalse(tags.lastInsertEvicted());
        for (int set = 0; set < SETS; set++) {
            assertEquals(0, tags.occupancy(set));
        }
        assertEquals(-1, tags.find(tagOfSetOne(2)));
        assertEquals(tags.slotOf(1, 0), tags.insert(tagOfSetOne(2)));
    }

    @Test
    void slotArithmeticRoundTripsForOddWays() {
        final SetAssocTags tags = new SetAssocTags(8, 3, ReplacementPolicy.LRU);
        for (int set = 0; set < 8; set++) {
            for (int way = 0; way < 3; way++) {
                final int slot = tags.slotOf(set, way);
                assertEquals(set, tags.setOfSlot(slot));
                assertEquals(way, tags.wayOf(slot));
            }
        }
        assertThrows(IndexOutOfBoundsException.class, () -> tags.isValid(24));
        assertThrows(IndexOutOfBoundsException.class, () -> tags.invalidate(-1));
        assertThrows(IndexOutOfBoundsException.class, () -> tags.tagAt(24));
        assertThrows(IndexOutOfBoundsException.class, () -> tags.setOfSlot(Integer.MIN_VALUE));
    }

    @Test
    void rejectsBadGeometryAndPolicy() {
        assertEquals("sets = 0: must be at least 1", assertThrows(IllegalArgumentException.class,
                () -> new SetAssocTags(0, 4, ReplacementPolicy.LRU)).getMessage());
        assertEquals("ways = 0: must be in [1, 64]", assertThrows(IllegalArgumentException.class,
                () -> new SetAssocTags(4, 0, ReplacementPolicy.LRU)).getMessage());
        assertEquals("ways = 65: must be in [1, 64]", assertThrows(IllegalArgumentException.class,
                () -> new SetAssocTags(4, 65, ReplacementPolicy.LRU)).getMessage());
        assertEquals("ways = 12: TREE_PLRU needs a power of two", assertThrows(IllegalArgumentException.class,
                () -> new SetAssocTags(4, 12, ReplacementPolicy.TREE_PLRU)).getMessage());
        assertEquals("policy = null: must be one of [LRU, TREE_PLRU]", assertThrows(IllegalArgumentException.class,
                () -> new SetAssocTags(4, 4, null)).getMessage());
        assertEquals("sets = 1073741824, ways = 2: 2147483648 slots, must be at most 2147483639",
                assertThrows(IllegalArgumentException.class,
                        () -> new SetAssocTags(1 << 30, 2, ReplacementPolicy.LRU)).getMessage());
        assertEquals(12, new SetAssocTags(1, 12, ReplacementPolicy.LRU).ways());
    }

    @Test
    void aNonPowerOfTwoSetCountMapsTagsModuloTheSets() {
        final SetAssocTags tags = new SetAssocTags(12, 2, ReplacementPolicy.LRU);
        for (long tag = 0; tag < 100; tag++) {
            assertEquals((int) (tag % 12), tags.setOf(tag));
        }
        assertEquals((int) Long.remainderUnsigned(0xFFFF_FFFFL, 12), tags.setOf(-1L), "low 32 bits, unsigned");
        final int slot = tags.insert(30);
        assertEquals(6, tags.setOfSlot(slot));
        assertEquals(slot, tags.find(30));
    }

    @Test
    void explicitSetsHoldTheSameTagInSeveralSets() {
        final SetAssocTags bank = new SetAssocTags(3 * 4, 2, ReplacementPolicy.LRU); // 3 caches of 4 sets
        final long line = 0x1234;
        for (int cache = 0; cache < 3; cache++) {
            final int set = cache * 4 + (int) (line & 3);
            assertEquals(-1, bank.findInSet(set, line));
            final int slot = bank.victimInSet(set);
            assertEquals(set, bank.setOfSlot(slot));
            bank.fillSlot(slot, line);
            assertEquals(slot, bank.findInSet(set, line));
            assertEquals(slot, bank.peekInSet(set, line));
        }
        // LRU within an explicit set: fill two more tags into cache 0's set, the oldest (line) goes
        final int set = (int) (line & 3);
        bank.fillSlot(bank.victimInSet(set), line + 4);
        bank.findInSet(set, line + 4);
        final int victim = bank.victimInSet(set);
        assertEquals(line, bank.tagAt(victim));
        assertThrows(IndexOutOfBoundsException.class, () -> bank.findInSet(12, line));
        assertThrows(IndexOutOfBoundsException.class, () -> bank.victimInSet(-1));
    }

    /** Fills and hits in a set other than 0 (the slot is base + way, not base - way) at every kind of LRU state. */
    @Test
    void fillsAndHitsInALaterSetMoveTheirWayToTheFrontOfTheLruOrder() {
        for (final int ways : new int[] {2, 5, 8, 12, 20}) {
            for (final boolean explicitSet : new boolean[] {false, true}) {
                final String where = ways + " ways, " + (explicitSet ? "fillSlot/findInSet" : "fill/find");
                final int sets = 3;
                final int set = 1;
                final SetAssocTags tags = new SetAssocTags(sets, ways, ReplacementPolicy.LRU);
                for (int way = ways - 1; way >= 0; way--) { // filled last way first: the last way is the oldest
                    final long tag = set + (long) sets * way;
                    if (explicitSet) {
                        tags.fillSlot(tags.slotOf(set, way), tag);
                    } else {
                        tags.fill(tags.slotOf(set, way), tag);
                    }
                }
                assertEquals(ways, tags.occupancy(set), where);
                assertEquals(0, tags.occupancy(0), where);
                assertEquals(tags.slotOf(set, ways - 1), tags.victimInSet(set), where);
                for (int way = 0; way < ways; way++) { // every way but way 1 used again: way 1 is the oldest
                    final long tag = set + (long) sets * way;
                    assertEquals(tags.slotOf(set, way), tags.peekInSet(set, tag), where);
                    if (way != 1) {
                        assertEquals(tags.slotOf(set, way), explicitSet ? tags.findInSet(set, tag) : tags.find(tag),
                                where);
                    }
                }
                assertEquals(tags.slotOf(set, 1), tags.victimInSet(set), where);
            }
        }
    }

    @Test
    void touchSetReadsEverySetInRangeAndChangesNothing() {
        for (final int ways : new int[] {1, 8, 12, 20}) {
            final SetAssocTags tags = new SetAssocTags(5, ways, ReplacementPolicy.LRU);
            for (int k = 0; k < 5 * ways; k++) {
                tags.insert(k);
            }
            final int victim = tags.victimInSet(4);
            for (int set = 0; set < 5; set++) {
                tags.touchSet(set);
            }
            assertEquals(victim, tags.victimInSet(4), ways + " ways");
            assertThrows(IndexOutOfBoundsException.class, () -> tags.touchSet(5));
            assertThrows(IndexOutOfBoundsException.class, () -> tags.touchSet(-1));
        }
    }

    @Test
    void gettersAndToStringReportTheGeometry() {
        final SetAssocTags tags = new SetAssocTags(12, 4, ReplacementPolicy.TREE_PLRU);
        assertEquals(12, tags.sets());
        assertEquals(4, tags.ways());
        assertEquals(48, tags.capacity());
        assertEquals(ReplacementPolicy.TREE_PLRU, tags.policy());
        assertEquals("SetAssocTags[12 sets x 4 ways, TREE_PLRU]", tags.toString());
        assertEquals("tree-plru", tags.policy().id());
    }

    /** A way past the set's last was another set's slot: invalidating it evicted set 1's line (assert under -ea). */
    @Test
    void slotOfAssertsItsSetAndWayRanges() {
        final SetAssocTags tags = new SetAssocTags(4, 4, ReplacementPolicy.LRU);
        assertEquals(7, tags.slotOf(1, 3));
        assertThrows(AssertionError.class, () -> tags.slotOf(0, 4)); // was slot 4: way 0 of set 1
        assertThrows(AssertionError.class, () -> tags.slotOf(0, -1)); // was slot -1
        assertThrows(AssertionError.class, () -> tags.slotOf(4, 0)); // was slot 16, past the last
        assertThrows(AssertionError.class, () -> tags.slotOf(-1, 2));
    }
}
