package org.scalebench.bench.reference;

import java.util.BitSet;
import org.scalebench.core.BitVisitor;

/**
 * Oracle and baseline of {@link org.scalebench.core.SharerRows}: one {@link BitSet} per row, the way a
 * simulator written without a flat kernel keeps its sharer sets. Obviously correct, two objects per row.
 * Rows and bits are range-checked explicitly ({@link BitSet} itself accepts any bit index up to
 * {@code Integer.MAX_VALUE}).
 */
public class BitSetRows {

    private final BitSet[] rows;
    private final int bitsPerRow;

    /**
     * Creates {@code rows} empty rows of {@code bitsPerRow} bits.
     *
     * @param rows the row count, at least 1
     * @param bitsPerRow the row width, at least 1
     */
    public BitSetRows(final int rows, final int bitsPerRow) {
        if (rows < 1 || bitsPerRow < 1) {
            throw new IllegalArgumentException("rows = " + rows + ", bitsPerRow = " + bitsPerRow
                    + ": both must be at least 1");
        }
        this.rows = new BitSet[rows];
        this.bitsPerRow = bitsPerRow;
        for (int r = 0; r < rows; r++) {
            this.rows[r] = new BitSet(bitsPerRow);
        }
    }

    /**
     * Sets a bit.
     *
     * @param row the row
     * @param bit the bit
     */
    public void set(final int row, final int bit) {
        row(row).set(checkBit(bit));
    }

    /**
     * Clears a bit.
     *
     * @param row the row
     * @param bit the bit
     */
    public void clear(final int row, final int bit) {
        row(row).clear(checkBit(bit));
    }

    /**
     * Tests a bit.
     *
     * @param row the row
     * @param bit the bit
     * @return whether it is set
     */
    public boolean test(final int row, final int bit) {
        return row(row).get(checkBit(bit));
    }

    /**
     * Counts the set bits of a row.
     *
     * @param row the row
     * @return the count
     */
    public int count(final int row) {
        return row(row).cardinality();
    }

    /**
     * Whether a row is empty.
     *
     * @param row the row
     * @return true if no bit is set
     */
    public boolean isEmpty(final int row) {
        return row(row).isEmpty();
    }

    /**
     * Clears a row.
     *
     * @param row the row
     */
    public void clearRow(final int row) {
        row(row).clear();
    }

    /**
     * The lowest set bit at or above {@code fromBit}.
     *
     * @param row the row
     * @param fromBit the first bit considered, at least 0
     * @return the bit, or -1
     */
    public int nextSetBit(final int row, final int fromBit) {
        final BitSet bits = row(row);
        if (fromBit < 0) {
            throw new IndexOutOfBoundsException("fromBit = " + fromBit);
        }
        return fromBit >= bitsPerRow ? -1 : bits.nextSetBit(fromBit);
    }

    /**
     * Visits the set bits of a row in ascending order.
     *
     * @param row the row
     * @param visitor receives each bit
     * @return the number of bits visited
     */
    public int forEach(final int row, final BitVisitor visitor) {
        final BitSet bits = row(row);
        int n = 0;
        for (int b = bits.nextSetBit(0); b >= 0; b = bits.nextSetBit(b + 1)) {
            visitor.visit(b);
            n++;
        }
        return n;
    }

    /**
     * Copies one row over another.
     *
     * @param srcRow the source
     * @param dstRow the destination
     */
    public void copyRow(final int srcRow, final int dstRow) {
        final BitSet src = row(srcRow);
        final BitSet dst = row(dstRow);
        if (src != dst) {
            dst.clear();
            dst.or(src);
        }
    }

    /**
     * {@code dst |= src}.
     *
     * @param srcRow the source
     * @param dstRow the destination
     */
    public void or(final int srcRow, final int dstRow) {
        final BitSet src = row(srcRow);
        row(dstRow).or(src);
    }

    /**
     * {@code dst &= ~src}.
     *
     * @param srcRow the source
     * @param dstRow the destination
     */
    public void andNot(final int srcRow, final int dstRow) {
        final BitSet src = row(srcRow);
        row(dstRow).andNot(src);
    }

    /**
     * Whether two rows are equal.
     *
     * @param rowA a row
     * @param rowB a row
     * @return true if they hold the same bits
     */
    public boolean rowEquals(final int rowA, final int rowB) {
        return row(rowA).equals(row(rowB));
    }

    private BitSet row(final int row) {
        if (row < 0 || row >= rows.length) {
            throw new IndexOutOfBoundsException("row = " + row);
        }
        return rows[row];
    }

    private int checkBit(final int bit) {
        if (bit < 0 || bit >= bitsPerRow) {
            throw new IndexOutOfBoundsException("bit = " + bit);
        }
        return bit;
    }

    /**
     * One 64-bit word of a row, as the kernel stores it: bit {@code b} of word {@code i} is bit {@code 64 i + b}.
     *
     * @param row the row
     * @param wordIndex the word
     * @return the word
     */
    public long word(final int row, final int wordIndex) {
        final BitSet bits = rows[row];
        final int from = wordIndex << 6;
        long word = 0;
        for (int b = bits.nextSetBit(from); b >= 0 && b < from + 64; b = bits.nextSetBit(b + 1)) {
            word |= 1L << (b - from);
        }
        return word;
    }
}
