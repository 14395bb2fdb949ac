package org.scalebench.training.projection;

import java.util.Arrays;
import org.scalebench.core.Checks;

/**
 * The result of a sweep, in primitive arrays: for every device count {@code N} (row) and MP degree {@code M}
 * (column), the best per-device batch and its time to train with a breakdown; for every {@code N}, the best
 * strategy; and the crossover. Strategy {@code M = 1} is pure data parallelism.
 *
 * <p>Sized at construction and refilled by {@link Projector#project}; not thread-safe. Cells whose {@code M}
 * exceeds {@code N} are infeasible ({@link #feasible} false, times infinite).
 */
public final class ProjectionTable {

    final int capacity;
    final int[] degrees;
    int rows;
    final int[] devices;
    final boolean[] feasible;
    final int[] batch;
    final double[] globalBatch;
    final double[] epochs;
    final double[] mpSpeedup;
    final double[] shardFraction;
    final double[] computeSeconds;
    final double[] commSeconds;
    final double[] exposedCommSeconds;
    final double[] overheadSeconds;
    final double[] stepSeconds;
    final double[] trainSeconds;
    final int[] best;
    /** Scratch for the projector's sweep (the whole exchange beside its exposed part). */
    final double[] scratch = new double[1];
    double singleDeviceSeconds;

    ProjectionTable(final int capacity, final int[] degrees) {
        Checks.requireAtLeast("capacity", capacity, 1);
        this.capacity = capacity;
        this.degrees = degrees.clone();
        final int cells = capacity * degrees.length;
        this.devices = new int[capacity];
        this.feasible = new boolean[cells];
        this.batch = new int[cells];
        this.globalBatch = new double[cells];
        this.epochs = new double[cells];
        this.mpSpeedup = new double[cells];
        this.shardFraction = new double[cells];
        this.computeSeconds = new double[cells];
        this.commSeconds = new double[cells];
        this.exposedCommSeconds = new double[cells];
        this.overheadSeconds = new double[cells];
        this.stepSeconds = new double[cells];
        this.trainSeconds = new double[cells];
        this.best = new int[capacity];
    }

    private int cell(final int row, final int mIndex) {
        if (row < 0 || row >= rows || mIndex < 0 || mIndex >= degrees.length) {
            throw new IndexOutOfBoundsException("row " + row + " of " + rows + ", mp index " + mIndex + " of "
                    + degrees.length);
        }
        return row * degrees.length + mIndex;
    }

    /**
     * Rows filled by the last sweep.
     *
     * @return the number of device counts
     */
    public int rows() {
        return rows;
    }

    /**
     * The MP degrees (columns); {@code 1} is data parallelism.
     *
     * @return a copy
     */
    public int[] degrees() {
        return degrees.clone();
    }

    /**
     * The device count of a row.
     *
     * @param row the row
     * @return {@code N}
     */
    public int devices(final int row) {
        cell(row, 0);
        return devices[row];
    }

    /**
     * Whether the strategy exists at that device count ({@code M <= N}).
     *
     * @param row the row
     * @param mIndex the column
     * @return true if feasible
     */
    public boolean feasible(final int row, final int mIndex) {
        return feasible[cell(row, mIndex)];
    }

    /**
     * The chosen per-device batch (DP) or per-worker batch (hybrid: each of the {@code M} GPUs sees it).
     *
     * @param row the row
     * @param mIndex the column
     * @return samples per step per worker
     */
    public int batch(final int row, final int mIndex) {
        return batch[cell(row, mIndex)];
    }

    /**
     * The global batch {@code (N / M) * b}.
     *
     * @param row the row
     * @param mIndex the column
     * @return samples per step
     */
    public double globalBatch(final int row, final int mIndex) {
        return globalBatch[cell(row, mIndex)];
    }

    /**
     * Epochs to converge at the global batch.
     *
     * @param row the row
     * @param mIndex the column
     * @return epochs
     */
    public double epochs(final int row, final int mIndex) {
        return epochs[cell(row, mIndex)];
    }

    /**
     * The largest share of the dense parameters one GPU of a worker holds at the chosen batch ({@code 1/M} for even
     * shards, 1 for data parallelism).
     *
     * @param row the row
     * @param mIndex the column
     * @return a fraction in {@code [1/M, 1]}
     */
    public double shardFraction(final int row, final int mIndex) {
        return shardFraction[cell(row, mIndex)];
    }

    /**
     * {@code SU_MP(M)} of the batch-dependent part of the step at the chosen batch (1 for DP); the fixed part of
     * the step is not divided by it.
     *
     * @param row the row
     * @param mIndex the column
     * @return the model-parallel speedup
     */
    public double mpSpeedup(final int row, final int mIndex) {
        return mpSpeedup[cell(row, mIndex)];
    }

    /**
     * Compute part of a step: {@code t_c(b) / SU_MP(M)}.
     *
     * @param row the row
     * @param mIndex the column
     * @return seconds
     */
    public double computeSeconds(final int row, final int mIndex) {
        return computeSeconds[cell(row, mIndex)];
    }

    /**
     * Whole gradient exchange of a step.
     *
     * @param row the row
     * @param mIndex the column
     * @return seconds
     */
    public double commSeconds(final int row, final int mIndex) {
        return commSeconds[cell(row, mIndex)];
    }

    /**
     * The part of the gradient exchange not hidden under the backward pass.
     *
     * @param row the row
     * @param mIndex the column
     * @return seconds
     */
    public double exposedCommSeconds(final int row, final int mIndex) {
        return exposedCommSeconds[cell(row, mIndex)];
    }

    /**
     * The per-step costs of more than one GPU: waiting for the slowest GPU and the synchronisation overhead
     * ({@link org.scalebench.training.model.ScalingTerms}).
     *
     * @param row the row
     * @param mIndex the column
     * @return seconds
     */
    public double overheadSeconds(final int row, final int mIndex) {
        return overheadSeconds[cell(row, mIndex)];
    }

    /**
     * Step time: compute plus the multi-GPU overheads plus exposed communication (at least the input pipeline's
     * time for the step's samples).
     *
     * @param row the row
     * @param mIndex the column
     * @return seconds
     */
    public double stepSeconds(final int row, final int mIndex) {
        return stepSeconds[cell(row, mIndex)];
    }

    /**
     * End-to-end time to train: {@code epochs * D / B * T_step}.
     *
     * @param row the row
     * @param mIndex the column
     * @return seconds ({@link Double#POSITIVE_INFINITY} if infeasible)
     */
    public double trainSeconds(final int row, final int mIndex) {
        return trainSeconds[cell(row, mIndex)];
    }

    /**
     * Speedup over one device at its best batch: {@code T(1, 1) / T(N, M)}.
     *
     * @param row the row
     * @param mIndex the column
     * @return the speedup (0 if infeasible)
     */
    public double speedupOverOneDevice(final int row, final int mIndex) {
        final double t = trainSeconds(row, mIndex);
        return Double.isInfinite(t) ? 0.0 : singleDeviceSeconds / t;
    }

    /**
     * Speedup over pure data parallelism at the same device count: {@code T(N, 1) / T(N, M)}.
     *
     * @param row the row
     * @param mIndex the column
     * @return the speedup (0 if infeasible)
     */
    public double speedupOverDataParallel(final int row, final int mIndex) {
        final double t = trainSeconds(row, mIndex);
        return Double.isInfinite(t) ? 0.0 : trainSeconds(row, dataParallelColumn()) / t;
    }

    /**
     * Speedup over pure data parallelism at its own best device count: {@code min_N' T(N', 1) / T(N, M)}.
     *
     * @param row the row
     * @param mIndex the column
     * @return the speedup (0 if infeasible)
     */
    public double speedupOverBestDataParallel(final int row, final int mIndex) {
        final double t = trainSeconds(row, mIndex);
        return Double.isInfinite(t) ? 0.0 : trainSeconds(bestDataParallelRow(), dataParallelColumn()) / t;
    }

    /**
     * The column of {@code M = 1}.
     *
     * @return the index of degree 1
     */
    public int dataParallelColumn() {
        for (int i = 0; i < degrees.length; i++) {
            if (degrees[i] == 1) {
                return i;
            }
        }
        throw new IllegalStateException("no MP degree 1 (data parallelism) in " + Arrays.toString(degrees));
    }

    /**
     * The fastest strategy at a device count.
     *
     * @param row the row
     * @return its column
     */
    public int bestColumn(final int row) {
        cell(row, 0);
        return best[row];
    }

    /**
     * Time to train on one device at its best batch.
     *
     * @return seconds
     */
    public double singleDeviceSeconds() {
        return singleDeviceSeconds;
    }

    /**
     * The row of the fastest pure data-parallel run ("DP at its own best N").
     *
     * @return the row
     */
    public int bestDataParallelRow() {
        final int dp = dataParallelColumn();
        int bestRow = 0;
        for (int r = 1; r < rows; r++) {
            if (trainSeconds(r, dp) < trainSeconds(bestRow, dp)) {
                bestRow = r;
            }
        }
        return bestRow;
    }

    /**
     * The fastest hybrid cell over all rows, as {@code row * degrees + column}, or -1 without hybrid columns.
     *
     * @return the flat cell index
     */
    public int bestHybridCell() {
        int bestCell = -1;
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < degrees.length; c++) {
                if (degrees[c] > 1 && feasible[r * degrees.length + c]
                        && (bestCell < 0 || trainSeconds[r * degrees.length + c] < trainSeconds[bestCell])) {
                    bestCell = r * degrees.length + c;
                }
            }
        }
        return bestCell;
    }

    /**
     * The first row (device counts in sweep order) where a hybrid strategy is fastest.
     *
     * @return the row, or -1 if DP is never beaten
     */
    public int crossoverRow() {
        for (int r = 0; r < rows; r++) {
            if (degrees[best[r]] > 1) {
                return r;
            }
        }
        return -1;
    }

    /**
     * Hybrid at its best over DP at its best: {@code min_N T(N, 1) / min_{N, M > 1} T(N, M)} — the paper's
     * "speedup compared to what DP alone can achieve at scale".
     *
     * @return the speedup (0 without hybrid columns)
     */
    public double hybridOverBestDataParallel() {
        final int cellIndex = bestHybridCell();
        if (cellIndex < 0) {
            return 0.0;
        }
        return trainSeconds(bestDataParallelRow(), dataParallelColumn()) / trainSeconds[cellIndex];
    }
}
