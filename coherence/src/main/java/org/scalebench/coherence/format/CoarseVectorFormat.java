package org.scalebench.coherence.format;

import org.scalebench.coherence.storage.StorageModel;
import org.scalebench.core.SharerRows;

/**
 * {@code coarse-vector-<i>}: Dir_i CV_r (Gupta, Weber and Mowry, ICPP 1990). Up to i sharers are kept as
 * exact pointers; on overflow the same bits are reinterpreted as a coarse vector with one bit per group
 * of r consecutive cores, r the smallest power of two whose groups fit the pointer field
 * ({@link StorageModel#coarseGroupSize}). Invalidations then go to every core of every marked group: a
 * superset of the sharers, far smaller than a broadcast while sharing stays local.
 *
 * <pre>
 *   pointers[entry * i + k], count[entry]   pointer mode (exact)
 *   groups row entry, bit g                  coarse mode: some core in [g*r, (g+1)*r) may share
 *   count[entry] bit 7                       coarse mode
 * </pre>
 *
 * <p>Allocation: at construction only. Thread-safety: none.
 */
public final class CoarseVectorFormat extends AbstractDirectoryFormat {

    private static final int COARSE = 0x80;

    private final int slots;
    private final int groupShift;
    private final int groupSize;
    private final int[] pointers;
    private final byte[] count;
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
        if ((long) capacity * spec.pointers() > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("directory entries = " + capacity + " x pointers = "
                    + spec.pointers() + ": more than one array can hold");
        }
        this.slots = spec.pointers();
        this.groupSize = StorageModel.coarseGroupSize(slots, Math.max(2, cores));
        this.groupShift = Integer.numberOfTrailingZeros(groupSize);
        this.pointers = new int[capacity * slots];
        this.count = new byte[capacity];
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
        return Math.max(cores, slots);
    }

    @Override
    public void reset(final int entry) {
        if ((count[entry] & COARSE) != 0) {
            groups.clearRow(entry);
        }
        count[entry] = 0;
        owner[entry] = NONE;
    }

    @Override
    public int addSharer(final int entry, final int core, final int sdid) {
        final int c = count[entry];
        if ((c & COARSE) != 0) {
            groups.set(entry, core >>> groupShift);
            return NONE;
        }
        final int base = entry * slots;
        for (int k = 0; k < c; k++) {
            if (pointers[base + k] == core) {
                return NONE;
            }
        }
        if (c < slots) {
            pointers[base + c] = core;
            count[entry] = (byte) (c + 1);
            return NONE;
        }
        for (int k = 0; k < slots; k++) {
            groups.set(entry, pointers[base + k] >>> groupShift);
        }
        groups.set(entry, core >>> groupShift);
        count[entry] = (byte) COARSE;
        return NONE;
    }

    @Override
    public void removeSharer(final int entry, final int core) {
        final int c = count[entry];
        if ((c & COARSE) != 0) {
            return; // a group bit may stand for other sharers too
        }
        final int base = entry * slots;
        for (int k = 0; k < c; k++) {
            if (pointers[base + k] == core) {
                System.arraycopy(pointers, base + k + 1, pointers, base + k, c - 1 - k);
                count[entry] = (byte) (c - 1);
                return;
            }
        }
    }

    @Override
    public void setOwner(final int entry, final int core, final int sdid) {
        reset(entry);
        owner[entry] = core;
    }

    @Override
    public boolean isBroadcast(final int entry) {
        return false;
    }

    @Override
    public boolean isEmpty(final int entry) {
        return count[entry] == 0 && owner[entry] == NONE;
    }

    @Override
    public boolean isExact(final int entry) {
        return (count[entry] & COARSE) == 0;
    }

    @Override
    public int invalidationTargets(final int entry, final int home, final int[] out) {
        final int c = count[entry];
        if ((c & COARSE) == 0) {
            System.arraycopy(pointers, entry * slots, out, 0, c);
            return c;
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
