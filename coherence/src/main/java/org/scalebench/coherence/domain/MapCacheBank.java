package org.scalebench.coherence.domain;

import org.scalebench.core.data.Named;
import java.util.Arrays;
import org.scalebench.core.Bits;
import org.scalebench.core.Checks;
import org.scalebench.core.RecencyList;

/**
 * Many small fully-associative caches of domain mappings in primitive arrays: CDR's Sharer Map Caches (one per
 * home slice) or Home Map Caches (one per core), OpenPiton {@code l2_smc.v} and {@code l15_hmc.v}: 16 entries,
 * each holding the 4 mappings of one 16-byte table fetch, tagged by {domain id, logical id / 4}
 * (docs/cdr-mechanism.md, section 4). This is the one model of the map caches: the simulator, the directory
 * format {@code cdr-sr} and the checkers all use it.
 *
 * <p>Why a bank and not one {@code org.scalebench.core.SmallLruCache} per cache: the warehouse-scale system has a
 * Home Map Cache per core, a million of them. Here they are flat arrays (an int tag per entry and a long recency
 * order per cache, 72 bytes per 16-entry cache under LRU, no object per cache); a {@code SmallLruCache} is an
 * object with a long key per entry, its recency order and a 256-byte lookup hint table, about 500 bytes per
 * cache. The bank also holds what only the map caches need: the RTL's replacement, the per-domain flush by tag field, the miss replay of the
 * L2. {@code SmallLruCache} stays core's general small LRU cache (any long key, per-key invalidation, hint-table
 * way prediction); the simulator does not use it. Per lookup the bank is the slower of the two (its scan has no
 * way prediction; {@code MapCacheBankBench} measures both): a price paid for the memory, on a path the simulator
 * takes only when a request leaves a private cache or an invalidation is sent.
 *
 * <p>Only hits and misses are modelled; the mapping itself is read from the table ({@link SharerDomains},
 * {@link HomeDomains}). A miss costs one table fetch from memory, which the protocol charges.
 *
 * <pre>
 *   tag = domainId &lt;&lt; 4 | logicalId &gt;&gt;&gt; 2             (an empty entry holds -1)
 *   tags[cache * entries + e]                        entry e of a cache
 *   LRU, up to 16 entries:
 *             order[cache]                          the entries in recency order, 4 bits each, the most recent
 *                                                   lowest ({@link RecencyList}): the victim is the last rank
 *   LRU, 17 entries or more:
 *             stamps[cache * entries + e]           the cache's clock at entry e's last access (&gt;= 1)
 *             clock[cache]                          accesses to the cache since the last renumbering
 *   RTL:      used[cache], locked[cache]            bit e is entry e's used bit, lock bit
 * </pre>
 *
 * <p><b>{@link MapCacheReplacement#LRU}.</b> A hit makes the entry the most recently used. A miss fills the
 * lowest-numbered empty entry, or else the least recently used one. Up to 16 entries, a cache's recency order is
 * one word, 8 bytes a cache (a flushed entry keeps its rank, and is refilled before any full entry is evicted, so
 * the ranks of the valid entries are their recency). Beyond, each cache has its own int clock, bumped on
 * every access; stamps are distinct and at least 1. The clock does not wrap: when it would reach
 * {@link Integer#MAX_VALUE} (after 2^31 - 2 accesses to one cache), the stamps of the cache's k valid entries are
 * renumbered 1..k in the same order and the clock goes on from k. Long stamps would not need this, but would add
 * 4 bytes per entry (64 MiB for the warehouse system's 16 M Home Map Cache entries); the renumbering costs one
 * compare per access and at most 64 x 64 compares once per 2^31 accesses of a cache.
 *
 * <p><b>{@link MapCacheReplacement#RTL}</b>, as {@code l2_smc.v} and {@code l15_hmc.v} do it:
 * <ul>
 *   <li>A hit on entry e sets e's used bit and clears e's lock bit.</li>
 *   <li>A miss fills the lowest-numbered entry whose used and lock bits are both clear, and sets both bits of
 *       the filled entry. If every entry is used or locked, entry 0 is filled, even when locked. Validity plays
 *       no part: an empty entry whose used bit is set waits like any other (after {@link #clear()} every bit is
 *       clear, so fills go to entries 0, 1, 2, ...).</li>
 *   <li>All-clear: whenever setting a used bit (on a hit or a fill) leaves every entry of the cache used, all
 *       its used bits are cleared, the one just set included. So the used bits are never all set, and without
 *       locked entries there is always a victim.</li>
 *   <li>The lock keeps a newly filled entry from being chosen until its first hit: a cache that fills entries
 *       which are never hit ends up with every entry locked and refills entry 0 on every miss.</li>
 *   <li>{@link #flushDomain} invalidates tags and leaves the used and lock bits as they are (the RTL's flush
 *       clears only valid bits); {@link #clear()} is a reset and clears them too.</li>
 *   <li>Miss replay ({@link #missReplayed()}): the L2 parks an invalidation whose Sharer Map Cache lookup missed
 *       and, once the refill is written, resumes the walk at the logical sharer that missed
 *       ({@code l2_pipe1_ctrl.v}), so that lookup is the new entry's first hit: it sets the used bit (with the
 *       all-clear rule) and clears the lock at once. The L1.5 hands a refilled home to the waiting request from
 *       its ticket buffer ({@code l15_csm.v}) without reading the Home Map Cache again, so there the entry stays
 *       locked until a later request hits it. {@link #sharerMapCaches} replays, {@link #homeMapCaches} does not.
 *       The replay is not counted as a lookup; under LRU it changes nothing.</li>
 * </ul>
 * The RTL keeps a valid bit per mapping and can hold a row whose table entries are partly invalid; the model
 * caches rows whole.
 *
 * <p>Allocation: none after construction. Thread-safety: not thread-safe.
 */
public final class MapCacheBank {

    /** Entries per cache in OpenPiton's SMC and HMC. */
    public static final int PITON_ENTRIES = 16;
    /** Mappings fetched together (one 16-byte table row of four 32-bit entries). */
    public static final int MAPPINGS_PER_ENTRY = 4;
    /** The tag of an empty entry ({@link #slotTag}). */
    public static final int EMPTY = -1;
    /** Largest domain id: a tag (domain id, logical id / 4) fits an int. */
    public static final int MAX_DOMAIN = (1 << 27) - 1;
    /** Most entries per cache (one bit each in a long under {@link MapCacheReplacement#RTL}). */
    public static final int MAX_ENTRIES = 64;

    /** An LRU clock reaching this renumbers its cache's stamps. */
    static final int CLOCK_LIMIT = Integer.MAX_VALUE;

    private final int caches;
    private final int entries;
    private final MapCacheReplacement replacement;
    private final boolean missReplayed;
    private final int[] tags;
    /** LRU, up to 16 entries: each cache's recency order; else null. */
    private final long[] order;
    /** {@code 4 x (entries - 1)}: the bit offset of the least recently used rank. */
    private final int lastRankShift;
    /** LRU, 17 entries or more (else null). */
    private final int[] stamps;
    /** LRU, 17 entries or more (else null). */
    private final int[] clock;
    /** RTL only (else null). */
    private final long[] used;
    /** RTL only (else null). */
    private final long[] locked;
    /** Every entry's bit. */
    private final long allEntries;
    private long hits;
    private long misses;

    /**
     * Creates {@code caches} empty LRU caches of {@code entries} entries each.
     *
     * @param caches number of caches (homes or cores), at least 1
     * @param entries entries per cache, in [1, 64]
     */
    public MapCacheBank(final int caches, final int entries) {
        this(caches, entries, MapCacheReplacement.LRU, false);
    }

    /**
     * Creates {@code caches} empty caches of {@code entries} entries each.
     *
     * @param caches number of caches (homes or cores), at least 1
     * @param entries entries per cache, in [1, 64]
     * @param replacement the replacement policy
     * @param missReplayed whether the lookup that missed is repeated once the refill is written (the L2's Sharer
     *        Map Cache; see the class javadoc)
     */
    public MapCacheBank(final int caches, final int entries, final MapCacheReplacement replacement,
            final boolean missReplayed) {
        if (caches < 1) {
            throw new IllegalArgumentException("map caches = " + caches + ": must be at least 1");
        }
        if (entries < 1 || entries > MAX_ENTRIES) {
            throw new IllegalArgumentException("map cache entries = " + entries + ": must be in [1, " + MAX_ENTRIES
                    + "]");
        }
        if ((long) caches * entries > Bits.MAX_ARRAY_LENGTH) {
            throw new IllegalArgumentException("map caches = " + caches + " x entries = " + entries
                    + ": more than one array can hold");
        }
        if (replacement == null) {
            throw new IllegalArgumentException("map cache replacement must be given: "
                    + Named.allowed(MapCacheReplacement.class));
        }
        this.caches = caches;
        this.entries = entries;
        this.replacement = replacement;
        this.missReplayed = missReplayed;
        this.tags = new int[caches * entries];
        Arrays.fill(tags, EMPTY);
        this.allEntries = entries == Long.SIZE ? -1L : (1L << entries) - 1;
        this.lastRankShift = 4 * (entries - 1);
        final boolean lru = replacement == MapCacheReplacement.LRU;
        final boolean recencyList = lru && entries <= RecencyList.MAX_ITEMS;
        this.order = recencyList ? new long[caches] : null;
        if (recencyList) {
            Arrays.fill(order, RecencyList.identity(entries));
        }
        if (lru) {
            this.stamps = recencyList ? null : new int[caches * entries];
            this.clock = recencyList ? null : new int[caches];
            this.used = null;
            this.locked = null;
        } else {
            this.stamps = null;
            this.clock = null;
            this.used = new long[caches];
            this.locked = new long[caches];
        }
    }

    /**
     * The Sharer Map Caches of the home slices: a lookup that missed is replayed once the refill is written,
     * as the L2 resumes the parked invalidation.
     *
     * @param homes home slices, at least 1
     * @param entries entries per cache, in [1, 64]
     * @param replacement the replacement policy
     * @return the bank
     */
    public static MapCacheBank sharerMapCaches(final int homes, final int entries,
            final MapCacheReplacement replacement) {
        return new MapCacheBank(homes, entries, replacement, true);
    }

    /**
     * The Home Map Caches of the cores: a miss is served from the refill without a second lookup, as the L1.5
     * serves it from its ticket buffer.
     *
     * @param cores cores, at least 1
     * @param entries entries per cache, in [1, 64]
     * @param replacement the replacement policy
     * @return the bank
     */
    public static MapCacheBank homeMapCaches(final int cores, final int entries,
            final MapCacheReplacement replacement) {
        return new MapCacheBank(cores, entries, replacement, false);
    }

    /**
     * The tag of a mapping. Unchecked, on every lookup's path: the caller guarantees both ranges (an {@code assert}
     * checks them when assertions are enabled). Out of range, two mappings share a tag and a lookup of one hits the
     * other: a logical id of 64 or more spills into the domain field ({@code tag(0, 64) == tag(1, 0)}), a domain
     * above {@link #MAX_DOMAIN} loses its high bits, and {@code tag(-1, 63)} is {@link #EMPTY}, which every empty
     * entry holds.
     *
     * @param domainId the sharer or home domain id, in [0, {@link #MAX_DOMAIN}]
     * @param logicalId the logical sharer or home id, in [0, 64)
     * @return the cache tag
     */
    public static int tag(final int domainId, final int logicalId) {
        assert domainId >= 0 && domainId <= MAX_DOMAIN && logicalId >= 0 && logicalId < 64
                : "domainId = " + domainId + ", logicalId = " + logicalId + ": must be in [0, " + MAX_DOMAIN
                        + "] and [0, 64)";
        return (domainId << 4) | (logicalId >>> 2);
    }

    /**
     * Looks a mapping up in one cache; a miss fills it, choosing the victim by the replacement policy.
     *
     * @param cache the cache (home slice or core), in [0, {@link #caches()})
     * @param domainId the domain id, in [0, {@link #MAX_DOMAIN}] (see {@link #tag}: not checked)
     * @param logicalId the logical id, in [0, 64) (see {@link #tag}: not checked)
     * @return true on a hit
     * @throws ArrayIndexOutOfBoundsException if {@code cache} is out of range
     */
    public boolean access(final int cache, final int domainId, final int logicalId) {
        final int tag = tag(domainId, logicalId);
        return used == null ? accessLru(cache, tag) : accessUsedBit(cache, tag);
    }

    private boolean accessLru(final int cache, final int tag) {
        if (order != null) {
            return accessRecencyList(cache, tag);
        }
        final int base = cache * entries;
        final int[] t = this.tags;
        final int[] s = this.stamps;
        int now = clock[cache] + 1;
        if (now == CLOCK_LIMIT) {
            now = renumber(base) + 1;
        }
        clock[cache] = now;
        final int end = base + entries;
        // Hits are the common case: a first loop compares tags only, the victim is sought only on a miss. In
        // MapCacheBankBench (90% hits, one run on a loaded 2-core machine, so noisy) 36-40 ns against 56-66 ns for
        // one loop doing both; a scan without early exit (no mispredicted exit) measured no faster.
        for (int i = base; i < end; i++) {
            if (t[i] == tag) {
                s[i] = now;
                hits++;
                return true;
            }
        }
        int victim = base; // the first empty entry, else the oldest stamp
        int oldest = Integer.MAX_VALUE;
        for (int i = base; i < end; i++) {
            final int age = t[i] == EMPTY ? Integer.MIN_VALUE : s[i];
            if (age < oldest) {
                oldest = age;
                victim = i;
            }
        }
        t[victim] = tag;
        s[victim] = now;
        misses++;
        return false;
    }

    /** LRU through the cache's recency order: the same choices as the stamps, with no clock and no victim scan. */
    private boolean accessRecencyList(final int cache, final int tag) {
        final int base = cache * entries;
        final int[] t = this.tags;
        for (int e = 0; e < entries; e++) {
            if (t[base + e] == tag) {
                order[cache] = RecencyList.toFront(order[cache], e);
                hits++;
                return true;
            }
        }
        final long list = order[cache];
        int victim = (int) (list >>> lastRankShift) & 15; // the least recently used, unless an entry is empty
        for (int e = 0; e < entries; e++) {
            if (t[base + e] == EMPTY) {
                victim = e;
                break;
            }
        }
        t[base + victim] = tag;
        order[cache] = RecencyList.toFront(list, victim);
        misses++;
        return false;
    }

    /**
     * Renumbers the stamps of one cache's valid entries 1..k, keeping their order (stamps are distinct, and the
     * r-th smallest is at least r, so a renumbered stamp never exceeds one still to be renumbered).
     *
     * @param base the cache's first slot
     * @return k, the new clock
     */
    private int renumber(final int base) {
        final int[] t = this.tags;
        final int[] s = this.stamps;
        int rank = 0;
        int previous = 0;
        while (true) {
            int next = -1;
            for (int i = base, end = base + entries; i < end; i++) {
                if (t[i] != EMPTY && s[i] > previous && (next < 0 || s[i] < s[next])) {
                    next = i;
                }
            }
            if (next < 0) {
                return rank;
            }
            previous = s[next];
            s[next] = ++rank;
        }
    }

    private boolean accessUsedBit(final int cache, final int tag) {
        final int base = cache * entries;
        final int[] t = this.tags;
        for (int e = 0; e < entries; e++) {
            if (t[base + e] == tag) {
                hitEntry(cache, 1L << e);
                hits++;
                return true;
            }
        }
        final long free = ~(used[cache] | locked[cache]) & allEntries;
        final int victim = free == 0 ? 0 : Long.numberOfTrailingZeros(free);
        final long bit = 1L << victim;
        t[base + victim] = tag;
        locked[cache] |= bit;
        setUsed(cache, bit);
        if (missReplayed) {
            hitEntry(cache, bit);
        }
        misses++;
        return false;
    }

    private void hitEntry(final int cache, final long bit) {
        locked[cache] &= ~bit;
        setUsed(cache, bit);
    }

    private void setUsed(final int cache, final long bit) {
        final long u = used[cache] | bit;
        used[cache] = u == allEntries ? 0 : u;
    }

    /**
     * Whether a mapping is cached, without touching replacement state or counters (for checkers).
     *
     * @param cache the cache
     * @param domainId the domain id
     * @param logicalId the logical id
     * @return true if a lookup would hit
     */
    public boolean contains(final int cache, final int domainId, final int logicalId) {
        final int tag = tag(domainId, logicalId);
        for (int i = cache * entries, end = i + entries; i < end; i++) {
            if (tags[i] == tag) {
                return true;
            }
        }
        return false;
    }

    /**
     * The valid tags of one cache, without touching anything (for checkers). Under LRU the most recently used
     * comes first (that order decides future victims, so it is part of the cache's state); under RTL, which
     * keeps no recency, they come in entry order (see {@link #slotTag}, {@link #usedBits}, {@link #lockedBits}
     * for the rest of that state).
     *
     * @param cache the cache
     * @param out receives the tags, at least {@link #entries()} long
     * @return how many
     */
    public int tagsByRecency(final int cache, final int[] out) {
        int n = 0;
        final int base = cache * entries;
        if (order != null) {
            for (int rank = 0; rank < entries; rank++) {
                final int tag = tags[base + ((int) (order[cache] >>> 4 * rank) & 15)];
                if (tag != EMPTY) {
                    out[n++] = tag;
                }
            }
            return n;
        }
        for (int i = base; i < base + entries; i++) {
            if (tags[i] == EMPTY) {
                continue;
            }
            int k = n++;
            while (stamps != null && k > 0 && stamps[out[k - 1]] < stamps[i]) { // insertion sort, newest first
                out[k] = out[k - 1];
                k--;
            }
            out[k] = i;
        }
        for (int k = 0; k < n; k++) {
            out[k] = tags[out[k]];
        }
        return n;
    }

    /**
     * The tag held by one entry (for checkers).
     *
     * @param cache the cache, in [0, {@link #caches()})
     * @param entry the entry, in [0, {@link #entries()})
     * @return its tag, or {@link #EMPTY}
     * @throws IllegalArgumentException if {@code cache} or {@code entry} is out of range
     */
    public int slotTag(final int cache, final int entry) {
        Checks.requireIndex("cache", cache, caches);
        Checks.requireIndex("entry", entry, entries);
        return tags[cache * entries + entry];
    }

    /**
     * The used bits of one cache under RTL (bit e = entry e); 0 under LRU.
     *
     * @param cache the cache
     * @return the bits
     */
    public long usedBits(final int cache) {
        return used == null ? 0 : used[cache];
    }

    /**
     * The lock bits of one cache under RTL (bit e = entry e); 0 under LRU.
     *
     * @param cache the cache
     * @return the bits
     */
    public long lockedBits(final int cache) {
        return locked == null ? 0 : locked[cache];
    }

    /**
     * Drops every cached mapping of one domain in every cache (the domain was reconfigured). Under RTL the
     * used and lock bits stay, as the RTL's flush leaves them.
     *
     * @param domainId the domain id
     * @return how many entries were dropped
     */
    public int flushDomain(final int domainId) {
        int dropped = 0;
        final int[] t = this.tags;
        for (int i = 0; i < t.length; i++) {
            if (t[i] != EMPTY && (t[i] >>> 4) == domainId) {
                t[i] = EMPTY;
                dropped++;
            }
        }
        return dropped;
    }

    /** Resets every cache: empty, LRU clocks at 0, used and lock bits clear (counters are kept). */
    public void clear() {
        Arrays.fill(tags, EMPTY);
        if (clock != null) {
            Arrays.fill(clock, 0);
        }
        if (order != null) {
            Arrays.fill(order, RecencyList.identity(entries));
        }
        if (used != null) {
            Arrays.fill(used, 0);
            Arrays.fill(locked, 0);
        }
    }

    /**
     * Sets one LRU cache's clock (for the tests that cross the renumbering point cheaply).
     *
     * @param cache the cache
     * @param value the clock, at least the cache's newest stamp and below {@link #CLOCK_LIMIT}
     */
    void startClockAt(final int cache, final int value) {
        clock[cache] = value;
    }

    /**
     * Hits so far.
     *
     * @return hits
     */
    public long hits() {
        return hits;
    }

    /**
     * Misses so far.
     *
     * @return misses
     */
    public long misses() {
        return misses;
    }

    /** Zeroes the hit and miss counters. */
    public void resetCounters() {
        hits = 0;
        misses = 0;
    }

    /**
     * Number of caches.
     *
     * @return caches
     */
    public int caches() {
        return caches;
    }

    /**
     * Entries per cache.
     *
     * @return entries
     */
    public int entries() {
        return entries;
    }

    /**
     * The replacement policy.
     *
     * @return the policy
     */
    public MapCacheReplacement replacement() {
        return replacement;
    }

    /**
     * Whether a lookup that missed is repeated once the refill is written (the L2's Sharer Map Caches).
     *
     * @return true for {@link #sharerMapCaches}
     */
    public boolean missReplayed() {
        return missReplayed;
    }
}
