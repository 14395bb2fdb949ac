package org.scalebench.coherence;

/**
 * How the simulated machines split a physical byte address: 64-byte cache lines (the coherence unit of
 * OpenPiton's L2 and of PriME, so of every directory entry, message and home mapping here) in 4 KiB pages (the
 * unit the workloads place in domains and the memory controllers interleave). One place for both sizes:
 *
 * <pre>
 *   byte address   | page number (address &gt;&gt;&gt; 12) | line in page (6 bits) | byte in line (6 bits) |
 *   line index     = address &gt;&gt;&gt; {@value #LINE_SHIFT}          (what caches, directories and homes key on)
 *   page of a line = line &gt;&gt;&gt; {@value #LINES_PER_PAGE_SHIFT}
 * </pre>
 * The constants are compile-time constants, so a hot loop that shifts by {@link #LINE_SHIFT} compiles to the
 * same code as a literal {@code 6}; the methods are one shift each, for code that is not hot.
 *
 * <p>Stateless; allocates nothing. Thread-safe.
 */
public final class LineAddress {

    /** Bytes in a cache line. */
    public static final int LINE_BYTES = 64;
    /** {@code log2(LINE_BYTES)}: the byte-in-line bits below a line index. */
    public static final int LINE_SHIFT = 6;
    /** Data bits in a cache line (512). */
    public static final int LINE_BITS = LINE_BYTES * Byte.SIZE;
    /** Bytes in a page. */
    public static final int PAGE_BYTES = 4096;
    /** {@code log2(PAGE_BYTES)}: the byte-in-page bits below a page number. */
    public static final int PAGE_SHIFT = 12;
    /** {@code log2} of the lines in a page: the line-in-page bits below a page number in a line index. */
    public static final int LINES_PER_PAGE_SHIFT = PAGE_SHIFT - LINE_SHIFT;
    /** Lines in a page (64). */
    public static final int LINES_PER_PAGE = 1 << LINES_PER_PAGE_SHIFT;

    private LineAddress() {
    }

    /**
     * The line a byte address falls in.
     *
     * @param address a physical byte address (read as unsigned)
     * @return its line index, {@code address / 64}
     */
    public static long lineOf(final long address) {
        return address >>> LINE_SHIFT;
    }

    /**
     * The first byte address of a line.
     *
     * @param line a line index
     * @return {@code line * 64}
     */
    public static long addressOf(final long line) {
        return line << LINE_SHIFT;
    }

    /**
     * The page a byte address falls in.
     *
     * @param address a physical byte address (read as unsigned)
     * @return its page number, {@code address / 4096}
     */
    public static long pageOf(final long address) {
        return address >>> PAGE_SHIFT;
    }
}
