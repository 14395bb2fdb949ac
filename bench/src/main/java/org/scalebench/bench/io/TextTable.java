package org.scalebench.bench.io;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/** A plain-text table with aligned columns for the console, two spaces apart. Not thread-safe. */
public final class TextTable {

    private final List<String> header;
    private final BitSet rightAligned = new BitSet();
    private final List<List<String>> rows = new ArrayList<>();

    /**
     * Starts a table.
     *
     * @param header the column titles
     */
    public TextTable(final String... header) {
        this.header = List.of(header);
    }

    /**
     * Right-aligns columns (numbers).
     *
     * @param columns zero-based column indexes
     * @return this table
     */
    public TextTable rightAlign(final int... columns) {
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
    public TextTable row(final String... cells) {
        if (cells.length != header.size()) {
            throw new IllegalArgumentException(cells.length + " cells for " + header.size() + " columns: "
                    + Arrays.toString(cells));
        }
        rows.add(List.of(cells));
        return this;
    }

    /** Returns the table, one line per row (header first), each ending with a line break. */
    @Override
    public String toString() {
        final int[] width = new int[header.size()];
        for (int c = 0; c < width.length; c++) {
            width[c] = header.get(c).length();
            for (final List<String> row : rows) {
                width[c] = Math.max(width[c], row.get(c).length());
            }
        }
        final StringBuilder text = new StringBuilder();
        line(text, header, width);
        rows.forEach(r -> line(text, r, width));
        return text.toString();
    }

    private void line(final StringBuilder text, final List<String> cells, final int[] width) {
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
}
