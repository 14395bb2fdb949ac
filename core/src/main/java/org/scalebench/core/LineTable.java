package org.scalebench.core;

import java.util.Arrays;
import java.util.Objects;

/**
 * An open-addressing map from a 64-bit key (a cache-line address) to an {@code int} (a directory entry or
 * cache slot): the index of a sparse directory or of a simulator's line table. Every {@code long} is a
 * valid key, including 0, -1, {@link Long#MIN_VALUE} and {@link Long#MAX_VALUE}; a caller-chosen
 * {@code missingValue} is returned for absent keys instead of {@code null}.
 *
 * <p>Layout: one {@code long[]} of {@code 2 x slots} words, key and value side by side so that a hit
 * touches one cache line (Agrona's interleaved layout, widened to {@code long} keys):
 * <pre>
 *   table[2s]     = key of slot s            (0 when the slot is empty)
 *   table[2s + 1] = 1 &lt;&lt; 32 | value as unsigned 32 bits   (0 exactly when the slot is empty)
 * </pre>
 * Occupancy lives in bit 32 of the value word, so no key is reserved as an "empty" marker and any
 * {@code int} value, even {@code missingValue}, can be stored ({@link #containsKey} tells the two apart).
 * A key's home slot is the low bits of its Stafford Mix13 hash ({@link Mix64#stafford13}), so clustered
 * line addresses spread over the table; collisions probe linearly. {@code slots} is a power of two and
 * the slot index is a mask, never a remainder.
 *
 * <p>Invariants: every key sits in the probe run that starts at its home slot, with no empty slot between
 * the two; {@link #remove} restores this by shifting later entries of the run back (Knuth's deletion for
 * linear probing, TAOCP vol. 3, 6.4 algorithm R) instead of leaving tombstones, so lookups after any amount
 * of churn cost the same as in a freshly built table. At most half the slots are occupied (load factor
 * 0.5): a growable table doubles when an insertion would pass half; a {@link #fixedCapacity} table never
 * grows and rejects insertion of a new key once it holds {@code capacity} entries.
 *
 * <p>Allocation: the table array at construction, and a new one each time a growable table grows (so
 * {@link #put} allocates only while the table is growing: size a table with its expected entries and the
 * steady state allocates nothing). {@link #get}, {@link #getAll}, {@link #remove}, {@link #containsKey} and
 * {@link #clear} never allocate. Thread-safety: not thread-safe; concurrent readers are safe only while no
 * thread writes.
 */
public final class LineTable {

    /** The largest slot count: the interleaved table then holds 2^30 longs (8 GiB). */
    static final int MAX_SLOTS = 1 << 29;
    /** The largest number of entries: half of {@link #MAX_SLOTS}. */
    public static final int MAX_ENTRIES = MAX_SLOTS >>> 1;
    /** The smallest slot count. */
    static final int MIN_SLOTS = 8;

    private static final long OCCUPIED = 1L << 32;
    private static final long VALUE_BITS = 0xFFFF_FFFFL;

    private final int missingValue;
    private final boolean fixed;
    private long[] table;
    private int capacity;
    private int size;

    /**
     * Creates a growable table sized for {@code expectedEntries} without growing: at least
     * {@code 2 x expectedEntries} slots, a power of two (load factor 0.5).
     *
     * @param expectedEntries the entries to hold before the first growth, in {@code [0, MAX_ENTRIES]}
     * @param missingValue returned by {@link #get} and the others for an absent key
     * @throws IllegalArgumentException if {@code expectedEntries} is out of range
     */
    public LineTable(final int expectedEntries, final int missingValue) {
        this(checkEntries("expectedEntries", expectedEntries, 0), missingValue, false);
    }

    private LineTable(final int entries, final int missingValue, final boolean fixed) {
        this.missingValue = missingValue;
        this.fixed = fixed;
        final int slots = slotsFor(entries);
        this.table = new long[slots << 1];
        this.capacity = fixed ? entries : slots >>> 1;
    }

    /**
     * Creates a table that never grows: it allocates its slots once and holds at most {@code capacity}
     * entries; {@link #put} of a new key into a full table throws.
     *
     * @param capacity the most entries the table holds, in {@code [1, MAX_ENTRIES]}
     * @param missingValue returned by {@link #get} and the others for an absent key
     * @return the table
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public static LineTable fixedCapacity(final int capacity, final int missingValue) {
        return new LineTable(checkEntries("capacity", capacity, 1), missingValue, true);
    }

    private static int checkEntries(final String name, final int entries, final int min) {
        if (entries < min || entries > MAX_ENTRIES) {
            throw new IllegalArgumentException(
                    name + " = " + entries + ": must be in [" + min + ", " + MAX_ENTRIES + "]");
        }
        return entries;
    }

    /** The smallest power-of-two slot count, at least {@link #MIN_SLOTS}, holding {@code entries} at load 0.5. */
    private static int slotsFor(final int entries) {
        final int needed = Math.max(MIN_SLOTS, entries << 1);
        return Integer.highestOneBit(needed - 1) << 1;
    }

    /**
     * Index in {@code table} of the home slot of {@code key}; {@code indexMask} is {@code table.length - 1},
     * so the result is even.
     */
    private static int homeIndex(final long key, final int indexMask) {
        return ((int) Mix64.stafford13(key) << 1) & indexMask;
    }

    /**
     * The value mapped to {@code key}.
     *
     * @param key any long
     * @return the value, or {@link #missingValue()} if the key is absent
     */
    public int get(final long key) {
        final long[] t = table;
        final int indexMask = t.length - 1;
        int i = homeIndex(key, indexMask);
        while (true) {
            final long word = t[i + 1];
            if (word == 0) {
                return missingValue;
            }
            if (t[i] == key) {
                return (int) word;
            }
            i = (i + 2) & indexMask;
        }
    }

    /**
     * Whether {@code key} is mapped.
     *
     * @param key any long
     * @return true if the key is present
     */
    public boolean containsKey(final long key) {
        final long[] t = table;
        final int indexMask = t.length - 1;
        int i = homeIndex(key, indexMask);
        while (true) {
            if (t[i + 1] == 0) {
                return false;
            }
            if (t[i] == key) {
                return true;
            }
            i = (i + 2) & indexMask;
        }
    }

    /**
     * Maps {@code key} to {@code value}, replacing any previous value.
     *
     * @param key any long
     * @param value any int
     * @return the previous value, or {@link #missingValue()} if the key was absent
     * @throws IllegalStateException if the key is new and a fixed-capacity table is full, or a growable
     *         table would need more than {@link #MAX_ENTRIES} entries
     */
    public int put(final long key, final int value) {
        final long[] t = table;
        final int indexMask = t.length - 1;
        int i = homeIndex(key, indexMask);
        long word;
        while ((word = t[i + 1]) != 0) {
            if (t[i] == key) {
                t[i + 1] = OCCUPIED | (value & VALUE_BITS);
                return (int) word;
            }
            i = (i + 2) & indexMask;
        }
        if (size < capacity) {
            t[i] = key;
            t[i + 1] = OCCUPIED | (value & VALUE_BITS);
        } else {
            grow();
            insertAbsent(table, key, OCCUPIED | (value & VALUE_BITS));
        }
        size++;
        return missingValue;
    }

    /**
     * Unmaps {@code key}, shifting the rest of its probe run back so that no tombstone is left.
     *
     * @param key any long
     * @return the removed value, or {@link #missingValue()} if the key was absent
     */
    public int remove(final long key) {
        final long[] t = table;
        final int indexMask = t.length - 1;
        int i = homeIndex(key, indexMask);
        long word;
        while ((word = t[i + 1]) != 0) {
            if (t[i] == key) {
                shiftBack(t, i, indexMask);
                size--;
                return (int) word;
            }
            i = (i + 2) & indexMask;
        }
        return missingValue;
    }

    /**
     * Empties slot {@code hole} and moves each later entry of its probe run whose home slot is not between
     * the hole and the entry (cyclically) into the hole, until the run ends.
     */
    private static void shiftBack(final long[] t, final int removed, final int indexMask) {
        int hole = removed;
        int j = removed;
        while (true) {
            j = (j + 2) & indexMask;
            final long word = t[j + 1];
            if (word == 0) {
                break;
            }
            final long key = t[j];
            final int home = homeIndex(key, indexMask);
            // the entry may move to the hole when the hole lies in its probe path [home, j]
            if (((j - home) & indexMask) >= ((j - hole) & indexMask)) {
                t[hole] = key;
                t[hole + 1] = word;
                hole = j;
            }
        }
        t[hole] = 0;
        t[hole + 1] = 0;
    }

    /**
     * Looks up {@code count} keys at once: {@code values[valueOffset + i] = get(keys[keyOffset + i])}. The
     * home slots of a group of keys are computed and loaded before any of them is probed, so the memory
     * accesses of different keys overlap instead of waiting on each other (memory-level parallelism); on a
     * table larger than the caches this beats a loop of {@link #get} (see {@code LineTableBatchBench}).
     *
     * @param keys the keys
     * @param keyOffset index of the first key
     * @param count how many keys to look up
     * @param values receives the values ({@link #missingValue()} for absent keys)
     * @param valueOffset index of the first value
     * @throws IndexOutOfBoundsException if a range falls outside its array
     */
    public void getAll(final long[] keys, final int keyOffset, final int count, final int[] values,
            final int valueOffset) {
        Objects.checkFromIndexSize(keyOffset, count, keys.length);
        Objects.checkFromIndexSize(valueOffset, count, values.length);
        for (int j = 0; j < count; j++) {
            values[valueOffset + j] = get(keys[keyOffset + j]);
        }
    }

    /**
     * The number of mapped keys.
     *
     * @return the size
     */
    public int size() {
        return size;
    }

    /** Unmaps every key; keeps the slot array (a grown table stays grown). */
    public void clear() {
        Arrays.fill(table, 0L);
        size = 0;
    }

    /**
     * The value returned for absent keys.
     *
     * @return the missing value
     */
    public int missingValue() {
        return missingValue;
    }

    /**
     * The most entries the table holds in its current slots: the fixed capacity of a
     * {@link #fixedCapacity} table, or half the slot count of a growable one (it grows when a new key
     * would exceed this).
     *
     * @return the capacity
     */
    public int capacity() {
        return capacity;
    }

    /** The current number of slots (a power of two); for tests. */
    int slotCount() {
        return table.length >>> 1;
    }

    /** How many slots a lookup of {@code key} examines, hit or miss; for tests. */
    int probeLength(final long key) {
        final long[] t = table;
        final int indexMask = t.length - 1;
        int i = homeIndex(key, indexMask);
        int probes = 1;
        while (t[i + 1] != 0 && t[i] != key) {
            i = (i + 2) & indexMask;
            probes++;
        }
        return probes;
    }

    private void grow() {
        if (fixed) {
            throw new IllegalStateException("LineTable is full: it holds its fixed capacity of " + capacity
                    + " entries; remove an entry before putting a new key");
        }
        final long[] old = table;
        final int slots = old.length; // doubled: old.length is 2 x the old slot count
        if (slots > MAX_SLOTS) {
            throw new IllegalStateException(
                    "LineTable cannot grow beyond " + MAX_ENTRIES + " entries (" + MAX_SLOTS + " slots)");
        }
        final long[] grown = new long[slots << 1];
        for (int i = 0; i < old.length; i += 2) {
            final long word = old[i + 1];
            if (word != 0) {
                insertAbsent(grown, old[i], word);
            }
        }
        table = grown;
        capacity = slots >>> 1;
    }

    private static void insertAbsent(final long[] t, final long key, final long word) {
        final int indexMask = t.length - 1;
        int i = homeIndex(key, indexMask);
        while (t[i + 1] != 0) {
            i = (i + 2) & indexMask;
        }
        t[i] = key;
        t[i + 1] = word;
    }
}
