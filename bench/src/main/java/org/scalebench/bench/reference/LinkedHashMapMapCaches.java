package org.scalebench.bench.reference;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The textbook LRU map caches: one access-ordered {@link LinkedHashMap} per cache, its eldest row evicted when a
 * fill would exceed the capacity. Reference and benchmark baseline of
 * {@link org.scalebench.coherence.domain.MapCacheBank} under
 * {@link org.scalebench.coherence.domain.MapCacheReplacement#LRU}. {@link #state} lists a cache's tags most
 * recently used first. Boxes every tag; not thread-safe.
 */
public final class LinkedHashMapMapCaches extends CountingMapCaches {

    private final int entries;
    private final List<LinkedHashMap<Integer, Boolean>> caches = new ArrayList<>();
    private int lastVictim = NONE;

    /**
     * Builds empty caches.
     *
     * @param caches number of caches
     * @param entries rows per cache
     */
    public LinkedHashMapMapCaches(final int caches, final int entries) {
        this.entries = entries;
        for (int c = 0; c < caches; c++) {
            this.caches.add(new LinkedHashMap<>(2 * entries, 0.75f, true));
        }
    }

    @Override
    public boolean access(final int cache, final int domainId, final int logicalId) {
        final int tag = MapCacheBankReference.tag(domainId, logicalId);
        final LinkedHashMap<Integer, Boolean> rows = caches.get(cache);
        lastVictim = NONE;
        if (rows.get(tag) != null) { // get() moves the row to the most recently used end
            hit();
            return true;
        }
        miss();
        if (rows.size() == entries) {
            final Iterator<Integer> eldest = rows.keySet().iterator();
            lastVictim = eldest.next();
            eldest.remove();
        }
        rows.put(tag, Boolean.TRUE);
        return false;
    }

    @Override
    public int lastVictim() {
        return lastVictim;
    }

    @Override
    public boolean contains(final int cache, final int domainId, final int logicalId) {
        return caches.get(cache).containsKey(MapCacheBankReference.tag(domainId, logicalId));
    }

    @Override
    public int[] state(final int cache) {
        final List<Integer> newestFirst = new ArrayList<>(caches.get(cache).keySet());
        Collections.reverse(newestFirst);
        return newestFirst.stream().mapToInt(Integer::intValue).toArray();
    }

    @Override
    public int flushDomain(final int domainId) {
        int dropped = 0;
        for (final Map<Integer, Boolean> rows : caches) {
            final int before = rows.size();
            rows.keySet().removeIf(tag -> tag / 16 == domainId);
            dropped += before - rows.size();
        }
        return dropped;
    }

    @Override
    public void clear() {
        caches.forEach(Map::clear);
    }
}
