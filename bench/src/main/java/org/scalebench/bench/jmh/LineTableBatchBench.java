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
import org.scalebench.core.LineTable;

/**
 * Batched lookups (time per key): {@code kernel} looks up {@value #BATCH} keys with {@link LineTable#getAll},
 * {@code fastutil} the same keys with a loop of {@link Long2IntOpenHashMap#get} into the same output array.
 * Tables of 1M entries (24 MiB of keys and values) and 32M entries (768 MiB, larger than the last-level cache),
 * all hits or all misses, keys in random order. ({@code getAll} is a range-checked loop of {@link LineTable#get}:
 * batched variants that hashed or prefetched ahead measured no faster, see the README.)
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = "-Xmx3g")
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
public class LineTableBatchBench {

    static final int BATCH = 256;

    /** Table size: in the last-level cache, and beyond it. */
    @Param({"1048576", "33554432"})
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

    /** Builds the table and the probe stream. */
    @Setup
    public void setUp() {
        final LineTableKeys keys = LineTableKeys.of(entries, lookup);
        table = new LineTable(entries, LineTableBench.MISSING);
        final long[] inserted = keys.inserted;
        fastutilTable = new Long2IntOpenHashMap(entries);
        fastutilTable.defaultReturnValue(LineTableBench.MISSING);
        for (int i = 0; i < inserted.length; i++) {
            table.put(inserted[i], i);
            fastutilTable.put(inserted[i], i);
        }
        probes = keys.probes;
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
