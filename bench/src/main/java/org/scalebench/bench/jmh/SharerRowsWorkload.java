package org.scalebench.bench.jmh;

import java.util.SplittableRandom;
import org.roaringbitmap.IntConsumer;
import org.roaringbitmap.RoaringBitmap;
import org.scalebench.bench.reference.BitSetRows;
import org.scalebench.core.BitVisitor;
import org.scalebench.core.Mix64;
import org.scalebench.core.SharerRows;

/**
 * The directory traffic of {@link SharerRowsBench}: sharer arrivals, departures and invalidation walks on
 * {@code rows} sharer sets of {@code bitsPerRow} cores, identical for every implementation.
 *
 * <p>Every row starts with {@value #INITIAL_SHARERS} long-lived sharers on odd bits. Each step is one
 * directory operation: a sharer that arrived {@value #LAG} steps ago leaves (clear), a new sharer joins a
 * random row on a random even bit (set), and that row's sharers are walked (visit, as for an invalidation)
 * and summed. Rows and bits come from a fixed-seed mixer, so the rows touched cover the whole array and
 * the number of live sharers stays constant: the state after any number of steps is statistically the
 * same. Each subclass keeps its own stream, so two implementations stepped alike return equal sums.
 *
 * <p>Allocation: none per step for {@link Kernel} and {@link BitSets}; {@link Roaring} allocates when a
 * container grows or shrinks.
 */
abstract class SharerRowsWorkload {

    /** Steps between a sharer's arrival and its departure: the number of short-lived sharers. */
    static final int LAG = 1024;
    /** Long-lived sharers per row, on odd bits. */
    static final int INITIAL_SHARERS = 4;

    private static final long GOLDEN_GAMMA = 0x9e37_79b9_7f4a_7c15L;

    final int rows;
    final int bitsPerRow;
    private final long[] arrivals = new long[LAG];
    private long state = 0x5ca1_ab1eL;
    private int step;

    SharerRowsWorkload(final int rows, final int bitsPerRow) {
        this.rows = rows;
        this.bitsPerRow = bitsPerRow;
    }

    /** Adds the long-lived sharers; called by each subclass once its storage exists. */
    final void populate() {
        final SplittableRandom random = new SplittableRandom(42);
        final int odd = bitsPerRow >>> 1;
        for (int r = 0; r < rows; r++) {
            for (int i = 0; i < INITIAL_SHARERS; i++) {
                set(r, 2 * random.nextInt(odd) + 1);
            }
        }
    }

    /**
     * One directory operation: the sharer from {@value #LAG} steps ago leaves, a new one joins, its row is
     * walked.
     *
     * @return the sum of {@code bit + 1} over the walked row's sharers
     */
    final long step() {
        final int slot = step++ & (LAG - 1);
        final long leaving = arrivals[slot];
        clear((int) (leaving >>> 32), (int) leaving);
        final long h = Mix64.stafford13(state += GOLDEN_GAMMA);
        final int row = (int) (((h >>> 32) * rows) >>> 32);
        final int bit = (int) (((h & 0xFFFF_FFFFL) * (bitsPerRow >>> 1)) >>> 32) << 1;
        set(row, bit);
        arrivals[slot] = (long) row << 32 | bit;
        return visit(row);
    }

    abstract void set(int row, int bit);

    abstract void clear(int row, int bit);

    abstract long visit(int row);

    /** scalebench's {@link SharerRows}. */
    static final class Kernel extends SharerRowsWorkload {
        private final SharerRows sharers;
        private final Summer summer = new Summer();

        Kernel(final int rows, final int bitsPerRow) {
            super(rows, bitsPerRow);
            sharers = new SharerRows(rows, bitsPerRow);
            populate();
        }

        @Override
        void set(final int row, final int bit) {
            sharers.set(row, bit);
        }

        @Override
        void clear(final int row, final int bit) {
            sharers.clear(row, bit);
        }

        @Override
        long visit(final int row) {
            summer.sum = 0;
            sharers.forEach(row, summer);
            return summer.sum;
        }
    }

    /** One {@link java.util.BitSet} per row ({@link BitSetRows}). */
    static final class BitSets extends SharerRowsWorkload {
        private final BitSetRows sharers;
        private final Summer summer = new Summer();

        BitSets(final int rows, final int bitsPerRow) {
            super(rows, bitsPerRow);
            sharers = new BitSetRows(rows, bitsPerRow);
            populate();
        }

        @Override
        void set(final int row, final int bit) {
            sharers.set(row, bit);
        }

        @Override
        void clear(final int row, final int bit) {
            sharers.clear(row, bit);
        }

        @Override
        long visit(final int row) {
            summer.sum = 0;
            sharers.forEach(row, summer);
            return summer.sum;
        }
    }

    /** One {@link RoaringBitmap} per row, walked with its {@code forEach}. */
    static final class Roaring extends SharerRowsWorkload {
        private final RoaringBitmap[] sharers;
        private final Summer summer = new Summer();

        Roaring(final int rows, final int bitsPerRow) {
            super(rows, bitsPerRow);
            sharers = new RoaringBitmap[rows];
            for (int r = 0; r < rows; r++) {
                sharers[r] = new RoaringBitmap();
            }
            populate();
        }

        @Override
        void set(final int row, final int bit) {
            sharers[row].add(bit);
        }

        @Override
        void clear(final int row, final int bit) {
            sharers[row].remove(bit);
        }

        @Override
        long visit(final int row) {
            summer.sum = 0;
            sharers[row].forEach(summer);
            return summer.sum;
        }
    }

    /** Sums {@code bit + 1} over the visited bits; serves both callback interfaces. */
    static final class Summer implements BitVisitor, IntConsumer {
        long sum;

        @Override
        public void visit(final int bit) {
            sum += bit + 1;
        }

        @Override
        public void accept(final int bit) {
            sum += bit + 1;
        }
    }
}
