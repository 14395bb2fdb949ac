package org.scalebench.bench.study;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.scalebench.bench.io.AtomicFiles;
import org.scalebench.bench.io.CsvFiles;
import org.scalebench.bench.io.FileDigest;
import org.scalebench.bench.io.StagedDirectory;
import org.scalebench.core.data.CsvRecords;
import org.scalebench.core.data.TextLimits;

/**
 * A shard directory: {@value ShardManifest#FILE} (the manifest) and {@value ShardManifest#ROWS} (a {@code point}
 * column, then the study's columns, one line per row of every point of the shard, in point order; a point that
 * produced no rows has no line). Both files are published together with the completion marker
 * ({@value StagedDirectory#MARKER}), so a shard directory is whole or absent; the marker records the manifest's
 * SHA-256 and the manifest the rows' count and SHA-256, so a shard that lost, gained or changed a row, or lost its
 * marker, is refused when read.
 */
public final class ShardFiles {

    /** The first column of a shard's rows: the point index. */
    public static final String POINT = "point";

    /**
     * A shard read back. Immutable.
     *
     * @param dir where it was read
     * @param manifest its manifest
     * @param points its points' rows, in file order
     */
    public record Contents(Path dir, ShardManifest manifest, List<PointRows> points) {
    }

    private ShardFiles() {
    }

    /** The completion marker's line that records the manifest's SHA-256. */
    public static final String MANIFEST_DIGEST = "shard.txt-sha256";

    /**
     * Writes a shard into a directory: the rows, then the manifest with their count and digest.
     *
     * @param dir the directory (a staging directory)
     * @param manifest the manifest (its rows and digest are replaced by those written)
     * @param points the shard's points' rows
     * @return the files written
     * @throws IOException when they cannot be written
     */
    public static List<String> write(final Path dir, final ShardManifest manifest, final List<PointRows> points)
            throws IOException {
        final List<String> header = new ArrayList<>();
        header.add(POINT);
        header.addAll(manifest.columns());
        final List<List<String>> rows = new ArrayList<>();
        for (final PointRows p : points) {
            for (final List<String> row : p.rows()) {
                final List<String> line = new ArrayList<>();
                line.add(Integer.toString(p.point()));
                line.addAll(row);
                rows.add(line);
            }
        }
        final Path rowsFile = dir.resolve(ShardManifest.ROWS);
        CsvFiles.write(rowsFile, header, rows);
        final ShardManifest written = manifest.withRows(rows.size(), FileDigest.sha256(rowsFile));
        AtomicFiles.writeText(dir.resolve(ShardManifest.FILE), w -> {
            for (final String line : written.lines()) {
                w.write(line);
                w.write('\n');
            }
        });
        return List.of(ShardManifest.FILE, ShardManifest.ROWS);
    }

    /**
     * The completion marker's line for a shard written into {@code dir}: the manifest's SHA-256, so that an edited
     * manifest is found.
     *
     * @param dir where the shard was written (the staging directory)
     * @return the line
     * @throws IOException when the manifest cannot be read
     */
    public static String markerLine(final Path dir) throws IOException {
        return MANIFEST_DIGEST + ": " + FileDigest.sha256(dir.resolve(ShardManifest.FILE));
    }

    /**
     * Reads a shard directory and proves it whole: its completion marker lists the shard's files and the
     * manifest's digest, the manifest records the rows file's row count and digest, and the rows file still has
     * them.
     *
     * @param dir the directory
     * @return its contents
     * @throws IOException when unreadable
     * @throws IllegalArgumentException naming the directory or file (and line) when it is not a shard, is
     *     incomplete or was changed after the shard's run
     */
    public static Contents read(final Path dir) throws IOException {
        final String shown = TextLimits.quoted(dir.toString());
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException(shown + ": " + (Files.exists(dir) ? "not a directory" : "no such directory")
                    + " (give the shard directories that --shard I/N --out wrote)");
        }
        final Path manifestFile = dir.resolve(ShardManifest.FILE);
        final Path rowsFile = dir.resolve(ShardManifest.ROWS);
        if (!Files.isRegularFile(manifestFile) || !Files.isRegularFile(rowsFile)) {
            throw new IllegalArgumentException(shown + ": not a shard directory (no " + ShardManifest.FILE + " and "
                    + ShardManifest.ROWS + "; was the shard's run interrupted?)");
        }
        final StagedDirectory.Marker marker = StagedDirectory.readMarker(dir);
        if (marker == null || !marker.files().containsAll(List.of(ShardManifest.FILE, ShardManifest.ROWS))
                || marker.value(MANIFEST_DIGEST) == null) {
            throw new IllegalArgumentException(shown + ": " + (marker == null ? "no " + StagedDirectory.MARKER
                    : StagedDirectory.MARKER + " does not list the shard's files and digest")
                    + ", so the shard cannot be shown whole (rerun it)");
        }
        if (!marker.value(MANIFEST_DIGEST).equals(FileDigest.sha256(manifestFile))) {
            throw new IllegalArgumentException(manifestFile + ": changed after the shard's run (its SHA-256 differs "
                    + "from the one " + StagedDirectory.MARKER + " records; rerun the shard)");
        }
        final ShardManifest manifest = ShardManifest.parse(manifestFile.toString(), lines(manifestFile));
        final List<PointRows> points = rows(rowsFile, manifest);
        final long count = points.stream().mapToLong(p -> p.rows().size()).sum();
        if (count != manifest.rows()) {
            throw new IllegalArgumentException(rowsFile + ": " + count + " rows, " + ShardManifest.FILE + " records "
                    + manifest.rows() + " (rows lost or repeated after the shard's run; rerun the shard)");
        }
        if (!manifest.rowsDigest().equals(FileDigest.sha256(rowsFile))) {
            throw new IllegalArgumentException(rowsFile + ": edited after the shard's run (its SHA-256 differs from "
                    + "the one " + ShardManifest.FILE + " records; rerun the shard)");
        }
        return new Contents(dir, manifest, points);
    }

    /** The lines of a text file, refusing bytes that are not UTF-8 and overlong lines with file:line. */
    private static List<String> lines(final Path file) throws IOException {
        final List<String> lines = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(TextLimits.open(file))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lines.add(line);
            }
        }
        return lines;
    }

    /** The rows of a shard's rows file, grouped by point, checked against the manifest. */
    private static List<PointRows> rows(final Path rowsFile, final ShardManifest manifest) throws IOException {
        final List<PointRows> points = new ArrayList<>();
        final String file = rowsFile.toString();
        try (CSVParser parser = CsvRecords.open(file, TextLimits.open(rowsFile),
                CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get())) {
            final List<String> expected = new ArrayList<>();
            expected.add(POINT);
            expected.addAll(manifest.columns());
            if (!parser.getHeaderNames().equals(expected)) {
                throw new IllegalArgumentException(file + ":1: the columns differ from the manifest's");
            }
            int current = -1;
            List<List<String>> rows = new ArrayList<>();
            for (final CSVRecord r : CsvRecords.of(file, parser)) {
                final String at = file + ":" + parser.getCurrentLineNumber();
                if (r.size() != expected.size()) {
                    throw new IllegalArgumentException(at + ": " + r.size() + " fields, expected " + expected.size());
                }
                final int point;
                try {
                    point = Integer.parseInt(r.get(0));
                } catch (final NumberFormatException e) {
                    throw new IllegalArgumentException(at + ": point = " + TextLimits.quoted(r.get(0))
                            + ": not a number");
                }
                if (point < 0 || point >= manifest.points() || !manifest.shard().selects(point)) {
                    throw new IllegalArgumentException(at + ": point " + point + " does not belong to shard "
                            + manifest.shard() + " of " + manifest.points() + " points");
                }
                if (point != current) {
                    if (point < current) {
                        throw new IllegalArgumentException(at + ": point " + point + " after point " + current);
                    }
                    if (current >= 0) {
                        points.add(new PointRows(current, rows));
                    }
                    current = point;
                    rows = new ArrayList<>();
                }
                rows.add(r.stream().skip(1).toList());
            }
            if (current >= 0) {
                points.add(new PointRows(current, rows));
            }
        }
        return points;
    }

    /**
     * Combines shards into every point's rows, checking that they belong together and that every point of the
     * study is there exactly once.
     *
     * @param shards the shards read
     * @return the first shard's manifest and every point's rows in point order
     * @throws IllegalArgumentException naming the shard directories when they differ, repeat or leave points out
     */
    public static Contents combine(final List<Contents> shards) {
        if (shards.isEmpty()) {
            throw new IllegalArgumentException("no shard directories given");
        }
        final Contents first = shards.get(0);
        final ShardManifest m = first.manifest();
        final Path[] byIndex = new Path[m.shard().count()];
        for (final Contents s : shards) {
            final String difference = m.differenceFrom(s.manifest());
            if (difference != null) {
                throw new IllegalArgumentException(TextLimits.quoted(s.dir().toString()) + " is a shard of " + difference
                        + " than " + TextLimits.quoted(first.dir().toString()));
            }
            final int index = s.manifest().shard().index();
            if (byIndex[index] != null) {
                throw new IllegalArgumentException("shard " + s.manifest().shard() + " is given twice: "
                        + TextLimits.quoted(byIndex[index].toString()) + " and " + TextLimits.quoted(s.dir().toString()));
            }
            byIndex[index] = s.dir();
        }
        final List<String> missing = new ArrayList<>();
        for (int i = 0; i < byIndex.length; i++) {
            if (byIndex[i] == null) {
                missing.add(i + "/" + byIndex.length);
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("missing shard" + (missing.size() == 1 ? " " : "s ")
                    + String.join(", ", missing) + " of " + m.study() + " (given: " + shards.size() + ")");
        }
        final PointRows[] all = new PointRows[m.points()];
        for (final Contents s : shards) {
            for (final PointRows p : s.points()) {
                all[p.point()] = p;
            }
        }
        final List<PointRows> points = new ArrayList<>();
        for (int i = 0; i < all.length; i++) {
            // a point of a present shard with no line in its rows file produced no rows (shards are written whole)
            points.add(all[i] != null ? all[i] : new PointRows(i, List.of()));
        }
        return new Contents(null, m, points);
    }
}
