package org.scalebench.coherence.domain;

import java.util.Arrays;
import org.scalebench.coherence.home.HomeMapTable;
import org.scalebench.coherence.home.PitonHomeEncoder;
import org.scalebench.core.Bits;
import org.scalebench.core.Checks;

/**
 * The home domains of CDR Home Restriction and their Home Map Table (OpenPiton {@code l15_hmc.v}): a
 * home domain (HDID) is an ordered list of 1 to 64 home tiles; a line's logical home id (LHID, from the
 * home encoder) indexes it. The homes of a domain may be any tiles ("CDR is flexible and does not
 * restrict the location of the home nodes"); placing them near the domain's cores is the operating
 * system's policy.
 *
 * <p>Beside the table it keeps, per domain, the table composed with OpenPiton's home encoder: for each of the 64
 * patterns of six home bits, the home tile that {@link PitonHomeEncoder#encode} and the table give
 * ({@link #homeOfBits}), rebuilt by {@link #define}. A Piton-mapped access then costs one load instead of the
 * encoder and a load; it doubles the memory of the table (4 bytes per domain and logical home id each).
 *
 * <p>Allocation: none after construction. Thread-safety: not thread-safe.
 */
public final class HomeDomains implements HomeMapTable {

    /** Logical home ids per domain in the table. */
    public static final int ROW = PitonHomeEncoder.MAX_HOMES;

    private final int domains;
    private final int homes;
    private final int[] table;
    /** {@code tileOfBits[hdid * 64 + bits] = table[hdid * 64 + PitonHomeEncoder.encode(bits, size)]}, or -1. */
    private final int[] tileOfBits;
    private final int[] sizes;
    private final MapCacheBank homeMapCaches;

    /**
     * Creates {@code domains} empty home domains over {@code homes} home tiles.
     *
     * @param domains number of home domains, at least 1
     * @param homes home tiles in the machine, at least 1
     * @param homeMapCaches the cores' Home Map Caches, flushed when a domain changes (may be null)
     */
    public HomeDomains(final int domains, final int homes, final MapCacheBank homeMapCaches) {
        Checks.requireInRange("home domains", domains, 1, Bits.MAX_ARRAY_LENGTH / ROW); // the table is one array
        Checks.requireAtLeast("homes", homes, 1);
        this.domains = domains;
        this.homes = homes;
        this.table = new int[domains * ROW];
        this.tileOfBits = new int[domains * ROW];
        this.sizes = new int[domains];
        this.homeMapCaches = homeMapCaches;
        Arrays.fill(table, -1);
        Arrays.fill(tileOfBits, -1);
    }

    /**
     * Defines (or redefines) a home domain; redefinition flushes its mappings from every Home Map Cache.
     *
     * @param hdid the domain id
     * @param homeTiles the home tiles in LHID order, 1 to 64 distinct tiles
     */
    public void define(final int hdid, final int[] homeTiles) {
        Checks.requireIndex("home domain id", hdid, domains);
        PitonHomeEncoder.checkHomes(homeTiles.length);
        final String tile = "home domain " + hdid + ": home tile";
        DomainMembers.requireDistinct(homeTiles, homes, tile, tile);
        final int base = hdid * ROW;
        final boolean redefined = sizes[hdid] > 0;
        Arrays.fill(table, base, base + ROW, -1);
        System.arraycopy(homeTiles, 0, table, base, homeTiles.length);
        for (int bits = 0; bits < ROW; bits++) {
            tileOfBits[base + bits] = homeTiles[PitonHomeEncoder.encode(bits, homeTiles.length)];
        }
        sizes[hdid] = homeTiles.length;
        if (redefined && homeMapCaches != null) {
            homeMapCaches.flushDomain(hdid);
        }
    }

    /**
     * Number of homes of a domain (HD_SIZE).
     *
     * @param hdid the domain
     * @return its size, 0 when undefined
     */
    @Override
    public int size(final int hdid) {
        return sizes[hdid];
    }

    /**
     * The Home Map Table: the physical home tile of a logical home. Unchecked, as the table lookup in
     * hardware is: a domain that was never defined (size 0) has no tiles and returns -1, so callers define
     * every domain they map accesses of first ({@link #size} says whether a domain is defined;
     * {@code CoherenceSimulator} defines one per domain of the workload before it starts).
     *
     * @param hdid the domain
     * @param lhid the logical home id, in [0, size)
     * @return the home tile, or -1 for a domain that was never defined
     */
    @Override
    public int home(final int hdid, final int lhid) {
        return table[hdid * ROW + lhid];
    }

    /**
     * The home tile of a line whose six home bits are {@code homeBits} under OpenPiton's encoder: equal to
     * {@code home(hdid, PitonHomeEncoder.encode(homeBits, size(hdid)))}, read from the composed table in one load.
     * Unchecked, as {@link #home} is.
     *
     * @param hdid the domain
     * @param homeBits the six selected address bits, in [0, 64)
     * @return the home tile, or -1 for a domain that was never defined
     */
    @Override
    public int homeOfBits(final int hdid, final int homeBits) {
        return tileOfBits[hdid * ROW + homeBits];
    }

    /**
     * Number of home domains.
     *
     * @return domains
     */
    public int domains() {
        return domains;
    }

    /**
     * Home tiles in the machine.
     *
     * @return homes
     */
    public int homes() {
        return homes;
    }
}
