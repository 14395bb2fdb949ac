package org.scalebench.core;

import java.util.Arrays;
import java.util.Objects;

/**
 * An open-addressing map from a 64-bit key (a cache-line address) to an {@code int} (a directory entry or
 * cache slot): the index of a sparse directory or of a simulator's line table. Every {@code long} is a
 * valid key, including 0, -1, {@link Long#MIN_VALUE} and {@link Long#MAX_VALUE}; a caller-chosen
 * {@code missingValue} is returned for absent keys instead of {@code null}.
 *
 * <p>Layout: two parallel arrays of {@code slots} entries, a power of two:
 * <pre>
 *   keys[s]   = the key in slot s, or 0 when the slot is empty
 *   values[s] = its value (meaningless when the slot is empty)
 *   key 0 itself lives outside the arrays, in a dedicated slot (hasZeroKey, zeroKeyValue)
 * </pre>
 * so no key is lost to the empty marker, and any {@code int} value, even {@code missingValue}, can be
 * stored ({@link #containsKey} tells the two apart). Keys apart from values keep the probed array small
 * (8 bytes a slot): a miss reads only {@code keys}, and at a million entries this layout measured faster
 * than key and value interleaved in one array, for hits as well as misses (see the README).
 *
 * <p>Hashing: the home slot of a key is the top {@code log2(slots)} bits of {@code key x 0x9E3779B97F4A7C15}
 * (Fibonacci hashing, Knuth TAOCP vol. 3, 6.4). The top bits of the product depend on every bit of the
 * key, so keys that differ only in their high bits (a node or domain number above a line address) and
 * strided addresses spread over the table; the multiplier is odd, so the product is a bijection. It costs
 * one multiply and one shift, measurably less than a full finalizer such as {@link Mix64#stafford13} on
 * this table's miss path. Collisions probe linearly; the slot index is a shift, never a remainder.
 *
 * <p>Invariants: every key sits in the probe run that starts at its home slot, with no empty slot between
 * the two; {@link #remove} restores this by shifting later entries of the run back (Knuth's deletion for
 * linear probing, TAOCP vol. 3, 6.4 algorithm R) instead of leaving tombstones, so lookups after any amount
 * of churn cost the same as in a freshly built table. At most half the slots are occupied (load factor
 * 0.5): a growable table doubles when an insertion would pass half; a {@link #fixedCapacity} table never
 * grows and rejects insertion of a new key once it holds {@code capacity} entries.
 *
 * <p>Allocation: the arrays at construction, and new ones each time a growable table grows (so
 * {@link #put} allocates only while the table is growing: size a table with its expected entries and the
 * steady state allocates nothing). {@link #get}, {@link #getAll}, {@link #remove}, {@link #containsKey} and
 * {@link #clear} never allocate. Thread-safety: not thread-safe; concurrent readers are safe only while no
 * thread writes.
 */
public final class LineTable {

    /** The largest slot count: 8 GiB of keys and 4 GiB of values. */
    static final int MAX_SLOTS = 1 << 30;
    /** The largest number of entries: half of {@link #MAX_SLOTS}. */
    public static final int MAX_ENTRIES = MAX_SLOTS >>> 1;
    /** The smallest slot count. */
    static final int MIN_SLOTS = 8;

    /** 2^64 / golden ratio, odd: Fibonacci hashing's multiplier. */
    private static final long PHI = 0x9E37_79B9_7F4A_7C15L;

    private final int missingValue;
    private final boolean fixed;
    private long[] keys;
    private int[] values;
    /** {@code 64 - log2(slots)}: the home slot of a key is {@code (key * PHI) >>> shift}. */
    private int shift;
    private int capacity;
    private int size;
    private boolean hasZeroKey;
    private int zeroKeyValue;

    /**
     * Creates a growable table sized for {@code expectedEntries} without growing: at least
     * {@code 2 x expectedEntries} slots, a power of two (load factor 0.5).
     *
     * @param expectedEntries the entries to hold before the first growth, in {@code [0, MAX_ENTRIES]}
     * @param missingValue returned by {@link #get} and the others for an absent key
     * @throws IllegalArgumentException if {@code expectedEntries} is out of range
     */
    public LineTable(final int expectedEntries, final int missingValue) {
        this(Checks.requireInRange("expectedEntries", expectedEntries, 0, MAX_ENTRIES), missingValue, false);
    }

    private LineTable(final int entries, final int missingValue, final boolean fixed) {
        this.missingValue = missingValue;
        this.fixed = fixed;
        allocate(slotsFor(entries));
        if (fixed) {
            capacity = entries;
        }
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
        return new LineTable(Checks.requireInRange("capacity", capacity, 1, MAX_ENTRIES), missingValue, true);
    }

    /** The smallest power-of-two slot count, at least {@link #MIN_SLOTS}, holding {@code entries} at load 0.5. */
    private static int slotsFor(final int entries) {
        final int needed = Math.max(MIN_SLOTS, entries << 1);
        return Integer.highestOneBit(needed - 1) << 1;
    }

    private void allocate(final int slots) {
        keys = new long[slots];
        values = new int[slots];
        shift = 64 - Integer.numberOfTrailingZeros(slots);
        capacity = slots >>> 1;
    }

    /**
     * The value mapped to {@code key}.
     *
     * @param key any long
     * @return the value, or {@link #missingValue()} if the key is absent
     */
    public int get(final long key) {
        if (key == 0) {
            return hasZeroKey ? zeroKeyValue : missingValue;
        }
        final long[] k = keys;
        final int mask = k.length - 1;
        int s = (int) ((key * PHI) >>> shift);
        long current;
        while ((current = k[s]) != key) {
            if (current == 0) {
                return missingValue;
            }
            s = (s + 1) & mask;
        }
        return values[s];
    }

    /**
     * Whether {@code key} is mapped.
     *
     * @param key any long
     * @return true if the key is present
     */
    public boolean containsKey(final long key) {
        return key == 0 ? hasZeroKey : slotOf(key) >= 0;
    }

    /** The slot holding {@code key} (not 0), or -1. */
    private int slotOf(final long key) {
        final long[] k = keys;
        final int mask = k.length - 1;
        int s = (int) ((key * PHI) >>> shift);
        long current;
        while ((current = k[s]) != key) {
            if (current == 0) {
                return -1;
            }
            s = (s + 1) & mask;
        }
        return s;
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
        if (key == 0) {
            return putZeroKey(value);
        }
        final long[] k = keys;
        final int mask = k.length - 1;
        int s = (int) ((key * PHI) >>> shift);
        long current;
        while ((current = k[s]) != 0) {
            if (current == key) {
                final int previous = values[s];
                values[s] = value;
                return previous;
            }
            s = (s + 1) & mask;
        }
        if (size >= capacity) {
            grow();
            insertAbsent(key, value);
        } else {
            k[s] = key;
            values[s] = value;
        }
        size++;
        return missingValue;
    }

    private int putZeroKey(final int value) {
        if (hasZeroKey) {
            final int previous = zeroKeyValue;
            zeroKeyValue = value;
            return previous;
        }
        if (size >= capacity) {
            grow();
        }
        hasZeroKey = true;
        zeroKeyValue = value;
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
        if (key == 0) {
            if (!hasZeroKey) {
                return missingValue;
            }
            hasZeroKey = false;
            size--;
            return zeroKeyValue;
        }
        final int s = slotOf(key);
        if (s < 0) {
            return missingValue;
        }
        final int previous = values[s];
        shiftBack(s);
        size--;
        return previous;
    }

    /**
     * Empties slot {@code removed} and moves each later entry of its probe run whose home slot is not
     * between the hole and the entry (cyclically) into the hole, until the run ends.
     */
    private void shiftBack(final int removed) {
        final long[] k = keys;
        final int[] v = values;
        final int mask = k.length - 1;
        final int sh = shift;
        int hole = removed;
        int j = removed;
        while (true) {
            j = (j + 1) & mask;
            final long key = k[j];
            if (key == 0) {
                break;
            }
            final int home = (int) ((key * PHI) >>> sh);
            // the entry may move to the hole when the hole lies on its probe path [home, j]
            if (((j - home) & mask) >= ((j - hole) & mask)) {
                k[hole] = key;
                v[hole] = v[j];
                hole = j;
            }
        }
        k[hole] = 0;
    }

    /**
     * Looks up {@code count} keys at once: {@code values[valueOffset + i] = get(keys[keyOffset + i])}, with
     * the ranges checked once. It is a plain loop of {@link #get}: the lookups are independent, so the
     * processor already overlaps their cache misses, and neither hashing a batch before probing it nor a
     * branch-free first probe beat that loop on tables of 1M and 16M entries ({@code LineTableBatchBench},
     * README).
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
        for (int i = 0; i < count; i++) {
            values[valueOffset + i] = get(keys[keyOffset + i]);
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

    /** Unmaps every key; keeps the slot arrays (a grown table stays grown). */
    public void clear() {
        Arrays.fill(keys, 0L);
        hasZeroKey = false;
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
        return keys.length;
    }

    /** How many slots a lookup of {@code key} examines, hit or miss (0 for key 0); for tests. */
    int probeLength(final long key) {
        if (key == 0) {
            return 0;
        }
        final long[] k = keys;
        final int mask = k.length - 1;
        int s = (int) ((key * PHI) >>> shift);
        int probes = 1;
        while (k[s] != key && k[s] != 0) {
            s = (s + 1) & mask;
            probes++;
        }
        return probes;
    }

    private void grow() {
        if (fixed) {
            throw new IllegalStateException("LineTable is full: it holds its fixed capacity of " + capacity
                    + " entries; remove an entry before putting a new key");
        }
        final long[] oldKeys = keys;
        final int[] oldValues = values;
        if (oldKeys.length >= MAX_SLOTS) {
            throw new IllegalStateException(
                    "LineTable cannot grow beyond " + MAX_ENTRIES + " entries (" + MAX_SLOTS + " slots)");
        }
        allocate(oldKeys.length << 1);
        for (int s = 0; s < oldKeys.length; s++) {
            if (oldKeys[s] != 0) {
                insertAbsent(oldKeys[s], oldValues[s]);
            }
        }
    }

    /** Stores a key (not 0) known to be absent, in the first empty slot of its probe run. */
    private void insertAbsent(final long key, final int value) {
        final long[] k = keys;
        final int mask = k.length - 1;
        int s = (int) ((key * PHI) >>> shift);
        while (k[s] != 0) {
            s = (s + 1) & mask;
        }
        k[s] = key;
        values[s] = value;
    }
}
