package org.scalebench.coherence.sim;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.scalebench.core.data.DataFileException;
import org.scalebench.core.data.DataTable;
import org.scalebench.core.data.DataValues;
import org.scalebench.core.data.Named;
import org.scalebench.core.data.TextLimits;

/**
 * A configuration data file: {@code parameter,value,unit,source} rows, every value with the source it comes
 * from (the fidelity rule: no number without its origin). Read with the project's one CSV reader
 * ({@link DataTable}: Commons CSV, a byte-order mark skipped, a source with commas quoted, errors naming the file
 * and the physical line). Every parameter appears once and has a non-empty source. Numbers are finite; their
 * ranges are checked where they are read ({@link #number(String, double, double)}), naming file and line.
 * Immutable.
 */
public final class ParameterTable {

    /** The columns, in order. */
    public static final List<String> COLUMNS = List.of("parameter", "value", "unit", "source");

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
        if (ParameterTable.class.getResource(resource) == null) {
            throw new IllegalArgumentException("no such configuration resource: " + resource);
        }
        return of(DataTable.resource(ParameterTable.class, resource));
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
        try {
            return of(DataTable.read(file));
        } catch (final java.io.UncheckedIOException e) {
            throw e.getCause();
        }
    }

    static ParameterTable of(final DataTable table) {
        if (!table.columns().equals(COLUMNS)) {
            throw new DataFileException(table.file(), 1, "the header must be 'parameter,value,unit,source', got '"
                    + String.join(",", table.columns()) + "' (quote a field that contains a comma)");
        }
        final Map<String, Row> rows = new LinkedHashMap<>();
        for (final DataTable.Row r : table.rows()) {
            final String key = r.require("parameter");
            final Row earlier = rows.get(key);
            if (earlier != null) {
                throw r.error("parameter '" + key + "' repeated (first at line " + earlier.line() + ")");
            }
            rows.put(key, new Row(key, r.get("value"), r.get("unit"), r.require("source"), r.line()));
        }
        return new ParameterTable(table.file(), Collections.unmodifiableMap(rows));
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
            throw new DataFileException(origin + ": missing parameter '" + parameter + "'");
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
     * @throws IllegalArgumentException naming file, line, value and range when not an integer in range
     */
    public int integer(final String parameter, final int min, final int max) {
        final Row row = rows.get(parameter);
        final long v = (long) number(parameter);
        if (v != number(parameter) || v < min || v > max) {
            throw new DataFileException(origin, row.line(), parameter + " = " + TextLimits.quoted(row.value())
                    + ": must be an integer in [" + min + ", " + max + "]");
        }
        return (int) v;
    }

    /**
     * A numeric value (see {@link DataValues#parseDouble}: finite, {@code _} separators and {@code a/b} allowed).
     *
     * @param parameter the name
     * @return the value
     * @throws IllegalArgumentException naming file and line when missing or not a finite number
     */
    public double number(final String parameter) {
        final String value = string(parameter);
        try {
            return DataValues.parseDouble(value);
        } catch (final NumberFormatException e) {
            throw new DataFileException(origin, rows.get(parameter).line(), parameter + " = "
                    + TextLimits.quoted(value) + ": must be a finite number");
        }
    }

    /**
     * A numeric value within bounds.
     *
     * @param parameter the name
     * @param min the smallest value allowed
     * @param max the largest value allowed
     * @return the value
     * @throws IllegalArgumentException naming file, line, value and range when outside
     */
    public double number(final String parameter, final double min, final double max) {
        final double v = number(parameter);
        if (v < min || v > max) {
            throw new DataFileException(origin, rows.get(parameter).line(), parameter + " = " + string(parameter)
                    + ": must be in [" + DataValues.format(min) + ", " + DataValues.format(max) + "]");
        }
        return v;
    }

    /**
     * A positive numeric value, at most {@value #MAX_QUANTITY} (no physical parameter of a system file comes near
     * it; a larger one is a typo that would overflow the simulator's integer cycle counts).
     *
     * @param parameter the name
     * @return the value, greater than 0
     * @throws IllegalArgumentException naming file, line and value when outside
     */
    public double positive(final String parameter) {
        final double v = number(parameter);
        if (!(v > 0) || v > MAX_QUANTITY) {
            throw new DataFileException(origin, rows.get(parameter).line(), parameter + " = " + string(parameter)
                    + ": must be greater than 0 and at most " + DataValues.format(MAX_QUANTITY));
        }
        return v;
    }

    /**
     * A choice named by a word ({@link Named#parse}: case and surrounding blanks ignored).
     *
     * @param parameter the name, also the name the message gives the value
     * @param type the enum of choices
     * @param <E> the enum
     * @return the choice
     * @throws IllegalArgumentException naming file, line, value and the words allowed when missing or unknown
     */
    public <E extends Enum<E> & Named> E named(final String parameter, final Class<E> type) {
        final String value = string(parameter);
        try {
            return Named.parse(type, parameter, value);
        } catch (final IllegalArgumentException e) {
            throw new DataFileException(origin, rows.get(parameter).line(), e.getMessage());
        }
    }

    /**
     * A switch: {@code on} or {@code off}, in any case.
     *
     * @param parameter the name
     * @return true for on
     * @throws IllegalArgumentException naming file, line and value when missing or neither
     */
    public boolean onOff(final String parameter) {
        final String value = string(parameter);
        final String word = value.toLowerCase(Locale.ROOT);
        if (!word.equals("on") && !word.equals("off")) {
            throw new DataFileException(origin, rows.get(parameter).line(), parameter + " = "
                    + TextLimits.quoted(value) + ": must be on or off");
        }
        return word.equals("on");
    }

    /**
     * A value parsed by a library parser (a directory format, an SRAM table), its complaint reported at the
     * parameter's line: the library's {@code format 'bogus': unknown; allowed: ...} becomes
     * {@code FILE:LINE: baseline_format = 'bogus': unknown; allowed: ...}.
     *
     * @param parameter the name
     * @param parse the parser
     * @param <T> the parsed type
     * @return the value
     * @throws IllegalArgumentException naming file, line, parameter and value when missing or refused
     */
    public <T> T parsed(final String parameter, final java.util.function.Function<String, T> parse) {
        final String value = string(parameter);
        try {
            return parse.apply(value);
        } catch (final IllegalArgumentException e) {
            final String reason = String.valueOf(e.getMessage());
            final int quote = reason.indexOf("': ");
            throw error(parameter, parameter + " = " + TextLimits.quoted(value) + ": "
                    + (quote >= 0 ? reason.substring(quote + 3) : reason));
        }
    }

    /**
     * An error about a parameter (or a rule between parameters), at that parameter's line.
     *
     * @param parameter the name whose line the message gives
     * @param message what is wrong and what is allowed, naming the parameter
     * @return the exception, to throw
     */
    public DataFileException error(final String parameter, final String message) {
        final Row row = rows.get(parameter);
        return new DataFileException(origin, row == null ? 0 : row.line(), message);
    }

    /** The largest value {@link #positive} accepts. */
    public static final double MAX_QUANTITY = 1e12;
}
