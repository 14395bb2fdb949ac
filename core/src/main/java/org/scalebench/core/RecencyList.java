package org.scalebench.core;

/**
 * A recency order of up to 16 items (numbers 0 to 15) held in one {@code long}: nibble {@code r} (bits
 * {@code 4r + 3..4r}) is the item of rank {@code r}, rank 0 the most recently used. A list holds its items in ranks
 * {@code 0 .. n - 1}; the nibbles above are unused and may hold anything. Used by {@link SetAssocTags} (9 to 16 ways)
 * and {@link SmallLruCache} (up to 16 entries) for true LRU with no stamps and no scan for the victim, which is
 * rank {@code n - 1}; {@code MapCacheBank} keeps one per map cache.
 *
 * <p>An item's rank is the lowest nibble of {@code list ^ item x 0x11..1} that is zero: {@code (x - 0x11..1) & ~x &
 * 0x88..8} flags it, and flags nothing below it (a borrow starts only at a zero nibble, and a nibble of 1 or more
 * with no borrow into it is not flagged). Unused nibbles sit above every used rank, so a match there is never the
 * lowest.
 *
 * <p>The item arguments of {@link #rankBit}, {@link #toFront} and {@link #remove} are not checked (they are on the
 * access path of every cache that keeps a list): the caller guarantees an item in {@code [0, 16)} that the list
 * holds. An item of 16 or more spills into the next rank's nibble ({@code toFront(list, 17)} ORs 1 into ranks 0 and
 * 1, so the list no longer holds each item once), and an item the list does not hold is looked for past the last
 * rank; an {@code assert} checks both when assertions are enabled.
 *
 * <p>Allocation: none. Thread-safety: stateless.
 */
public final class RecencyList {

    /** The most items a list holds. */
    public static final int MAX_ITEMS = 16;
    /** 1 in every nibble. */
    private static final long NIBBLE_ONES = 0x1111_1111_1111_1111L;
    /** The top bit of every nibble. */
    private static final long NIBBLE_TOPS = 0x8888_8888_8888_8888L;

    private RecencyList() {
    }

    /**
     * The bit offset of an item's rank: {@code 4 x rank}.
     *
     * @param list a list holding {@code item} in one of its used ranks
     * @param item the item, in [0, 16)
     * @return four times its rank
     */
    public static int rankBit(final long list, final int item) {
        assert item >= 0 && item < MAX_ITEMS : "item = " + item + ": must be in [0, " + MAX_ITEMS + ")";
        final long x = list ^ item * NIBBLE_ONES;
        final int rankBit = Long.numberOfTrailingZeros((x - NIBBLE_ONES) & ~x & NIBBLE_TOPS) - 3;
        assert rankBit < Long.SIZE - 3 : "item " + item + " is not in list " + Long.toHexString(list);
        return rankBit;
    }

    /**
     * Moves an item to rank 0, the items ranked before it one rank down.
     *
     * @param list a list holding {@code item} in one of its used ranks
     * @param item the item, in [0, 16)
     * @return the list with {@code item} at rank 0
     */
    public static long toFront(final long list, final int item) {
        final int rankBit = rankBit(list, item);
        return list & (-1L << rankBit << 4) | (list & ~(-1L << rankBit)) << 4 | item;
    }

    /**
     * Removes an item, the items ranked after it one rank up, and renames item {@code from} to {@code item}: what a
     * container that fills the hole of a removed entry with its last entry does.
     *
     * @param list a list of {@code n} items holding {@code item} and {@code from}
     * @param item the item removed, in [0, 16)
     * @param from the item renamed to {@code item} (the container's last), or {@code item} itself for none
     * @return the list of {@code n - 1} items
     */
    public static long remove(final long list, final int item, final int from) {
        final int rankBit = rankBit(list, item);
        final long below = ~(-1L << rankBit);
        final long removed = list & below | list >>> 4 & ~below;
        return from == item ? removed : removed ^ (long) (from ^ item) << rankBit(removed, from);
    }

    /**
     * The list of items {@code 0 .. n - 1} with item {@code r} at rank {@code r}.
     *
     * @param n the items, in [0, 16]
     * @return the list
     * @throws IllegalArgumentException if {@code n} is outside [0, 16]
     */
    public static long identity(final int n) {
        Checks.requireInRange("n", n, 0, MAX_ITEMS);
        long list = 0;
        for (int item = 0; item < n; item++) {
            list |= (long) item << 4 * item;
        }
        return list;
    }
}
