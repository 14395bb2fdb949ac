package org.scalebench.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The benchmark methods shared by {@link SharerRowsBench} and {@link SharerRowsWideBench}, which differ
 * only in their row shapes: one {@link SharerRowsWorkload} step (a sharer leaves, one joins, its row is
 * walked) per operation. Setup builds only the structure the running method measures, so a fork holds one
 * directory-sized structure at a time.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = "-Xmx2g")
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
public abstract class SharerRowsMix {

    SharerRowsWorkload.Kernel kernelRows;
    SharerRowsWorkload.BitSets bitSetRows;
    SharerRowsWorkload.Roaring roaringRows;

    /**
     * The number of sharer sets.
     *
     * @return the rows
     */
    abstract int rows();

    /**
     * The width of a sharer set.
     *
     * @return bits per row
     */
    abstract int bitsPerRow();

    /**
     * Builds the structure of the benchmark about to run.
     *
     * @param params the running benchmark
     */
    @Setup
    public void setUp(final BenchmarkParams params) {
        build(RunningMethod.of(params));
    }

    /**
     * Builds the structure measured by {@code method} ({@code kernel}, {@code bitSet} or {@code roaring}).
     *
     * @param method the benchmark method name
     */
    void build(final String method) {
        switch (method) {
            case "kernel" -> kernelRows = new SharerRowsWorkload.Kernel(rows(), bitsPerRow());
            case "bitSet" -> bitSetRows = new SharerRowsWorkload.BitSets(rows(), bitsPerRow());
            case "roaring" -> roaringRows = new SharerRowsWorkload.Roaring(rows(), bitsPerRow());
            default -> throw new IllegalArgumentException("method = " + method + ": no such benchmark");
        }
    }

    /**
     * scalebench's {@link org.scalebench.core.SharerRows}.
     *
     * @return the walked row's sum
     */
    @Benchmark
    public long kernel() {
        return kernelRows.step();
    }

    /**
     * One {@link java.util.BitSet} per row.
     *
     * @return the walked row's sum
     */
    @Benchmark
    public long bitSet() {
        return bitSetRows.step();
    }

    /**
     * One {@link org.roaringbitmap.RoaringBitmap} per row.
     *
     * @return the walked row's sum
     */
    @Benchmark
    public long roaring() {
        return roaringRows.step();
    }
}
