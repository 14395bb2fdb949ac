package org.scalebench.coherence.format;

import java.util.Arrays;
import org.scalebench.core.Checks;

/**
 * What every format shares: the spec, sizes and the exclusive-owner array. Formats without a map cache
 * report zero map-cache traffic.
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
