package org.scalebench.coherence.format;

/**
 * {@code dir-b-<i>} and {@code dir-nb-<i>}: i pointers of ceil(log2 N) bits per entry (Agarwal, Simoni,
 * Hennessy, Horowitz, ISCA 1988). On overflow Dir_i B enters a broadcast state (invalidate every core; the
 * same policy as PriME's limited-pointer directory and OpenPiton's B state), and Dir_i NB invalidates the
 * oldest tracked sharer to make room (exact at all times, at the price of extra invalidations). The pointers
 * live in a {@link PointerSlots} field, whose overflow bit is the broadcast state.
 *
 * <p>Allocation: at construction only. Thread-safety: none.
 */
public final class LimitedPointerFormat extends AbstractPointerFormat {

    private final boolean broadcastOnOverflow;

    /**
     * Creates the format.
     *
     * @param spec {@code dir-b-<i>} or {@code dir-nb-<i>}
     * @param capacity directory entries
     * @param cores cores tracked
     */
    public LimitedPointerFormat(final FormatSpec spec, final int capacity, final int cores) {
        super(spec, capacity, cores);
        if (spec.kind() != FormatSpec.Kind.DIR_B && spec.kind() != FormatSpec.Kind.DIR_NB) {
            throw new IllegalArgumentException("format " + spec + ": not a limited-pointer format");
        }
        this.broadcastOnOverflow = spec.kind() == FormatSpec.Kind.DIR_B;
    }

    @Override
    public int maxTargets() {
        return pointers.slots();
    }

    @Override
    public int addSharer(final int entry, final int core, final int sdid) {
        assert isCore(core) : coreOutOfRange(core);
        if (pointers.isOverflowed(entry) || pointers.contains(entry, core)) {
            return NONE;
        }
        if (pointers.size(entry) < pointers.slots()) {
            pointers.append(entry, core);
            return NONE;
        }
        if (broadcastOnOverflow) {
            pointers.overflow(entry);
            return NONE;
        }
        return pointers.replaceOldest(entry, core);
    }

    @Override
    public boolean isBroadcast(final int entry) {
        return pointers.isOverflowed(entry);
    }

    @Override
    public int invalidationTargets(final int entry, final int home, final int[] out) {
        return pointers.copyTo(entry, out);
    }
}
