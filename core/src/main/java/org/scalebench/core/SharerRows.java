package org.scalebench.core;

import java.util.Arrays;

/**
 * {@code R} rows of {@code W} bits each, stored in one {@code long[]} with a fixed stride of
 * {@code ceil(W / 64)} words per row: the sharer vectors of a full-map directory, one row per directory
 * entry and one bit per core (a flat {@code long[]} with a stride, as the README's "Sharer rows" section
 * measures against {@code BitSet[]} and RoaringBitmap). Where gem5 keeps a heap-backed
 * {@code std::bitset} per machine type (NetDest), ZSim a compile-time {@code std::bitset<256>} scanned bit
 * by bit and Graphite a byte-wise {@code BitVector}, here the width is chosen at run time (1 to over a
 * million bits), a row is contiguous in memory, and iteration skips zero words and finds each set bit with
 * one trailing-zero count.
 *
 * <pre>
 *   words: | row 0: word 0 .. word S-1 | row 1: word 0 .. word S-1 | ... | row R-1 ... |
 *   bit b of row r lives in words[r * S + (b &gt;&gt;&gt; 6)], at bit position (b &amp; 63)
 *   S = ceil(W / 64); the top 64 * S - W bits of each row's last word are padding
 * </pre>
 *
 * <p>Invariants: padding bits are always zero, so {@link #count}, {@link #isEmpty}, {@link #rowEquals}
 * and iteration need no masking. Every method checks its row against {@code [0, R)} and its bit against
 * {@code [0, W)} (one unsigned compare each) and throws {@link IndexOutOfBoundsException} otherwise, so no
 * call can touch another row or a padding bit. Row-to-row operations only combine rows, so they keep
 * padding zero as well.
 *
 * <p>Allocation: the array, once, at construction; nothing afterwards (a {@link Cursor} is allocated when
 * {@link #cursor()} is called and then reused). Thread-safety: not thread-safe; concurrent readers are safe
 * only while no thread writes.
 */
public final class SharerRows {

    /** The largest {@code long[]} HotSpot allocates: a few header words short of {@code Integer.MAX_VALUE}. */
    static final int MAX_WORDS = Bits.MAX_ARRAY_LENGTH;

    private final long[] words;
    private final int rows;
    private final int bitsPerRow;
    private final int wordsPerRow;

    /**
     * Creates {@code rows} rows of {@code bitsPerRow} bits, all clear.
     *
     * @param rows the number of rows R, at least 1
     * @param bitsPerRow the row width W, at least 1
     * @throws IllegalArgumentException if R or W is below 1, or if R x ceil(W / 64) words exceed the
     *         largest {@code long[]}
     */
    public SharerRows(final int rows, final int bitsPerRow) {
        Checks.requireAtLeast("rows", rows, 1);
        Checks.requireAtLeast("bitsPerRow", bitsPerRow, 1);
        final int stride = (int) ((bitsPerRow + 63L) >>> 6);
        final long total = (long) rows * stride;
        if (total > MAX_WORDS) {
            throw new IllegalArgumentException("rows = " + rows + ", bitsPerRow = " + bitsPerRow + ": " + rows
                    + " rows x " + stride + " words = " + total + " words, more than one long[] holds ("
                    + MAX_WORDS + ")");
        }
        this.rows = rows;
        this.bitsPerRow = bitsPerRow;
        this.wordsPerRow = stride;
        this.words = new long[(int) total];
    }

    /**
     * The number of rows R.
     *
     * @return R
     */
    public int rows() {
        return rows;
    }

    /**
     * The row width W in bits.
     *
     * @return W
     */
    public int bitsPerRow() {
        return bitsPerRow;
    }

    /**
     * The row stride in 64-bit words, {@code ceil(W / 64)}.
     *
     * @return the words per row
     */
    public int wordsPerRow() {
        return wordsPerRow;
    }

    /**
     * Sets bit {@code bit} of row {@code row}.
     *
     * @param row the row, in {@code [0, R)}
     * @param bit the bit, in {@code [0, W)}
     * @throws IndexOutOfBoundsException if the row or the bit is out of range
     */
    public void set(final int row, final int bit) {
        words[wordIndex(row, bit)] |= 1L << bit;
    }

    /**
     * Clears bit {@code bit} of row {@code row}.
     *
     * @param row the row, in {@code [0, R)}
     * @param bit the bit, in {@code [0, W)}
     * @throws IndexOutOfBoundsException if the row or the bit is out of range
     */
    public void clear(final int row, final int bit) {
        words[wordIndex(row, bit)] &= ~(1L << bit);
    }

    /**
     * Whether bit {@code bit} of row {@code row} is set.
     *
     * @param row the row, in {@code [0, R)}
     * @param bit the bit, in {@code [0, W)}
     * @return true if the bit is set
     * @throws IndexOutOfBoundsException if the row or the bit is out of range
     */
    public boolean test(final int row, final int bit) {
        return (words[wordIndex(row, bit)] & (1L << bit)) != 0;
    }

    /**
     * The number of set bits in a row (a sharer count).
     *
     * @param row the row, in {@code [0, R)}
     * @return the population count of the row
     * @throws IndexOutOfBoundsException if the row is out of range
     */
    public int count(final int row) {
        final long[] w = words;
        final int start = rowOffset(row);
        final int end = start + wordsPerRow;
        int n = 0;
        for (int i = start; i < end; i++) {
            n += Long.bitCount(w[i]);
        }
        return n;
    }

    /**
     * Whether a row has no set bit.
     *
     * @param row the row, in {@code [0, R)}
     * @return true if every bit of the row is clear
     * @throws IndexOutOfBoundsException if the row is out of range
     */
    public boolean isEmpty(final int row) {
        final long[] w = words;
        final int start = rowOffset(row);
        final int end = start + wordsPerRow;
        for (int i = start; i < end; i++) {
            if (w[i] != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Clears every bit of a row.
     *
     * @param row the row, in {@code [0, R)}
     * @throws IndexOutOfBoundsException if the row is out of range
     */
    public void clearRow(final int row) {
        final int start = rowOffset(row);
        Arrays.fill(words, start, start + wordsPerRow, 0L);
    }

    /** Clears every bit of every row. */
    public void clearAll() {
        Arrays.fill(words, 0L);
    }

    /**
     * The lowest set bit of a row.
     *
     * @param row the row, in {@code [0, R)}
     * @return the lowest set bit, or -1 if the row is empty
     * @throws IndexOutOfBoundsException if the row is out of range
     */
    public int firstSetBit(final int row) {
        return nextSetBit(row, 0);
    }

    /**
     * The lowest set bit of a row at or above {@code fromBit}; the loop
     * {@code for (int b = rows.nextSetBit(r, 0); b >= 0; b = rows.nextSetBit(r, b + 1))} visits a row.
     *
     * @param row the row, in {@code [0, R)}
     * @param fromBit the first bit to consider, at least 0 (W or more gives -1)
     * @return the lowest set bit {@code >= fromBit}, or -1 if there is none
     * @throws IndexOutOfBoundsException if the row is out of range or {@code fromBit} is negative
     */
    public int nextSetBit(final int row, final int fromBit) {
        final int start = rowOffset(row);
        if (fromBit < 0) {
            throw new IndexOutOfBoundsException("fromBit = " + fromBit + ": must be at least 0");
        }
        if (fromBit >= bitsPerRow) {
            return -1;
        }
        final long[] w = words;
        final int end = start + wordsPerRow;
        int i = start + (fromBit >>> 6);
        long word = w[i] & (-1L << fromBit);
        while (word == 0) {
            if (++i == end) {
                return -1;
            }
            word = w[i];
        }
        return ((i - start) << 6) + Long.numberOfTrailingZeros(word);
    }

    /**
     * Calls {@code visitor} with every set bit of a row in ascending order: one trailing-zero count per set
     * bit, zero words skipped. The visitor may change the row it visits: clearing the bit being visited is
     * safe, and a bit set or cleared ahead of the walk may or may not be visited.
     *
     * @param row the row, in {@code [0, R)}
     * @param visitor receives each set bit
     * @return the number of bits visited
     * @throws IndexOutOfBoundsException if the row is out of range
     */
    public int forEach(final int row, final BitVisitor visitor) {
        final long[] w = words;
        final int start = rowOffset(row);
        if (wordsPerRow == 1) {
            long word = w[start];
            int visited = 0;
            while (word != 0) {
                visitor.visit(Long.numberOfTrailingZeros(word));
                word &= word - 1;
                visited++;
            }
            return visited;
        }
        return forEachWide(w, start, start + wordsPerRow, visitor);
    }

    /**
     * Visits a row of two words or more, 64 words at a time. A first pass builds a mask of the chunk's
     * non-zero words without a data-dependent branch per word ({@code (x | -x) >>> 63} is 1 exactly when
     * {@code x != 0}), skipping each all-zero 8-word block (one cache line) with a single test; then a
     * trailing-zero loop over the mask reaches each non-zero word, and a trailing-zero loop over the word
     * each set bit. A sparse row thus costs about one mispredicted branch per chunk instead of two per
     * non-zero word (which halves the walk of a 1024-bit row holding a handful of sharers), and a wide,
     * nearly empty row about two operations per word.
     */
    private static int forEachWide(final long[] w, final int start, final int end, final BitVisitor visitor) {
        int visited = 0;
        for (int chunk = start; chunk < end; chunk += 64) {
            final int chunkEnd = Math.min(end, chunk + 64);
            long nonZero = 0;
            int i = chunk;
            for (; i + 8 <= chunkEnd; i += 8) {
                if ((w[i] | w[i + 1] | w[i + 2] | w[i + 3] | w[i + 4] | w[i + 5] | w[i + 6] | w[i + 7]) != 0) {
                    for (int k = i; k < i + 8; k++) {
                        final long x = w[k];
                        nonZero |= ((x | -x) >>> 63) << (k - chunk);
                    }
                }
            }
            for (; i < chunkEnd; i++) {
                final long x = w[i];
                nonZero |= ((x | -x) >>> 63) << (i - chunk);
            }
            final int chunkBase = (chunk - start) << 6;
            while (nonZero != 0) {
                final int k = Long.numberOfTrailingZeros(nonZero);
                nonZero &= nonZero - 1;
                final int base = chunkBase + (k << 6);
                long word = w[chunk + k]; // re-read: the visitor may have cleared it since the mask was built
                while (word != 0) {
                    visitor.visit(base + Long.numberOfTrailingZeros(word));
                    word &= word - 1;
                    visited++;
                }
            }
        }
        return visited;
    }

    /**
     * Word {@code wordIndex} of a row: bits {@code 64 * wordIndex} to {@code 64 * wordIndex + 63}, bit
     * {@code b} at position {@code b & 63}. Padding bits read as zero.
     *
     * @param row the row, in {@code [0, R)}
     * @param wordIndex the word, in {@code [0, wordsPerRow())}
     * @return the word
     * @throws IndexOutOfBoundsException if the row or the word is out of range
     */
    public long word(final int row, final int wordIndex) {
        final int start = rowOffset(row);
        if (Integer.compareUnsigned(wordIndex, wordsPerRow) >= 0) {
            throw new IndexOutOfBoundsException(
                    "wordIndex = " + wordIndex + ": must be in [0, " + wordsPerRow + ")");
        }
        return words[start + wordIndex];
    }

    /**
     * Copies row {@code srcRow} over row {@code dstRow}.
     *
     * @param srcRow the source row, in {@code [0, R)}
     * @param dstRow the destination row, in {@code [0, R)}
     * @throws IndexOutOfBoundsException if a row is out of range
     */
    public void copyRow(final int srcRow, final int dstRow) {
        System.arraycopy(words, rowOffset(srcRow), words, rowOffset(dstRow), wordsPerRow);
    }

    /**
     * {@code dstRow |= srcRow}: adds the sharers of one row to another.
     *
     * @param srcRow the source row, in {@code [0, R)}
     * @param dstRow the destination row, in {@code [0, R)}
     * @throws IndexOutOfBoundsException if a row is out of range
     */
    public void or(final int srcRow, final int dstRow) {
        final long[] w = words;
        final int src = rowOffset(srcRow);
        final int dst = rowOffset(dstRow);
        for (int i = 0; i < wordsPerRow; i++) {
            w[dst + i] |= w[src + i];
        }
    }

    /**
     * {@code dstRow &= ~srcRow}: removes the sharers of one row from another.
     *
     * @param srcRow the source row, in {@code [0, R)}
     * @param dstRow the destination row, in {@code [0, R)}
     * @throws IndexOutOfBoundsException if a row is out of range
     */
    public void andNot(final int srcRow, final int dstRow) {
        final long[] w = words;
        final int src = rowOffset(srcRow);
        final int dst = rowOffset(dstRow);
        for (int i = 0; i < wordsPerRow; i++) {
            w[dst + i] &= ~w[src + i];
        }
    }

    /**
     * Whether two rows hold the same bits.
     *
     * @param rowA a row, in {@code [0, R)}
     * @param rowB a row, in {@code [0, R)}
     * @return true if every bit is equal
     * @throws IndexOutOfBoundsException if a row is out of range
     */
    public boolean rowEquals(final int rowA, final int rowB) {
        final int a = rowOffset(rowA);
        final int b = rowOffset(rowB);
        return Arrays.equals(words, a, a + wordsPerRow, words, b, b + wordsPerRow);
    }

    /**
     * A new cursor over the set bits of one row at a time; allocate it once and {@link Cursor#reset(int)} it
     * for each row.
     *
     * @return a cursor positioned on no row ({@link Cursor#next()} returns -1 until reset)
     */
    public Cursor cursor() {
        return new Cursor();
    }

    private int wordIndex(final int row, final int bit) {
        if (Integer.compareUnsigned(row, rows) >= 0 || Integer.compareUnsigned(bit, bitsPerRow) >= 0) {
            throw outOfRange(row, bit);
        }
        return row * wordsPerRow + (bit >>> 6);
    }

    private int rowOffset(final int row) {
        if (Integer.compareUnsigned(row, rows) >= 0) {
            throw new IndexOutOfBoundsException("row = " + row + ": must be in [0, " + rows + ")");
        }
        return row * wordsPerRow;
    }

    private IndexOutOfBoundsException outOfRange(final int row, final int bit) {
        if (Integer.compareUnsigned(row, rows) >= 0) {
            return new IndexOutOfBoundsException("row = " + row + ": must be in [0, " + rows + ")");
        }
        return new IndexOutOfBoundsException("bit = " + bit + ": must be in [0, " + bitsPerRow + ")");
    }

    /**
     * A reusable iterator over the set bits of one row, in ascending order, without boxing:
     * {@code for (int b = cursor.reset(r).next(); b >= 0; b = cursor.next())}. Each word is read when the
     * cursor reaches it, so bits cleared ahead of the cursor are not returned, and bits set ahead of it are.
     * Not thread-safe: one cursor per thread.
     */
    public final class Cursor {
        private int index;
        private int end;
        private int base;
        private long word;

        private Cursor() {
        }

        /**
         * Positions the cursor before the first bit of a row.
         *
         * @param row the row, in {@code [0, R)}
         * @return this cursor
         * @throws IndexOutOfBoundsException if the row is out of range
         */
        public Cursor reset(final int row) {
            final int start = rowOffset(row);
            index = start;
            end = start + wordsPerRow;
            base = 0;
            word = words[start];
            return this;
        }

        /**
         * The next set bit of the row.
         *
         * @return the next set bit, or -1 once the row is exhausted (and on every later call)
         */
        public int next() {
            long w = word;
            while (w == 0) {
                if (index + 1 >= end) {
                    return -1;
                }
                index++;
                base += 64;
                w = words[index];
            }
            word = w & (w - 1);
            return base + Long.numberOfTrailingZeros(w);
        }
    }
}
