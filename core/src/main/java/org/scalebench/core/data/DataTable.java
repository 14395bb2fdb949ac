package org.scalebench.core.data;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * A CSV data file read whole with Commons CSV: the project's one reader of system, cluster, profile, graph and
 * constant tables. RFC 4180 fields (double quotes around a field with commas, quotes or line breaks), a header
 * row whose names are matched case-insensitively, blank lines and lines starting with {@code #} skipped, a UTF-8
 * byte-order mark skipped, lines longer than {@link TextLimits#MAX_LINE_CHARS} refused. Every row keeps the
 * physical line it ends on, so every error names the file and the line ({@link DataFileException}); values are
 * echoed in messages at most {@link TextLimits#MAX_ECHO_CHARS} characters long.
 *
 * <p>Immutable after reading; allocation happens only while reading.
 */
public final class DataTable {

    private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder().setCommentMarker('#')
            .setIgnoreEmptyLines(true).setIgnoreSurroundingSpaces(true).get();

    private final String file;
    private final Map<String, Integer> columns;
    private final List<Row> rows;

    private DataTable(final String file, final Map<String, Integer> columns, final List<Row> rows) {
        this.file = file;
        this.columns = columns;
        this.rows = rows;
    }

    /**
     * Reads a data file.
     *
     * @param path the file
     * @return the table
     * @throws UncheckedIOException if the file cannot be read (its cause a {@link NoSuchFileException} when
     *     missing)
     * @throws DataFileException if it is not a regular file, or malformed
     */
    public static DataTable read(final Path path) {
        try {
            InputFiles.requireRegular(path);
        } catch (final NoSuchFileException e) {
            throw new UncheckedIOException(e);
        }
        try (Reader in = TextLimits.open(path)) {
            InputFiles.record(path);
            return read(path.toString(), in);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Reads a data file on the class path.
     *
     * @param owner a class of the module that holds the resource
     * @param resource the absolute resource name, e.g. {@code /org/scalebench/training/clusters.csv}
     * @return the table
     * @throws IllegalStateException if the resource is missing (a packaging error)
     */
    public static DataTable resource(final Class<?> owner, final String resource) {
        final InputStream stream = owner.getResourceAsStream(resource);
        if (stream == null) {
            throw new IllegalStateException("missing resource " + resource);
        }
        try (Reader in = new InputStreamReader(stream, StandardCharsets.UTF_8)) {
            return read(resource, in);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Reads CSV text.
     *
     * @param file the name used in messages
     * @param in the text
     * @return the table
     * @throws IOException if reading fails
     * @throws DataFileException if the text is malformed
     */
    public static DataTable read(final String file, final Reader in) throws IOException {
        Map<String, Integer> header = null;
        final List<Row> rows = new ArrayList<>();
        try (CSVParser parser = CsvRecords.open(file, in, FORMAT)) {
            for (final CSVRecord record : CsvRecords.of(file, parser)) {
                final int line = (int) parser.getCurrentLineNumber();
                final List<String> fields = record.toList();
                if (header == null) {
                    header = new LinkedHashMap<>();
                    for (int i = 0; i < fields.size(); i++) {
                        final String name = fields.get(i).strip().toLowerCase(Locale.ROOT);
                        if (name.isEmpty() || header.put(name, i) != null) {
                            throw new DataFileException(file, line, "header column " + (i + 1) + " = "
                                    + TextLimits.quoted(fields.get(i)) + ": must be a non-empty name used once");
                        }
                    }
                    continue;
                }
                if (fields.size() != header.size()) {
                    throw new DataFileException(file, line, "has " + fields.size() + " fields: must have "
                            + header.size() + " (" + String.join(",", header.keySet()) + "; quote a field that "
                            + "contains a comma)");
                }
                rows.add(new Row(file, line, fields, header));
            }
        }
        if (header == null) {
            throw new DataFileException(file, 0, "is empty: must start with a header row");
        }
        return new DataTable(file, Collections.unmodifiableMap(header), Collections.unmodifiableList(rows));
    }

    /**
     * The file name used in messages.
     *
     * @return the name
     */
    public String file() {
        return file;
    }

    /**
     * The header's column names, lower case, in file order.
     *
     * @return the names
     */
    public List<String> columns() {
        return List.copyOf(columns.keySet());
    }

    /**
     * The data rows, in file order.
     *
     * @return the rows
     */
    public List<Row> rows() {
        return rows;
    }

    /**
     * Fails unless every named column is present.
     *
     * @param names the required columns
     * @throws DataFileException naming the first missing column
     */
    public void requireColumns(final String... names) {
        for (final String name : names) {
            if (!columns.containsKey(name.toLowerCase(Locale.ROOT))) {
                throw new DataFileException(file, 1, "missing column '" + name + "': the header must name "
                        + String.join(",", names));
            }
        }
    }

    /** One data row: its fields by column name, with its file and physical line for messages. */
    public static final class Row {
        private final String rowFile;
        private final int line;
        private final List<String> fields;
        private final Map<String, Integer> columns;

        private Row(final String rowFile, final int line, final List<String> fields, final Map<String, Integer> columns) {
            this.rowFile = rowFile;
            this.line = line;
            this.fields = List.copyOf(fields);
            this.columns = columns;
        }

        /**
         * The physical line the row ends on (1-based).
         *
         * @return the line
         */
        public int line() {
            return line;
        }

        /**
         * Whether the table has a column.
         *
         * @param column the column name
         * @return true when present
         */
        public boolean has(final String column) {
            return columns.containsKey(column.toLowerCase(Locale.ROOT));
        }

        /**
         * A field, trimmed.
         *
         * @param column the column name
         * @return the field, possibly empty
         * @throws DataFileException if the table has no such column
         */
        public String get(final String column) {
            final Integer index = columns.get(column.toLowerCase(Locale.ROOT));
            if (index == null) {
                throw error("missing column '" + column + "'");
            }
            return fields.get(index).strip();
        }

        /**
         * A required, non-empty field.
         *
         * @param column the column name
         * @return the field
         * @throws DataFileException if the field is empty
         */
        public String require(final String column) {
            final String value = get(column);
            if (value.isEmpty()) {
                throw error("column '" + column + "' is empty: a value is required");
            }
            return value;
        }

        /**
         * A numeric field (see {@link DataValues#parseDouble}).
         *
         * @param column the column name
         * @return the value, finite
         * @throws DataFileException if the field is not a finite number
         */
        public double number(final String column) {
            final String text = require(column);
            try {
                return DataValues.parseDouble(text);
            } catch (final NumberFormatException e) {
                throw error("column '" + column + "' = " + TextLimits.quoted(text)
                        + ": must be a finite number (or a fraction a/b)");
            }
        }

        /**
         * A numeric field within bounds.
         *
         * @param column the column name
         * @param min the smallest value allowed
         * @param max the largest value allowed
         * @return the value
         * @throws DataFileException naming the column, the value and the range when it is outside
         */
        public double number(final String column, final double min, final double max) {
            final double v = number(column);
            if (v < min || v > max) {
                throw error("column '" + column + "' = " + TextLimits.quoted(get(column)) + ": must be in [" + DataValues.format(min)
                        + ", " + DataValues.format(max) + "]");
            }
            return v;
        }

        /**
         * A whole-number field within bounds: a fraction is refused, never cut ({@code gpus = 8.5} is not 8).
         *
         * @param column the column name
         * @param min the smallest value allowed
         * @param max the largest value allowed, at most 2^53 (where every whole number is a double)
         * @return the value
         * @throws DataFileException naming the column, the value and the range when it is not a whole number in it
         */
        public long whole(final String column, final long min, final long max) {
            final double v = number(column);
            if (v != Math.rint(v) || v < min || v > max) {
                throw error("column '" + column + "' = " + TextLimits.quoted(get(column)) + ": must be a whole number"
                        + " in [" + min + ", " + max + "]");
            }
            return (long) v;
        }

        /**
         * An error located at this row.
         *
         * @param message what is wrong and what is allowed
         * @return the exception to throw
         */
        public DataFileException error(final String message) {
            return new DataFileException(rowFile, line, message);
        }
    }
}
