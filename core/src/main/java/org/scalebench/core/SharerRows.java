package org.scalebench.core;

import java.util.Arrays;

/**
 * {@code R} rows of {@code W} bits each, stored in one {@code long[]} with a fixed stride of
 * {@code ceil(W / 64)} words per row: the sharer vectors of a full-map directory, one row per directory
 * entry and one bit per core (a flat {@code long[]} with a stride, as the README's "Sharer rows" section
 * measures against {@code BitSet[]} and RoaringBitmap). Where gem5 keeps a heap-backed
 * {@code std::bitset} per machine type (NetDest), ZSim a compile-time {@code std::bitset<256>} scanned bit
 * by bit and Graphite a byte-wise {@code BitVector}, here the width is chosen at run time (1 to over a
 * million bits) and a row is contiguous in memory.
 *
 * <p>Rows wider than one word carry a <em>summary</em>: one bit per word of the row, set exactly when that
 * word is non-zero, kept in a second array. Sharer vectors are sparse (a line of a 1,024-core machine is
 * typically held by a handful of cores), so a walk, a count, an emptiness test or a row-to-row operation
 * reads the summary and then only the non-zero words: one host cache line for a sharer set confined to
 * one word, instead of every word of the row (two or three lines at 1,024 bits). Set and clear keep the
 * summary in step, writing it only when a word gains its first bit or loses its last one, so adding a sharer to a
 * word that already holds one (the common case when a line's sharers are the cores of one domain) touches the
 * row's line alone.
 *
 * <pre>
 *   words:   | row 0: word 0 .. word S-1 | row 1: word 0 .. word S-1 | ... | row R-1 ... |
 *   summary: | row 0: s 0 .. s T-1 | row 1: s 0 .. s T-1 | ...      (only when S &gt; 1)
 *   bit b of row r lives in words[r * S + (b &gt;&gt;&gt; 6)], at bit position (b &amp; 63)
 *   word k of row r is flagged in summary[r * T + (k &gt;&gt;&gt; 6)], at bit position (k &amp; 63)
 *   S = ceil(W / 64), T = ceil(S / 64); the top 64 * S - W bits of each row's last word are padding
 * </pre>
 *
 * <p>Invariants: padding bits are always zero, so {@link #count}, {@link #isEmpty}, {@link #rowEquals}
 * and iteration need no masking; when {@code S > 1}, summary bit {@code k} of a row is set if and only if
 * word {@code k} of the row is non-zero (every mutator keeps this; {@link #checkSummary} verifies it).
 * Every method checks its row against {@code [0, R)} and its bit against {@code [0, W)} (one unsigned
 * compare each) and throws {@link IndexOutOfBoundsException} otherwise, so no call can touch another row
 * or a padding bit. Row-to-row operations only combine rows, so they keep padding zero as well.
 *
 * <p>Allocation: the two arrays, once, at construction; nothing afterwards (a {@link Cursor} is allocated
 * when {@link #cursor()} is called and then reused). Thread-safety: not thread-safe; concurrent readers are
 * safe only while no thread writes.
 */
public final class SharerRows {

    /** The largest {@code long[]} HotSpot allocates: a few header words short of {@code Integer.MAX_VALUE}. */
    static final int MAX_WORDS = Bits.MAX_ARRAY_LENGTH;

    private static final long[] NO_SUMMARY = new long[0];

    private final long[] words;
    private final long[] summary;
    private final int rows;
    private final int bitsPerRow;
    private final int wordsPerRow;
    /** Summary words per row, {@code ceil(S / 64)}; 0 for one-word rows, which need no summary. */
    private final int summaryPerRow;

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
        this.summaryPerRow = stride == 1 ? 0 : (stride + 63) >>> 6;
        this.words = new long[(int) total];
        this.summary = summaryPerRow == 0 ? NO_SUMMARY : new long[rows * summaryPerRow];
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
        final int i = wordIndex(row, bit);
        final long old = words[i];
        words[i] = old | 1L << bit;
        // a word that already held a bit is flagged already: only a word's first bit touches the summary's line
        if (summaryPerRow != 0 && old == 0) {
            summary[row * summaryPerRow + (bit >>> 12)] |= 1L << (bit >>> 6);
        }
    }

    /**
     * Clears bit {@code bit} of row {@code row}.
     *
     * @param row the row, in {@code [0, R)}
     * @param bit the bit, in {@code [0, W)}
     * @throws IndexOutOfBoundsException if the row or the bit is out of range
     */
    public void clear(final int row, final int bit) {
        final int i = wordIndex(row, bit);
        final long left = words[i] & ~(1L << bit);
        words[i] = left;
        if (left == 0 && summaryPerRow != 0) {
            summary[row * summaryPerRow + (bit >>> 12)] &= ~(1L << (bit >>> 6));
        }
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
        final int start = rowOffset(row);
        final long[] w = words;
        if (summaryPerRow == 0) {
            return Long.bitCount(w[start]);
        }
        final long[] s = summary;
        final int summaryStart = row * summaryPerRow;
        int n = 0;
        for (int j = 0; j < summaryPerRow; j++) {
            long flags = s[summaryStart + j];
            final int base = start + (j << 6);
            while (flags != 0) {
                n += Long.bitCount(w[base + Long.numberOfTrailingZeros(flags)]);
                flags &= flags - 1;
            }
        }
        return n;
    }

    /**
     * Whether a row has no bit set.
     *
     * @param row the row, in {@code [0, R)}
     * @return true if every bit of the row is clear
     * @throws IndexOutOfBoundsException if the row is out of range
     */
    public boolean isEmpty(final int row) {
        final int start = rowOffset(row);
        if (summaryPerRow == 0) {
            return words[start] == 0;
        }
        final long[] s = summary;
        final int summaryStart = row * summaryPerRow;
        for (int j = 0; j < summaryPerRow; j++) {
            if (s[summaryStart + j] != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Clears every bit of a row (touching only its non-zero words).
     *
     * @param row the row, in {@code [0, R)}
     * @throws IndexOutOfBoundsException if the row is out of range
     */
    public void clearRow(final int row) {
        final int start = rowOffset(row);
        final long[] w = words;
        if (summaryPerRow == 0) {
            w[start] = 0;
            return;
        }
        final long[] s = summary;
        final int summaryStart = row * summaryPerRow;
        for (int j = 0; j < summaryPerRow; j++) {
            long flags = s[summaryStart + j];
            final int base = start + (j << 6);
            while (flags != 0) {
                w[base + Long.numberOfTrailingZeros(flags)] = 0;
                flags &= flags - 1;
            }
            s[summaryStart + j] = 0;
        }
    }

    /** Clears every bit of every row. */
    public void clearAll() {
        Arrays.fill(words, 0L);
        Arrays.fill(summary, 0L);
    }

    /**
     * The lowest set bit of a row.
     *
     * @param row the row, in {@code [0, R)}
     * @return the bit, or -1 if the row is empty
     * @throws IndexOutOfBoundsException if the row is out of range
     */
    public int firstSetBit(final int row) {
        return nextSetBit(row, 0);
    }

    /**
     * The lowest set bit of a row at or above {@code fromBit}, as {@link java.util.BitSet#nextSetBit} does.
     *
     * @param row the row, in {@code [0, R)}
     * @param fromBit where to start, at least 0 (beyond the row: -1)
     * @return the bit, or -1 if none is set at or above {@code fromBit}
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
        final int k = fromBit >>> 6;
        final long word = words[start + k] & (-1L << fromBit);
        if (word != 0) {
            return (k << 6) + Long.numberOfTrailingZeros(word);
        }
        if (summaryPerRow == 0) {
            return -1;
        }
        final int next = nextFlaggedWord(row * summaryPerRow, k + 1);
        return next < 0 ? -1 : (next << 6) + Long.numberOfTrailingZeros(words[start + next]);
    }

    /** The lowest word index at or above {@code from} flagged in a row's summary, or -1. */
    private int nextFlaggedWord(final int summaryStart, final int from) {
        if (from >= wordsPerRow) {
            return -1;
        }
        final long[] s = summary;
        int j = from >>> 6;
        long flags = s[summaryStart + j] & (-1L << from);
        while (flags == 0) {
            if (++j == summaryPerRow) {
                return -1;
            }
            flags = s[summaryStart + j];
        }
        return (j << 6) + Long.numberOfTrailingZeros(flags);
    }

    /**
     * Calls {@code visitor} with each set bit of a row, in ascending order. The visitor may clear bits of
     * the row (each word is read when the walk reaches it) but should not set any.
     *
     * @param row the row, in {@code [0, R)}
     * @param visitor receives each set bit
     * @return the number of bits visited
     * @throws IndexOutOfBoundsException if the row is out of range
     */
    public int forEach(final int row, final BitVisitor visitor) {
        final long[] w = words;
        final int start = rowOffset(row);
        int visited = 0;
        if (summaryPerRow == 0) {
            long word = w[start];
            while (word != 0) {
                visitor.visit(Long.numberOfTrailingZeros(word));
                word &= word - 1;
                visited++;
            }
            return visited;
        }
        final int summaryStart = row * summaryPerRow;
        for (int j = 0; j < summaryPerRow; j++) {
            long flags = summary[summaryStart + j];
            while (flags != 0) {
                final int k = (j << 6) + Long.numberOfTrailingZeros(flags);
                flags &= flags - 1;
                final int base = k << 6;
                long word = w[start + k]; // read now: the visitor may have cleared it since the summary was read
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
     * Writes the set bits of a row into {@code out}, in ascending order: the invalidation targets of a
     * full-map entry with no visitor or cursor in between.
     *
     * @param row the row, in {@code [0, R)}
     * @param out receives the bits from index 0; must hold {@link #count}{@code (row)} values
     * @return the number of bits written
     * @throws IndexOutOfBoundsException if the row is out of range or {@code out} is too short
     */
    public int copySetBits(final int row, final int[] out) {
        final long[] w = words;
        final int start = rowOffset(row);
        int n = 0;
        if (summaryPerRow == 0) {
            for (long word = w[start]; word != 0; word &= word - 1) {
                out[n++] = Long.numberOfTrailingZeros(word);
            }
            return n;
        }
        final int summaryStart = row * summaryPerRow;
        for (int j = 0; j < summaryPerRow; j++) {
            for (long flags = summary[summaryStart + j]; flags != 0; flags &= flags - 1) {
                final int k = (j << 6) + Long.numberOfTrailingZeros(flags);
                final int base = k << 6;
                for (long word = w[start + k]; word != 0; word &= word - 1) {
                    out[n++] = base + Long.numberOfTrailingZeros(word);
                }
            }
        }
        return n;
    }

    /**
     * One 64-bit word of a row, as stored (bit {@code b} of the word is bit {@code 64 * wordIndex + b} of
     * the row).
     *
     * @param row the row, in {@code [0, R)}
     * @param wordIndex the word, in {@code [0, S)}
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
     * @throws IndexOutOfBoundsException if either row is out of range
     */
    public void copyRow(final int srcRow, final int dstRow) {
        System.arraycopy(words, rowOffset(srcRow), words, rowOffset(dstRow), wordsPerRow);
        if (summaryPerRow != 0) {
            System.arraycopy(summary, srcRow * summaryPerRow, summary, dstRow * summaryPerRow, summaryPerRow);
        }
    }

    /**
     * {@code dstRow |= srcRow} (adds the source's sharers to the destination), reading only the source's
     * non-zero words.
     *
     * @param srcRow the source row, in {@code [0, R)}
     * @param dstRow the destination row, in {@code [0, R)}
     * @throws IndexOutOfBoundsException if either row is out of range
     */
    public void or(final int srcRow, final int dstRow) {
        final long[] w = words;
        final int src = rowOffset(srcRow);
        final int dst = rowOffset(dstRow);
        if (summaryPerRow == 0) {
            w[dst] |= w[src];
            return;
        }
        final long[] s = summary;
        final int srcSummary = srcRow * summaryPerRow;
        final int dstSummary = dstRow * summaryPerRow;
        for (int j = 0; j < summaryPerRow; j++) {
            final long flags = s[srcSummary + j];
            for (long f = flags; f != 0; f &= f - 1) {
                final int k = (j << 6) + Long.numberOfTrailingZeros(f);
                w[dst + k] |= w[src + k];
            }
            s[dstSummary + j] |= flags;
        }
    }

    /**
     * {@code dstRow &= ~srcRow} (removes the source's sharers from the destination), touching only the words
     * non-zero in both.
     *
     * @param srcRow the source row, in {@code [0, R)}
     * @param dstRow the destination row, in {@code [0, R)}
     * @throws IndexOutOfBoundsException if either row is out of range
     */
    public void andNot(final int srcRow, final int dstRow) {
        final long[] w = words;
        final int src = rowOffset(srcRow);
        final int dst = rowOffset(dstRow);
        if (summaryPerRow == 0) {
            w[dst] &= ~w[src];
            return;
        }
        final long[] s = summary;
        final int srcSummary = srcRow * summaryPerRow;
        final int dstSummary = dstRow * summaryPerRow;
        for (int j = 0; j < summaryPerRow; j++) {
            long emptied = 0;
            for (long f = s[srcSummary + j] & s[dstSummary + j]; f != 0; f &= f - 1) {
                final int bit = Long.numberOfTrailingZeros(f);
                final int k = (j << 6) + bit;
                final long left = w[dst + k] & ~w[src + k];
                w[dst + k] = left;
                if (left == 0) {
                    emptied |= 1L << bit;
                }
            }
            s[dstSummary + j] &= ~emptied;
        }
    }

    /**
     * Whether two rows hold the same bits.
     *
     * @param rowA a row, in {@code [0, R)}
     * @param rowB a row, in {@code [0, R)}
     * @return true if the rows are equal
     * @throws IndexOutOfBoundsException if either row is out of range
     */
    public boolean rowEquals(final int rowA, final int rowB) {
        final int a = rowOffset(rowA);
        final int b = rowOffset(rowB);
        if (summaryPerRow == 0) {
            return words[a] == words[b];
        }
        final long[] s = summary;
        final int sa = rowA * summaryPerRow;
        final int sb = rowB * summaryPerRow;
        if (!Arrays.equals(s, sa, sa + summaryPerRow, s, sb, sb + summaryPerRow)) {
            return false;
        }
        for (int j = 0; j < summaryPerRow; j++) {
            for (long f = s[sa + j]; f != 0; f &= f - 1) {
                final int k = (j << 6) + Long.numberOfTrailingZeros(f);
                if (words[a + k] != words[b + k]) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Checks the summary invariant of every row: summary bit {@code k} set exactly when word {@code k} is
     * non-zero. For tests and debugging; O(R x S).
     *
     * @return -1 when every row holds it, otherwise the first row that does not
     */
    public int checkSummary() {
        if (summaryPerRow == 0) {
            return -1;
        }
        for (int r = 0; r < rows; r++) {
            final int start = r * wordsPerRow;
            for (int k = 0; k < wordsPerRow; k++) {
                final boolean flagged = (summary[r * summaryPerRow + (k >>> 6)] & (1L << k)) != 0;
                if (flagged != (words[start + k] != 0)) {
                    return r;
                }
            }
            for (int k = wordsPerRow; k < summaryPerRow << 6; k++) {
                if ((summary[r * summaryPerRow + (k >>> 6)] & (1L << k)) != 0) {
                    return r;
                }
            }
        }
        return -1;
    }

    /**
     * A reusable cursor over the set bits of one row at a time, for callers that pull bits rather than take a
     * callback. The cursor reads the row as it walks: bits cleared behind it do not matter, bits set ahead of
     * it in an unread word are seen only when that word was flagged when the cursor reached its summary word.
     *
     * @return a new cursor, on no row until {@link Cursor#reset}
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
     * Pulls the set bits of one row, in ascending order, with no allocation: {@code reset(row)}, then
     * {@code next()} until it returns -1. Not thread-safe; one cursor per walking thread.
     */
    public final class Cursor {
        /** Index in {@code words} of the row's word 0. */
        private int rowStart;
        /** Index in {@code summary} of the summary word being walked, and one past the row's last. */
        private int summaryIndex;
        private int summaryEnd;
        /** Flags of the current summary word not yet walked. */
        private long flags;
        /** Bit index of bit 0 of {@link #word}. */
        private int base;
        /** Bits of the current word not yet returned. */
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
            rowStart = rowOffset(row);
            base = 0;
            if (summaryPerRow == 0) {
                word = words[rowStart];
                summaryIndex = 0;
                summaryEnd = 0;
                flags = 0;
            } else {
                word = 0;
                summaryIndex = row * summaryPerRow;
                summaryEnd = summaryIndex + summaryPerRow;
                flags = summary[summaryIndex];
            }
            return this;
        }

        /**
         * The next set bit of the row.
         *
         * @return the bit, or -1 when the row has no more (and on every later call until a reset)
         */
        public int next() {
            long w = word;
            while (w == 0) {
                long f = flags;
                while (f == 0) {
                    if (++summaryIndex >= summaryEnd) {
                        summaryIndex = summaryEnd;
                        return -1;
                    }
                    f = summary[summaryIndex];
                }
                final int k = ((summaryIndex - (summaryEnd - summaryPerRow)) << 6) + Long.numberOfTrailingZeros(f);
                flags = f & (f - 1);
                base = k << 6;
                w = words[rowStart + k];
            }
            word = w & (w - 1);
            return base + Long.numberOfTrailingZeros(w);
        }
    }
}
