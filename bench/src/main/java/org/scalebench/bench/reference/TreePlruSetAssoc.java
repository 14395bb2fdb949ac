package org.scalebench.bench.reference;

/**
 * Plain tree pseudo-LRU set-associative tags: per set, a {@code boolean} per internal node of a binary
 * tree over the ways, walked by halving the way interval ({@code true} = the victim is in the upper half).
 * A use sets every node on its path to point at the other half; the victim follows the pointers from the
 * root. Reference of {@link org.scalebench.core.SetAssocTags} under
 * {@link org.scalebench.core.ReplacementPolicy#TREE_PLRU} (which packs the same tree into a long per set
 * and updates it with precomputed masks). Ways must be a power of two. Not thread-safe.
 */
public final class TreePlruSetAssoc implements SetAssocReference {

    private final int sets;
    private final int ways;
    private final long[][] tags;
    private final boolean[][] valid;
    /** {@code upperHalfIsVictim[set][node]}, nodes numbered 1 (root) .. ways - 1, children 2n and 2n + 1. */
    private final boolean[][] upperHalfIsVictim;
    private boolean lastInsertEvicted;
    private long lastEvictedTag;

    /**
     * Builds empty tags.
     *
     * @param sets the number of sets (a power of two)
     * @param ways the associativity (a power of two)
     */
    public TreePlruSetAssoc(final int sets, final int ways) {
        this.sets = sets;
        this.ways = ways;
        this.tags = new long[sets][ways];
        this.valid = new boolean[sets][ways];
        this.upperHalfIsVictim = new boolean[sets][Math.max(1, ways)];
    }

    private int setOf(final long tag) {
        return (int) Math.floorMod(tag, (long) sets);
    }

    private int wayOf(final int set, final long tag) {
        for (int way = 0; way < ways; way++) {
            if (valid[set][way] && tags[set][way] == tag) {
                return way;
            }
        }
        return -1;
    }

    private void use(final int set, final int way) {
        int node = 1;
        int low = 0;
        int high = ways;
        while (high - low > 1) {
            final int middle = (low + high) / 2;
            if (way < middle) {
                upperHalfIsVictim[set][node] = true;
                node = 2 * node;
                high = middle;
            } else {
                upperHalfIsVictim[set][node] = false;
                node = 2 * node + 1;
                low = middle;
            }
        }
    }

    private int treeVictim(final int set) {
        int node = 1;
        int low = 0;
        int high = ways;
        while (high - low > 1) {
            final int middle = (low + high) / 2;
            if (upperHalfIsVictim[set][node]) {
                node = 2 * node + 1;
                low = middle;
            } else {
                node = 2 * node;
                high = middle;
            }
        }
        return low;
    }

    @Override
    public int find(final long tag) {
        final int set = setOf(tag);
        final int way = wayOf(set, tag);
        if (way < 0) {
            return -1;
        }
        use(set, way);
        return set * ways + way;
    }

    @Override
    public int peek(final long tag) {
        final int set = setOf(tag);
        final int way = wayOf(set, tag);
        return way < 0 ? -1 : set * ways + way;
    }

    @Override
    public int victim(final long tag) {
        final int set = setOf(tag);
        for (int way = 0; way < ways; way++) {
            if (!valid[set][way]) {
                return set * ways + way;
            }
        }
        return set * ways + treeVictim(set);
    }

    @Override
    public int insert(final long tag) {
        final int present = find(tag);
        if (present >= 0) {
            lastInsertEvicted = false;
            return present;
        }
        final int set = setOf(tag);
        final int way = victim(tag) - set * ways;
        lastInsertEvicted = valid[set][way];
        if (lastInsertEvicted) {
            lastEvictedTag = tags[set][way];
        }
        tags[set][way] = tag;
        valid[set][way] = true;
        use(set, way);
        return set * ways + way;
    }

    @Override
    public boolean lastInsertEvicted() {
        return lastInsertEvicted;
    }

    @Override
    public long lastEvictedTag() {
        return lastEvictedTag;
    }

    @Override
    public boolean invalidateTag(final long tag) {
        final int set = setOf(tag);
        final int way = wayOf(set, tag);
        if (way < 0) {
            return false;
        }
        valid[set][way] = false;
        return true;
    }

    @Override
    public void invalidate(final int slot) {
        valid[slot / ways][slot % ways] = false;
    }

    @Override
    public boolean isValid(final int slot) {
        return valid[slot / ways][slot % ways];
    }

    @Override
    public int occupancy(final int set) {
        int count = 0;
        for (int way = 0; way < ways; way++) {
            if (valid[set][way]) {
                count++;
            }
        }
        return count;
    }

    @Override
    public void clear() {
        for (int set = 0; set < sets; set++) {
            java.util.Arrays.fill(valid[set], false);
            java.util.Arrays.fill(upperHalfIsVictim[set], false);
        }
        lastInsertEvicted = false;
    }
}
