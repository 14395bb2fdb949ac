package org.scalebench.training.model;

import java.util.Locale;
import org.scalebench.core.data.Named;

/**
 * A table whose gradient is sparse (embedding or softmax rows): its dense size, the gradient bytes one worker
 * contributes per sample and per step, and where a model-parallel worker keeps it.
 *
 * @param name the table's name
 * @param tableBytes dense size of the table's gradient, bytes, positive
 * @param bytesPerSample sparse gradient bytes per sample of a worker, at least 0
 * @param bytesPerStep sparse gradient bytes per step of a worker, independent of its batch, at least 0
 * @param placement where a worker of several GPUs keeps the table
 */
public record SparseTable(String name, double tableBytes, double bytesPerSample, double bytesPerStep,
        Placement placement) {

    /** Where a model-parallel worker keeps a table. */
    public enum Placement implements Named {
        /** On the worker's first GPU, with the first layer (an input embedding). */
        FIRST,
        /** Split evenly over the worker's GPUs (a softmax split with its head). */
        SPREAD;

        /**
         * The placement's word in data files.
         *
         * @return {@code first} or {@code spread}
         */
        @Override
        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        /**
         * Parses a data-file name.
         *
         * @param text {@code first} or {@code spread}
         * @return the placement
         * @throws IllegalArgumentException naming the value and the allowed names
         */
        public static Placement parse(final String text) {
            return Named.parse(Placement.class, "sparse_table_placement", text);
        }
    }

    /**
     * Validates the table.
     *
     * @throws IllegalArgumentException naming the value and what is allowed
     */
    public SparseTable {
        if (!(tableBytes > 0) || Double.isInfinite(tableBytes)) {
            throw new IllegalArgumentException("sparse_table " + name + " = " + tableBytes + ": must be positive");
        }
        if (!(bytesPerSample >= 0) || !(bytesPerStep >= 0) || Double.isInfinite(bytesPerSample)
                || Double.isInfinite(bytesPerStep)) {
            throw new IllegalArgumentException("sparse table " + name + ": bytes per sample " + bytesPerSample
                    + " and per step " + bytesPerStep + ": must be finite and at least 0");
        }
        if (placement == null) {
            throw new IllegalArgumentException("sparse table " + name + ": placement = null: must be first or spread");
        }
    }

    /**
     * The share of this table worker GPU {@code gpu} of {@code m} holds.
     *
     * @param gpu the GPU's index in its worker, in {@code [0, m)}
     * @param m GPUs per worker, at least 1
     * @return a fraction in {@code [0, 1]}
     */
    public double share(final int gpu, final int m) {
        return placement == Placement.FIRST ? (gpu == 0 ? 1.0 : 0.0) : 1.0 / m;
    }

    /**
     * The same table with its byte counts scaled (another gradient width).
     *
     * @param factor positive
     * @return a new table
     */
    public SparseTable scaled(final double factor) {
        return new SparseTable(name, tableBytes * factor, bytesPerSample * factor, bytesPerStep * factor, placement);
    }
}
