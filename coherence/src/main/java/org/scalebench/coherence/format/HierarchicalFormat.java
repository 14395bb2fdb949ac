package org.scalebench.coherence.format;

import java.util.Arrays;
import org.scalebench.core.Bits;

/**
 * {@code hier}: a hierarchical directory's sharer tracking, exact at every scale. A warehouse's directory keeps one
 * level per level of its network: the line's home tracks which racks hold copies, each rack's directory which of
 * its servers, each server's which of its cores (the organisation of large shared-memory machines' cluster
 * directories, e.g. DASH's per-cluster directories and the SGI Origin's node-level presence bits, extended by one
 * level). Invalidations go down that tree to exactly the cores that hold the line, so the format never broadcasts
 * and never evicts a sharer. Storage per level is counted by the storage model; here the sharers of an entry are
 * simply listed (all levels together name exactly these cores).
 *
 * <p>The lists live in one pool of linked cells (core, next), one list per entry, cells recycled through a free
 * list; the pool grows (doubling, up to the largest array) when every cell is in use, which happens only while the
 * caches first fill.
 *
 * <p>Allocation: arrays at construction and on the pool's growth; nothing per operation otherwise. Thread-safety:
 * none.
 */
public final class HierarchicalFormat extends AbstractDirectoryFormat {

    private static final int NIL = -1;

    private final int[] first;
    private final int[] count;
    private int[] cellCore;
    private int[] cellNext;
    private int free;

    /**
     * Creates the format.
     *
     * @param capacity directory entries
     * @param cores cores tracked
     */
    public HierarchicalFormat(final int capacity, final int cores) {
        super(new FormatSpec(FormatSpec.Kind.HIER, 0), capacity, cores);
        this.first = new int[capacity];
        this.count = new int[capacity];
        Arrays.fill(first, NIL);
        final int cells = Math.max(16, capacity);
        this.cellCore = new int[cells];
        this.cellNext = new int[cells];
        link(0, cells);
    }

    private void link(final int from, final int to) {
        for (int k = from; k < to; k++) {
            cellNext[k] = k + 1 < to ? k + 1 : NIL;
        }
        free = from;
    }

    private int newCell() {
        if (free == NIL) {
            final int old = cellCore.length;
            final int length = grownCells(old);
            cellCore = Arrays.copyOf(cellCore, length);
            cellNext = Arrays.copyOf(cellNext, length);
            link(old, length);
        }
        final int c = free;
        free = cellNext[c];
        return c;
    }

    /**
     * The cell pool's length after {@code cells}, all in use: doubled in long arithmetic, capped at the largest
     * array (an int doubling past 2^30 went negative).
     *
     * @throws IllegalArgumentException naming the cells and the limit when the pool is at it
     */
    static int grownCells(final int cells) {
        return Bits.grownLength(cells, cells + 1L, "hier directory format: sharer cells");
    }

    @Override
    public int maxTargets() {
        return cores;
    }

    @Override
    protected void clearSharers(final int entry) {
        int c = first[entry];
        while (c != NIL) {
            final int n = cellNext[c];
            cellNext[c] = free;
            free = c;
            c = n;
        }
        first[entry] = NIL;
        count[entry] = 0;
    }

    @Override
    public int addSharer(final int entry, final int core, final int sdid) {
        assert isCore(core) : coreOutOfRange(core);
        for (int c = first[entry]; c != NIL; c = cellNext[c]) {
            if (cellCore[c] == core) {
                return NONE;
            }
        }
        final int c = newCell();
        cellCore[c] = core;
        cellNext[c] = first[entry];
        first[entry] = c;
        count[entry]++;
        return NONE;
    }

    @Override
    public void removeSharer(final int entry, final int core) {
        int previous = NIL;
        for (int c = first[entry]; c != NIL; c = cellNext[c]) {
            if (cellCore[c] == core) {
                if (previous == NIL) {
                    first[entry] = cellNext[c];
                } else {
                    cellNext[previous] = cellNext[c];
                }
                cellNext[c] = free;
                free = c;
                count[entry]--;
                return;
            }
            previous = c;
        }
    }

    @Override
    protected boolean hasNoSharers(final int entry) {
        return first[entry] == NIL;
    }

    /**
     * The sharers of an entry.
     *
     * @param entry the entry
     * @return how many cores it lists
     */
    public int sharers(final int entry) {
        return count[entry];
    }

    @Override
    public int invalidationTargets(final int entry, final int home, final int[] out) {
        int n = 0;
        for (int c = first[entry]; c != NIL; c = cellNext[c]) {
            out[n++] = cellCore[c];
        }
        return n;
    }
}
