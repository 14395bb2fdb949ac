package org.scalebench.coherence.format;

import java.util.Arrays;
import org.scalebench.core.Checks;

/**
 * What every format shares: the spec, sizes and the exclusive-owner array, and the bookkeeping that keeps an
 * entry either shared or owned: {@link #reset} and {@link #setOwner} clear the format's sharer record
 * ({@link #clearSharers}) and write the owner, and an entry is empty when it has neither an owner nor a sharer
 * ({@link #hasNoSharers}). By default a format never broadcasts and lists its sharers exactly; formats without a
 * map cache report zero map-cache traffic.
 *
 * <p>Every concrete format is final: where the protocol's call is inlined for the one format a run uses, the calls
 * on {@code this} here are bound statically and cost nothing. Allocation: the owner array at construction.
 * Thread-safety: none.
 */
abstract class AbstractDirectoryFormat implements DirectoryFormat {

    protected final FormatSpec spec;
    protected final int cores;
    protected final int capacity;
    /** Global id of the exclusive owner, or NONE. */
    protected final int[] owner;

    AbstractDirectoryFormat(final FormatSpec spec, final int capacity, final int cores) {
        Checks.requireAtLeast("directory entries", capacity, 1);
        Checks.requireAtLeast("cores", cores, 1);
        this.spec = spec;
        this.capacity = capacity;
        this.cores = cores;
        this.owner = new int[capacity];
        Arrays.fill(owner, NONE);
    }

    @Override
    public final FormatSpec spec() {
        return spec;
    }

    @Override
    public final int cores() {
        return cores;
    }

    @Override
    public final int capacity() {
        return capacity;
    }

    @Override
    public final int owner(final int entry) {
        return owner[entry];
    }

    /**
     * Drops every sharer the entry records, and any overflow or broadcast state (not the owner).
     *
     * @param entry the entry
     */
    protected abstract void clearSharers(int entry);

    /**
     * Whether the entry records no sharer and is in no overflow or broadcast state (the owner aside).
     *
     * @param entry the entry
     * @return true when the sharer record is empty
     */
    protected abstract boolean hasNoSharers(int entry);

    @Override
    public final void reset(final int entry) {
        clearSharers(entry);
        owner[entry] = NONE;
    }

    @Override
    public void setOwner(final int entry, final int core, final int sdid) {
        assert isCore(core) : coreOutOfRange(core);
        clearSharers(entry);
        owner[entry] = core;
    }

    /**
     * Whether {@code core} is one of the cores the format tracks: what the {@code assert}s of the per-access methods
     * check (those methods are unchecked: see {@link DirectoryFormat#addSharer}).
     *
     * @param core a global core id
     * @return true when in {@code [0, cores)}
     */
    final boolean isCore(final int core) {
        return core >= 0 && core < cores;
    }

    /** The message of a failed {@link #isCore} assert. */
    final String coreOutOfRange(final int core) {
        return "core = " + core + ": must be in [0, " + cores + ")";
    }

    @Override
    public final boolean isEmpty(final int entry) {
        return owner[entry] == NONE && hasNoSharers(entry);
    }

    @Override
    public boolean isBroadcast(final int entry) {
        return false;
    }

    @Override
    public boolean isExact(final int entry) {
        return true;
    }

    @Override
    public int coveredCores(final int entry, final int[] out) {
        return invalidationTargets(entry, NONE, out);
    }

    @Override
    public String describe(final int entry) {
        if (owner[entry] != NONE) {
            return "O" + owner[entry];
        }
        if (isBroadcast(entry)) {
            return "B";
        }
        return isEmpty(entry) ? "-" : describeSharers(entry);
    }

    /**
     * The sharer record of a shared, non-broadcast entry, for {@link #describe}: by default the covered
     * cores in the format's order.
     *
     * @param entry the entry
     * @return e.g. {@code S[3,1]}
     */
    protected String describeSharers(final int entry) {
        final int[] cores = new int[maxTargets()];
        final int n = coveredCores(entry, cores);
        final StringBuilder text = new StringBuilder("S[");
        for (int i = 0; i < n; i++) {
            text.append(i == 0 ? "" : ",").append(cores[i]);
        }
        return text.append(']').toString();
    }

    @Override
    public long mapCacheMisses() {
        return 0;
    }

    @Override
    public long mapCacheLookups() {
        return 0;
    }
}
