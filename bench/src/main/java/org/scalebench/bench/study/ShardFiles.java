package org.scalebench.bench.study;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.scalebench.bench.io.AtomicFiles;
import org.scalebench.bench.io.CsvFiles;

/**
 * A shard directory: {@value ShardManifest#FILE} (the manifest) and {@value ShardManifest#ROWS} (a {@code point}
 * column, then the study's columns, one line per row of every point of the shard, in point order; a point that
 * produced no rows has no line). Both files are published together, so a shard directory is whole or absent.
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

    /**
     * Writes a shard into a directory.
     *
     * @param dir the directory (a staging directory)
     * @param manifest the manifest
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
        CsvFiles.write(dir.resolve(ShardManifest.ROWS), header, rows);
        AtomicFiles.writeText(dir.resolve(ShardManifest.FILE), w -> {
            for (final String line : manifest.lines()) {
                w.write(line);
                w.write('\n');
            }
        });
        return List.of(ShardManifest.FILE, ShardManifest.ROWS);
    }

    /**
     * Reads a shard directory.
     *
     * @param dir the directory
     * @return its contents
     * @throws IOException when unreadable
     * @throws IllegalArgumentException naming the file (and line) when it is not a shard or is malformed
     */
    public static Contents read(final Path dir) throws IOException {
        final Path manifestFile = dir.resolve(ShardManifest.FILE);
        final Path rowsFile = dir.resolve(ShardManifest.ROWS);
        if (!Files.isRegularFile(manifestFile) || !Files.isRegularFile(rowsFile)) {
            throw new IllegalArgumentException(dir + ": not a shard directory (no " + ShardManifest.FILE + " and "
                    + ShardManifest.ROWS + "; was the shard's run interrupted?)");
        }
        final ShardManifest manifest = ShardManifest.parse(manifestFile.toString(),
                Files.readAllLines(manifestFile, StandardCharsets.UTF_8));
        final List<PointRows> points = new ArrayList<>();
        try (Reader in = Files.newBufferedReader(rowsFile, StandardCharsets.UTF_8);
                CSVParser parser = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get().parse(in)) {
            final List<String> expected = new ArrayList<>();
            expected.add(POINT);
            expected.addAll(manifest.columns());
            if (!parser.getHeaderNames().equals(expected)) {
                throw new IllegalArgumentException(rowsFile + ":1: the columns differ from the manifest's");
            }
            int current = -1;
            List<List<String>> rows = new ArrayList<>();
            for (final CSVRecord r : parser) {
                final String at = rowsFile + ":" + parser.getCurrentLineNumber();
                if (r.size() != expected.size()) {
                    throw new IllegalArgumentException(at + ": " + r.size() + " fields, expected " + expected.size());
                }
                final int point;
                try {
                    point = Integer.parseInt(r.get(0));
                } catch (final NumberFormatException e) {
                    throw new IllegalArgumentException(at + ": point = '" + r.get(0) + "': not a number");
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
        return new Contents(dir, manifest, points);
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
                throw new IllegalArgumentException(s.dir() + " is a shard of " + difference + " than " + first.dir());
            }
            final int index = s.manifest().shard().index();
            if (byIndex[index] != null) {
                throw new IllegalArgumentException("shard " + s.manifest().shard() + " is given twice: "
                        + byIndex[index] + " and " + s.dir());
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
