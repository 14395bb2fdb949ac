package org.scalebench.coherence.sim;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A configuration data file: {@code parameter,value,unit,source} rows, every value with the source it comes
 * from (the fidelity rule: no number without its origin). The source is the last column and may contain
 * commas. Errors name the file and the line.
 */
public final class ParameterTable {

    /** One row. */
    public record Row(String parameter, String value, String unit, String source, int line) {
    }

    private final String origin;
    private final Map<String, Row> rows;

    private ParameterTable(final String origin, final Map<String, Row> rows) {
        this.origin = origin;
        this.rows = rows;
    }

    /**
     * Reads a table from the class path.
     *
     * @param resource an absolute resource name
     * @return the table
     * @throws IllegalArgumentException if missing or malformed
     */
    public static ParameterTable fromResource(final String resource) {
        try (InputStream in = ParameterTable.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no such configuration resource: " + resource);
            }
            return parse(resource, new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
        } catch (final IOException e) {
            throw new IllegalArgumentException(resource + ": " + e.getMessage(), e);
        }
    }

    /**
     * Reads a table from a file.
     *
     * @param file the file
     * @return the table
     * @throws IOException if unreadable
     * @throws IllegalArgumentException if malformed
     */
    public static ParameterTable fromFile(final Path file) throws IOException {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return parse(file.toString(), in);
        }
    }

    static ParameterTable parse(final String origin, final BufferedReader in) throws IOException {
        final Map<String, Row> rows = new LinkedHashMap<>();
        String text = in.readLine();
        if (text == null || !text.strip().toLowerCase(Locale.ROOT).startsWith("parameter,value,unit,source")) {
            throw new IllegalArgumentException(origin + ":1: the header must be 'parameter,value,unit,source'");
        }
        int line = 1;
        while ((text = in.readLine()) != null) {
            line++;
            if (text.isBlank() || text.startsWith("#")) {
                continue;
            }
            final String[] f = text.split(",", 4);
            if (f.length < 4 || f[3].isBlank()) {
                throw new IllegalArgumentException(origin + ":" + line + ": expected parameter,value,unit,source"
                        + " with a non-empty source, got '" + text + "'");
            }
            final String key = f[0].strip();
            if (rows.containsKey(key)) {
                throw new IllegalArgumentException(origin + ":" + line + ": parameter '" + key + "' repeated (first at line "
                        + rows.get(key).line() + ")");
            }
            rows.put(key, new Row(key, f[1].strip(), f[2].strip(), unquote(f[3].strip()), line));
        }
        return new ParameterTable(origin, Collections.unmodifiableMap(rows));
    }

    /** A source written as a quoted CSV field loses its quotes (doubled quotes inside become one). */
    private static String unquote(final String source) {
        if (source.length() >= 2 && source.startsWith("\"") && source.endsWith("\"")) {
            return source.substring(1, source.length() - 1).replace("\"\"", "\"");
        }
        return source;
    }

    /**
     * A copy with some values replaced (or added), each marked with why.
     *
     * @param overrides parameter to new value
     * @param why the source recorded for the new values
     * @return the modified copy
     */
    public ParameterTable with(final Map<String, String> overrides, final String why) {
        final Map<String, Row> copy = new LinkedHashMap<>(rows);
        for (final Map.Entry<String, String> e : overrides.entrySet()) {
            final Row old = copy.get(e.getKey());
            copy.put(e.getKey(), new Row(e.getKey(), e.getValue(), old == null ? "" : old.unit(), why,
                    old == null ? 0 : old.line()));
        }
        return new ParameterTable(origin + " (" + why + ")", Collections.unmodifiableMap(copy));
    }

    /**
     * Where the table came from.
     *
     * @return a file or resource name
     */
    public String origin() {
        return origin;
    }

    /**
     * Every row in file order.
     *
     * @return the rows
     */
    public Map<String, Row> rows() {
        return rows;
    }

    /**
     * Whether a parameter is present.
     *
     * @param parameter the name
     * @return true when present
     */
    public boolean has(final String parameter) {
        return rows.containsKey(parameter);
    }

    /**
     * A string value.
     *
     * @param parameter the name
     * @return the value
     * @throws IllegalArgumentException if missing
     */
    public String string(final String parameter) {
        final Row row = rows.get(parameter);
        if (row == null) {
            throw new IllegalArgumentException(origin + ": missing parameter '" + parameter + "'");
        }
        return row.value();
    }

    /**
     * An integer value in a range.
     *
     * @param parameter the name
     * @param min smallest allowed
     * @param max largest allowed
     * @return the value
     */
    public int integer(final String parameter, final int min, final int max) {
        final Row row = rows.get(parameter);
        final long v = (long) number(parameter);
        if (v != number(parameter) || v < min || v > max) {
            throw new IllegalArgumentException(origin + ":" + row.line() + ": " + parameter + " = " + row.value()
                    + ": must be an integer in [" + min + ", " + max + "]");
        }
        return (int) v;
    }

    /**
     * A numeric value.
     *
     * @param parameter the name
     * @return the value
     */
    public double number(final String parameter) {
        final String value = string(parameter);
        try {
            return Double.parseDouble(value);
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException(origin + ":" + rows.get(parameter).line() + ": " + parameter + " = '"
                    + value + "': not a number");
        }
    }

    /**
     * A positive numeric value.
     *
     * @param parameter the name
     * @return the value, greater than 0
     */
    public double positive(final String parameter) {
        final double v = number(parameter);
        if (!(v > 0)) {
            throw new IllegalArgumentException(origin + ":" + rows.get(parameter).line() + ": " + parameter + " = "
                    + v + ": must be greater than 0");
        }
        return v;
    }
}
