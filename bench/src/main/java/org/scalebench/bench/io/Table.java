package org.scalebench.bench.io;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * A table of text cells with a header, rendered either as aligned plain text for the console ({@link #text()})
 * or as a GitHub-flavoured Markdown table for reports ({@link #markdown()}). Not thread-safe.
 */
public final class Table {

    private final List<String> header;
    private final BitSet rightAligned = new BitSet();
    private final List<List<String>> rows = new ArrayList<>();

    /**
     * Starts a table.
     *
     * @param header the column titles
     */
    public Table(final String... header) {
        this.header = List.of(header);
    }

    /**
     * Right-aligns columns (numbers).
     *
     * @param columns zero-based column indexes
     * @return this table
     */
    public Table rightAlign(final int... columns) {
        for (final int c : columns) {
            rightAligned.set(c);
        }
        return this;
    }

    /**
     * Adds a row.
     *
     * @param cells one cell per column
     * @return this table
     * @throws IllegalArgumentException when the cell count differs from the header's
     */
    public Table row(final String... cells) {
        if (cells.length != header.size()) {
            throw new IllegalArgumentException(cells.length + " cells for " + header.size() + " columns: "
                    + Arrays.toString(cells));
        }
        rows.add(List.of(cells));
        return this;
    }

    /**
     * Whether the table has rows.
     *
     * @return true when there is none
     */
    public boolean isEmpty() {
        return rows.isEmpty();
    }

    /**
     * Plain text with aligned columns two spaces apart, one line per row (header first).
     *
     * @return the text, each line ending with a line break
     */
    public String text() {
        final int[] width = new int[header.size()];
        for (int c = 0; c < width.length; c++) {
            width[c] = header.get(c).length();
            for (final List<String> row : rows) {
                width[c] = Math.max(width[c], row.get(c).length());
            }
        }
        final StringBuilder text = new StringBuilder();
        textLine(text, header, width);
        rows.forEach(r -> textLine(text, r, width));
        return text.toString();
    }

    /**
     * A Markdown table; {@code |} and line breaks in cells are escaped.
     *
     * @return the Markdown, each line ending with a line break
     */
    public String markdown() {
        final StringBuilder text = new StringBuilder();
        markdownLine(text, header);
        text.append('|');
        for (int c = 0; c < header.size(); c++) {
            text.append(rightAligned.get(c) ? "---:|" : "---|");
        }
        text.append('\n');
        rows.forEach(r -> markdownLine(text, r));
        return text.toString();
    }

    private void textLine(final StringBuilder text, final List<String> cells, final int[] width) {
        final StringBuilder line = new StringBuilder();
        for (int c = 0; c < width.length; c++) {
            final String cell = cells.get(c);
            final String pad = " ".repeat(width[c] - cell.length());
            if (c > 0) {
                line.append("  ");
            }
            line.append(rightAligned.get(c) ? pad + cell : cell + pad);
        }
        text.append(line.toString().stripTrailing()).append('\n');
    }

    private static void markdownLine(final StringBuilder text, final List<String> cells) {
        text.append('|');
        for (final String cell : cells) {
            text.append(' ').append(cell.replace("|", "\\|").replaceAll("\\R", " ")).append(" |");
        }
        text.append('\n');
    }
}
