package org.scalebench.coherence.format;

/**
 * How a home's directory tracks the private copies of a line: one implementation per directory
 * organisation ({@link FormatSpec}), each storing its per-entry state in primitive arrays indexed by an
 * entry number in {@code [0, capacity())} (no object per line).
 *
 * <p>Protocol contract: an entry is either empty, shared (sharers tracked, no owner) or owned (one core
 * holds the line exclusively, E or M; no sharers). The protocol {@link #reset}s an entry before changing
 * between shared and owned. {@link #addSharer} may report a core the format cannot keep (Dir_i NB); the
 * protocol must invalidate that core's copy. Invalidation targets are exact or a superset of the true
 * sharers ({@link #isExact}); a broadcast entry ({@link #isBroadcast}) must invalidate every core.
 *
 * <p>Arguments are not checked on these per-access methods: the caller guarantees an entry in
 * {@code [0, capacity())} (outside it an array index throws) and a core in {@code [0, cores())}. A core outside
 * that range is not refused by every format: the full map throws, but the pointer and list formats record it, so it
 * takes a pointer (in Dir_i NB, evicting a real sharer; in Dir_i B, overflowing to broadcast) and comes back as an
 * invalidation target that names no core. An {@code assert} in {@link #addSharer} and {@link #setOwner} checks it
 * when assertions are enabled.
 *
 * <p>{@code sdid} is the line's sharer domain, as the requesting core's TLB presents it; only {@code cdr-sr}
 * uses it (to find the core's logical sharer id, or the public sharer for a core outside the domain).
 *
 * <p>Allocation: implementations allocate at construction only. Thread-safety: not thread-safe.
 */
public interface DirectoryFormat {

    /** No core. */
    int NONE = -1;

    /**
     * The format and its parameters.
     *
     * @return the spec
     */
    FormatSpec spec();

    /**
     * Cores the format tracks.
     *
     * @return cores
     */
    int cores();

    /**
     * Number of entries.
     *
     * @return capacity
     */
    int capacity();

    /**
     * Upper bound of {@link #invalidationTargets}' count: the size its buffer needs.
     *
     * @return the largest target count
     */
    int maxTargets();

    /**
     * Empties an entry: no sharer, no owner, not broadcast.
     *
     * @param entry the entry
     */
    void reset(int entry);

    /**
     * Records {@code core} as a sharer of a shared (or empty) entry.
     *
     * @param entry the entry
     * @param core the global core id, in {@code [0, cores())} (not checked: see the interface comment)
     * @param sdid the line's sharer domain (from the page's TLB entry)
     * @return {@link #NONE}, or a core dropped from tracking that the caller must invalidate
     */
    int addSharer(int entry, int core, int sdid);

    /**
     * Forgets a sharer that evicted its copy (PutS). Superset states (broadcast, coarse groups) may keep it.
     *
     * @param entry the entry
     * @param core the global core id
     */
    void removeSharer(int entry, int core);

    /**
     * Makes {@code core} the exclusive owner (E or M), dropping all sharers.
     *
     * @param entry the entry
     * @param core the owner's global core id, in {@code [0, cores())} (not checked: see the interface comment)
     * @param sdid the line's sharer domain
     */
    void setOwner(int entry, int core, int sdid);

    /**
     * The exclusive owner.
     *
     * @param entry the entry
     * @return its global core id, or {@link #NONE}
     */
    int owner(int entry);

    /**
     * Whether an invalidation of this line must reach every core.
     *
     * @param entry the entry
     * @return true in a broadcast state
     */
    boolean isBroadcast(int entry);

    /**
     * Whether the entry tracks nothing (may be freed).
     *
     * @param entry the entry
     * @return true when empty
     */
    boolean isEmpty(int entry);

    /**
     * Whether {@link #invalidationTargets} is exactly the set of sharers (false: a superset, or broadcast).
     *
     * @param entry the entry
     * @return true when exact
     */
    boolean isExact(int entry);

    /**
     * Writes the cores an invalidation of a shared, non-broadcast entry must reach (exact or a superset).
     *
     * @param entry the entry
     * @param home the home slice doing the lookup (CDR translates logical sharers through its map cache)
     * @param out receives global core ids; at least {@link #maxTargets()} long
     * @return how many were written
     */
    int invalidationTargets(int entry, int home, int[] out);

    /**
     * Whether this entry's invalidation targets can be counted and tested one core at a time ({@link #targetCount},
     * {@link #targets}) without listing them, which then has no side effect (no map cache is read). A coarse vector
     * names thousands of cores per group bit on a million-core machine: a caller that needs only how many it names
     * and which of the line's holders are among them then writes none of them out.
     *
     * @param entry the entry (shared, not broadcast)
     * @return true when {@link #targetCount} and {@link #targets} answer for it
     */
    default boolean countsTargets(final int entry) {
        return false;
    }

    /**
     * How many cores {@link #invalidationTargets} would write, for an entry that {@link #countsTargets}.
     *
     * @param entry the entry
     * @return the count
     */
    default int targetCount(final int entry) {
        throw new UnsupportedOperationException(spec() + " does not count its targets");
    }

    /**
     * Whether {@link #invalidationTargets} would write {@code core}, for an entry that {@link #countsTargets}.
     *
     * @param entry the entry
     * @param core a core in {@code [0, cores)}
     * @return true when the entry names it
     */
    default boolean targets(final int entry, final int core) {
        throw new UnsupportedOperationException(spec() + " does not test its targets");
    }

    /**
     * The cores {@link #invalidationTargets} would write, as runs of consecutive cores, for an entry that
     * {@link #countsTargets}.
     *
     * @param entry the entry
     * @param out receives pairs {@code first, end} (exclusive), ascending and disjoint; at least
     *            {@code 2 * maxTargetRuns()} long
     * @return how many runs
     */
    default int targetRuns(final int entry, final int[] out) {
        throw new UnsupportedOperationException(spec() + " does not list its targets as runs");
    }

    /**
     * Upper bound of {@link #targetRuns}' count (0 for a format that never {@link #countsTargets}).
     *
     * @return the bound
     */
    default int maxTargetRuns() {
        return 0;
    }

    /**
     * The same cores as {@link #invalidationTargets}, read from the directory's own tables without touching
     * a map cache or a counter: what a checker compares with the copies that exist.
     *
     * @param entry the entry
     * @param out receives global core ids; at least {@link #maxTargets()} long
     * @return how many were written
     */
    int coveredCores(int entry, int[] out);

    /**
     * The entry's state as canonical text (equal text, equal future behaviour): {@code -} empty,
     * {@code O<core>} owned, {@code B} broadcast, else the format's sharer record. Used in checkers' state
     * keys and traces; allocates.
     *
     * @param entry the entry
     * @return e.g. {@code S{1,2}}
     */
    String describe(int entry);

    /**
     * Sharer Map Cache misses incurred by {@link #invalidationTargets} so far (0 for formats without one).
     *
     * @return cumulative map-cache misses
     */
    long mapCacheMisses();

    /**
     * Sharer Map Cache lookups made by {@link #invalidationTargets} so far.
     *
     * @return cumulative map-cache lookups
     */
    long mapCacheLookups();
}
