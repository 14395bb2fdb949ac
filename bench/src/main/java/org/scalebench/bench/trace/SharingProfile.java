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
 * One pass over the trace. The sharer counts need each line's and page's distinct cores only up to 65 (65 or more
 * is one bucket) and the outside shares a core's first-touch rank on a page only below 63, so each line and page
 * keeps its first 64 distinct cores in first-touch order ({@link FirstCores}), not a set of all the trace's cores.
 * Memory grows with the lines and pages touched and their sharers, not with the core numbers: per line 32 to 64
 * bytes of hash table (a 16-byte slot at a load of 1/4 to 1/2), 9 bytes of first core, count and chunk index, two
 * 8-byte counters and, for a line of {@code s > 1} sharers, {@code 4 x nextPowerOfTwo(min(s, 64) - 1)} bytes (at
 * most 256); per page the same without the counters. The arrays double as they fill, so up to twice the
 * non-table part is allocated. Not thread-safe.
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
    /** log2 of each application-level group size (all powers of two): a core's group is {@code core >>> shift}. */
    private static final int[] APP_GROUP_SHIFTS = Arrays.stream(APP_GROUP_SIZES).map(Bits::floorLog2).toArray();
    private static final int BLOCK = 4096;

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
        p.measure(trace);
        return p;
    }

    private void measure(final Path trace) throws IOException {
        final int[] core = new int[BLOCK];
        final boolean[] write = new boolean[BLOCK];
        final long[] address = new long[BLOCK];
        final int[] domain = new int[BLOCK];
        final LineTable lineSlot = new LineTable(1 << 16, -1);
        final LineTable pageSlot = new LineTable(1 << 12, -1);
        final FirstCores lineCores = new FirstCores(1 << 16, "lines");
        final FirstCores pageCores = new FirstCores(1 << 12, "pages");
        long[] lineLoads = new long[1 << 16];
        long[] lineStores = new long[1 << 16];
        int maxCore = -1;
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
                        maxCore = Math.max(maxCore, c);
                    }
                    final long line = address[i] >>> LineAddress.LINE_SHIFT;
                    int ls = lineSlot.get(line);
                    if (ls < 0) {
                        checkRoom(lineSlot, "lines");
                        ls = lineCores.add(c);
                        lineSlot.put(line, ls);
                        if (ls == lineLoads.length) {
                            final int grown = Bits.grownLength(ls, ls + 1L, "trace profile: lines");
                            lineLoads = Arrays.copyOf(lineLoads, grown);
                            lineStores = Arrays.copyOf(lineStores, grown);
                        }
                    } else {
                        lineCores.rank(ls, c);
                    }
                    if (write[i]) {
                        lineStores[ls]++;
                    } else {
                        lineLoads[ls]++;
                    }
                    final long page = address[i] >>> LineAddress.PAGE_SHIFT;
                    int ps = pageSlot.get(page);
                    final int rank;
                    if (ps < 0) {
                        checkRoom(pageSlot, "pages");
                        ps = pageCores.add(c);
                        pageSlot.put(page, ps);
                        rank = 0;
                    } else {
                        rank = pageCores.rank(ps, c);
                    }
                    for (int k = 0; k < PAGE_DOMAIN_SIZES.length && rank >= PAGE_DOMAIN_SIZES[k]; k++) {
                        pageOutside[k]++;
                    }
                    final int first = pageCores.first(ps);
                    for (int g = 0; g < APP_GROUP_SHIFTS.length; g++) {
                        if (c >>> APP_GROUP_SHIFTS[g] != first >>> APP_GROUP_SHIFTS[g]) {
                            appOutside[g]++;
                        }
                    }
                }
            }
        }
        cores = maxCore + 1;
        final int lineCount = lineSlot.size();
        final int pageCount = pageSlot.size();
        lines = lineCount;
        pages = pageCount;
        for (int s = 0; s < lineCount; s++) {
            final int sharers = lineCores.sharers(s);
            linesBySharers[bucket(sharers)]++;
            if (sharers > 1) {
                sharedLoads += lineLoads[s];
                sharedStores += lineStores[s];
                if (lineStores[s] > 0) {
                    writeSharedLines++;
                }
            }
        }
        for (int s = 0; s < pageCount; s++) {
            pagesBySharers[bucket(pageCores.sharers(s))]++;
        }
    }

    /** Refuses a new line or page when its table holds all it can, naming the limit. */
    private static void checkRoom(final LineTable slots, final String what) {
        if (slots.size() == LineTable.MAX_ENTRIES) {
            throw new IllegalArgumentException("trace profile: the trace touches more than " + LineTable.MAX_ENTRIES
                    + " distinct " + what + ", the most one table holds; profile a trace of a smaller footprint");
        }
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
