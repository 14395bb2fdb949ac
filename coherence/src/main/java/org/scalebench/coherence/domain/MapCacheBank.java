package org.scalebench.coherence.domain;

import java.util.Arrays;

/**
 * Many small fully-associative LRU caches of domain mappings in primitive arrays: the Sharer Map Caches
 * (one per home slice) or the Home Map Caches (one per core) of CDR (docs/cdr-model.md;
 * OpenPiton {@code l2_smc.v}, {@code l15_hmc.v}: 16 entries, each holding the 4 mappings of one
 * 16-byte table fetch, tagged by {domain id, logical id &gt;&gt; 2}).
 *
 * <p>Only hits and misses are modelled; the mapping itself is read from the table
 * ({@link SharerDomains}, {@link HomeDomains}). A miss costs one table fetch from memory, which the
 * protocol charges. A bank of a million caches of 16 entries takes 16 M ints for tags and 16 M ints for
 * recency stamps (an int tag and an int stamp per entry), with no object per cache.
 *
 * <pre>
 *   tag = domainId &lt;&lt; 4 | logicalId &gt;&gt; 2      (empty entry: -1)
 * </pre>
 *
 * <p>Allocation: none after construction. Thread-safety: not thread-safe.
 */
public final class MapCacheBank {

    /** Entries per cache in OpenPiton's SMC and HMC. */
    public static final int PITON_ENTRIES = 16;
    /** Mappings fetched together (one 16-byte table row of four 32-bit entries). */
    public static final int MAPPINGS_PER_ENTRY = 4;

    private static final int EMPTY = -1;
    /** Largest domain id: a tag (domain id, logical id / 4) fits an int. */
    public static final int MAX_DOMAIN = (1 << 27) - 1;

    private final int caches;
    private final int entries;
    private final int[] tags;
    private final int[] stamps;
    private final int[] clock;
    private long hits;
    private long misses;

    /**
     * Creates {@code caches} empty caches of {@code entries} entries each.
     *
     * @param caches number of caches (homes or cores), at least 1
     * @param entries entries per cache, in [1, 64]
     */
    public MapCacheBank(final int caches, final int entries) {
        if (caches < 1) {
            throw new IllegalArgumentException("map caches = " + caches + ": must be at least 1");
        }
        if (entries < 1 || entries > 64) {
            throw new IllegalArgumentException("map cache entries = " + entries + ": must be in [1, 64]");
        }
        if ((long) caches * entries > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("map caches = " + caches + " x entries = " + entries
                    + ": more than one array can hold");
        }
        this.caches = caches;
        this.entries = entries;
        this.tags = new int[caches * entries];
        this.stamps = new int[caches * entries];
        this.clock = new int[caches];
        Arrays.fill(tags, EMPTY);
    }

    /**
     * The tag of a mapping.
     *
     * @param domainId the sharer or home domain id, in [0, {@link #MAX_DOMAIN}]
     * @param logicalId the logical sharer or home id
     * @return the cache tag
     */
    public static int tag(final int domainId, final int logicalId) {
        return (domainId << 4) | (logicalId >>> 2);
    }

    /**
     * Looks a mapping up in one cache; a miss fills it, evicting the least recently used entry.
     *
     * @param cache the cache (home slice or core)
     * @param domainId the domain id
     * @param logicalId the logical id
     * @return true on a hit
     */
    public boolean access(final int cache, final int domainId, final int logicalId) {
        final int tag = tag(domainId, logicalId);
        final int base = cache * entries;
        final int[] t = this.tags;
        final int[] s = this.stamps;
        final int now = ++clock[cache];
        int victim = base;
        int oldest = Integer.MAX_VALUE;
        for (int i = base, end = base + entries; i < end; i++) {
            if (t[i] == tag) {
                s[i] = now;
                hits++;
                return true;
            }
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

    /**
     * Whether a mapping is cached, without touching recency or counters (for checkers).
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
     * The valid tags of one cache, most recently used first, without touching anything (for checkers:
     * the order decides future victims, so it is part of the cache's state).
     *
     * @param cache the cache
     * @param out receives the tags, at least {@link #entries()} long
     * @return how many
     */
    public int tagsByRecency(final int cache, final int[] out) {
        int n = 0;
        final int base = cache * entries;
        for (int i = base; i < base + entries; i++) {
            if (tags[i] == EMPTY) {
                continue;
            }
            int k = n++;
            while (k > 0 && stamps[out[k - 1]] < stamps[i]) { // insertion sort of slot indices, newest first
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
     * Drops every cached mapping of one domain in every cache (the domain was reconfigured).
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

    /** Empties every cache (counters are kept). */
    public void clear() {
        Arrays.fill(tags, EMPTY);
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
}
