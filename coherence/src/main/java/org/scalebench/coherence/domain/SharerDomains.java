package org.scalebench.coherence.domain;

import java.util.Arrays;
import org.scalebench.core.Bits;
import org.scalebench.core.Checks;

/**
 * The sharer domains of CDR Sharer Restriction and their Sharer Map Table (OpenPiton's
 * {@code l2_smc.v} and TLB CSM fields; docs/cdr-model.md): a sharer domain (SDID) is an ordered list of up to 63 global cores; a core's position in the
 * list is its logical sharer id (LSID), its bit in the directory's 64-bit sharer vector. LSID 63 is the
 * <em>public sharer</em>: any core outside the domain accesses the domain's lines as LSID 63, which moves
 * the line to the broadcast state.
 *
 * <p>The table ({@code SDID x 64 -> global core}) is what the home reads (through its Sharer Map Cache) to
 * turn LSIDs into invalidation targets. The reverse mapping, core to LSID, is written by software into
 * each core's TLB in hardware; here {@link #lsid} looks it up, through a per-core primary domain for
 * VM- and application-level assignment and a scan of the (at most 63-entry) row otherwise.
 *
 * <p>Allocation: none after construction. Thread-safety: not thread-safe.
 */
public final class SharerDomains {

    /** Logical sharer id of any core outside the line's domain. */
    public static final int PUBLIC_SHARER = 63;
    /** Largest sharer domain: 64 logical sharers minus the public one. */
    public static final int MAX_MEMBERS = 63;
    /** Logical sharer ids per domain in the table. */
    public static final int ROW = 64;

    private final int domains;
    private final int cores;
    private final int[] table;
    private final int[] sizes;
    private final int[] primaryDomain;
    private final byte[] primaryLsid;
    private final MapCacheBank sharerMapCaches;

    /**
     * Creates {@code domains} empty sharer domains over {@code cores} cores.
     *
     * @param domains number of sharer domains (OpenPiton: 1024), at least 1
     * @param cores cores in the machine, at least 1
     * @param sharerMapCaches the homes' Sharer Map Caches, flushed when a domain changes (may be null)
     */
    public SharerDomains(final int domains, final int cores, final MapCacheBank sharerMapCaches) {
        Checks.requireInRange("sharer domains", domains, 1, Bits.MAX_ARRAY_LENGTH / ROW); // the table is one array
        Checks.requireAtLeast("cores", cores, 1);
        this.domains = domains;
        this.cores = cores;
        this.table = new int[domains * ROW];
        this.sizes = new int[domains];
        this.primaryDomain = new int[cores];
        this.primaryLsid = new byte[cores];
        this.sharerMapCaches = sharerMapCaches;
        Arrays.fill(table, -1);
        Arrays.fill(primaryDomain, -1);
    }

    /**
     * Defines (or redefines) a sharer domain. Redefinition flushes the domain's cached mappings from every
     * Sharer Map Cache, as the hypervisor does in OpenPiton before changing a domain.
     *
     * @param sdid the domain id
     * @param members the member cores in LSID order, 1 to 63 distinct cores
     */
    public void define(final int sdid, final int[] members) {
        checkDomain(sdid);
        if (members.length < 1 || members.length > MAX_MEMBERS) {
            throw new IllegalArgumentException("sharer domain " + sdid + ": " + members.length
                    + " members: must be in [1, " + MAX_MEMBERS + "] (64 logical sharers, LSID 63 is the public sharer)");
        }
        DomainMembers.requireDistinct(members, cores, "core", "sharer domain " + sdid + ": core");
        final int base = sdid * ROW;
        final boolean redefined = sizes[sdid] > 0;
        for (int i = 0; i < sizes[sdid]; i++) {
            final int old = table[base + i];
            if (primaryDomain[old] == sdid) {
                primaryDomain[old] = -1;
            }
            table[base + i] = -1;
        }
        for (int i = 0; i < members.length; i++) {
            table[base + i] = members[i];
        }
        sizes[sdid] = members.length;
        if (redefined && sharerMapCaches != null) {
            sharerMapCaches.flushDomain(sdid);
        }
    }

    /**
     * Makes {@code sdid} the primary domain of each of its members (VM- or application-level assignment:
     * the core's configuration register names one domain), so {@link #lsid} needs no scan for it.
     *
     * @param sdid a defined domain
     * @throws IllegalArgumentException if {@code sdid} is out of range or not defined
     */
    public void makePrimary(final int sdid) {
        checkDomain(sdid);
        if (sizes[sdid] == 0) {
            throw new IllegalArgumentException("sharer domain id = " + sdid + ": not defined (define it first)");
        }
        final int base = sdid * ROW;
        for (int i = 0; i < sizes[sdid]; i++) {
            primaryDomain[table[base + i]] = sdid;
            primaryLsid[table[base + i]] = (byte) i;
        }
    }

    /**
     * The logical sharer id of {@code core} in domain {@code sdid}. Unchecked, on the directory's access path: the
     * caller guarantees both ranges (an {@code assert} checks them when assertions are enabled). A core out of
     * range, or a domain past the last, throws {@link ArrayIndexOutOfBoundsException}, but domain -1 (the "no
     * domain" of an unset field) matches every core without a primary domain and returns that core's last primary
     * LSID, 0 for a core never made primary: a wrong sharer bit, not an error.
     *
     * @param sdid the line's sharer domain, in [0, {@link #domains()})
     * @param core the accessing core, in [0, {@link #cores()})
     * @return the LSID in [0, 63), or {@link #PUBLIC_SHARER} when the core is not a member
     */
    public int lsid(final int sdid, final int core) {
        assert sdid >= 0 && sdid < domains && core >= 0 && core < cores
                : "sdid = " + sdid + ", core = " + core + ": must be in [0, " + domains + ") and [0, " + cores + ")";
        if (primaryDomain[core] == sdid) {
            return primaryLsid[core];
        }
        final int base = sdid * ROW;
        final int[] t = this.table;
        for (int i = 0, n = sizes[sdid]; i < n; i++) {
            if (t[base + i] == core) {
                return i;
            }
        }
        return PUBLIC_SHARER;
    }

    /**
     * The Sharer Map Table: the global core of a logical sharer. Unchecked, on the invalidation path: the caller
     * guarantees both ranges (an {@code assert} checks them when assertions are enabled). An LSID outside
     * [0, 64) reads another domain's row ({@code globalCore(d, 64)} is the first member of domain {@code d + 1}).
     *
     * @param sdid the domain, in [0, {@link #domains()})
     * @param lsid the logical sharer id, in [0, {@link #ROW})
     * @return the global core, or -1 for an unused LSID
     */
    public int globalCore(final int sdid, final int lsid) {
        assert sdid >= 0 && sdid < domains && lsid >= 0 && lsid < ROW
                : "sdid = " + sdid + ", lsid = " + lsid + ": must be in [0, " + domains + ") and [0, " + ROW + ")";
        return table[sdid * ROW + lsid];
    }

    /**
     * Members of a domain.
     *
     * @param sdid the domain
     * @return its member count (0 when undefined)
     */
    public int size(final int sdid) {
        return sizes[sdid];
    }

    /**
     * Number of sharer domains.
     *
     * @return D
     */
    public int domains() {
        return domains;
    }

    /**
     * Cores in the machine.
     *
     * @return cores
     */
    public int cores() {
        return cores;
    }

    private void checkDomain(final int sdid) {
        Checks.requireIndex("sharer domain id", sdid, domains);
    }
}
