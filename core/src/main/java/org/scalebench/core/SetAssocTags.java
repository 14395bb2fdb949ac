package org.scalebench.core;

import java.util.Arrays;
import java.util.Objects;

/**
 * A set-associative array of {@code sets x ways} 64-bit tags with a replacement policy: the tag store of a
 * private cache, of a shared cache slice, or of a sparse directory (Gupta, Weber, Mowry, ICPP 1990: a
 * directory cache sized to the private caches, not to memory; Graphite and Sniper default to 16 ways).
 * It holds tags and replacement state only; callers keep per-line state (coherence state, sharers, dirty
 * bits) in their own primitive arrays indexed by <em>slot</em>.
 *
 * <pre>
 *   slot = set * ways + way                  set = tag &amp; (sets - 1)   (the tag's low bits; tag mod sets
 *                                                                     when sets is not a power of two)
 *
 *   tags[PAD + slot] long   the tag while the slot is valid, VACANT (Long.MIN_VALUE) while it is not;
 *                           PAD = 6 aligns each set of 8 ways to a host cache line in a large array
 *   valid[set]        long  bit w set  &lt;=&gt;  slot set * ways + w holds a valid tag
 *   replacement[set]  long  the set's replacement state:
 *     LRU, ways &lt;= 8:      an age matrix: byte r holds way r's row, bit c of it set when way r was used more
 *                           recently than way c; a touch of way w sets row w and clears column w (two masks,
 *                           no loop), and the victim of a full set is the way whose row is zero (a SWAR
 *                           zero-byte test); rows of ways past the last are ones, never zero
 *     LRU, ways 9 to 16:    a recency list: nibble r (bits 4r + 3..4r) is the way of rank r, rank 0 the most
 *                           recently used; a touch moves its way to rank 0 (found with a SWAR zero-nibble
 *                           test), and the victim of a full set is rank ways - 1
 *     TREE_PLRU:            bit n = internal node n of a heap-numbered tree (root 1, children 2n, 2n + 1,
 *                           leaves ways + w); 1 = the victim is in the right half
 *     LRU, ways &gt; 16:      unused; lastUse[PAD + slot] long holds (counter bumped on every hit and fill)
 *                           &lt;&lt; 6 | way, and the victim of a full set is the minimum, its way in the low 6 bits
 * </pre>
 * With 16 ways or fewer, LRU state takes 8 bytes per set (a stamp per way took 64 or 128), so more of a
 * simulator's tag arrays stay in the host's cache.
 *
 * <p>Invariants: a tag is valid in at most one way of its set. Used only through the tag-addressed methods
 * ({@link #find}, {@link #fill}, {@link #insert}, ...), the set is a function of the tag, so a tag is valid in
 * at most one slot overall; once the {@code ...InSet} methods place tags in sets of the caller's choosing, a tag
 * may be valid in several sets (still at most once per set), and the tag-addressed methods see only the copy in
 * {@link #setOf}'s set. {@link #victim} prefers the lowest-numbered invalid way and otherwise applies
 * the policy; under {@link ReplacementPolicy#LRU} the victim of a full set is exactly the way least
 * recently passed to {@link #find}, {@link #fill} or {@link #insert}. {@link #peek}, {@link #victim},
 * {@link #isValid}, {@link #tagAt} and {@link #occupancy} change nothing.
 *
 * <p>Tags select their set by their low bits, which suits line addresses (consecutive lines go to
 * consecutive sets); mix a tag first ({@link Mix64}) if its low bits are not spread. Because validity is
 * kept apart from the tag, every long is a valid tag, 0 and -1 included. An invalid slot holds {@code VACANT}
 * ({@link Long#MIN_VALUE}), so a lookup of any other tag compares the set's tags only and never reads
 * the set's valid word: a hit reads one host line of tags (and updates the set's replacement word). A lookup of
 * {@code Long.MIN_VALUE} itself checks the valid word too.
 *
 * <p>Slot arguments outside {@code [0, capacity())} throw {@link IndexOutOfBoundsException}; a set
 * outside {@code [0, sets())} throws {@link ArrayIndexOutOfBoundsException}.
 *
 * <p>Allocation: arrays sized at construction, nothing afterwards. Thread-safety: not thread-safe; confine
 * an instance to one thread or guard it externally.
 */
public final class SetAssocTags {

    /** Largest number of slots: the largest array most JVMs allocate. */
    public static final int MAX_CAPACITY = Bits.MAX_ARRAY_LENGTH;
    /** Largest associativity: the valid bits of a set fit in one long. */
    public static final int MAX_WAYS = 64;

    private final int sets;
    private final int ways;
    private final int setMask;
    private final boolean powerOfTwoSets;
    /** Maps a tag to its set when {@code sets} is not a power of two. */
    private final FastDivisor setDivisor;
    private final int capacity;
    private final ReplacementPolicy policy;
    private final boolean lru;
    /** The low {@code ways} bits. */
    private final long waysMask;
    /** Divides a slot by {@code ways}: its set. */
    private final FastDivisor slotSets;
    private final long[] tags;
    /** Per set, its valid ways. */
    private final long[] valid;
    /** Per set, its replacement state: tree-PLRU bits, an LRU age matrix or recency list, or 0 (LRU stamps). */
    private final long[] replacement;
    /** LRU with at most {@link #AGE_MATRIX_WAYS} ways: an age matrix per set, no stamps. */
    private final boolean ageMatrix;
    /** LRU with more ways, at most {@link RecencyList#MAX_ITEMS} (16): a recency list per set, no stamps. */
    private final boolean recencyList;
    /** {@code 4 x (ways - 1)}: the bit offset of the least recently used rank in a recency list. */
    private final int lastRankShift;
    /**
     * Longs before slot 0 in {@code tags} and {@code lastUse}. A large array starts at a G1 heap region's boundary and
     * its elements 16 bytes after it (the array header, with compressed class pointers), so slot 0 at element 6 sits
     * on a 64-byte boundary and a set of 8 ways (of 16: two) fills one host cache line instead of straddling two.
     */
    private static final int PAD = 6;
    /** The tag of every invalid slot. */
    private static final long VACANT = Long.MIN_VALUE;
    private static final int WAY_BITS = 6;
    private static final long WAY_MASK = (1L << WAY_BITS) - 1;
    /** The most ways an age matrix holds: 8 rows of 8 bits in a long. */
    static final int AGE_MATRIX_WAYS = 8;
    /** 1 in every byte. */
    private static final long BYTE_ONES = 0x0101_0101_0101_0101L;
    /** The top bit of every byte. */
    private static final long BYTE_TOPS = 0x8080_8080_8080_8080L;

    /** LRU with more than 16 ways: stamp of the last use of each slot, with the way in its low bits; else empty. */
    private final long[] lastUse;
    /** TREE_PLRU: for each way, the tree nodes on its root-to-leaf path. */
    private final long[] pathNodes;
    /** TREE_PLRU: for each way, the values of its path nodes once it is the most recently used. */
    private final long[] pathPointingAway;
    private final int treeDepth;
    private long clock;
    private boolean lastInsertEvicted;
    private long lastEvictedTag;

    /**
     * Builds an empty tag array (every slot invalid).
     *
     * @param sets the number of sets, at least 1 (any count: a power of two selects by a mask, any other
     *     count by an exact division without {@code %}, {@link FastDivisor})
     * @param ways the associativity, in {@code [1, 64]}; a power of two for {@code TREE_PLRU}
     * @param policy the replacement policy
     * @throws IllegalArgumentException naming the offending parameter if one is out of range, or if
     *     {@code sets * ways > MAX_CAPACITY}
     */
    public SetAssocTags(final int sets, final int ways, final ReplacementPolicy policy) {
        Checks.requireAtLeast("sets", sets, 1);
        Checks.requireInRange("ways", ways, 1, MAX_WAYS);
        requirePolicy(policy);
        if (policy == ReplacementPolicy.TREE_PLRU && !Bits.isPowerOfTwo(ways)) {
            throw new IllegalArgumentException("ways = " + ways + ": TREE_PLRU needs a power of two");
        }
        final long slots = (long) sets * ways;
        if (slots > MAX_CAPACITY) {
            throw new IllegalArgumentException("sets = " + sets + ", ways = " + ways + ": " + slots
                    + " slots, must be at most " + MAX_CAPACITY);
        }
        this.sets = sets;
        this.ways = ways;
        this.setMask = sets - 1;
        this.powerOfTwoSets = Bits.isPowerOfTwo(sets);
        this.setDivisor = new FastDivisor(sets);
        this.capacity = (int) slots;
        this.policy = policy;
        this.lru = policy == ReplacementPolicy.LRU;
        this.waysMask = ways == MAX_WAYS ? -1L : (1L << ways) - 1;
        this.slotSets = new FastDivisor(ways);
        this.tags = new long[PAD + capacity];
        Arrays.fill(tags, VACANT);
        this.ageMatrix = lru && ways <= AGE_MATRIX_WAYS;
        this.recencyList = lru && !ageMatrix && ways <= RecencyList.MAX_ITEMS;
        this.lastRankShift = 4 * (ways - 1);
        this.valid = new long[sets];
        this.replacement = new long[sets];
        resetReplacement();
        this.lastUse = lru && ways > RecencyList.MAX_ITEMS ? new long[PAD + capacity] : new long[0];
        this.treeDepth = Integer.numberOfTrailingZeros(ways);
        this.pathNodes = new long[ways];
        this.pathPointingAway = new long[ways];
        for (int way = 0; way < ways; way++) {
            // walk from the leaf up; at each parent, point to the sibling half (away from this way)
            for (int child = ways + way; child > 1; child >>>= 1) {
                final int parent = child >>> 1;
                pathNodes[way] |= 1L << parent;
                if ((child & 1) == 0) {
                    pathPointingAway[way] |= 1L << parent;
                }
            }
        }
    }

    /**
     * The bytes of array an instance of this geometry allocates: 8 per tag, 16 per set (its valid word and its
     * replacement word), and under LRU beyond 16 ways 8 per stamp (headers and padding not counted).
     *
     * @param sets the number of sets, at least 1
     * @param ways the associativity, in {@code [1, 64]}
     * @param policy the replacement policy
     * @return the footprint in bytes
     * @throws IllegalArgumentException if {@code sets} or {@code ways} is out of range, or {@code policy} is null
     */
    public static long footprintBytes(final int sets, final int ways, final ReplacementPolicy policy) {
        Checks.requireAtLeast("sets", sets, 1);
        Checks.requireInRange("ways", ways, 1, MAX_WAYS);
        requirePolicy(policy);
        final long slots = (long) sets * ways;
        final boolean stamps = policy == ReplacementPolicy.LRU && ways > RecencyList.MAX_ITEMS;
        return Long.BYTES * (slots + 2L * sets + (stamps ? slots : 0));
    }

    private static void requirePolicy(final ReplacementPolicy policy) {
        if (policy == null) {
            throw new IllegalArgumentException("policy = null: must be one of " + Arrays.toString(ReplacementPolicy.values()));
        }
    }

    /**
     * The number of sets.
     *
     * @return the sets given at construction
     */
    public int sets() {
        return sets;
    }

    /**
     * The associativity.
     *
     * @return the ways given at construction
     */
    public int ways() {
        return ways;
    }

    /**
     * The number of slots.
     *
     * @return {@code sets * ways}
     */
    public int capacity() {
        return capacity;
    }

    /**
     * The replacement policy.
     *
     * @return the policy given at construction
     */
    public ReplacementPolicy policy() {
        return policy;
    }

    /**
     * The set a tag maps to.
     *
     * @param tag any tag
     * @return {@code tag & (sets - 1)} for a power-of-two number of sets, else the low 32 bits of
     *     {@code tag} (unsigned) modulo {@code sets}
     */
    public int setOf(final long tag) {
        return powerOfTwoSets ? (int) tag & setMask : setDivisor.remainder((int) tag);
    }

    /**
     * The slot of a way of a set. Unchecked, as it is on the access path: the caller guarantees both ranges. Out of
     * range the result is another set's slot ({@code slotOf(s, ways())} is way 0 of set {@code s + 1}), which
     * {@link #invalidate} or {@link #fillSlot} would then accept and change; an {@code assert} checks the ranges when
     * assertions are enabled.
     *
     * @param set a set in {@code [0, sets())}
     * @param way a way in {@code [0, ways())}
     * @return {@code set * ways + way}
     */
    public int slotOf(final int set, final int way) {
        assert set >= 0 && set < sets && way >= 0 && way < ways
                : "set = " + set + ", way = " + way + ": must be in [0, " + sets + ") and [0, " + ways + ")";
        return set * ways + way;
    }

    /**
     * The set a slot belongs to.
     *
     * @param slot a slot in {@code [0, capacity())}
     * @return {@code floor(slot / ways)}
     * @throws IndexOutOfBoundsException if the slot is out of range
     */
    public int setOfSlot(final int slot) {
        return slotSets.divide(Objects.checkIndex(slot, capacity));
    }

    /**
     * The way a slot occupies in its set.
     *
     * @param slot a slot in {@code [0, capacity())}
     * @return {@code slot mod ways}
     * @throws IndexOutOfBoundsException if the slot is out of range
     */
    public int wayOf(final int slot) {
        return slot - setOfSlot(slot) * ways;
    }

    /**
     * Looks a tag up in a set chosen by the caller and, on a hit, makes it the most recently used way. Use
     * the {@code ...InSet} methods when the set is not a function of the tag alone: a bank of private
     * caches in one array ({@code set = core * setsPerCache + lineBits}), or per-home sparse directories.
     * A tag may then be valid in several sets, at most once per set.
     *
     * @param set a set in {@code [0, sets())}
     * @param tag any tag
     * @return the slot holding {@code tag} in that set, or -1
     * @throws IndexOutOfBoundsException if the set is out of range
     */
    public int findInSet(final int set, final long tag) {
        final int base = Objects.checkIndex(set, sets) * ways;
        final int way = wayHolding(tag, set, base);
        if (way >= 0) {
            touch(set, base + way, way);
            return base + way;
        }
        return -1;
    }

    /**
     * Looks a tag up in a set chosen by the caller, without touching the replacement state.
     *
     * @param set a set in {@code [0, sets())}
     * @param tag any tag
     * @return the slot holding {@code tag} in that set, or -1
     * @throws IndexOutOfBoundsException if the set is out of range
     */
    public int peekInSet(final int set, final long tag) {
        final int base = Objects.checkIndex(set, sets) * ways;
        final int way = wayHolding(tag, set, base);
        return way < 0 ? -1 : base + way;
    }

    /**
     * The slot a fill of a set chosen by the caller would use (lowest invalid way, else the policy's
     * victim). Changes nothing.
     *
     * @param set a set in {@code [0, sets())}
     * @return a slot of that set
     * @throws IndexOutOfBoundsException if the set is out of range
     */
    public int victimInSet(final int set) {
        return victimIn(set, Objects.checkIndex(set, sets) * ways);
    }

    /**
     * Stores {@code tag}, valid, in {@code slot} of whatever set the slot belongs to, and makes it the most
     * recently used way there: the fill of the {@code ...InSet} methods. The tag must not be valid in
     * another way of that set (checked by an {@code assert}).
     *
     * @param slot a slot in {@code [0, capacity())}
     * @param tag any tag
     * @throws IndexOutOfBoundsException if the slot is out of range
     */
    public void fillSlot(final int slot, final long tag) {
        final int set = setOfSlot(slot);
        final int way = slot - set * ways;
        assert wayHolding(tag, set, set * ways) < 0 || wayHolding(tag, set, set * ways) == way
                : "tag " + tag + " is already valid in another way of set " + set;
        tags[PAD + slot] = tag;
        valid[set] |= 1L << way;
        touch(set, slot, way);
    }

    /**
     * Reads a set's first and last tags, its valid word and its replacement word (or first stamp), and returns a
     * value mixing them: a software prefetch. A simulator that knows its next accesses calls it a few
     * accesses ahead, so the lookup finds the set in the host's cache instead of waiting for memory (Java
     * has no prefetch instruction; consuming the loaded values keeps them from being optimized away).
     * Changes nothing.
     *
     * @param set a set in {@code [0, sets())}
     * @return a value depending on the set's contents (meaningless; feed it to a sink)
     * @throws IndexOutOfBoundsException if the set is out of range
     */
    public long touchSet(final int set) {
        final int base = Objects.checkIndex(set, sets) * ways;
        final long stamp = lastUse.length != 0 ? lastUse[PAD + base] : replacement[set];
        return tags[PAD + base] ^ tags[PAD + base + ways - 1] ^ stamp ^ valid[set];
    }

    /**
     * Looks a tag up and, on a hit, makes it the most recently used way of its set.
     *
     * @param tag any tag
     * @return the slot holding {@code tag}, or -1 if it is not valid in its set
     */
    public int find(final long tag) {
        final int set = setOf(tag);
        final int base = set * ways;
        final int way = wayHolding(tag, set, base);
        if (way >= 0) {
            touch(set, base + way, way);
            return base + way;
        }
        return -1;
    }

    /**
     * Looks a tag up without touching the replacement state.
     *
     * @param tag any tag
     * @return the slot holding {@code tag}, or -1 if it is not valid in its set
     */
    public int peek(final long tag) {
        final int set = setOf(tag);
        final int base = set * ways;
        final int way = wayHolding(tag, set, base);
        return way < 0 ? -1 : base + way;
    }

    /**
     * The slot a fill of {@code tag} would use: the lowest invalid way of its set if there is one, else
     * the policy's victim. Changes nothing; check {@link #isValid} on the result to see whether the fill
     * would evict, and {@link #tagAt} for what.
     *
     * @param tag any tag
     * @return a slot of the tag's set
     */
    public int victim(final long tag) {
        final int set = setOf(tag);
        return victimIn(set, set * ways);
    }

    /**
     * Stores {@code tag}, valid, in {@code slot} (overwriting whatever the slot held) and makes it the most
     * recently used way of its set. The tag must not be valid in another way of the set (checked by an
     * {@code assert}); use {@link #victim} to choose the slot, or {@link #insert} to do both.
     *
     * @param slot a slot of the tag's set
     * @param tag any tag
     * @throws IllegalArgumentException if {@code slot} is not in the set of {@code tag}
     */
    public void fill(final int slot, final long tag) {
        final int set = setOf(tag);
        final int base = set * ways;
        final int way = slot - base;
        if (way < 0 || way >= ways) {
            throw new IllegalArgumentException("slot = " + slot + ": tag " + tag + " belongs to set " + set
                    + ", slots [" + base + ", " + (base + ways) + ")");
        }
        assert wayHolding(tag, set, base) < 0 || wayHolding(tag, set, base) == way
                : "tag " + tag + " is already valid in another way of set " + set;
        tags[PAD + slot] = tag;
        valid[set] |= 1L << way;
        touch(set, slot, way);
    }

    /**
     * Whether a slot holds a valid tag.
     *
     * @param slot a slot in {@code [0, capacity())}
     * @return true if valid
     * @throws IndexOutOfBoundsException if the slot is out of range
     */
    public boolean isValid(final int slot) {
        final int set = slotSets.divide(Objects.checkIndex(slot, capacity));
        return (valid[set] >>> (slot - set * ways) & 1L) != 0;
    }

    /**
     * The tag stored in a slot; meaningful only while {@link #isValid} is true.
     *
     * @param slot a slot in {@code [0, capacity())}
     * @return the tag
     * @throws IndexOutOfBoundsException if the slot is out of range
     */
    public long tagAt(final int slot) {
        return tags[PAD + Objects.checkIndex(slot, capacity)];
    }

    /**
     * Marks a slot invalid (no effect if it already is). The replacement state is left as it is: an
     * invalid way is the first choice of {@link #victim} anyway.
     *
     * @param slot a slot in {@code [0, capacity())}
     * @throws IndexOutOfBoundsException if the slot is out of range
     */
    public void invalidate(final int slot) {
        final int set = slotSets.divide(Objects.checkIndex(slot, capacity));
        valid[set] &= ~(1L << (slot - set * ways));
        tags[PAD + slot] = VACANT;
    }

    /**
     * Invalidates a tag if it is valid.
     *
     * @param tag any tag
     * @return true if the tag was valid (and now is not)
     */
    public boolean invalidateTag(final long tag) {
        final int set = setOf(tag);
        final int way = wayHolding(tag, set, set * ways);
        if (way < 0) {
            return false;
        }
        valid[set] &= ~(1L << way);
        tags[PAD + set * ways + way] = VACANT;
        return true;
    }

    /**
     * The number of valid ways in a set.
     *
     * @param set a set in {@code [0, sets())}
     * @return a count in {@code [0, ways()]}
     */
    public int occupancy(final int set) {
        return Long.bitCount(valid[set]);
    }

    /**
     * Makes {@code tag} valid and most recently used: a hit if it already is valid (nothing is evicted),
     * otherwise a fill of {@link #victim}'s slot. {@link #lastInsertEvicted()} and
     * {@link #lastEvictedTag()} then report whether a valid tag was evicted, and which.
     *
     * @param tag any tag
     * @return the slot now holding {@code tag}
     */
    public int insert(final long tag) {
        final int set = setOf(tag);
        final int base = set * ways;
        final int present = wayHolding(tag, set, base);
        if (present >= 0) {
            lastInsertEvicted = false;
            lastEvictedTag = 0;
            touch(set, base + present, present);
            return base + present;
        }
        final int slot = victimIn(set, base);
        final int way = slot - base;
        final long validBits = valid[set];
        lastInsertEvicted = (validBits >>> way & 1L) != 0;
        lastEvictedTag = lastInsertEvicted ? tags[PAD + slot] : 0;
        tags[PAD + slot] = tag;
        valid[set] = validBits | 1L << way;
        touch(set, slot, way);
        return slot;
    }

    /**
     * Whether the last {@link #insert} evicted a valid tag.
     *
     * @return true if it did
     */
    public boolean lastInsertEvicted() {
        return lastInsertEvicted;
    }

    /**
     * The tag the last {@link #insert} evicted; meaningful only when {@link #lastInsertEvicted()} is true
     * (0 otherwise).
     *
     * @return the evicted tag
     */
    public long lastEvictedTag() {
        return lastEvictedTag;
    }

    /** Invalidates every slot and resets the replacement state and the eviction report. */
    public void clear() {
        resetReplacement();
        Arrays.fill(tags, VACANT);
        Arrays.fill(lastUse, 0L);
        clock = 0;
        lastInsertEvicted = false;
        lastEvictedTag = 0;
    }

    /**
     * The way of {@code set} holding {@code tag} validly, or -1. Invalid slots hold {@link #VACANT}, so a stored
     * tag equal to any other tag is valid, and only a lookup of that very tag needs the set's validity word.
     */
    private int wayHolding(final long tag, final int set, final int base) {
        final long[] tags = this.tags;
        final int ways = this.ways;
        for (int way = 0; way < ways; way++) {
            if (tags[PAD + base + way] == tag && (tag != VACANT || (valid[set] >>> way & 1L) != 0)) {
                return way;
            }
        }
        return -1;
    }

    private int victimIn(final int set, final int base) {
        final long free = ~valid[set] & waysMask;
        if (free != 0) {
            return base + Long.numberOfTrailingZeros(free);
        }
        final long state = replacement[set];
        if (!lru) {
            return base + treeVictimWay(state);
        }
        if (ageMatrix) {
            return base + (Long.numberOfTrailingZeros((state - BYTE_ONES) & ~state & BYTE_TOPS) >>> 3);
        }
        return base + (recencyList ? (int) (state >>> lastRankShift) & 0xF : leastRecentlyUsedWay(base));
    }

    private int leastRecentlyUsedWay(final int base) {
        final long[] lastUse = this.lastUse;
        long oldest = Long.MAX_VALUE;
        for (int way = 0; way < ways; way++) {
            oldest = Math.min(oldest, lastUse[PAD + base + way]);
        }
        return (int) (oldest & WAY_MASK);
    }

    private int treeVictimWay(final long bits) {
        int node = 1;
        for (int level = 0; level < treeDepth; level++) {
            node = node << 1 | (int) (bits >>> node & 1L);
        }
        return node - ways;
    }

    private void touch(final int set, final int slot, final int way) {
        if (!lru) {
            replacement[set] = replacement[set] & ~pathNodes[way] | pathPointingAway[way];
        } else if (ageMatrix) {
            replacement[set] = (replacement[set] | waysMask << (way << 3)) & ~(BYTE_ONES << way);
        } else if (recencyList) {
            replacement[set] = RecencyList.toFront(replacement[set], way);
        } else {
            lastUse[PAD + slot] = ++clock << WAY_BITS | way;
        }
    }

    /**
     * Every set invalid, with its initial replacement state: an age matrix with no order among the ways (rows of
     * ways past the last all ones, so that they never read as least recently used: a full set has used every way,
     * which orders them all), or a recency list of ranks 0..ways-1 = ways 0..ways-1.
     */
    private void resetReplacement() {
        long initial = 0;
        if (ageMatrix) {
            initial = ways == AGE_MATRIX_WAYS ? 0 : -1L << (ways << 3);
        } else if (recencyList) {
            initial = RecencyList.identity(ways);
        }
        Arrays.fill(valid, 0L);
        Arrays.fill(replacement, initial);
    }

    @Override
    public String toString() {
        return "SetAssocTags[" + sets + " sets x " + ways + " ways, " + policy + "]";
    }
}
