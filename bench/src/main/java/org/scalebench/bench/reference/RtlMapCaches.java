package org.scalebench.bench.reference;

import java.util.Arrays;

/**
 * OpenPiton's map-cache replacement written plainly, one boolean per bit: the reference of
 * {@link org.scalebench.coherence.domain.MapCacheBank} under
 * {@link org.scalebench.coherence.domain.MapCacheReplacement#RTL}. Each entry has a tag, a used bit and a lock
 * bit. A hit sets the used bit and clears the lock; a miss fills the lowest entry with neither bit set (entry 0
 * when there is none) and sets both; whenever setting a used bit leaves all of a cache's used bits set, they are
 * all cleared. With miss replay the fill is followed at once by a hit on the new entry. A flush drops tags and
 * keeps the bits; {@link #clear()} resets everything.
 *
 * <p>{@link #state} lists a cache's entry tags in entry order ({@link #NONE} for an empty one), then its used bits
 * and its lock bits, each as the low and high halves of a 64-bit mask with bit e for entry e. Not thread-safe.
 */
public final class RtlMapCaches extends CountingMapCaches {

    private final int[][] tags;
    private final boolean[][] used;
    private final boolean[][] locked;
    private final boolean missReplayed;
    private int lastVictim = NONE;

    /**
     * Builds empty caches.
     *
     * @param caches number of caches
     * @param entries entries per cache, at most 64
     * @param missReplayed whether a miss is followed by a hit on the refilled entry (the L2's Sharer Map Cache)
     */
    public RtlMapCaches(final int caches, final int entries, final boolean missReplayed) {
        this.tags = new int[caches][entries];
        this.used = new boolean[caches][entries];
        this.locked = new boolean[caches][entries];
        this.missReplayed = missReplayed;
        clear();
    }

    @Override
    public boolean access(final int cache, final int domainId, final int logicalId) {
        final int tag = MapCacheBankReference.tag(domainId, logicalId);
        lastVictim = NONE;
        for (int e = 0; e < tags[cache].length; e++) {
            if (tags[cache][e] == tag) {
                hit(cache, e);
                hit();
                return true;
            }
        }
        miss();
        int victim = 0;
        for (int e = tags[cache].length - 1; e >= 0; e--) {
            if (!used[cache][e] && !locked[cache][e]) {
                victim = e;
            }
        }
        lastVictim = tags[cache][victim];
        tags[cache][victim] = tag;
        locked[cache][victim] = true;
        markUsed(cache, victim);
        if (missReplayed) {
            hit(cache, victim);
        }
        return false;
    }

    private void hit(final int cache, final int entry) {
        locked[cache][entry] = false;
        markUsed(cache, entry);
    }

    private void markUsed(final int cache, final int entry) {
        used[cache][entry] = true;
        for (final boolean u : used[cache]) {
            if (!u) {
                return;
            }
        }
        Arrays.fill(used[cache], false);
    }

    @Override
    public int lastVictim() {
        return lastVictim;
    }

    @Override
    public boolean contains(final int cache, final int domainId, final int logicalId) {
        final int tag = MapCacheBankReference.tag(domainId, logicalId);
        return Arrays.stream(tags[cache]).anyMatch(t -> t == tag);
    }

    @Override
    public int[] state(final int cache) {
        final int n = tags[cache].length;
        final int[] state = Arrays.copyOf(tags[cache], n + 4);
        long usedMask = 0;
        long lockedMask = 0;
        for (int e = 0; e < n; e++) {
            usedMask |= used[cache][e] ? 1L << e : 0;
            lockedMask |= locked[cache][e] ? 1L << e : 0;
        }
        state[n] = (int) usedMask;
        state[n + 1] = (int) (usedMask >>> 32);
        state[n + 2] = (int) lockedMask;
        state[n + 3] = (int) (lockedMask >>> 32);
        return state;
    }

    @Override
    public int flushDomain(final int domainId) {
        int dropped = 0;
        for (final int[] cache : tags) {
            for (int e = 0; e < cache.length; e++) {
                if (cache[e] != NONE && cache[e] / 16 == domainId) {
                    cache[e] = NONE;
                    dropped++;
                }
            }
        }
        return dropped;
    }

    @Override
    public void clear() {
        for (int c = 0; c < tags.length; c++) {
            Arrays.fill(tags[c], NONE);
            Arrays.fill(used[c], false);
            Arrays.fill(locked[c], false);
        }
    }
}
