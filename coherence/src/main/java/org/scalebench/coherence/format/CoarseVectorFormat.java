package org.scalebench.coherence.format;

import org.scalebench.core.SharerRows;

/**
 * {@code coarse-vector-<i>}: Dir_i CV_r (Gupta, Weber and Mowry, ICPP 1990). Up to i sharers are kept as
 * exact pointers; on overflow the same bits are reinterpreted as a coarse vector with one bit per group
 * of r consecutive cores, r the smallest power of two whose groups fit the pointer field
 * ({@link FormatSpec#coarseGroupSize}). Invalidations then go to every core of every marked group: a
 * superset of the sharers, far smaller than a broadcast while sharing stays local.
 *
 * <pre>
 *   pointers (PointerSlots)     pointer mode (exact); its overflow bit is coarse mode
 *   groups row entry, bit g     coarse mode: some core in [g*r, (g+1)*r) may share
 * </pre>
 *
 * <p>Allocation: at construction only. Thread-safety: none.
 */
public final class CoarseVectorFormat extends AbstractPointerFormat {

    private final int groupShift;
    private final int groupSize;
    private final SharerRows groups;
    private final SharerRows.Cursor cursor;

    /**
     * Creates the format.
     *
     * @param spec {@code coarse-vector-<i>}
     * @param capacity directory entries
     * @param cores cores tracked (at least 2)
     */
    public CoarseVectorFormat(final FormatSpec spec, final int capacity, final int cores) {
        super(spec, capacity, cores);
        if (spec.kind() != FormatSpec.Kind.COARSE_VECTOR) {
            throw new IllegalArgumentException("format " + spec + ": not a coarse-vector format");
        }
        this.groupSize = FormatSpec.coarseGroupSize(spec.pointers(), Math.max(2, cores));
        this.groupShift = Integer.numberOfTrailingZeros(groupSize);
        this.groups = new SharerRows(capacity, ((cores - 1) >>> groupShift) + 1);
        this.cursor = groups.cursor();
    }

    /**
     * Cores per coarse group (r).
     *
     * @return r
     */
    public int groupSize() {
        return groupSize;
    }

    @Override
    public int maxTargets() {
        return Math.max(cores, pointers.slots());
    }

    @Override
    protected void clearSharers(final int entry) {
        if (pointers.isOverflowed(entry)) {
            groups.clearRow(entry);
        }
        super.clearSharers(entry);
    }

    @Override
    public int addSharer(final int entry, final int core, final int sdid) {
        assert isCore(core) : coreOutOfRange(core);
        if (pointers.isOverflowed(entry)) {
            groups.set(entry, core >>> groupShift);
            return NONE;
        }
        if (pointers.contains(entry, core)) {
            return NONE;
        }
        if (pointers.size(entry) < pointers.slots()) {
            pointers.append(entry, core);
            return NONE;
        }
        for (int k = 0; k < pointers.slots(); k++) {
            groups.set(entry, pointers.get(entry, k) >>> groupShift);
        }
        groups.set(entry, core >>> groupShift);
        pointers.overflow(entry);
        return NONE;
    }

    @Override
    protected String describeSharers(final int entry) {
        return (pointers.isOverflowed(entry) ? "G" : "P") + super.describeSharers(entry).substring(1);
    }

    /** In coarse mode: every core of every marked group, the last group cut at the core count. */
    @Override
    public boolean countsTargets(final int entry) {
        return pointers.isOverflowed(entry);
    }

    @Override
    public int targetCount(final int entry) {
        final int lastGroup = (cores - 1) >>> groupShift;
        final int cut = ((lastGroup + 1) << groupShift) - cores; // cores the last group lacks
        return (groups.count(entry) << groupShift) - (groups.test(entry, lastGroup) ? cut : 0);
    }

    @Override
    public boolean targets(final int entry, final int core) {
        return groups.test(entry, core >>> groupShift);
    }

    /** One run per marked group. */
    @Override
    public int targetRuns(final int entry, final int[] out) {
        int runs = 0;
        cursor.reset(entry);
        for (int g = cursor.next(); g >= 0; g = cursor.next()) {
            final int first = g << groupShift;
            out[2 * runs] = first;
            out[2 * runs + 1] = Math.min(cores, first + groupSize);
            runs++;
        }
        return runs;
    }

    @Override
    public int maxTargetRuns() {
        return ((cores - 1) >>> groupShift) + 1;
    }

    @Override
    public int invalidationTargets(final int entry, final int home, final int[] out) {
        if (!pointers.isOverflowed(entry)) {
            return pointers.copyTo(entry, out);
        }
        int n = 0;
        cursor.reset(entry);
        for (int g = cursor.next(); g >= 0; g = cursor.next()) {
            final int first = g << groupShift;
            final int end = Math.min(cores, first + groupSize);
            for (int core = first; core < end; core++) {
                out[n++] = core;
            }
        }
        return n;
    }
}
