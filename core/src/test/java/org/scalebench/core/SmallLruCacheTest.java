package org.scalebench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SmallLruCacheTest {

    @Test
    void firstAccessMissesAndTheSecondHits() {
        final SmallLruCache cache = new SmallLruCache(16);
        assertFalse(cache.access(42L));
        assertTrue(cache.access(42L));
        assertEquals(1, cache.hits());
        assertEquals(1, cache.misses());
        assertEquals(1, cache.size());
        assertEquals(16, cache.capacity());
    }

    @Test
    void aFullCacheEvictsTheLeastRecentlyAccessedKey() {
        final SmallLruCache cache = new SmallLruCache(3);
        cache.access(1L);
        cache.access(2L);
        cache.access(3L);
        cache.access(1L);                 // order, oldest first: 2, 3, 1
        assertFalse(cache.access(4L));    // evicts 2
        assertFalse(cache.contains(2L));
        assertTrue(cache.contains(3L) && cache.contains(1L) && cache.contains(4L));
        assertFalse(cache.access(5L));    // evicts 3
        assertFalse(cache.contains(3L));
        assertEquals(3, cache.size());
    }

    @Test
    void containsNeitherCountsNorRefreshes() {
        final SmallLruCache cache = new SmallLruCache(2);
        cache.access(1L);
        cache.access(2L);
        assertTrue(cache.contains(1L));
        assertEquals(0, cache.hits());
        assertEquals(2, cache.misses());
        cache.access(3L);                 // 1 is still the oldest
        assertFalse(cache.contains(1L));
        assertTrue(cache.contains(2L));
    }

    @Test
    void extremeKeysAreOrdinaryKeys() {
        final SmallLruCache cache = new SmallLruCache(4);
        final long[] keys = {0L, -1L, Long.MIN_VALUE, Long.MAX_VALUE};
        for (final long key : keys) {
            assertFalse(cache.contains(key));
            assertFalse(cache.access(key));
        }
        for (final long key : keys) {
            assertTrue(cache.access(key));
        }
    }

    @Test
    void invalidateRemovesOneKeyAndFreesItsEntry() {
        final SmallLruCache cache = new SmallLruCache(3);
        cache.access(1L);
        cache.access(2L);
        cache.access(3L);
        assertTrue(cache.invalidate(2L));
        assertFalse(cache.invalidate(2L));
        assertEquals(2, cache.size());
        assertFalse(cache.access(4L));    // takes the free entry: nothing evicted
        assertTrue(cache.contains(1L) && cache.contains(3L) && cache.contains(4L));
        cache.access(5L);                 // evicts 1, the oldest survivor
        assertFalse(cache.contains(1L));
    }

    @Test
    void invalidateMatchingFlushesOneDomain() {
        // key = domain << 8 | logical id, as a sharer-map cache tags {SDID, LSID}
        final SmallLruCache cache = new SmallLruCache(16);
        for (int domain = 0; domain < 4; domain++) {
            for (int lsid = 0; lsid < 4; lsid++) {
                cache.access((long) domain << 8 | lsid);
            }
        }
        assertEquals(16, cache.size());
        assertEquals(4, cache.invalidateMatching(~0xFFL, 2L << 8));
        assertEquals(12, cache.size());
        for (int lsid = 0; lsid < 4; lsid++) {
            assertFalse(cache.contains(2L << 8 | lsid));
            assertTrue(cache.contains(3L << 8 | lsid));
            assertTrue(cache.contains(lsid));
        }
        assertEquals(0, cache.invalidateMatching(~0xFFL, 2L << 8));
        assertEquals(12, cache.invalidateMatching(0L, 0L));
        assertEquals(0, cache.size());
    }

    @Test
    void clearKeepsCountersAndResetKeepsKeys() {
        final SmallLruCache cache = new SmallLruCache(4);
        cache.access(1L);
        cache.access(1L);
        cache.clear();
        assertEquals(0, cache.size());
        assertEquals(1, cache.hits());
        assertFalse(cache.access(1L));
        cache.resetCounters();
        assertEquals(0, cache.hits());
        assertEquals(0, cache.misses());
        assertTrue(cache.contains(1L));
    }

    @Test
    void singleEntryCacheKeepsOnlyTheLastKey() {
        final SmallLruCache cache = new SmallLruCache(1);
        assertFalse(cache.access(7L));
        assertTrue(cache.access(7L));
        assertFalse(cache.access(8L));
        assertFalse(cache.contains(7L));
        assertEquals(1, cache.size());
    }

    @Test
    void keysSharingALookupHintAreAllFound() {
        // keys whose Fibonacci hash has the same top 8 bits share one hint entry, which then is mostly wrong
        final long[] colliding = new long[20];
        int found = 0;
        for (long key = 0; found < colliding.length; key++) {
            if ((key * 0x9E3779B97F4A7C15L) >>> 56 == 17) {
                colliding[found++] = key;
            }
        }
        final SmallLruCache cache = new SmallLruCache(16);
        for (int i = 0; i < 16; i++) {
            assertFalse(cache.access(colliding[i]));
        }
        for (int round = 0; round < 3; round++) {
            for (int i = 15; i >= 0; i--) {
                assertTrue(cache.access(colliding[i]), "key " + colliding[i]);
            }
        }
        assertTrue(cache.invalidate(colliding[3]));
        assertFalse(cache.contains(colliding[3]));
        for (int i = 0; i < 16; i++) {
            assertEquals(i != 3, cache.contains(colliding[i]), "key " + colliding[i]);
        }
        // 15 keys left, most recent first: 0, 1, 2, 4, ..., 15; two new keys take the free entry, then evict 15
        assertFalse(cache.access(colliding[16]));
        assertFalse(cache.access(colliding[17]));
        assertFalse(cache.contains(colliding[15]));
        assertTrue(cache.contains(colliding[14]) && cache.contains(colliding[16]) && cache.contains(colliding[17]));
    }

    /** Up to 16 entries keep a recency list, beyond that a stamp per entry: both are exact LRU. */
    @Test
    void randomAccessesAndInvalidationsAgreeWithAPlainLruModelAtEveryKindOfCapacity() {
        for (final int capacity : new int[] {1, 2, 15, 16, 17, 33, 64}) {
            final SplittableRandom random = new SplittableRandom(2000 + capacity);
            final SmallLruCache cache = new SmallLruCache(capacity);
            final List<Long> recency = new ArrayList<>(); // least recently used first
            long hits = 0;
            for (int op = 0; op < 5_000; op++) {
                final long key = random.nextInt(capacity + 4);
                final String where = "capacity " + capacity + ", op " + op + ", key " + key;
                if (random.nextInt(5) == 0) {
                    assertEquals(recency.remove(key), cache.invalidate(key), where);
                } else {
                    final boolean hit = recency.remove(key);
                    hits += hit ? 1 : 0;
                    assertEquals(hit, cache.access(key), where);
                    if (recency.size() == capacity) {
                        recency.remove(0);
                    }
                    recency.add(key);
                }
                assertEquals(recency.size(), cache.size(), where);
            }
            for (long key = 0; key < capacity + 4; key++) {
                assertEquals(recency.contains(key), cache.contains(key), "capacity " + capacity + ", key " + key);
            }
            assertEquals(hits, cache.hits());
            assertEquals("SmallLruCache[" + cache.size() + "/" + capacity + ", hits " + hits + ", misses "
                    + cache.misses() + "]", cache.toString());
        }
    }

    @Test
    void rejectsCapacityOutsideOneToSixtyFour() {
        assertEquals("capacity = 0: must be in [1, 64]",
                assertThrows(IllegalArgumentException.class, () -> new SmallLruCache(0)).getMessage());
        assertEquals("capacity = 65: must be in [1, 64]",
                assertThrows(IllegalArgumentException.class, () -> new SmallLruCache(65)).getMessage());
        assertEquals(64, new SmallLruCache(64).capacity());
    }
}
