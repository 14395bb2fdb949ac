package org.scalebench.bench.reference;

/**
 * What a plain reference of {@link org.scalebench.core.SetAssocTags} offers, so that one differential
 * check drives the LRU reference ({@link LinkedHashMapSetAssoc}) and the tree-PLRU one
 * ({@link TreePlruSetAssoc}) alike. Slots, sets and eviction reports mean what they mean in the kernel.
 */
public interface SetAssocReference {

    /**
     * Looks a tag up, a hit making it most recently used.
     *
     * @param tag any tag
     * @return its slot, or -1
     */
    int find(long tag);

    /**
     * Looks a tag up without touching the replacement order.
     *
     * @param tag any tag
     * @return its slot, or -1
     */
    int peek(long tag);

    /**
     * The slot a fill of {@code tag} would use: the lowest free way of its set, else the policy's victim.
     *
     * @param tag any tag
     * @return a slot
     */
    int victim(long tag);

    /**
     * Makes {@code tag} valid and most recently used, evicting the victim if the tag is absent.
     *
     * @param tag any tag
     * @return the slot holding {@code tag}
     */
    int insert(long tag);

    /**
     * Whether the last {@link #insert} evicted a valid tag.
     *
     * @return true if it did
     */
    boolean lastInsertEvicted();

    /**
     * The tag the last {@link #insert} evicted, if it evicted one.
     *
     * @return the tag
     */
    long lastEvictedTag();

    /**
     * Invalidates a tag.
     *
     * @param tag any tag
     * @return true if it was valid
     */
    boolean invalidateTag(long tag);

    /**
     * Invalidates a slot.
     *
     * @param slot a slot
     */
    void invalidate(int slot);

    /**
     * Whether a slot holds a valid tag.
     *
     * @param slot a slot
     * @return true if valid
     */
    boolean isValid(int slot);

    /**
     * Valid ways of a set.
     *
     * @param set a set
     * @return the count
     */
    int occupancy(int set);

    /** Invalidates everything. */
    void clear();
}
