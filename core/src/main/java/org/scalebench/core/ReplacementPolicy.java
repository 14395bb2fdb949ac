package org.scalebench.core;

import java.util.Locale;
import org.scalebench.core.data.Named;

/**
 * Which way of a full set a {@link SetAssocTags} evicts. Named in system files as {@code lru} and
 * {@code tree-plru}.
 */
public enum ReplacementPolicy implements Named {

    /**
     * True least-recently-used: the way whose last hit or fill is oldest. Exact, and the costliest to
     * build in hardware beyond a few ways; kept here as a per-slot timestamp, so a hit is one store and a
     * victim search scans the set.
     */
    LRU,

    /**
     * Tree pseudo-LRU: a binary tree of {@code ways - 1} bits per set, each pointing to the half that was
     * used less recently; a hit flips the bits on its path to point away from it, and the victim is found
     * by following the bits from the root. Approximates LRU with {@code log2(ways)} bits of work per access
     * (the policy of many L1 and L2 caches). Needs a power-of-two number of ways.
     */
    TREE_PLRU;

    /**
     * The policy's word.
     *
     * @return {@code lru} or {@code tree-plru}
     */
    @Override
    public String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
