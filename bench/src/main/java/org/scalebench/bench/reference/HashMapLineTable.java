package org.scalebench.bench.reference;

import java.util.HashMap;
import java.util.Map;

/**
 * Oracle and baseline of {@link org.scalebench.core.LineTable}: a {@code HashMap<Long, Integer>} with the
 * same missing-value convention and the same optional capacity limit. Obviously correct; boxes every key
 * and value.
 */
public final class HashMapLineTable {

    private final Map<Long, Integer> map;
    private final int missingValue;
    private final int fixedCapacity;

    /**
     * Creates a table.
     *
     * @param expectedEntries the expected size
     * @param missingValue returned for absent keys
     * @param fixedCapacity the most entries allowed, or 0 for no limit
     */
    public HashMapLineTable(final int expectedEntries, final int missingValue, final int fixedCapacity) {
        this.map = new HashMap<>((int) (expectedEntries / 0.75f) + 1);
        this.missingValue = missingValue;
        this.fixedCapacity = fixedCapacity;
    }

    /**
     * The value of a key.
     *
     * @param key the key
     * @return the value or the missing value
     */
    public int get(final long key) {
        final Integer value = map.get(key);
        return value == null ? missingValue : value;
    }

    /**
     * Whether a key is present.
     *
     * @param key the key
     * @return true if mapped
     */
    public boolean containsKey(final long key) {
        return map.containsKey(key);
    }

    /**
     * Maps a key.
     *
     * @param key the key
     * @param value the value
     * @return the previous value or the missing value
     */
    public int put(final long key, final int value) {
        if (fixedCapacity > 0 && map.size() == fixedCapacity && !map.containsKey(key)) {
            throw new IllegalStateException("full: " + fixedCapacity + " entries");
        }
        final Integer previous = map.put(key, value);
        return previous == null ? missingValue : previous;
    }

    /**
     * Unmaps a key.
     *
     * @param key the key
     * @return the previous value or the missing value
     */
    public int remove(final long key) {
        final Integer previous = map.remove(key);
        return previous == null ? missingValue : previous;
    }

    /**
     * Looks up several keys.
     *
     * @param keys the keys
     * @param keyOffset first key
     * @param count how many
     * @param values receives the values
     * @param valueOffset first value
     */
    public void getAll(final long[] keys, final int keyOffset, final int count, final int[] values,
            final int valueOffset) {
        for (int i = 0; i < count; i++) {
            values[valueOffset + i] = get(keys[keyOffset + i]);
        }
    }

    /**
     * The number of keys.
     *
     * @return the size
     */
    public int size() {
        return map.size();
    }

    /** Removes every key. */
    public void clear() {
        map.clear();
    }
}
