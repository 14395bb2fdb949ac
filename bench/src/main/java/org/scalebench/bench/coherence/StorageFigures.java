package org.scalebench.bench.coherence;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.scalebench.bench.io.CsvFiles;
import org.scalebench.bench.plot.Charts;
import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.storage.StorageModel;

/**
 * The directory-storage experiment ({@code coherence storage}, the storage figure of {@code coherence sweep} and
 * {@code reproduce}): bits per directory entry and in the whole machine for each format as the core count grows,
 * and cdr-sr's as the number of sharer domains grows, from the {@link StorageModel}; its CSV file and figure.
 * Stateless.
 */
public final class StorageFigures {

    /** Formats of the storage figure. */
    public static final List<String> FORMATS = List.of("full-map", "dir-b-4", "dir-nb-4", "coarse-vector-4", "cdr-sr");
    /** Core counts of the storage figure. */
    public static final List<Integer> CORES = List.of(16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576);
    /** Sharer-domain counts of the storage figure's second panel. */
    public static final List<Integer> DOMAINS = List.of(16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576);
    /** Columns of the storage CSV. */
    public static final List<String> COLUMNS = List.of("format", "cores", "sharer_domains", "bits_per_entry",
            "tag_bits", "entry_bits_with_tag", "directory_bits_total", "directory_bits_total_with_tags",
            "overhead_vs_line", "directory_bits_per_slice", "sharer_map_cache_bits_per_tile",
            "home_map_cache_bits_per_tile");

    private StorageFigures() {
    }

    /**
     * One row of the storage table.
     *
     * @param format the format id
     * @param cores the core count
     * @param sharerDomains D
     * @param bitsPerEntry sharer and state bits per entry
     * @param tagBits address-tag bits per entry
     * @param totalBits directory sharer and state bits of the whole machine
     * @param totalBitsWithTags with tags and Sharer Map Caches
     * @param overheadVsLine bits per entry / 512
     * @param bitsPerSlice directory bits per home slice (no tags)
     * @param sharerMapBitsPerTile Sharer Map Cache bits per tile (cdr-sr)
     * @param homeMapBitsPerTile Home Map Cache bits per tile (with Home Restriction)
     */
    public record StorageRow(String format, int cores, int sharerDomains, long bitsPerEntry, int tagBits,
            BigInteger totalBits, BigInteger totalBitsWithTags, double overheadVsLine, long bitsPerSlice,
            long sharerMapBitsPerTile, long homeMapBitsPerTile) {
        /** @return bits per entry with the tag */
        public long entryBitsWithTag() {
            return bitsPerEntry + tagBits;
        }

        /** @return the CSV cells, in {@link #COLUMNS} order */
        public List<String> cells() {
            return List.of(format, Integer.toString(cores), Integer.toString(sharerDomains),
                    Long.toString(bitsPerEntry), Integer.toString(tagBits), Long.toString(entryBitsWithTag()),
                    totalBits.toString(), totalBitsWithTags.toString(), Numbers.sixDigits(overheadVsLine),
                    Long.toString(bitsPerSlice), Long.toString(sharerMapBitsPerTile),
                    Long.toString(homeMapBitsPerTile));
        }
    }

    /**
     * The storage table.
     *
     * @param model the storage model
     * @param formats format ids
     * @param cores core counts
     * @return one row per format and core count
     */
    public static List<StorageRow> storage(final StorageModel model, final List<String> formats,
            final List<Integer> cores) {
        final List<StorageRow> rows = new ArrayList<>();
        for (final String id : formats) {
            final FormatSpec f = FormatSpec.parse(id);
            for (final int n : cores) {
                rows.add(new StorageRow(f.id(), n, model.sharerDomains(), model.bitsPerEntry(f, n), model.tagBits(),
                        model.totalBits(f, n), model.totalBitsWithTags(f, n), model.overheadVsLine(f, n),
                        model.bitsPerSlice(f, n), model.sharerMapCacheBits(f, n), model.homeMapCacheBits(n)));
            }
        }
        return rows;
    }

    /**
     * cdr-sr's storage as the number of sharer domains grows, at a fixed core count.
     *
     * @param model the storage model
     * @param cores N
     * @param domains the D values
     * @return one cdr-sr row per D
     */
    public static List<StorageRow> byDomains(final StorageModel model, final int cores, final List<Integer> domains) {
        final List<StorageRow> rows = new ArrayList<>();
        for (final int d : domains) {
            rows.addAll(storage(model.withSharerDomains(d), List.of("cdr-sr"), List.of(cores)));
        }
        return rows;
    }

    /**
     * Writes the storage CSV.
     *
     * @param file the CSV file
     * @param rows the rows
     * @throws IOException on failure
     */
    public static void write(final Path file, final List<StorageRow> rows) throws IOException {
        CsvFiles.write(file, COLUMNS, rows.stream().map(StorageRow::cells).toList());
    }

    /**
     * Draws bits per entry (with the tag) against cores, log-log, one line per format, and cdr-sr against
     * the number of sharer domains beside it.
     *
     * @param file the PNG file
     * @param rows the storage rows (by cores)
     * @param byDomains cdr-sr rows by sharer domains (may be empty: one panel)
     * @param model the model (for the baselines drawn beside the domain sweep)
     * @throws IOException on failure
     */
    public static void plot(final Path file, final List<StorageRow> rows, final List<StorageRow> byDomains,
            final StorageModel model) throws IOException {
        final Map<String, List<StorageRow>> byFormat = new LinkedHashMap<>();
        rows.forEach(r -> byFormat.computeIfAbsent(r.format(), k -> new ArrayList<>()).add(r));
        final List<Charts.Series> series = new ArrayList<>();
        byFormat.forEach((format, rs) -> series.add(new Charts.Series(format + (format.equals("cdr-sr")
                ? " (D = " + Numbers.count(rs.get(0).sharerDomains()) + ")" : ""),
                rs.stream().mapToDouble(StorageRow::cores).toArray(),
                rs.stream().mapToDouble(StorageRow::entryBitsWithTag).toArray())));
        final JFreeChart byCores = Charts.lines("Directory entry with tag (" + model.tagBits() + "-bit tags)", "cores",
                "bits per entry", true, true, series);
        if (byDomains.isEmpty()) {
            Charts.savePng(file, 760, 480, byCores);
            return;
        }
        final double[] d = byDomains.stream().mapToDouble(StorageRow::sharerDomains).toArray();
        final int cores = byDomains.get(0).cores();
        final List<Charts.Series> domainSeries = new ArrayList<>();
        domainSeries.add(new Charts.Series("cdr-sr", d, byDomains.stream().mapToDouble(StorageRow::entryBitsWithTag)
                .toArray()));
        for (final String baseline : List.of("dir-b-4", "coarse-vector-4")) {
            final double bits = model.entryBitsWithTag(FormatSpec.parse(baseline), cores);
            final double[] flat = new double[d.length];
            Arrays.fill(flat, bits);
            domainSeries.add(new Charts.Series(baseline + " at " + Numbers.count(cores) + " cores", d, flat));
        }
        final JFreeChart byD = Charts.lines("cdr-sr vs sharer domains D (" + Numbers.count(cores) + " cores)",
                "sharer domains D", "bits per entry", true, false, domainSeries);
        Charts.savePng(file, 640, 480, byCores, byD);
    }
}
