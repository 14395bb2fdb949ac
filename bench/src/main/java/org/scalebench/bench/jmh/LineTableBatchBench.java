package org.scalebench.bench.jmh;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.scalebench.core.LineTable;

/**
 * Batched lookups (time per key): {@code kernel} looks up {@value #BATCH} keys with {@link LineTable#getAll},
 * {@code fastutil} the same keys with a loop of {@link Long2IntOpenHashMap#get} into the same output array.
 * Tables of 1M entries (32 MiB) and 16M entries (512 MiB, far beyond the last-level cache), all hits or all
 * misses, keys in random order; the same keys and tables as {@link LineTableBench}. The physical limit of this
 * loop is one random read of the table's footprint per key ({@code MemoryFloorBench.independent}).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = "-Xmx3g")
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
public class LineTableBatchBench {

    static final int BATCH = 256;

    /** Table size: near the last-level cache's, and far beyond it. */
    @Param({"1048576", "16777216"})
    int entries;

    /** Every probe hits, or every probe misses. */
    @Param({"hit", "miss"})
    String lookup;

    LineTable table;
    Long2IntOpenHashMap fastutilTable;
    long[] probes;
    int[] values;
    int probeMask;
    int next;

    /**
     * Builds the table of the benchmark about to run, as {@link LineTableBench} builds it, and the probe stream.
     *
     * @param params the running benchmark
     */
    @Setup
    public void setUp(final BenchmarkParams params) {
        build(RunningMethod.of(params));
    }

    /**
     * Builds the table measured by {@code method} and the probe stream.
     *
     * @param method {@code kernel} or {@code fastutil}
     */
    void build(final String method) {
        final LineTableBench tables = new LineTableBench();
        tables.entries = entries;
        tables.lookup = lookup;
        tables.build(method);
        if (tables.kernelTable != null) {
            table = tables.kernelTable;
        }
        if (tables.fastutilTable != null) {
            fastutilTable = tables.fastutilTable;
        }
        probes = tables.probes;
        probeMask = probes.length - 1;
        values = new int[BATCH];
        next = 0;
    }

    /**
     * {@link LineTable#getAll} over the next {@value #BATCH} probes.
     *
     * @return the values found
     */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int[] kernel() {
        final int from = next;
        next = (from + BATCH) & probeMask;
        table.getAll(probes, from, BATCH, values, 0);
        return values;
    }

    /**
     * A loop of fastutil's {@link Long2IntOpenHashMap#get} over the same probes.
     *
     * @return the values found
     */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int[] fastutil() {
        final int from = next;
        next = (from + BATCH) & probeMask;
        final Long2IntOpenHashMap t = fastutilTable;
        final long[] p = probes;
        final int[] v = values;
        for (int i = 0; i < BATCH; i++) {
            v[i] = t.get(p[from + i]);
        }
        return v;
    }
}
