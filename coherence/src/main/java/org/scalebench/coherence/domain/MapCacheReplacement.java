package org.scalebench.coherence.domain;

import org.scalebench.core.data.Named;

/**
 * Which entry a {@link MapCacheBank} cache gives up on a miss. The system files choose it with
 * {@code map_cache_replacement}; {@link MapCacheBank}'s class javadoc describes both policies step by step.
 *
 * <ul>
 *   <li>{@link #LRU}: the least recently used entry (an empty one first). The simulator's default, kept so that
 *       results stay comparable with the runs made before the RTL's policy was modelled.</li>
 *   <li>{@link #RTL}: OpenPiton's Sharer and Home Map Caches ({@code l2_smc.v}, {@code l15_hmc.v}): a used
 *       bit per entry, all cleared when every entry is used, and a lock bit that protects a newly filled entry
 *       until its first hit; the victim is the lowest-numbered entry neither used nor locked.</li>
 * </ul>
 */
public enum MapCacheReplacement implements Named {
    /** True least recently used. */
    LRU("lru"),
    /** OpenPiton's used bit with all-clear and a lock until the first hit. */
    RTL("rtl");


    private final String id;

    MapCacheReplacement(final String id) {
        this.id = id;
    }

    /**
     * The name in system files.
     *
     * @return {@code lru} or {@code rtl}
     */
    @Override
    public String id() {
        return id;
    }

    /**
     * Parses a system-file name (case and surrounding blanks ignored).
     *
     * @param name {@code lru} or {@code rtl}
     * @return the policy
     * @throws IllegalArgumentException naming the value and what is allowed
     */
    public static MapCacheReplacement parse(final String name) {
        return Named.parse(MapCacheReplacement.class, "map_cache_replacement", name);
    }
}
