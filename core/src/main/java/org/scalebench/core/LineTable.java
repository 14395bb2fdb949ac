package org.scalebench.core;

import java.util.Arrays;
import java.util.Objects;

/**
 * An open-addressing map from a 64-bit key (a cache-line address) to an {@code int} (a directory entry or
 * cache slot): the index of a sparse directory or of a simulator's line table. Every {@code long} is a
 * valid key, including 0, -1, {@link Long#MIN_VALUE} and {@link Long#MAX_VALUE}; a caller-chosen
 * {@code missingValue} is returned for absent keys instead of {@code null}.
 *
 * <p>Layout: one {@code long[]} of {@code 2 x slots} words, {@code slots} a power of two, each slot a pair:
 * <pre>
 *   words[2s]       the key in slot s, or 0 when the slot is empty
 *   words[2s + 1]   bits 63..32: how many keys whose home is slot s sit elsewhere (the slot's displaced count)
 *                   bits 31..0:  the value of the key in slot s (meaningless when the slot is empty)
 *   key 0 itself lives outside the array, in a dedicated slot (hasZeroKey, zeroKeyValue)
 * </pre>
 * A pair is 16 bytes and never straddles a 64-byte cache line, so a lookup that ends at the key's home slot
 * reads one line (the key and its value together), where a table with keys and values in two arrays reads two
 * lines and two pages per hit. No key is lost to the empty marker, and any {@code int} value, even
 * {@code missingValue}, can be stored ({@link #containsKey} tells the two apart).
 *
 * <p>Hashing: the home slot of a key is the top {@code log2(slots)} bits of {@code key x 0x9E3779B97F4A7C15}
 * (Fibonacci hashing, Knuth TAOCP vol. 3, 6.4). The top bits of the product depend on every bit of the
 * key, so keys that differ only in their high bits (a node or domain number above a line address) and
 * strided addresses spread over the table; the multiplier is odd, so the product is a bijection. Collisions
 * probe linearly; the slot index is a shift, never a remainder.
 *
 * <p>Lookup: compare the key in the home slot; if it is not the key and the home slot's displaced count is 0,
 * the key is absent, without reading further: at load 0.5 three home slots in four hold their own key and
 * about 90% have no displaced key, so a lookup is decided in its home slot, in one cache line and with a
 * branch that is predicted right, nine times in ten for misses and three in four for hits. Otherwise the run
 * is probed linearly to the key or to an empty slot. A lookup whose load misses the cache is thus rarely
 * followed by a mispredicted branch, which would discard the lookups the processor has started after it.
 *
 * <p>{@link #getAll} looks up a batch with a plain loop, which keeps the misses of many independent keys in
 * flight: per key at 16M entries it took 0.7x to 2.9x the time of one independent random read of the same
 * footprint in gate runs on an AMD EPYC and an Intel Xeon, the spread of the host's memory from run to run
 * (docs/benchmarks.md).
 *
 * <p>Invariants: every key sits in the probe run that starts at its home slot, with no empty slot between
 * the two; every slot's displaced count is exactly the number of keys whose home it is and that sit in another
 * slot ({@link #checkInvariants}). {@link #remove} restores the first by shifting later entries of the run back
 * (Knuth's deletion for linear probing, TAOCP vol. 3, 6.4 algorithm R) instead of leaving tombstones, so
 * lookups after any amount of churn cost the same as in a freshly built table, and updates the counts of the
 * keys it moves. At most half the slots are occupied (load factor 0.5): a growable table doubles when an
 * insertion would pass half; a {@link #fixedCapacity} table never grows and rejects insertion of a new key once
 * it holds {@code capacity} entries.
 *
 * <p>Allocation: the array at construction, and a new one each time a growable table grows (so {@link #put}
 * allocates only while the table is growing: size a table with its expected entries and the steady state
 * allocates nothing). {@link #get}, {@link #getAll}, {@link #remove}, {@link #containsKey} and {@link #clear}
 * never allocate. Thread-safety: not thread-safe; concurrent readers are safe only while no thread writes.
 */
public final class LineTable {

    /** The largest slot count: 2^30 words of 8 bytes, 8 GiB. */
    static final int MAX_SLOTS = 1 << 29;
    /** The largest number of entries: half of {@link #MAX_SLOTS}. */
    public static final int MAX_ENTRIES = MAX_SLOTS >>> 1;
    /** The smallest slot count. */
    static final int MIN_SLOTS = 8;

    /** 2^64 / golden ratio, odd: Fibonacci hashing's multiplier. */
    private static final long PHI = 0x9E37_79B9_7F4A_7C15L;
    /** The value half of a slot's second word. */
    private static final long VALUE_BITS = 0xFFFF_FFFFL;
    /** {@code 64 - log2(slots) - nlz(2 x slots)}: 64 - k - (31 - (k + 1)) = 34 for every slot count 2^k. */
    private static final int HOME_SHIFT_BASE = 34;
    /** One displaced key, in the count half of a slot's second word. */
    private static final long ONE_DISPLACED = 1L << 32;

    private final int missingValue;
    private final boolean fixed;
    /** The slot pairs: key at {@code 2s}, displaced count and value at {@code 2s + 1}. */
    private long[] words;
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

    /**
     * The bytes of slot array a table sized for {@code entries} allocates: {@code 16 x slots}.
     *
     * @param entries the expected entries, in {@code [0, MAX_ENTRIES]}
     * @return the footprint in bytes
     */
    public static long footprintBytes(final int entries) {
        return 16L * slotsFor(Checks.requireInRange("entries", entries, 0, MAX_ENTRIES));
    }

    /** The smallest power-of-two slot count, at least {@link #MIN_SLOTS}, holding {@code entries} at load 0.5. */
    private static int slotsFor(final int entries) {
        final int needed = Math.max(MIN_SLOTS, entries << 1);
        return Integer.highestOneBit(needed - 1) << 1;
    }

    private void allocate(final int slots) {
        words = new long[2 * slots];
        capacity = slots >>> 1;
    }

    /**
     * The word index of the home slot of {@code key} in an array of {@code length = 2 x slots} words: the top
     * {@code log2(slots)} bits of the product, shifted by {@code 64 - log2(slots) = 34 + nlz(length)} (from the
     * array's length, which the bounds check reads anyway, instead of from a field).
     */
    private static int home(final long key, final int length) {
        return (int) ((key * PHI) >>> (HOME_SHIFT_BASE + Integer.numberOfLeadingZeros(length))) << 1;
    }

    /**
     * The value mapped to {@code key}.
     *
     * @param key any long
     * @return the value, or {@link #missingValue()} if the key is absent
     */
    public int get(final long key) {
        final long[] w = words;
        final int h = home(key, w.length);
        final long second = w[h + 1];
        if (w[h] == key && key != 0) {
            return (int) second;
        }
        if (second < ONE_DISPLACED) {
            // no key of this home sits elsewhere: absent, unless it is the zero key
            return key == 0 ? zeroKey() : missingValue;
        }
        return probe(key, h);
    }

    private int zeroKey() {
        return hasZeroKey ? zeroKeyValue : missingValue;
    }

    /** Looks {@code key} up past its home slot {@code h} (word index), whose displaced count is not 0. */
    private int probe(final long key, final int h) {
        if (key == 0) {
            return zeroKey();
        }
        final long[] w = words;
        final int mask = w.length - 2;
        int s = (h + 2) & mask;
        long current;
        while ((current = w[s]) != key) {
            if (current == 0) {
                return missingValue;
            }
            s = (s + 2) & mask;
        }
        return (int) w[s + 1];
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

    /** The word index of the slot holding {@code key} (not 0), or -1. */
    private int slotOf(final long key) {
        final long[] w = words;
        final int mask = w.length - 2;
        final int h = home(key, w.length);
        if (w[h] == key) {
            return h;
        }
        if (w[h + 1] < ONE_DISPLACED) {
            return -1;
        }
        int s = (h + 2) & mask;
        long current;
        while ((current = w[s]) != key) {
            if (current == 0) {
                return -1;
            }
            s = (s + 2) & mask;
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
        final int s = slotOf(key);
        if (s >= 0) {
            final long second = words[s + 1];
            words[s + 1] = (second & ~VALUE_BITS) | (value & VALUE_BITS);
            return (int) second;
        }
        if (size >= capacity) {
            grow();
        }
        insertAbsent(key, value);
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
        final int previous = (int) words[s + 1];
        final int h = home(key, words.length);
        if (h != s) {
            words[h + 1] -= ONE_DISPLACED;
        }
        shiftBack(s);
        size--;
        return previous;
    }

    /**
     * Empties slot {@code removed} (word index) and moves each later entry of its probe run whose home slot is
     * not between the hole and the entry (cyclically) into the hole, until the run ends. An entry moved into
     * its home slot stops counting as displaced there.
     */
    private void shiftBack(final int removed) {
        final long[] w = words;
        final int mask = w.length - 2;
        int hole = removed;
        int j = removed;
        while (true) {
            j = (j + 2) & mask;
            final long key = w[j];
            if (key == 0) {
                break;
            }
            final int h = home(key, w.length);
            // the entry may move to the hole when the hole lies on its probe path [home, j]
            if (((j - h) & mask) >= ((j - hole) & mask)) {
                w[hole] = key;
                w[hole + 1] = (w[hole + 1] & ~VALUE_BITS) | (w[j + 1] & VALUE_BITS);
                if (hole == h) {
                    w[h + 1] -= ONE_DISPLACED;
                }
                hole = j;
            }
        }
        w[hole] = 0;
    }

    /**
     * Looks up {@code count} keys at once: {@code values[valueOffset + i] = get(keys[keyOffset + i])}, with
     * the ranges checked once. It is a plain loop of {@link #get}: the lookups are independent and nearly all
     * are decided at the home slot with a predicted branch, so the processor keeps the misses of many keys in
     * flight on its own. Group prefetching (hash a group of 16, read every home slot, then resolve) measured
     * slower than this loop at 1M and 16M entries, by 15% to 50%: the extra pass costs instructions and gains no
     * overlap the loop does not already have (docs/benchmarks.md).
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

    /** Unmaps every key; keeps the slot array (a grown table stays grown). */
    public void clear() {
        Arrays.fill(words, 0L);
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
        return words.length >>> 1;
    }

    /** How many slots a lookup of {@code key} examines, hit or miss (0 for key 0); for tests. */
    int probeLength(final long key) {
        if (key == 0) {
            return 0;
        }
        final long[] w = words;
        final int mask = w.length - 2;
        final int h = home(key, w.length);
        if (w[h] == key || w[h + 1] < ONE_DISPLACED) {
            return 1;
        }
        int s = (h + 2) & mask;
        int probes = 2;
        while (w[s] != key && w[s] != 0) {
            s = (s + 2) & mask;
            probes++;
        }
        return probes;
    }

    /**
     * Checks the invariants: every key is reachable from its home slot without crossing an empty slot, every
     * slot's displaced count equals the number of keys of that home sitting elsewhere, and the size matches.
     *
     * @throws IllegalStateException naming the first slot that breaks an invariant
     */
    void checkInvariants() {
        final long[] w = words;
        final int mask = w.length - 2;
        final long[] displaced = new long[w.length >>> 1];
        int keys = hasZeroKey ? 1 : 0;
        for (int s = 0; s < w.length; s += 2) {
            final long key = w[s];
            if (key == 0) {
                continue;
            }
            keys++;
            final int h = home(key, w.length);
            for (int t = h; t != s; t = (t + 2) & mask) {
                if (w[t] == 0) {
                    throw new IllegalStateException("slot " + (s >>> 1) + ": key " + key + " is past an empty slot "
                            + (t >>> 1) + " of its run from home slot " + (h >>> 1));
                }
            }
            if (h != s) {
                displaced[h >>> 1]++;
            }
        }
        for (int s = 0; s < w.length; s += 2) {
            final long count = w[s + 1] >>> 32;
            if (count != displaced[s >>> 1]) {
                throw new IllegalStateException("slot " + (s >>> 1) + ": displaced count " + count + ", but "
                        + displaced[s >>> 1] + " keys of this home sit elsewhere");
            }
        }
        if (keys != size) {
            throw new IllegalStateException("size " + size + ", but " + keys + " keys are mapped");
        }
    }

    /** Adds {@code delta} to the displaced count of slot {@code slot}; for tests that plant a broken count. */
    void corruptDisplacedCount(final int slot, final int delta) {
        words[2 * slot + 1] += delta * ONE_DISPLACED;
    }

    private void grow() {
        if (fixed) {
            throw new IllegalStateException("LineTable is full: it holds its fixed capacity of " + capacity
                    + " entries; remove an entry before putting a new key");
        }
        final long[] old = words;
        if (old.length >>> 1 >= MAX_SLOTS) {
            throw new IllegalStateException(
                    "LineTable cannot grow beyond " + MAX_ENTRIES + " entries (" + MAX_SLOTS + " slots)");
        }
        allocate(old.length);
        for (int s = 0; s < old.length; s += 2) {
            if (old[s] != 0) {
                insertAbsent(old[s], (int) old[s + 1]);
            }
        }
    }

    /**
     * Stores a key (not 0) known to be absent in the first empty slot of its probe run, counting it as
     * displaced at its home slot when that is not where it lands.
     */
    private void insertAbsent(final long key, final int value) {
        final long[] w = words;
        final int mask = w.length - 2;
        final int h = home(key, w.length);
        int s = h;
        while (w[s] != 0) {
            s = (s + 2) & mask;
        }
        w[s] = key;
        w[s + 1] = (w[s + 1] & ~VALUE_BITS) | (value & VALUE_BITS);
        if (s != h) {
            w[h + 1] += ONE_DISPLACED;
        }
    }
}
