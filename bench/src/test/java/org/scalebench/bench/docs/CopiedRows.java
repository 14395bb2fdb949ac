package org.scalebench.bench.docs;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Tables a page of {@code docs/} copies from a committed result file. A table so copied is preceded by the marker
 * {@code <!-- rows of bench/results/FILE -->} (any blank lines between); every line of the table (header, separator
 * and rows, up to the first line that does not start with {@code |}) must then be a line of that file, so a rerun
 * that changes a figure makes the page fail until it is copied again.
 */
final class CopiedRows {

    private static final Pattern MARKER = Pattern.compile("<!-- rows of (\\S+) -->");

    /**
     * One copied table.
     *
     * @param source the result file named by the marker, relative to the repository root
     * @param line the page's line of the table's first line (1-based)
     * @param rows the table's lines
     */
    record Table(String source, int line, List<String> rows) {
    }

    private CopiedRows() {
    }

    /**
     * The copied tables of a page.
     *
     * @param page the page's name, for messages
     * @param text the page
     * @return its marked tables, in order
     * @throws IllegalArgumentException for a marker followed by no table
     */
    static List<Table> tables(final String page, final String text) {
        final String[] lines = text.split("\n", -1);
        final List<Table> out = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            final Matcher m = MARKER.matcher(lines[i].strip());
            if (!m.matches()) {
                continue;
            }
            int j = i + 1;
            while (j < lines.length && lines[j].isBlank()) {
                j++;
            }
            final int first = j + 1;
            final List<String> rows = new ArrayList<>();
            while (j < lines.length && lines[j].startsWith("|")) {
                rows.add(lines[j]);
                j++;
            }
            if (rows.isEmpty()) {
                throw new IllegalArgumentException(page + ":" + (i + 1) + ": the marker is followed by no table");
            }
            out.add(new Table(m.group(1), first, rows));
        }
        return out;
    }

    /**
     * The lines of a copied table that its source does not hold.
     *
     * @param page the page's name, for messages
     * @param table the copied table
     * @param source the source file's text
     * @return one message per line not found, empty when the copy is current
     */
    static List<String> stale(final String page, final Table table, final String source) {
        final Set<String> have = new HashSet<>(List.of(source.split("\n", -1)));
        final List<String> out = new ArrayList<>();
        for (int k = 0; k < table.rows().size(); k++) {
            final String row = table.rows().get(k);
            if (!have.contains(row)) {
                out.add(page + ":" + (table.line() + k) + " (table of " + table.source() + "): not in the source: "
                        + row);
            }
        }
        return out;
    }
}
