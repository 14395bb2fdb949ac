package org.scalebench.core;

/**
 * A small fully-associative cache of 64-bit keys with true LRU replacement and hit/miss counters: a general
 * kernel for one small translation cache (a TLB, or a cache in front of a table in memory where a miss costs a
 * fetch). Only presence is modelled, not the cached value. The CDR simulator does not use it for its map
 * caches: those are many caches of one kind (one per core, a million on the warehouse-scale system), which
 * {@code org.scalebench.coherence.domain.MapCacheBank} keeps in flat arrays with no object per cache
 * (docs/cdr-mechanism.md, section 4).
 *
 * <pre>
 *   keys[0 .. size)      the cached keys, in no particular order (a removal moves the last one into the hole)
 *   order                up to 16 entries: the entries' indexes in recency order, 4 bits each, the most recent
 *                        lowest ({@link RecencyList}); the least recently used is rank size - 1, read without a
 *                        scan
 *   lastUse[0 .. size)   17 entries or more: (value of a counter bumped on every access) &lt;&lt; 6 | index: the
 *                        least recently used entry is the minimum, and its index is in the low 6 bits
 *   hint[256]            entry index last seen for each value of the top 8 bits of key * 0x9E3779B97F4A7C15
 * </pre>
 *
 * <p>Invariants: the first {@code size} entries are distinct keys; {@code size <= capacity}; on a miss with
 * the cache full, the key with the smallest {@code lastUse} (the least recently accessed) is replaced.
 * Any long is a valid key.
 *
 * <p>Lookup is a way prediction: the hint table (Fibonacci hashing of the key) names the entry where the
 * key was last found, one compare confirms it, and only on a wrong or stale hint are all entries compared,
 * without an early exit (a scan that stops at a data-dependent position mispredicts once per access). Hints
 * are never trusted, only checked, so they need no maintenance on removal. Measured on the 16-entry,
 * 90%-hit stream of {@code SmallLruCacheBench}, the hint halves the time of a plain scan and beats an
 * access-ordered {@code LinkedHashMap} by about 1.8 times.
 *
 * <p>Replacement: up to 16 entries keep their recency order in one word ({@link RecencyList}): a hit moves its entry
 * first (a SWAR rank search, no loop), and the victim of a full cache is the last rank, read without comparing any
 * stamp. Stamps with a minimum scan were slower (16.1-16.5 against 7.7 ns per access on the benchmark's 25%-hit
 * stream) and changed speed from one JVM to the next, 6 or 10.5 ns per access on the 90%-hit stream: most likely
 * the JIT compiled the scan's {@code Math.min} to a vectorised reduction in some JVMs and to branches in others
 * (with C2's vectoriser off every JVM took 7.6-8.9 ns, a branchy form of the scan 10.1-11.9 ns). Beyond
 * 16 entries the stamps remain.
 *
 * <p>Allocation: small arrays at construction, nothing afterwards. Thread-safety: not thread-safe.
 */
public final class SmallLruCache {

    /** Largest capacity: beyond this a linear scan stops paying off. */
    public static final int MAX_CAPACITY = 64;

    private static final int INDEX_BITS = 6;
    private static final long INDEX_MASK = (1L << INDEX_BITS) - 1;
    private static final int HINT_BITS = 8;
    private static final long FIBONACCI = 0x9E3779B97F4A7C15L;

    private final int capacity;
    private final long[] keys;
    /** Up to 16 entries: the recency order in {@link #order}, no stamps. */
    private final boolean recencyList;
    /** {@code 4 x (capacity - 1)}: the bit offset of the least recently used rank. */
    private final int lastRankShift;
    /** 17 entries or more: the stamps; else empty. */
    private final long[] lastUse;
    /** Up to 16 entries: a {@link RecencyList} of their indexes, the most recently used in rank 0; else unused. */
    private long order;
    private final byte[] hint = new byte[1 << HINT_BITS];
    private int size;
    private long clock;
    private long hits;
    private long misses;

    /**
     * Builds an empty cache.
     *
     * @param capacity the number of entries, in {@code [1, 64]}
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public SmallLruCache(final int capacity) {
        if (capacity < 1 || capacity > MAX_CAPACITY) {
            throw new IllegalArgumentException("capacity = " + capacity + ": must be in [1, " + MAX_CAPACITY + "]");
        }
        this.capacity = capacity;
        this.keys = new long[capacity];
        this.recencyList = capacity <= RecencyList.MAX_ITEMS;
        this.lastRankShift = 4 * (capacity - 1);
        this.lastUse = new long[recencyList ? 0 : capacity];
    }

    /**
     * Accesses a key: on a hit it becomes the most recently used; on a miss it is inserted, replacing the
     * least recently used key if the cache is full. Counts a hit or a miss.
     *
     * @param key any key
     * @return true on a hit
     */
    public boolean access(final long key) {
        final int hintSlot = hintSlot(key);
        final int found = indexOf(key, hintSlot);
        if (found >= 0) {
            if (recencyList) {
                order = RecencyList.toFront(order, found);
            } else {
                lastUse[found] = ++clock << INDEX_BITS | found;
            }
            hits++;
            return true;
        }
        misses++;
        final int slot;
        if (recencyList) {
            // a full cache's victim is its last rank; shifting the list drops it (16 entries) or moves it past the
            // used ranks (fewer), and the new entry takes rank 0
            slot = size < capacity ? size++ : (int) (order >>> lastRankShift) & 15;
            order = order << 4 | slot;
        } else {
            slot = size < capacity ? size++ : leastRecentlyUsed();
            lastUse[slot] = ++clock << INDEX_BITS | slot;
        }
        keys[slot] = key;
        hint[hintSlot] = (byte) slot;
        return false;
    }

    /**
     * Whether a key is cached. Changes neither the recency order nor the counters (only the internal
     * lookup hint, which is not observable).
     *
     * @param key any key
     * @return true if cached
     */
    public boolean contains(final long key) {
        return indexOf(key, hintSlot(key)) >= 0;
    }

    /**
     * Removes a key (a software flush of one entry).
     *
     * @param key any key
     * @return true if it was cached
     */
    public boolean invalidate(final long key) {
        final int found = indexOf(key, hintSlot(key));
        if (found < 0) {
            return false;
        }
        removeAt(found);
        return true;
    }

    /**
     * Removes every key with {@code (key & mask) == value}, e.g. every entry of one domain when the domain
     * id is a bit field of the key.
     *
     * @param mask the bits to compare
     * @param value the value those bits must have
     * @return how many keys were removed
     */
    public int invalidateMatching(final long mask, final long value) {
        final long[] keys = this.keys;
        final int before = size;
        int i = 0;
        while (i < size) {
            if ((keys[i] & mask) == value) {
                removeAt(i);
            } else {
                i++;
            }
        }
        return before - size;
    }

    /** Removes every key; the counters are kept (see {@link #resetCounters()}). */
    public void clear() {
        size = 0;
    }

    /**
     * The number of cached keys.
     *
     * @return a count in {@code [0, capacity()]}
     */
    public int size() {
        return size;
    }

    /**
     * The number of entries.
     *
     * @return the capacity given at construction
     */
    public int capacity() {
        return capacity;
    }

    /**
     * Accesses that hit since construction or the last {@link #resetCounters()}.
     *
     * @return the hit count
     */
    public long hits() {
        return hits;
    }

    /**
     * Accesses that missed since construction or the last {@link #resetCounters()}.
     *
     * @return the miss count
     */
    public long misses() {
        return misses;
    }

    /** Sets the hit and miss counters to zero; the cached keys stay. */
    public void resetCounters() {
        hits = 0;
        misses = 0;
    }

    private static int hintSlot(final long key) {
        return (int) ((key * FIBONACCI) >>> (Long.SIZE - HINT_BITS));
    }

    /** The entry holding {@code key}, or -1; records where it was found in the hint table. */
    private int indexOf(final long key, final int hintSlot) {
        final long[] keys = this.keys;
        final int size = this.size;
        final int guess = hint[hintSlot];
        if (guess < size && keys[guess] == key) {
            return guess;
        }
        int found = -1;
        for (int i = 0; i < size; i++) {
            if (keys[i] == key) {
                found = i;
            }
        }
        if (found >= 0) {
            hint[hintSlot] = (byte) found;
        }
        return found;
    }

    private int leastRecentlyUsed() {
        final long[] lastUse = this.lastUse;
        long oldest = Long.MAX_VALUE;
        for (int i = 0; i < capacity; i++) {
            oldest = Math.min(oldest, lastUse[i]);
        }
        return (int) (oldest & INDEX_MASK);
    }

    private void removeAt(final int index) {
        final int last = --size;
        keys[index] = keys[last];
        if (recencyList) {
            order = RecencyList.remove(order, index, last);
        } else {
            lastUse[index] = lastUse[last] & ~INDEX_MASK | index;
        }
    }

    @Override
    public String toString() {
        return "SmallLruCache[" + size + "/" + capacity + ", hits " + hits + ", misses " + misses + "]";
    }
}
