package org.scalebench.bench.reference;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The textbook Java LRU set-associative cache: one access-ordered {@link LinkedHashMap} (tag to way) per
 * set, the eldest entry being the least recently used. Reference and benchmark baseline of
 * {@link org.scalebench.core.SetAssocTags} under {@link org.scalebench.core.ReplacementPolicy#LRU}.
 * A free way is the lowest-numbered one not in use, as in the kernel. Boxes every tag; not thread-safe.
 */
public final class LinkedHashMapSetAssoc implements SetAssocReference {

    private final int sets;
    private final int ways;
    private final List<LinkedHashMap<Long, Integer>> wayOfTag;
    private final boolean[] used;
    private final long[] tagOfSlot;
    private boolean lastInsertEvicted;
    private long lastEvictedTag;

    /**
     * Builds an empty cache.
     *
     * @param sets the number of sets (a power of two, as in the kernel)
     * @param ways the associativity
     */
    public LinkedHashMapSetAssoc(final int sets, final int ways) {
        this.sets = sets;
        this.ways = ways;
        this.wayOfTag = new ArrayList<>(sets);
        for (int set = 0; set < sets; set++) {
            wayOfTag.add(new LinkedHashMap<>(2 * ways, 0.75f, true));
        }
        this.used = new boolean[sets * ways];
        this.tagOfSlot = new long[sets * ways];
    }

    private int setOf(final long tag) {
        return (int) Math.floorMod(tag, (long) sets);
    }

    @Override
    public int find(final long tag) {
        final int set = setOf(tag);
        final Integer way = wayOfTag.get(set).get(tag);
        return way == null ? -1 : set * ways + way;
    }

    @Override
    public int peek(final long tag) {
        final int set = setOf(tag);
        // iterating does not count as an access, so the order is left alone
        for (final Map.Entry<Long, Integer> entry : wayOfTag.get(set).entrySet()) {
            if (entry.getKey() == tag) {
                return set * ways + entry.getValue();
            }
        }
        return -1;
    }

    @Override
    public int victim(final long tag) {
        final int set = setOf(tag);
        for (int way = 0; way < ways; way++) {
            if (!used[set * ways + way]) {
                return set * ways + way;
            }
        }
        return set * ways + wayOfTag.get(set).values().iterator().next();
    }

    @Override
    public int insert(final long tag) {
        final int present = find(tag);
        if (present >= 0) {
            lastInsertEvicted = false;
            return present;
        }
        final int slot = victim(tag);
        final LinkedHashMap<Long, Integer> order = wayOfTag.get(setOf(tag));
        lastInsertEvicted = used[slot];
        if (used[slot]) {
            lastEvictedTag = tagOfSlot[slot];
            order.remove(tagOfSlot[slot]);
        }
        order.put(tag, slot - setOf(tag) * ways);
        used[slot] = true;
        tagOfSlot[slot] = tag;
        return slot;
    }

    /**
     * Makes {@code tag} resident in {@code slot} as the set's most recently used tag, without an access: restores a
     * state recorded elsewhere (placing a set's tags from least to most recently used rebuilds its LRU order).
     *
     * @param tag the tag, not resident
     * @param slot an unused slot of the tag's set
     * @throws IllegalArgumentException when the slot is in use or not in the tag's set
     */
    public void place(final long tag, final int slot) {
        final int set = setOf(tag);
        if (slot / ways != set || used[slot]) {
            throw new IllegalArgumentException("slot " + slot + " is in use or not in set " + set + " of tag " + tag);
        }
        wayOfTag.get(set).put(tag, slot - set * ways);
        used[slot] = true;
        tagOfSlot[slot] = tag;
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
        final int slot = peek(tag);
        if (slot < 0) {
            return false;
        }
        invalidate(slot);
        return true;
    }

    @Override
    public void invalidate(final int slot) {
        if (used[slot]) {
            wayOfTag.get(slot / ways).remove(tagOfSlot[slot]);
            used[slot] = false;
        }
    }

    @Override
    public boolean isValid(final int slot) {
        return used[slot];
    }

    @Override
    public int occupancy(final int set) {
        return wayOfTag.get(set).size();
    }

    @Override
    public void clear() {
        for (final LinkedHashMap<Long, Integer> order : wayOfTag) {
            order.clear();
        }
        java.util.Arrays.fill(used, false);
        lastInsertEvicted = false;
    }
}
