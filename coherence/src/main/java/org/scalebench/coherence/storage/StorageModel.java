package org.scalebench.coherence.storage;

import org.scalebench.coherence.format.FormatSpec;

/**
 * Directory storage of each format as a function of the core count: the exact bit formulas, per entry,
 * per home slice and for the whole system, and the overhead relative to a 64-byte (512-bit) data line.
 *
 * <p>Bits per entry = sharer-tracking field + {@value #STATE_BITS} state bits (I, S, exclusive-owner and
 * broadcast need two bits); the address tag is left out because it is the same for every format. With
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
 * <p>Allocation: none. Thread-safety: immutable.
 */
public final class StorageModel {

    /** State bits per entry. */
    public static final int STATE_BITS = 2;
    /** Data bits in a 64-byte line. */
    public static final int LINE_BITS = 512;
    /** Logical sharers in a CDR sharer vector, the public sharer included. */
    public static final int CDR_VECTOR_BITS = 64;
    /** Largest core count the model accepts (2^30, OpenPiton's 30-bit global core id). */
    public static final int MAX_CORES = 1 << 30;

    private final int sharerDomains;
    private final long entriesPerCore;

    /**
     * Creates a model.
     *
     * @param sharerDomains D, the number of CDR sharer domains (OpenPiton: 1024), at least 1
     * @param entriesPerCore sparse-directory entries provisioned per core, at least 1
     */
    public StorageModel(final int sharerDomains, final long entriesPerCore) {
        if (sharerDomains < 1) {
            throw new IllegalArgumentException("sharer domains = " + sharerDomains + ": must be at least 1");
        }
        if (entriesPerCore < 1) {
            throw new IllegalArgumentException("directory entries per core = " + entriesPerCore
                    + ": must be at least 1");
        }
        this.sharerDomains = sharerDomains;
        this.entriesPerCore = entriesPerCore;
    }

    /**
     * {@code ceil(log2 x)} for x &gt;= 1 (0 for x = 1).
     *
     * @param x a positive value
     * @return the number of bits needed to number x values
     */
    public static int ceilLog2(final long x) {
        return x <= 1 ? 0 : 64 - Long.numberOfLeadingZeros(x - 1);
    }

    /**
     * Pointer width for N cores (at least 1 bit).
     *
     * @param cores N
     * @return {@code max(1, ceil(log2 N))}
     */
    public static int pointerBits(final int cores) {
        return Math.max(1, ceilLog2(cores));
    }

    /**
     * The pointer field of a pointer-based format: i pointers plus a count.
     *
     * @param pointers i
     * @param cores N
     * @return {@code i*P + ceil(log2(i+1))}
     */
    public static long pointerFieldBits(final int pointers, final int cores) {
        return (long) pointers * pointerBits(cores) + ceilLog2(pointers + 1L);
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
        return 1 << ceilLog2(minGroup);
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
                sharerField = CDR_VECTOR_BITS + ceilLog2(sharerDomains);
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
    public long totalBits(final FormatSpec format, final int cores) {
        return Math.multiplyExact((long) cores, bitsPerSlice(format, cores));
    }

    /**
     * Directory bits per entry relative to the 512 data bits of a line.
     *
     * @param format the format
     * @param cores N
     * @return bitsPerEntry / 512
     */
    public double overheadVsLine(final FormatSpec format, final int cores) {
        return (double) bitsPerEntry(format, cores) / LINE_BITS;
    }

    /**
     * Whether an exclusive owner's global id fits in the CDR vector (64 &gt;= ceil(log2 D) + P).
     *
     * @param cores N
     * @return true when cdr-sr can track an owner outside its domain exactly
     */
    public boolean cdrOwnerFits(final int cores) {
        return ceilLog2(sharerDomains) + pointerBits(cores) <= CDR_VECTOR_BITS;
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
     * Entries provisioned per core.
     *
     * @return entries per core
     */
    public long entriesPerCore() {
        return entriesPerCore;
    }

    private static void checkCores(final int cores) {
        if (cores < 2 || cores > MAX_CORES) {
            throw new IllegalArgumentException("cores = " + cores + ": must be in [2, " + MAX_CORES + "]");
        }
    }
}
