package org.scalebench.bench.check;

import java.util.SplittableRandom;
import org.scalebench.bench.reference.BitSetRows;
import org.scalebench.core.BitVisitor;
import org.scalebench.core.SharerRows;

/**
 * {@link SharerRows} against {@link BitSetRows} (one {@link java.util.BitSet} per row): random mixes of
 * every operation on shapes from 1-bit to 65,536-bit rows, word-boundary widths first, including
 * out-of-range rows and bits (both must reject them and neither may change). After every operation that can
 * change state, the whole row it touched is compared word by word, and every {@value #FULL_EVERY} operations
 * (and at the end of each shape) every row, so a write that spills into a neighbouring row or word is caught.
 */
public final class SharerRowsCheck implements KernelCheck {

    /** Makes the reference for a shape (a seam for the planted-bug test). */
    @FunctionalInterface
    interface ReferenceFactory {
        BitSetRows create(int rows, int bitsPerRow);
    }

    private final ReferenceFactory references;

    /** The check against the plain {@link BitSetRows}. */
    public SharerRowsCheck() {
        this(BitSetRows::new);
    }

    SharerRowsCheck(final ReferenceFactory references) {
        this.references = references;
    }

    /** Widths around word boundaries, then wide rows. */
    private static final int[] WIDTHS =
        {1, 2, 63, 64, 65, 127, 128, 129, 191, 600, 1000, 1024, 1025, 4097, 4160, 65_536};
    private static final int OPERATIONS_PER_SHAPE = 20_000;
    /** How often every row of a shape is compared whole. */
    private static final int FULL_EVERY = 256;

    @Override
    public String name() {
        return "SharerRows";
    }

    @Override
    public Outcome run(final long seed, final int operations) {
        final SplittableRandom random = new SplittableRandom(seed);
        final Tally tally = new Tally(name(), seed);
        final Fold kernelFold = new Fold();
        final Fold referenceFold = new Fold();
        int shape = 0;
        for (int done = 0; done < operations; shape++) {
            final int width = WIDTHS[shape % WIDTHS.length];
            final int rows = 1 + random.nextInt(8);
            final SharerRows kernel = new SharerRows(rows, width);
            final BitSetRows reference = references.create(rows, width);
            final SharerRows.Cursor cursor = kernel.cursor();
            final int steps = Math.min(OPERATIONS_PER_SHAPE, operations - done);
            for (int step = 0; step < steps; step++, done++) {
                final int op = random.nextInt(16);
                final int r = random.nextInt(rows);
                final int s = random.nextInt(rows);
                final int b = random.nextInt(width);
                final int at = done;
                final String where = "W=" + width + " R=" + rows + " operation " + at + " kind " + op;
                switch (op) {
                    case 0, 1, 2, 3 -> {
                        kernel.set(r, b);
                        reference.set(r, b);
                        tally.compare(reference.test(r, b) ? 1 : 0, kernel.test(r, b) ? 1 : 0,
                                () -> where + " set(" + r + ", " + b + ")");
                    }
                    case 4, 5 -> {
                        kernel.clear(r, b);
                        reference.clear(r, b);
                        tally.compare(reference.count(r), kernel.count(r),
                                () -> where + " clear(" + r + ", " + b + ")");
                    }
                    case 6 -> tally.compare(reference.isEmpty(r) ? 1 : 0, kernel.isEmpty(r) ? 1 : 0,
                            () -> where + " isEmpty(" + r + ")");
                    case 7 -> {
                        // from anywhere in the row, or past its end
                        final int from = random.nextInt(8) == 0 ? width + random.nextInt(100) : b;
                        tally.compare(reference.nextSetBit(r, from), kernel.nextSetBit(r, from),
                                () -> where + " nextSetBit(" + r + ", " + from + ")");
                    }
                    case 8 -> {
                        kernelFold.reset();
                        referenceFold.reset();
                        final int kernelCount = kernel.forEach(r, kernelFold);
                        final int referenceCount = reference.forEach(r, referenceFold);
                        tally.compare(referenceFold.hash * 31 + referenceCount, kernelFold.hash * 31 + kernelCount,
                                () -> where + " forEach(" + r + ")");
                    }
                    case 9 -> {
                        referenceFold.reset();
                        reference.forEach(r, referenceFold);
                        long hash = 1;
                        for (int bit = cursor.reset(r).next(); bit >= 0; bit = cursor.next()) {
                            hash = hash * 31 + bit;
                        }
                        tally.compare(referenceFold.hash, hash, () -> where + " cursor(" + r + ")");
                    }
                    case 10 -> {
                        kernel.or(s, r);
                        reference.or(s, r);
                        tally.compare(reference.count(r), kernel.count(r), () -> where + " or(" + s + ", " + r + ")");
                    }
                    case 11 -> {
                        kernel.andNot(s, r);
                        reference.andNot(s, r);
                        tally.compare(reference.count(r), kernel.count(r),
                                () -> where + " andNot(" + s + ", " + r + ")");
                    }
                    case 12 -> {
                        if (random.nextInt(4) == 0) {
                            kernel.copyRow(s, r);
                            reference.copyRow(s, r);
                        }
                        tally.compare(reference.rowEquals(r, s) ? 1 : 0, kernel.rowEquals(r, s) ? 1 : 0,
                                () -> where + " rowEquals(" + r + ", " + s + ")");
                    }
                    case 13 -> {
                        if (random.nextInt(16) == 0) {
                            kernel.clearRow(r);
                            reference.clearRow(r);
                        }
                        tally.compare(reference.count(r), kernel.count(r), () -> where + " clearRow(" + r + ")");
                    }
                    case 14 -> {
                        final int badRow = outside(random, rows);
                        tally.compare(1, rejects(() -> kernel.set(badRow, b)) & rejects(() -> kernel.test(badRow, b))
                                & rejects(() -> kernel.count(badRow)) & rejects(() -> kernel.or(r, badRow)),
                                () -> where + " row " + badRow + " accepted");
                    }
                    default -> {
                        final int badBit = outside(random, width);
                        tally.compare(1, rejects(() -> kernel.set(r, badBit)) & rejects(() -> kernel.clear(r, badBit))
                                & rejects(() -> kernel.test(r, badBit)), () -> where + " bit " + badBit + " accepted");
                        tally.compare(reference.count(r), kernel.count(r),
                                () -> where + " row " + r + " changed by a rejected bit " + badBit);
                    }
                }
                if (op < 6 || op >= 10) {
                    compareRow(kernel, reference, r, tally, where);
                }
                if (done % FULL_EVERY == 0 || step == steps - 1) {
                    for (int row = 0; row < rows; row++) {
                        compareRow(kernel, reference, row, tally, where);
                    }
                }
            }
        }
        return tally.outcome();
    }

    /** Compares one row of the kernel and the reference word by word (tail bits beyond the width included). */
    static void compareRow(final SharerRows kernel, final BitSetRows reference, final int row,
            final Tally tally, final String where) {
        for (int w = 0; w < kernel.wordsPerRow(); w++) {
            final long expected = reference.word(row, w);
            final long actual = kernel.word(row, w);
            if (expected != actual) {
                final int word = w;
                tally.mismatch(() -> where + ": whole-state check, row " + row + " word " + word + ": expected "
                        + Long.toHexString(expected) + ", got " + Long.toHexString(actual));
                return;
            }
        }
    }

    /** A value outside {@code [0, bound)}: just past either end, or far away. */
    private static int outside(final SplittableRandom random, final int bound) {
        return switch (random.nextInt(4)) {
            case 0 -> -1;
            case 1 -> bound;
            case 2 -> bound + 1 + random.nextInt(1 << 20);
            default -> random.nextBoolean() ? Integer.MIN_VALUE : -1 - random.nextInt(Integer.MAX_VALUE);
        };
    }

    private static int rejects(final Runnable call) {
        try {
            call.run();
            return 0;
        } catch (final IndexOutOfBoundsException expected) {
            return 1;
        }
    }

    /** Folds visited bits into an order-sensitive hash. */
    private static final class Fold implements BitVisitor {
        long hash = 1;

        void reset() {
            hash = 1;
        }

        @Override
        public void visit(final int bit) {
            hash = hash * 31 + bit;
        }
    }
}
