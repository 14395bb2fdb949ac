package org.scalebench.training.data;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A CSV file read whole: a header row, then records that keep their 1-based line numbers so that every error
 * can name the file and the line. Fields follow RFC 4180 (comma-separated, double quotes around fields that
 * contain commas or quotes, {@code ""} for a quote); a quoted field may not span lines. Blank lines and lines
 * starting with {@code #} are skipped. Column names are matched case-insensitively.
 *
 * <p>Immutable after reading; allocation happens only while reading.
 */
public final class CsvTable {

    private final String file;
    private final Map<String, Integer> columns;
    private final List<Row> rows;

    private CsvTable(final String file, final Map<String, Integer> columns, final List<Row> rows) {
        this.file = file;
        this.columns = columns;
        this.rows = rows;
    }

    /**
     * Reads a CSV file.
     *
     * @param path the file
     * @return the table
     * @throws UncheckedIOException if the file cannot be read (for example, it does not exist)
     * @throws DataFileException if the file is malformed
     */
    public static CsvTable read(final Path path) {
        try (Reader in = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            return read(path.toString(), in);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Reads a CSV resource on the class path of this module.
     *
     * @param resource the absolute resource name, e.g. {@code /org/scalebench/training/clusters.csv}
     * @return the table
     * @throws IllegalStateException if the resource is missing (a packaging error)
     */
    public static CsvTable resource(final String resource) {
        final InputStream stream = CsvTable.class.getResourceAsStream(resource);
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
     * @param file the name used in error messages
     * @param in the text
     * @return the table
     * @throws IOException if reading fails
     * @throws DataFileException if the text is malformed
     */
    public static CsvTable read(final String file, final Reader in) throws IOException {
        final BufferedReader lines = new BufferedReader(in);
        Map<String, Integer> header = null;
        final List<Row> rows = new ArrayList<>();
        int lineNumber = 0;
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            lineNumber++;
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            final List<String> fields = split(file, lineNumber, line);
            if (header == null) {
                header = new LinkedHashMap<>();
                for (int i = 0; i < fields.size(); i++) {
                    final String name = fields.get(i).trim().toLowerCase(Locale.ROOT);
                    if (name.isEmpty() || header.put(name, i) != null) {
                        throw new DataFileException(file, lineNumber, "header column " + (i + 1)
                                + " = '" + fields.get(i) + "': must be a non-empty name used once");
                    }
                }
            } else {
                if (fields.size() != header.size()) {
                    throw new DataFileException(file, lineNumber, "has " + fields.size() + " fields: must have "
                            + header.size() + " (" + String.join(",", header.keySet()) + ")");
                }
                rows.add(new Row(file, lineNumber, fields, header));
            }
        }
        if (header == null) {
            throw new DataFileException(file, 0, "is empty: must start with a header row");
        }
        return new CsvTable(file, Collections.unmodifiableMap(header), Collections.unmodifiableList(rows));
    }

    private static List<String> split(final String file, final int lineNumber, final String line) {
        final List<String> fields = new ArrayList<>();
        final StringBuilder field = new StringBuilder();
        boolean quoted = false;
        boolean afterQuote = false;
        for (int i = 0; i < line.length(); i++) {
            final char c = line.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < line.length() && line.charAt(i + 1) == '"') {
                        field.append('"');
                        i++;
                    } else {
                        quoted = false;
                        afterQuote = true;
                    }
                } else {
                    field.append(c);
                }
            } else if (c == ',') {
                fields.add(field.toString());
                field.setLength(0);
                afterQuote = false;
            } else if (c == '"' && field.toString().isBlank() && !afterQuote) {
                field.setLength(0);
                quoted = true;
            } else if (afterQuote && !Character.isWhitespace(c)) {
                throw new DataFileException(file, lineNumber, "text after a closing quote in field "
                        + (fields.size() + 1) + ": quote the whole field");
            } else if (!afterQuote) {
                field.append(c);
            }
        }
        if (quoted) {
            throw new DataFileException(file, lineNumber, "unterminated quote in field " + (fields.size() + 1));
        }
        fields.add(field.toString());
        return fields;
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

    /** One data row: its fields by column name, with its file and line for messages. */
    public static final class Row {
        private final String rowFile;
        private final int line;
        private final List<String> fields;
        private final Map<String, Integer> columns;

        private Row(final String rowFile, final int line, final List<String> fields, final Map<String, Integer> columns) {
            this.rowFile = rowFile;
            this.line = line;
            this.fields = fields;
            this.columns = columns;
        }

        /**
         * The 1-based line number.
         *
         * @return the line
         */
        public int line() {
            return line;
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
            return fields.get(index).trim();
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
         * @return the value
         * @throws DataFileException if the field is not a finite number
         */
        public double number(final String column) {
            final String text = require(column);
            try {
                return DataValues.parseDouble(text);
            } catch (final NumberFormatException e) {
                throw error("column '" + column + "' = '" + text + "': must be a finite number (or a fraction a/b)");
            }
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
