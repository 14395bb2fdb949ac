package org.scalebench.coherence.format;

import org.scalebench.coherence.domain.MapCacheBank;
import org.scalebench.coherence.domain.SharerDomains;

/**
 * {@code cdr-sr}: CDR Sharer Restriction as OpenPiton's L2 directory implements it
 * ({@code docs/cdr-mechanism.md}, section 2). Each entry holds a 64-bit logical-sharer vector and the line's
 * sharer domain (SDID): bit L set means logical sharer L of that domain holds the line. Storage is
 * constant in the machine size.
 *
 * <pre>
 *   mode[entry]     EMPTY | SHARED (vector valid) | BROADCAST (B state) | OWNED
 *   vector[entry]   SHARED: bit L = logical sharer L holds the line
 *   sdid[entry]     the line's sharer domain
 *   owner[entry]    OWNED: the owner's full global id (exact even outside the domain)
 * </pre>
 *
 * <p>A read by the public sharer (LSID 63: a core outside the domain), or by a core presenting another
 * domain's id, moves the line to BROADCAST; it stays there until an exclusive request resets it, and its
 * invalidations go to every core. Invalidation targets of a SHARED line are the logical sharers translated
 * through the Sharer Map Table, looked up in the home's 16-entry Sharer Map Cache; every miss is counted
 * (the protocol charges a table fetch for each).
 *
 * <p>Allocation: at construction only. Thread-safety: none.
 */
public final class CdrSharerFormat extends AbstractDirectoryFormat {

    private static final byte EMPTY = 0;
    private static final byte SHARED = 1;
    private static final byte BROADCAST = 2;
    private static final byte OWNED = 3;

    private final SharerDomains domains;
    private final MapCacheBank sharerMapCaches;
    private final long[] vector;
    private final int[] sdid;
    private final byte[] mode;
    private long lookups;
    private long misses;

    /**
     * Creates the format.
     *
     * @param capacity directory entries
     * @param domains the sharer domains and their map table
     * @param sharerMapCaches one Sharer Map Cache per home slice
     */
    public CdrSharerFormat(final int capacity, final SharerDomains domains, final MapCacheBank sharerMapCaches) {
        super(new FormatSpec(FormatSpec.Kind.CDR_SR, 0), capacity, domains.cores());
        this.domains = domains;
        this.sharerMapCaches = sharerMapCaches;
        this.vector = new long[capacity];
        this.sdid = new int[capacity];
        this.mode = new byte[capacity];
    }

    @Override
    public int maxTargets() {
        return SharerDomains.MAX_MEMBERS;
    }

    @Override
    protected void clearSharers(final int entry) {
        mode[entry] = EMPTY;
        vector[entry] = 0;
    }

    @Override
    protected boolean hasNoSharers(final int entry) {
        final byte m = mode[entry];
        return m != SHARED && m != BROADCAST;
    }

    @Override
    public int addSharer(final int entry, final int core, final int lineSdid) {
        assert isCore(core) : coreOutOfRange(core);
        final byte m = mode[entry];
        if (m == BROADCAST) {
            return NONE;
        }
        if (m == EMPTY) {
            sdid[entry] = lineSdid;
            mode[entry] = SHARED;
        } else if (sdid[entry] != lineSdid) {
            mode[entry] = BROADCAST; // a request under another domain id: only a broadcast stays safe
            return NONE;
        }
        final int lsid = domains.lsid(lineSdid, core);
        if (lsid == SharerDomains.PUBLIC_SHARER) {
            mode[entry] = BROADCAST;
        } else {
            vector[entry] |= 1L << lsid;
        }
        return NONE;
    }

    @Override
    public void removeSharer(final int entry, final int core) {
        if (mode[entry] != SHARED) {
            return;
        }
        final int lsid = domains.lsid(sdid[entry], core);
        if (lsid != SharerDomains.PUBLIC_SHARER) {
            final long v = vector[entry] & ~(1L << lsid);
            vector[entry] = v;
            if (v == 0) {
                mode[entry] = EMPTY;
            }
        }
    }

    @Override
    public void setOwner(final int entry, final int core, final int lineSdid) {
        assert isCore(core) : coreOutOfRange(core);
        mode[entry] = OWNED;
        vector[entry] = 0;
        sdid[entry] = lineSdid;
        owner[entry] = core;
    }

    @Override
    public boolean isBroadcast(final int entry) {
        return mode[entry] == BROADCAST;
    }

    @Override
    public boolean isExact(final int entry) {
        return mode[entry] != BROADCAST;
    }

    @Override
    public int invalidationTargets(final int entry, final int home, final int[] out) {
        final int n = coveredCores(entry, out);
        if (n > 0) {
            lookUpSharerMaps(entry, home);
        }
        return n;
    }

    /** The home's Sharer Map Cache lookups of a walk over the entry's logical sharers. */
    private void lookUpSharerMaps(final int entry, final int home) {
        final int domain = sdid[entry];
        for (long v = vector[entry]; v != 0; v &= v - 1) {
            // one lookup per logical sharer; the four sharers of a table row share a cache entry
            lookups++;
            if (!sharerMapCaches.access(home, domain, Long.numberOfTrailingZeros(v))) {
                misses++;
            }
        }
    }

    @Override
    public int coveredCores(final int entry, final int[] out) {
        if (mode[entry] != SHARED) {
            return 0;
        }
        final int domain = sdid[entry];
        int n = 0;
        for (long v = vector[entry]; v != 0; v &= v - 1) {
            out[n++] = domains.globalCore(domain, Long.numberOfTrailingZeros(v));
        }
        return n;
    }

    @Override
    protected String describeSharers(final int entry) {
        return "D" + sdid[entry] + ":" + Long.toHexString(vector[entry]);
    }

    /**
     * The sharer domain recorded for an entry.
     *
     * @param entry the entry
     * @return its SDID (meaningful unless empty)
     */
    public int sharerDomain(final int entry) {
        return sdid[entry];
    }

    /**
     * The raw logical-sharer vector.
     *
     * @param entry the entry
     * @return bit L = logical sharer L
     */
    public long logicalSharers(final int entry) {
        return vector[entry];
    }

    @Override
    public long mapCacheMisses() {
        return misses;
    }

    @Override
    public long mapCacheLookups() {
        return lookups;
    }
}
