package org.scalebench.bench.reference;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The textbook Java LRU cache: an access-ordered {@link LinkedHashMap} that drops its eldest entry when it
 * grows past capacity. Reference and benchmark baseline of {@link org.scalebench.core.SmallLruCache}, with
 * the same hit/miss counting. Boxes every key; not thread-safe.
 */
public final class LinkedHashMapLru {

    private final int capacity;
    private final LinkedHashMap<Long, Boolean> keys;
    private long hits;
    private long misses;

    /**
     * Builds an empty cache.
     *
     * @param capacity the number of entries
     */
    public LinkedHashMapLru(final int capacity) {
        this.capacity = capacity;
        this.keys = new LinkedHashMap<>(2 * capacity, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(final Map.Entry<Long, Boolean> eldest) {
                return size() > LinkedHashMapLru.this.capacity;
            }
        };
    }

    /**
     * Accesses a key, inserting it on a miss.
     *
     * @param key any key
     * @return true on a hit
     */
    public boolean access(final long key) {
        if (keys.get(key) != null) {
            hits++;
            return true;
        }
        misses++;
        keys.put(key, Boolean.TRUE);
        return false;
    }

    /**
     * Whether a key is cached (not an access).
     *
     * @param key any key
     * @return true if cached
     */
    public boolean contains(final long key) {
        return keys.containsKey(key);
    }

    /**
     * Removes a key.
     *
     * @param key any key
     * @return true if it was cached
     */
    public boolean invalidate(final long key) {
        return keys.remove(key) != null;
    }

    /**
     * Removes every key with {@code (key & mask) == value}.
     *
     * @param mask the bits to compare
     * @param value their required value
     * @return how many keys were removed
     */
    public int invalidateMatching(final long mask, final long value) {
        final int before = keys.size();
        keys.keySet().removeIf(key -> (key & mask) == value);
        return before - keys.size();
    }

    /** Removes every key. */
    public void clear() {
        keys.clear();
    }

    /**
     * Cached keys.
     *
     * @return the count
     */
    public int size() {
        return keys.size();
    }

    /**
     * Hits counted.
     *
     * @return the count
     */
    public long hits() {
        return hits;
    }

    /**
     * Misses counted.
     *
     * @return the count
     */
    public long misses() {
        return misses;
    }

    /** Zeroes the counters. */
    public void resetCounters() {
        hits = 0;
        misses = 0;
    }
}
