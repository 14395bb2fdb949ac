package org.scalebench.coherence.format;

import org.scalebench.core.SharerRows;

/**
 * {@code full-map}: one presence bit per core and entry (Censier and Feautrier, IEEE TC 1978). Exact
 * invalidation targets at N bits per entry, the organisation whose O(N^2) total storage CDR avoids.
 * Backed by {@link SharerRows}: {@code capacity} rows of {@code cores} bits, whose per-row summary of non-zero
 * words lets listing the sharers of a 1,024-bit entry read one word when its sharers share a word.
 *
 * <p>Allocation: at construction only ({@code capacity * ceil(cores / 64)} longs). Thread-safety: none.
 */
public final class FullMapFormat extends AbstractDirectoryFormat {

    private final SharerRows sharers;

    /**
     * Creates the format.
     *
     * @param capacity directory entries
     * @param cores cores tracked
     */
    public FullMapFormat(final int capacity, final int cores) {
        super(new FormatSpec(FormatSpec.Kind.FULL_MAP, 0), capacity, cores);
        this.sharers = new SharerRows(capacity, cores);
    }

    @Override
    public int maxTargets() {
        return cores;
    }

    @Override
    protected void clearSharers(final int entry) {
        sharers.clearRow(entry);
    }

    @Override
    protected boolean hasNoSharers(final int entry) {
        return sharers.isEmpty(entry);
    }

    @Override
    public int addSharer(final int entry, final int core, final int sdid) {
        sharers.set(entry, core);
        return NONE;
    }

    @Override
    public void removeSharer(final int entry, final int core) {
        sharers.clear(entry, core);
    }

    @Override
    public int invalidationTargets(final int entry, final int home, final int[] out) {
        return sharers.copySetBits(entry, out);
    }
}
