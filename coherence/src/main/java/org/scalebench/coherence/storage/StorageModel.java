package org.scalebench.coherence.storage;

import java.math.BigInteger;

import org.scalebench.coherence.LineAddress;
import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.core.Bits;
import org.scalebench.core.Checks;

/**
 * Directory storage of each format as a function of the core count: the exact bit formulas, per entry,
 * per home slice and for the whole system, and the overhead relative to a 64-byte (512-bit) data line.
 *
 * <p>Bits per entry = sharer-tracking field + {@value #STATE_BITS} state bits (I, S, exclusive-owner and
 * broadcast need two bits). The address tag of a sparse-directory entry ({@link #tagBits()}: physical
 * address bits - 6 line-offset bits - log2 of the sets per slice) is the same for every format and is
 * counted separately ({@link #entryBitsWithTag}). With
 * {@code P = ceil(log2 N)} pointer bits and {@code c(i) = ceil(log2(i + 1))} bits to count up to i
 * pointers:
 *
 * <pre>
 *   full-map           N
 *   dir-b-i            i*P + c(i) + 1          (the extra bit is the broadcast state)
 *   dir-nb-i           i*P + c(i)
 *   coarse-vector-i    i*P + c(i) + 1          (mode bit; on overflow the same i*P + c(i) bits hold one bit
 *                                               per group of r = 2^ceil(log2(N / (i*P + c(i)))) cores)
 *   cdr-sr             64 + ceil(log2 D)       (64 logical sharers, D sharer domains; an exclusive owner's
 *                                               full global id reuses the 64-bit vector, which needs
 *                                               64 &gt;= ceil(log2 D) + P)
 * </pre>
 * Only {@code cdr-sr} is independent of N ("Sharer Restriction achieves constant storage overhead as core
 * count increases", CDR abstract). OpenPiton additionally hides the SDID in spare state bits; it is
 * counted here, which is conservative.
 *
 * <p>A sparse directory is provisioned with {@code entriesPerCore} entries per core (one home slice per
 * core); total bits = cores * entriesPerCore * bitsPerEntry.
 *
 * <p>The map caches of CDR (OpenPiton {@code l2_smc.v}, {@code l15_hmc.v}): an entry caches 4 mappings of
 * a table row, tagged by the domain id and the logical id's upper bits, each mapping a valid bit and a
 * global core id:
 * <pre>
 *   Sharer Map Cache, per home slice (cdr-sr)    entries * (ceil(log2 D) + 4 + 4 * (1 + P))
 *   Home Map Cache, per core (Home Restriction)  entries * (ceil(log2 HD) + 4 + 4 * (1 + P))
 * </pre>
 * (OpenPiton: 16 x (10 + 4 + 4 x (1 + 30)) = 2,208 bits with its fixed 30-bit global ids; here the id has
 * P = ceil(log2 N) bits.)
 *
 * <p>Allocation: none. Thread-safety: immutable.
 */
public final class StorageModel {

    /** State bits per entry. */
    public static final int STATE_BITS = 2;
    /** Logical sharers in a CDR sharer vector, the public sharer included. */
    public static final int CDR_VECTOR_BITS = 64;
    /** Largest core count the model accepts (2^30, OpenPiton's 30-bit global core id). */
    public static final int MAX_CORES = 1 << 30;
    /**
     * The most directory entries per core a model accepts (2^32): with it a home slice's bits fit a
     * {@code long} for every format at {@link #MAX_CORES}; whole-machine totals are exact {@link BigInteger}s.
     */
    public static final long MAX_ENTRIES_PER_CORE = 1L << 32;

    private final int sharerDomains;
    private final long entriesPerCore;
    private final int tagBits;
    private final int mapCacheEntries;
    private final int homeDomains;

    /**
     * Creates a model.
     *
     * @param sharerDomains D, the number of CDR sharer domains (OpenPiton: 1024), at least 1
     * @param entriesPerCore sparse-directory entries provisioned per core, in [1, {@link #MAX_ENTRIES_PER_CORE}]
     */
    public StorageModel(final int sharerDomains, final long entriesPerCore) {
        Checks.requireAtLeast("sharer domains", sharerDomains, 1);
        checkEntriesPerCore(entriesPerCore);
        this.sharerDomains = sharerDomains;
        this.entriesPerCore = entriesPerCore;
        this.tagBits = 0;
        this.mapCacheEntries = 0;
        this.homeDomains = 1;
    }

    /**
     * Creates a model that also counts tags and map caches.
     *
     * @param sharerDomains D, at least 1
     * @param entriesPerCore sparse-directory entries per core, in [1, {@link #MAX_ENTRIES_PER_CORE}]
     * @param tagBits address-tag bits of a directory entry, at least 0
     * @param mapCacheEntries entries of each Sharer and Home Map Cache, at least 0
     * @param homeDomains HD, the number of home domains, at least 1
     */
    public StorageModel(final int sharerDomains, final long entriesPerCore, final int tagBits,
            final int mapCacheEntries, final int homeDomains) {
        Checks.requireAtLeast("sharer domains", sharerDomains, 1);
        checkEntriesPerCore(entriesPerCore);
        if (tagBits < 0 || mapCacheEntries < 0 || homeDomains < 1) {
            throw new IllegalArgumentException("tag bits = " + tagBits + ", map-cache entries = " + mapCacheEntries
                    + ", home domains = " + homeDomains + ": must be >= 0, >= 0, >= 1");
        }
        this.sharerDomains = sharerDomains;
        this.entriesPerCore = entriesPerCore;
        this.tagBits = tagBits;
        this.mapCacheEntries = mapCacheEntries;
        this.homeDomains = homeDomains;
    }

    /**
     * The same model with another number of sharer domains.
     *
     * @param domains D, at least 1
     * @return the copy
     */
    public StorageModel withSharerDomains(final int domains) {
        return new StorageModel(domains, entriesPerCore, tagBits, mapCacheEntries, homeDomains);
    }

    /**
     * Address-tag bits of a directory entry (0 when the model was built without).
     *
     * @return bits
     */
    public int tagBits() {
        return tagBits;
    }

    /**
     * Bits of one entry with its tag.
     *
     * @param format the format
     * @param cores N
     * @return bitsPerEntry + tagBits
     */
    public long entryBitsWithTag(final FormatSpec format, final int cores) {
        return bitsPerEntry(format, cores) + tagBits;
    }

    /**
     * Sharer Map Cache bits of one home slice (cdr-sr only).
     *
     * @param format the format
     * @param cores N
     * @return bits, 0 for other formats
     */
    public long sharerMapCacheBits(final FormatSpec format, final int cores) {
        checkCores(cores);
        if (format.kind() != FormatSpec.Kind.CDR_SR) {
            return 0;
        }
        return mapCacheBits(sharerDomains, cores);
    }

    /**
     * Home Map Cache bits of one core (with Home Restriction).
     *
     * @param cores N
     * @return bits
     */
    public long homeMapCacheBits(final int cores) {
        checkCores(cores);
        return mapCacheBits(homeDomains, cores);
    }

    private long mapCacheBits(final int domains, final int cores) {
        return (long) mapCacheEntries * (Bits.ceilLog2(domains) + 4 + 4L * (1 + pointerBits(cores)));
    }

    /**
     * Directory bits of the whole system with tags and, for cdr-sr, the Sharer Map Caches (one slice per
     * core).
     *
     * @param format the format
     * @param cores N
     * @return cores * (entriesPerCore * (bitsPerEntry + tagBits) + sharerMapCacheBits)
     */
    public BigInteger totalBitsWithTags(final FormatSpec format, final int cores) {
        final long perSlice = Math.addExact(Math.multiplyExact(entriesPerCore, entryBitsWithTag(format, cores)),
                sharerMapCacheBits(format, cores));
        return BigInteger.valueOf(cores).multiply(BigInteger.valueOf(perSlice));
    }

    /**
     * Pointer width for N cores (at least 1 bit).
     *
     * @param cores N
     * @return {@code max(1, ceil(log2 N))}
     */
    public static int pointerBits(final int cores) {
        return Math.max(1, Bits.ceilLog2(cores));
    }

    /**
     * The pointer field of a pointer-based format: i pointers plus a count.
     *
     * @param pointers i
     * @param cores N
     * @return {@code i*P + ceil(log2(i+1))}
     */
    public static long pointerFieldBits(final int pointers, final int cores) {
        return (long) pointers * pointerBits(cores) + Bits.ceilLog2(pointers + 1L);
    }

    /**
     * The coarse-vector group size r: the smallest power of two such that ceil(N / r) groups fit in the
     * pointer field.
     *
     * @param pointers i
     * @param cores N
     * @return r, a power of two
     */
    public static int coarseGroupSize(final int pointers, final int cores) {
        final long field = pointerFieldBits(pointers, cores);
        final long minGroup = (cores + field - 1) / field;
        return 1 << Bits.ceilLog2(minGroup);
    }

    /** Presence bits of one level of a hierarchical directory: 64 children (cores of a server, servers...). */
    public static final int HIER_FANOUT = 64;

    /**
     * Levels of a hierarchical directory of 64-way levels over {@code cores} cores.
     *
     * @param cores N, at least 2
     * @return {@code ceil(log64 N)}
     */
    public static int hierarchyLevels(final int cores) {
        return (Bits.ceilLog2(cores) + 5) / 6;
    }

    /**
     * Sharer-tracking plus state bits of one directory entry.
     *
     * @param format the format
     * @param cores N, in [2, 2^30]
     * @return bits per entry
     */
    public long bitsPerEntry(final FormatSpec format, final int cores) {
        checkCores(cores);
        final long sharerField;
        switch (format.kind()) {
            case FULL_MAP:
                sharerField = cores;
                break;
            case DIR_B:
            case COARSE_VECTOR:
                sharerField = pointerFieldBits(format.pointers(), cores) + 1;
                break;
            case DIR_NB:
                sharerField = pointerFieldBits(format.pointers(), cores);
                break;
            case CDR_SR:
                sharerField = CDR_VECTOR_BITS + Bits.ceilLog2(sharerDomains);
                break;
            case HIER:
                sharerField = HIER_FANOUT * hierarchyLevels(cores);
                break;
            default:
                throw new IllegalStateException("unhandled format " + format);
        }
        return sharerField + STATE_BITS;
    }

    /**
     * Directory bits in one home slice.
     *
     * @param format the format
     * @param cores N
     * @return entriesPerCore * bitsPerEntry
     */
    public long bitsPerSlice(final FormatSpec format, final int cores) {
        return Math.multiplyExact(entriesPerCore, bitsPerEntry(format, cores));
    }

    /**
     * Directory bits of the whole system (one slice per core).
     *
     * @param format the format
     * @param cores N
     * @return cores * entriesPerCore * bitsPerEntry
     */
    public BigInteger totalBits(final FormatSpec format, final int cores) {
        return BigInteger.valueOf(cores).multiply(BigInteger.valueOf(bitsPerSlice(format, cores)));
    }

    /**
     * Directory bits per entry relative to the 512 data bits of a line.
     *
     * @param format the format
     * @param cores N
     * @return bitsPerEntry / 512
     */
    public double overheadVsLine(final FormatSpec format, final int cores) {
        return (double) bitsPerEntry(format, cores) / LineAddress.LINE_BITS;
    }

    /**
     * Whether an exclusive owner's global id fits in the CDR vector (64 &gt;= ceil(log2 D) + P).
     *
     * @param cores N
     * @return true when cdr-sr can track an owner outside its domain exactly
     */
    public boolean cdrOwnerFits(final int cores) {
        return Bits.ceilLog2(sharerDomains) + pointerBits(cores) <= CDR_VECTOR_BITS;
    }

    /**
     * Sharer domains D.
     *
     * @return D
     */
    public int sharerDomains() {
        return sharerDomains;
    }

    /**
     * Home domains HD.
     *
     * @return HD
     */
    public int homeDomains() {
        return homeDomains;
    }

    /**
     * Map-cache entries.
     *
     * @return entries of each map cache
     */
    public int mapCacheEntries() {
        return mapCacheEntries;
    }

    /**
     * Entries provisioned per core.
     *
     * @return entries per core
     */
    public long entriesPerCore() {
        return entriesPerCore;
    }

    private static void checkEntriesPerCore(final long entriesPerCore) {
        Checks.requireInRange("directory entries per core", entriesPerCore, 1, MAX_ENTRIES_PER_CORE);
    }

    private static void checkCores(final int cores) {
        Checks.requireInRange("cores", cores, 2, MAX_CORES);
    }
}
