package org.scalebench.bench.trace;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.scalebench.coherence.LineAddress;
import org.scalebench.coherence.sim.TraceSource;
import org.scalebench.core.Bits;
import org.scalebench.core.LineTable;

/**
 * The sharing of a trace, measured: how many 64-byte lines and 4 KiB pages are touched by 1, 2, 3-4, ... cores
 * (sharers over the whole trace), how many loads and stores go to lines that more than one core touches, how long
 * the runs of consecutive accesses from one core are, and the fraction of accesses that would come from outside
 * their domain under two first-touch rules an operating system could apply:
 *
 * <ul>
 *   <li><b>page-level, first k</b>: a page's domain is the first {@code k} distinct cores that touch it (k = 1, 2,
 *       4, 8, 16, 32, 63; 63 is CDR's logical sharers); an access by a later core is outside;</li>
 *   <li><b>application-level, groups of g</b>: the trace's cores are cut into groups of {@code g} consecutive
 *       numbers (g = 2, 4, 8, 16, 32), each a domain; a page belongs to the group of the core that touches it first
 *       (first-touch placement); an access by a core of another group is outside.</li>
 * </ul>
 * Two passes over the trace (cores, then everything). Memory: per line touched, a sharer bit set of the trace's
 * cores and two counters; per page, a bit set and the rank of each core's first touch. Not thread-safe.
 */
public final class SharingProfile {

    /** Upper bounds of the sharer-count buckets: 1, 2, 3-4, 5-8, ..., 33-64, more. */
    static final int[] BUCKET_LIMITS = {1, 2, 4, 8, 16, 32, 64, Integer.MAX_VALUE};
    /** The bucket names, as CSV column suffixes. */
    public static final List<String> BUCKETS = List.of("1", "2", "3_4", "5_8", "9_16", "17_32", "33_64", "65_plus");
    /** Page-level domain sizes measured. */
    public static final int[] PAGE_DOMAIN_SIZES = {1, 2, 4, 8, 16, 32, 63};
    /** Application-level group sizes measured. */
    public static final int[] APP_GROUP_SIZES = {2, 4, 8, 16, 32};
    private static final int BLOCK = 4096;
    /** Ranks above this are stored as this (only ranks below 64 are asked for). */
    private static final int MAX_RANK = 127;

    /** The measured numbers. */
    private long accesses;
    private long loads;
    private long stores;
    private int cores;
    private long lines;
    private long pages;
    private final long[] linesBySharers = new long[BUCKET_LIMITS.length];
    private final long[] pagesBySharers = new long[BUCKET_LIMITS.length];
    private long sharedLoads;
    private long sharedStores;
    private long writeSharedLines;
    private long runs;
    private final long[] pageOutside = new long[PAGE_DOMAIN_SIZES.length];
    private final long[] appOutside = new long[APP_GROUP_SIZES.length];

    private SharingProfile() {
    }

    /**
     * Measures a trace.
     *
     * @param trace a {@code .sbt} or CSV trace
     * @return its profile
     * @throws IOException when it cannot be read
     * @throws IllegalArgumentException when it is malformed (naming the file and record)
     */
    public static SharingProfile of(final Path trace) throws IOException {
        final SharingProfile p = new SharingProfile();
        final int[] core = new int[BLOCK];
        final boolean[] write = new boolean[BLOCK];
        final long[] address = new long[BLOCK];
        final int[] domain = new int[BLOCK];
        int maxCore = -1;
        try (TraceSource in = TraceSource.open(trace)) {
            int n;
            while ((n = in.read(core, write, address, domain, BLOCK)) > 0) {
                for (int i = 0; i < n; i++) {
                    maxCore = Math.max(maxCore, core[i]);
                }
            }
        }
        p.cores = maxCore + 1;
        if (p.cores == 0) {
            return p;
        }
        p.measure(trace, core, write, address, domain);
        return p;
    }

    private void measure(final Path trace, final int[] core, final boolean[] write, final long[] address,
            final int[] domain) throws IOException {
        final int words = (cores + 63) >>> 6;
        final LineTable lineSlot = new LineTable(1 << 16, -1);
        final LineTable pageSlot = new LineTable(1 << 12, -1);
        // every size checked before the first is allocated
        final int pageRankLength = length(1 << 12, cores, "pages");
        final int pageBitsLength = length(1 << 12, words, "pages");
        long[] lineBits = new long[length(1 << 16, words, "lines")];
        long[] lineLoads = new long[1 << 16];
        long[] lineStores = new long[1 << 16];
        long[] pageBits = new long[pageBitsLength];
        byte[] pageRank = new byte[pageRankLength];
        int[] pageCount = new int[1 << 12];
        int[] pageFirst = new int[1 << 12];
        int lineCount = 0;
        int pageTotal = 0;
        int lastCore = -1;
        try (TraceSource in = TraceSource.open(trace)) {
            int n;
            while ((n = in.read(core, write, address, domain, BLOCK)) > 0) {
                for (int i = 0; i < n; i++) {
                    final int c = core[i];
                    accesses++;
                    if (write[i]) {
                        stores++;
                    } else {
                        loads++;
                    }
                    if (c != lastCore) {
                        runs++;
                        lastCore = c;
                    }
                    final long line = address[i] >>> LineAddress.LINE_SHIFT;
                    int ls = lineSlot.get(line);
                    if (ls < 0) {
                        ls = lineCount++;
                        lineSlot.put(line, ls);
                        if (ls == lineLoads.length) {
                            lineBits = Arrays.copyOf(lineBits, length(2L * ls, words, "lines"));
                            lineLoads = Arrays.copyOf(lineLoads, ls * 2);
                            lineStores = Arrays.copyOf(lineStores, ls * 2);
                        }
                    }
                    lineBits[ls * words + (c >>> 6)] |= 1L << c;
                    if (write[i]) {
                        lineStores[ls]++;
                    } else {
                        lineLoads[ls]++;
                    }
                    final long page = address[i] >>> LineAddress.PAGE_SHIFT;
                    int ps = pageSlot.get(page);
                    if (ps < 0) {
                        ps = pageTotal++;
                        pageSlot.put(page, ps);
                        if (ps == pageCount.length) {
                            pageRank = Arrays.copyOf(pageRank, length(2L * ps, cores, "pages"));
                            pageBits = Arrays.copyOf(pageBits, length(2L * ps, words, "pages"));
                            pageCount = Arrays.copyOf(pageCount, ps * 2);
                            pageFirst = Arrays.copyOf(pageFirst, ps * 2);
                        }
                        pageFirst[ps] = c;
                    }
                    final int bit = ps * words + (c >>> 6);
                    if ((pageBits[bit] & (1L << c)) == 0) {
                        pageBits[bit] |= 1L << c;
                        pageRank[ps * cores + c] = (byte) (1 + Math.min(MAX_RANK - 1, pageCount[ps]));
                        pageCount[ps]++;
                    }
                    final int rank = pageRank[ps * cores + c] - 1;
                    for (int k = 0; k < PAGE_DOMAIN_SIZES.length; k++) {
                        if (rank >= PAGE_DOMAIN_SIZES[k]) {
                            pageOutside[k]++;
                        }
                    }
                    final int first = pageFirst[ps];
                    for (int g = 0; g < APP_GROUP_SIZES.length; g++) {
                        if (c / APP_GROUP_SIZES[g] != first / APP_GROUP_SIZES[g]) {
                            appOutside[g]++;
                        }
                    }
                }
            }
        }
        lines = lineCount;
        pages = pageTotal;
        for (int s = 0; s < lineCount; s++) {
            final int sharers = count(lineBits, s * words, words);
            linesBySharers[bucket(sharers)]++;
            if (sharers > 1) {
                sharedLoads += lineLoads[s];
                sharedStores += lineStores[s];
                if (lineStores[s] > 0) {
                    writeSharedLines++;
                }
            }
        }
        for (int s = 0; s < pageTotal; s++) {
            pagesBySharers[bucket(count(pageBits, s * words, words))]++;
        }
    }

    /**
     * The length of a per-line or per-page table of {@code perItem} cells each for {@code items} lines or pages, in
     * long arithmetic: with core ids up to 2^20 (wsc1m) an int product passed 2^31 and went negative.
     *
     * @throws IllegalArgumentException when one array cannot hold it
     */
    static int length(final long items, final int perItem, final String what) {
        final long cells = items * perItem;
        if (cells > Bits.MAX_ARRAY_LENGTH) {
            throw new IllegalArgumentException("trace profile: " + items + " " + what + " x " + perItem + " cells = "
                    + cells + ", more than one array holds (" + Bits.MAX_ARRAY_LENGTH + "): the profile keeps a bit "
                    + "per core for every line and page and a byte per core for every page; profile a trace of fewer "
                    + "cores (its highest core id sets the count) or a smaller footprint");
        }
        return (int) cells;
    }

    private static int count(final long[] bits, final int from, final int words) {
        int n = 0;
        for (int w = 0; w < words; w++) {
            n += Long.bitCount(bits[from + w]);
        }
        return n;
    }

    static int bucket(final int sharers) {
        int b = 0;
        while (sharers > BUCKET_LIMITS[b]) {
            b++;
        }
        return b;
    }

    /** @return accesses in the trace */
    public long accesses() {
        return accesses;
    }

    /** @return distinct cores (the highest core number + 1) */
    public int cores() {
        return cores;
    }

    /** @return distinct lines touched */
    public long lines() {
        return lines;
    }

    /** @return distinct pages touched */
    public long pages() {
        return pages;
    }

    /** @return fraction of accesses that go to lines touched by more than one core */
    public double sharedAccessFraction() {
        return accesses == 0 ? 0 : (double) (sharedLoads + sharedStores) / accesses;
    }

    /** @return fraction of lines touched by more than one core */
    public double sharedLineFraction() {
        return lines == 0 ? 0 : 1 - (double) linesBySharers[0] / lines;
    }

    /** @return the mean number of consecutive accesses from one core */
    public double meanRun() {
        return runs == 0 ? 0 : (double) accesses / runs;
    }

    /**
     * Fraction of accesses outside a page-level first-k domain.
     *
     * @param i index into {@link #PAGE_DOMAIN_SIZES}
     * @return the fraction
     */
    public double pageOutside(final int i) {
        return accesses == 0 ? 0 : (double) pageOutside[i] / accesses;
    }

    /**
     * Fraction of accesses outside an application-level group's first-touch pages.
     *
     * @param i index into {@link #APP_GROUP_SIZES}
     * @return the fraction
     */
    public double appOutside(final int i) {
        return accesses == 0 ? 0 : (double) appOutside[i] / accesses;
    }

    /** @return the profile's CSV column names (after the caller's own columns) */
    public static List<String> header() {
        final List<String> h = new ArrayList<>(List.of("accesses", "loads", "stores", "cores", "lines", "pages"));
        BUCKETS.forEach(b -> h.add("lines_" + b));
        BUCKETS.forEach(b -> h.add("pages_" + b));
        h.addAll(List.of("shared_line_loads", "shared_line_stores", "write_shared_lines", "shared_line_fraction",
                "shared_access_fraction", "mean_run"));
        return h;
    }

    /** @return the profile as CSV cells, in {@link #header} order */
    public List<String> row() {
        final List<String> r = new ArrayList<>(List.of(Long.toString(accesses), Long.toString(loads),
                Long.toString(stores), Integer.toString(cores), Long.toString(lines), Long.toString(pages)));
        for (final long v : linesBySharers) {
            r.add(Long.toString(v));
        }
        for (final long v : pagesBySharers) {
            r.add(Long.toString(v));
        }
        r.addAll(List.of(Long.toString(sharedLoads), Long.toString(sharedStores), Long.toString(writeSharedLines),
                fraction(sharedLineFraction()), fraction(sharedAccessFraction()), fraction(meanRun())));
        return r;
    }

    /** @return the outside-share CSV column names (after the caller's own columns) */
    public static List<String> outsideHeader() {
        return List.of("domains", "size", "outside_fraction");
    }

    /** @return one row per rule and size: {@code page-first-k,K,F} and {@code app-first-touch,G,F} */
    public List<List<String>> outsideRows() {
        final List<List<String>> rows = new ArrayList<>();
        for (int i = 0; i < PAGE_DOMAIN_SIZES.length; i++) {
            rows.add(List.of("page-first-k", Integer.toString(PAGE_DOMAIN_SIZES[i]), fraction(pageOutside(i))));
        }
        for (int i = 0; i < APP_GROUP_SIZES.length; i++) {
            rows.add(List.of("app-first-touch", Integer.toString(APP_GROUP_SIZES[i]), fraction(appOutside(i))));
        }
        return rows;
    }

    static String fraction(final double v) {
        return String.format(java.util.Locale.ROOT, "%.6g", v);
    }
}
