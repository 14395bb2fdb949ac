package org.scalebench.bench.perf;

import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One combination of JMH {@code @Param} values, written {@code k=v;k2=v2}. Keys are kept sorted, so two
 * combinations naming the same values in a different order are equal and print the same. Immutable.
 *
 * @param values parameter name to value, sorted by name
 */
public record ParamSet(SortedMap<String, String> values) implements Comparable<ParamSet> {

    private static final ParamSet EMPTY = new ParamSet(new TreeMap<>());

    /**
     * Creates a combination (the map is copied).
     *
     * @param values parameter name to value
     */
    public ParamSet {
        values = Collections.unmodifiableSortedMap(new TreeMap<>(values));
    }

    /**
     * The combination of a benchmark without parameters.
     *
     * @return the empty combination
     */
    public static ParamSet empty() {
        return EMPTY;
    }

    /**
     * Copies a map into a combination.
     *
     * @param values parameter name to value
     * @return the combination
     */
    public static ParamSet of(final Map<String, String> values) {
        return new ParamSet(new TreeMap<>(values));
    }

    /**
     * Parses {@code k=v;k2=v2} (blank text is the empty combination).
     *
     * @param text the combination
     * @return the combination
     * @throws IllegalArgumentException naming the text when a pair is not {@code key=value} or a key repeats
     */
    public static ParamSet parse(final String text) {
        if (text.isBlank()) {
            return EMPTY;
        }
        final TreeMap<String, String> values = new TreeMap<>();
        for (final String pair : text.split(";", -1)) {
            final int eq = pair.indexOf('=');
            final String key = eq < 0 ? "" : pair.substring(0, eq).strip();
            final String value = eq < 0 ? "" : pair.substring(eq + 1).strip();
            if (key.isEmpty() || value.isEmpty()) {
                throw new IllegalArgumentException("params '" + text
                        + "': expected key=value pairs separated by ';' (e.g. n=1000;ways=8)");
            }
            if (values.put(key, value) != null) {
                throw new IllegalArgumentException("params '" + text + "': " + key + " is given twice");
            }
        }
        return new ParamSet(values);
    }

    /**
     * The value of one parameter.
     *
     * @param key the parameter name
     * @return its value, or null when this combination does not set it
     */
    public String get(final String key) {
        return values.get(key);
    }

    /** Orders by key, then by value: numerically when both values are numbers (so n=999 comes before n=1000). */
    @Override
    public int compareTo(final ParamSet other) {
        final var mine = values.entrySet().iterator();
        final var theirs = other.values.entrySet().iterator();
        while (mine.hasNext() && theirs.hasNext()) {
            final Map.Entry<String, String> a = mine.next();
            final Map.Entry<String, String> b = theirs.next();
            int c = a.getKey().compareTo(b.getKey());
            if (c == 0) {
                c = compareValues(a.getValue(), b.getValue());
            }
            if (c != 0) {
                return c;
            }
        }
        return Boolean.compare(mine.hasNext(), theirs.hasNext());
    }

    private static int compareValues(final String a, final String b) {
        try {
            final int c = Double.compare(Double.parseDouble(a), Double.parseDouble(b));
            return c != 0 ? c : a.compareTo(b);
        } catch (final NumberFormatException notNumbers) {
            return a.compareTo(b);
        }
    }

    /** Returns {@code k=v;k2=v2} in key order (empty for no parameters). */
    @Override
    public String toString() {
        final StringBuilder text = new StringBuilder();
        for (final Map.Entry<String, String> e : values.entrySet()) {
            if (text.length() > 0) {
                text.append(';');
            }
            text.append(e.getKey()).append('=').append(e.getValue());
        }
        return text.toString();
    }
}
