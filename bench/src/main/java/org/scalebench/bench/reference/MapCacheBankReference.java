package org.scalebench.bench.reference;

/**
 * A plain model of a bank of small fully-associative map caches, the oracle of
 * {@link org.scalebench.coherence.domain.MapCacheBank}: one cache per home slice or core, each holding rows of
 * four mappings tagged by {domain id, logical id / 4}, with hit and miss counters over the whole bank. The
 * implementations are written for obviousness, not speed: {@link LinkedHashMapMapCaches} (LRU) and
 * {@link RtlMapCaches} (OpenPiton's used and lock bits).
 */
public interface MapCacheBankReference {

    /** The tag of no row: what {@link #lastVictim()} returns when nothing was evicted. */
    int NONE = -1;

    /**
     * The row tag of a mapping, written plainly: the domain id times 16 plus the logical id's row (logical id / 4).
     *
     * @param domainId the domain id, at least 0
     * @param logicalId the logical id, at least 0
     * @return the tag
     */
    static int tag(final int domainId, final int logicalId) {
        return domainId * 16 + logicalId / 4;
    }

    /**
     * Looks a mapping up in one cache, filling it on a miss.
     *
     * @param cache the cache
     * @param domainId the domain id
     * @param logicalId the logical id
     * @return true on a hit
     */
    boolean access(int cache, int domainId, int logicalId);

    /**
     * The tag the last {@link #access} evicted.
     *
     * @return the tag, or {@link #NONE} after a hit or a fill of an empty entry
     */
    int lastVictim();

    /**
     * Whether a mapping is cached (not an access).
     *
     * @param cache the cache
     * @param domainId the domain id
     * @param logicalId the logical id
     * @return true if an access would hit
     */
    boolean contains(int cache, int domainId, int logicalId);

    /**
     * The whole state of one cache that decides future hits and victims, as a list of ints (the check builds the
     * same list from the kernel).
     *
     * @param cache the cache
     * @return the state
     */
    int[] state(int cache);

    /**
     * Drops every row of one domain from every cache.
     *
     * @param domainId the domain id
     * @return how many rows were dropped
     */
    int flushDomain(int domainId);

    /** Resets every cache to its state after construction (counters are kept). */
    void clear();

    /**
     * Hits counted.
     *
     * @return the count
     */
    long hits();

    /**
     * Misses counted.
     *
     * @return the count
     */
    long misses();

    /** Zeroes the counters. */
    void resetCounters();
}
