package org.scalebench.coherence.format;

/**
 * What the two limited-pointer formats share ({@link LimitedPointerFormat}, {@link CoarseVectorFormat}): the
 * sharers live in a {@link PointerSlots} field while they fit, exactly; its overflow bit marks the state the
 * format enters when they do not (broadcast, or coarse groups), in which listed invalidation targets are no longer
 * exact and an evicting sharer cannot be told apart from the others its state stands for, so it stays.
 *
 * <p>Allocation: at construction only. Thread-safety: none.
 */
abstract class AbstractPointerFormat extends AbstractDirectoryFormat {

    protected final PointerSlots pointers;

    AbstractPointerFormat(final FormatSpec spec, final int capacity, final int cores) {
        super(spec, capacity, cores);
        this.pointers = new PointerSlots(spec, capacity);
    }

    @Override
    protected void clearSharers(final int entry) {
        pointers.clear(entry);
    }

    @Override
    protected final boolean hasNoSharers(final int entry) {
        return pointers.isEmpty(entry);
    }

    @Override
    public final void removeSharer(final int entry, final int core) {
        if (!pointers.isOverflowed(entry)) {
            pointers.remove(entry, core); // an overflowed state may stand for other sharers too
        }
    }

    @Override
    public final boolean isExact(final int entry) {
        return !pointers.isOverflowed(entry);
    }
}
