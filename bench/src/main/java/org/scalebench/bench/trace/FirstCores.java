package org.scalebench.bench.trace;

import java.util.Arrays;
import org.scalebench.core.Bits;

/**
 * The first distinct cores that touch each of a trace's lines (or pages), in first-touch order, kept sparsely: per
 * slot (slots are numbered 0, 1, 2, ... as {@link #add} creates them) the first {@link #KEPT} distinct cores and the
 * number of distinct cores, saturating at {@link #SATURATED}. A core's rank is its index in that order. Memory does
 * not depend on the core numbers: per slot 9 bytes (first core, count, where the others are), and for a slot of
 * {@code s > 1} sharers a chunk of the smallest power of two at least {@code min(s, KEPT) - 1} ints (at most 64, 256
 * bytes) in a pool shared by all slots; the slot arrays and the pool double as they fill, and a chunk outgrown is
 * reused by the next slot that needs its size. Not thread-safe.
 */
final class FirstCores {

    /** Distinct cores kept per slot: enough to tell 64 sharers from more, and every rank below 63. */
    static final int KEPT = 64;
    /** The count of a slot with more than {@link #KEPT} distinct cores. */
    static final int SATURATED = KEPT + 1;
    /** The rank {@link #rank} returns for a core that is not among a slot's first {@link #KEPT}. */
    static final int NOT_KEPT = KEPT;
    /** Chunk sizes: 2^0 ... 2^6 ints, for ranks 1 .. 63. */
    private static final int SIZES = 7;
    private static final int NONE = -1;

    /** What the slots are, for messages ("lines", "pages"). */
    private final String what;
    /** The slot's first core (rank 0). */
    private int[] first;
    /** The slot's distinct cores, up to {@link #SATURATED}. */
    private byte[] count;
    /** Where in {@link #pool} the slot's cores of rank 1, 2, ... start (meaningful once it has two). */
    private int[] rest;
    private int slots;
    private int[] pool;
    private int poolUsed;
    /** Per chunk size, the first free chunk, each holding the next in its first int, or {@link #NONE}. */
    private final int[] free = new int[SIZES];

    FirstCores(final int initialSlots, final String what) {
        this.what = what;
        first = new int[initialSlots];
        count = new byte[initialSlots];
        rest = new int[initialSlots];
        pool = new int[initialSlots];
        Arrays.fill(free, NONE);
    }

    /**
     * Adds a slot touched first by {@code core}.
     *
     * @return its number: the number of slots before it
     */
    int add(final int core) {
        final int s = slots;
        if (s == first.length) {
            final int n = Bits.grownLength(s, s + 1L, "trace profile: " + what);
            first = Arrays.copyOf(first, n);
            count = Arrays.copyOf(count, n);
            rest = Arrays.copyOf(rest, n);
        }
        first[s] = core;
        count[s] = 1;
        slots = s + 1;
        return s;
    }

    /**
     * The rank of {@code core} among the distinct cores that touch {@code slot}, recording its touch: its index in
     * first-touch order if among the first {@link #KEPT}, else {@link #NOT_KEPT}.
     */
    int rank(final int slot, final int core) {
        if (first[slot] == core) {
            return 0;
        }
        final int n = count[slot];
        final int at = rest[slot];
        final int end = at + Math.min(n, KEPT) - 1;
        for (int i = at; i < end; i++) {
            if (pool[i] == core) {
                return i - at + 1;
            }
        }
        if (n < KEPT) {
            append(slot, n, core);
            count[slot] = (byte) (n + 1);
            return n;
        }
        count[slot] = SATURATED;
        return NOT_KEPT;
    }

    /** @return the distinct cores that touch {@code slot}, {@link #SATURATED} for more than {@link #KEPT} */
    int sharers(final int slot) {
        return count[slot];
    }

    /** @return the core that touched {@code slot} first */
    int first(final int slot) {
        return first[slot];
    }

    /** Puts {@code core} at rank {@code r} (at least 1) of {@code slot}, moving its chunk when full. */
    private void append(final int slot, final int r, final int core) {
        final int i = r - 1;
        if (i == 0) {
            rest[slot] = allocate(0);
        } else if (Bits.isPowerOfTwo(i)) {
            final int size = Bits.floorLog2(i);
            final int from = rest[slot];
            final int to = allocate(size + 1);
            System.arraycopy(pool, from, pool, to, i);
            pool[from] = free[size];
            free[size] = from;
            rest[slot] = to;
        }
        pool[rest[slot] + i] = core;
    }

    /** @return the start of a free chunk of {@code 2^size} ints */
    private int allocate(final int size) {
        final int reused = free[size];
        if (reused != NONE) {
            free[size] = pool[reused];
            return reused;
        }
        final int at = poolUsed;
        final long end = (long) at + (1 << size);
        if (end > pool.length) {
            pool = Arrays.copyOf(pool, Bits.grownLength(pool.length, end, "trace profile: the first " + KEPT
                    + " sharers of " + slots + " " + what + " (ints)"));
        }
        poolUsed = (int) end;
        return at;
    }
}
