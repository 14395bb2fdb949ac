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
 * <p>Beside the table it keeps, per domain, the table composed with OpenPiton's home encoder: for each pattern of
 * home bits, the home tile that {@link PitonHomeEncoder#encode} and the table give ({@link #homeOfBits}), rebuilt
 * by {@link #define}. A Piton-mapped access then costs one load instead of the encoder and a load.
 *
 * <p>Layout: both tables are one array each, with a row of {@code 2^r} entries per domain, {@code r = ceil(log2)}
 * of the largest domain defined so far (16 entries when no domain has more than 16 homes), not the 64 a domain
 * may have: the encoder reads only the low {@code ceil(log2 size)} of the six home bits, so a composed row of
 * {@code 2^r} patterns is complete. A 16-home machine's rows are then one 64-byte host cache line each, adjacent,
 * where rows of 64 entries put the rows an access stream touches 256 bytes apart, on a quarter of the host's L1
 * sets, and the composed rows 4 times larger; {@code r} is a field, read once, not a per-domain load on the
 * access's path. Defining a domain larger than every earlier one widens every row (both tables are laid out
 * again).
 *
 * <p>Allocation: none after construction. Thread-safety: not thread-safe.
 */
public final class HomeDomains implements HomeMapTable {

    /** Logical home ids per domain in the table. */
    public static final int ROW = PitonHomeEncoder.MAX_HOMES;

    private final int domains;
    private final int homes;
    /** {@code table[(hdid << rowShift) + lhid]}: the home tiles of each domain, -1 past its size. */
    private final int[] table;
    /**
     * {@code tileOfBits[(hdid << rowShift) + b] = table[(hdid << rowShift) + PitonHomeEncoder.encode(b, size)]}
     * for {@code b < 2^rowShift}, or -1 for a domain that was never defined.
     */
    private final int[] tileOfBits;
    /** {@code ceil(log2)} of the largest domain defined: a composed row holds {@code 2^rowShift} patterns. */
    private int rowShift;
    /** {@code 2^rowShift - 1}: the home bits the encoder reads in every defined domain. */
    private int rowMask;
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
        final boolean redefined = sizes[hdid] > 0;
        final int shift = Bits.ceilLog2(homeTiles.length);
        if (shift > rowShift) {
            widen(shift);
        }
        final int base = hdid << rowShift;
        Arrays.fill(table, base, base + rowMask + 1, -1);
        System.arraycopy(homeTiles, 0, table, base, homeTiles.length);
        sizes[hdid] = homeTiles.length;
        composeRow(hdid);
        if (redefined && homeMapCaches != null) {
            homeMapCaches.flushDomain(hdid);
        }
    }

    /**
     * Lays both tables out again with rows of {@code 2^shift} entries: each domain's row moves up to its new place,
     * last domain first (a row's new place starts at or after its old one and ends where the next domain's new
     * place begins, so no row is overwritten before it has moved), and the new entries are -1.
     */
    private void widen(final int shift) {
        final int oldWidth = rowMask + 1;
        final int width = 1 << shift;
        for (int d = domains - 1; d >= 0; d--) {
            final int from = d * oldWidth;
            final int to = d * width;
            System.arraycopy(table, from, table, to, oldWidth);
            Arrays.fill(table, to + oldWidth, to + width, -1);
        }
        rowShift = shift;
        rowMask = width - 1;
        Arrays.fill(tileOfBits, -1);
        for (int d = 0; d < domains; d++) {
            composeRow(d);
        }
    }

    /** Writes domain {@code hdid}'s composed row at the current row width (nothing for an undefined domain). */
    private void composeRow(final int hdid) {
        final int size = sizes[hdid];
        if (size == 0) {
            return;
        }
        final int base = hdid << rowShift;
        for (int bits = 0; bits <= rowMask; bits++) {
            tileOfBits[base + bits] = table[base + PitonHomeEncoder.encode(bits, size)];
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
     * hardware is: a domain that was never defined (size 0) has no tiles and returns -1 (for LHID 0, what a
     * mapping onto 0 homes gives), so callers define every domain they map accesses of first ({@link #size} says
     * whether a domain is defined; {@code CoherenceSimulator} defines one per domain of the workload before it
     * starts). An LHID from the domain's size up to its row's end ({@code 2^ceil(log2)} of the largest domain)
     * reads -1 too. The caller guarantees the ranges (an {@code assert} checks them when assertions are enabled):
     * an LHID past the row reads the next domain's row (with rows of 16, {@code home(d, 16)} is domain
     * {@code d + 1}'s first home), a negative one the previous domain's, and a domain past the last reads -1.
     *
     * @param hdid the domain, in [0, {@link #domains()})
     * @param lhid the logical home id, in [0, size)
     * @return the home tile, or -1 for a domain that was never defined (or an LHID past its size)
     */
    @Override
    public int home(final int hdid, final int lhid) {
        assert hdid >= 0 && hdid < domains && lhid >= 0 && lhid <= rowMask
                : "hdid = " + hdid + ", lhid = " + lhid + ": must be in [0, " + domains + ") and [0, "
                        + (rowMask + 1) + ") (the domains' rows)";
        return table[(hdid << rowShift) + lhid];
    }

    /**
     * The home tile of a line whose six home bits are {@code homeBits} under OpenPiton's encoder: equal to
     * {@code home(hdid, PitonHomeEncoder.encode(homeBits, size(hdid)))}, read from the composed table in one load.
     * Unchecked, as {@link #home} is: bits above those the encoder reads are ignored, and a domain past the last
     * reads -1 as an undefined one would (an {@code assert} checks the domain when assertions are enabled).
     *
     * @param hdid the domain, in [0, {@link #domains()})
     * @param homeBits the six selected address bits, in [0, 64)
     * @return the home tile, or -1 for a domain that was never defined
     */
    @Override
    public int homeOfBits(final int hdid, final int homeBits) {
        assert hdid >= 0 && hdid < domains : "hdid = " + hdid + ": must be in [0, " + domains + ")";
        return tileOfBits[(hdid << rowShift) + (homeBits & rowMask)];
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
