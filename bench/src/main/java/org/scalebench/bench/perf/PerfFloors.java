package org.scalebench.bench.perf;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.scalebench.core.data.TextLimits;

/**
 * Reads the committed floors file ({@code bench/perf-floors.csv}): a header
 * {@code benchmark,reference,params,min_speedup,max_bytes_per_op} (further columns such as {@code note} are
 * allowed, may be left out of a row, and are ignored), then one floor per line; blank lines and lines starting
 * with {@code #} are comments. A row with reference, min_speedup (and optionally max_bytes_per_op) {@code -}
 * reports an absolute time without gating it (see {@link PerfFloor}). Every error names the file and line.
 */
public final class PerfFloors {

    /** The columns every floors file starts with, in this order. */
    public static final List<String> COLUMNS =
            List.of("benchmark", "reference", "params", "min_speedup", "max_bytes_per_op");

    private PerfFloors() {
    }

    /**
     * Reads a floors file.
     *
     * @param file the file
     * @return the floors, in file order
     * @throws IOException when the file cannot be read
     * @throws IllegalArgumentException naming file and line when the content is malformed
     */
    public static List<PerfFloor> read(final Path file) throws IOException {
        return parse(file.toString(), Files.readAllLines(file, StandardCharsets.UTF_8));
    }

    /**
     * Parses the lines of a floors file.
     *
     * @param fileName the name used in messages
     * @param lines the file's lines
     * @return the floors, in file order
     * @throws IllegalArgumentException naming file and line when the content is malformed
     */
    public static List<PerfFloor> parse(final String fileName, final List<String> lines) {
        final List<PerfFloor> floors = new ArrayList<>();
        final Map<String, String> seen = new HashMap<>();
        int columns = -1;
        for (int i = 0; i < lines.size(); i++) {
            final String line = lines.get(i);
            final String at = fileName + ":" + (i + 1);
            if (line.isBlank() || line.stripLeading().startsWith("#")) {
                continue;
            }
            final List<String> cells = cells(line, at);
            if (columns < 0) {
                if (cells.size() < COLUMNS.size() || !cells.subList(0, COLUMNS.size()).equals(COLUMNS)) {
                    throw new IllegalArgumentException(at + ": header must start with " + String.join(",", COLUMNS)
                            + ", found " + TextLimits.quoted(line.strip()));
                }
                columns = cells.size();
                continue;
            }
            if (cells.size() < COLUMNS.size() || cells.size() > columns) {
                throw new IllegalArgumentException(at + ": " + cells.size() + " columns, expected "
                        + (columns == COLUMNS.size() ? columns : COLUMNS.size() + " to " + columns) + " as in the header");
            }
            final ParamSet params;
            try {
                params = ParamSet.parse(cells.get(2));
            } catch (final IllegalArgumentException e) {
                throw new IllegalArgumentException(at + ": " + e.getMessage(), e);
            }
            final PerfFloor floor = new PerfFloor(cells.get(0), cells.get(1), params,
                    number(cells.get(3), "min_speedup", at), number(cells.get(4), "max_bytes_per_op", at), at);
            final String earlier = seen.put(floor.key(), at);
            if (earlier != null) {
                throw new IllegalArgumentException(at + ": " + floor.key() + " repeats the floor of " + earlier);
            }
            floors.add(floor);
        }
        if (columns < 0) {
            throw new IllegalArgumentException(fileName + ": no header; expected " + String.join(",", COLUMNS));
        }
        if (floors.isEmpty()) {
            throw new IllegalArgumentException(fileName + ": no floors after the header");
        }
        return floors;
    }

    /**
     * The cells of one CSV line, stripped.
     *
     * @param line the line
     * @param at {@code file:line}, for messages
     * @return the cells
     * @throws IllegalArgumentException naming {@code at} when the line is not one CSV record
     */
    static List<String> cells(final String line, final String at) {
        try {
            final List<CSVRecord> records = CSVFormat.DEFAULT.parse(new StringReader(line)).getRecords();
            if (records.size() != 1) {
                throw new IllegalArgumentException(at + ": expected one CSV record");
            }
            return records.get(0).stream().map(String::strip).toList();
        } catch (final IOException | java.io.UncheckedIOException | IllegalStateException e) {
            throw new IllegalArgumentException(at + ": malformed CSV: " + e.getMessage(), e);
        }
    }

    private static double number(final String text, final String column, final String at) {
        if (PerfFloor.NO_REFERENCE.equals(text)) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(text);
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException(at + ": " + column + " = '" + text + "': not a number", e);
        }
    }
}
