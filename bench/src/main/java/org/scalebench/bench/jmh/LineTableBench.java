package org.scalebench.bench.jmh;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.concurrent.TimeUnit;
import org.agrona.collections.Long2LongHashMap;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.scalebench.bench.reference.HashMapLineTable;
import org.scalebench.core.LineTable;

/**
 * One line-address lookup in a table of {@code entries} random 64-bit line addresses, every probe a hit or
 * every probe a miss ({@link LineTableKeys}), probes in random order over the whole table: {@code kernel}
 * ({@link LineTable}) against {@code hashMap} ({@code HashMap<Long, Integer>}, which boxes the probe),
 * {@code fastutil} ({@link Long2IntOpenHashMap}) and {@code agrona} ({@link Long2LongHashMap}; Agrona has
 * no long-to-int map). Every table is built by inserting the same keys from empty-but-presized, so all
 * four end with 2 x {@code entries} slots or buckets (load 0.5). Setup builds only the measured table.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = "-Xmx2g")
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
public class LineTableBench {

    static final int MISSING = -1;

    /** Table size: in L1, in L2, and a directory-sized million lines. */
    @Param({"1024", "65536", "1048576"})
    int entries;

    /** Every probe hits, or every probe misses. */
    @Param({"hit", "miss"})
    String lookup;

    long[] probes;
    int probeMask;
    int next;

    LineTable kernelTable;
    HashMapLineTable hashMapTable;
    Long2IntOpenHashMap fastutilTable;
    Long2LongHashMap agronaTable;

    /**
     * Builds the keys and the table of the benchmark about to run.
     *
     * @param params the running benchmark
     */
    @Setup
    public void setUp(final BenchmarkParams params) {
        final String benchmark = params.getBenchmark();
        build(benchmark.substring(benchmark.lastIndexOf('.') + 1));
    }

    /**
     * Builds the keys and the table measured by {@code method}.
     *
     * @param method {@code kernel}, {@code hashMap}, {@code fastutil} or {@code agrona}
     */
    void build(final String method) {
        final LineTableKeys keys = LineTableKeys.of(entries, lookup);
        probes = keys.probes;
        probeMask = probes.length - 1;
        next = 0;
        final long[] inserted = keys.inserted;
        switch (method) {
            case "kernel" -> {
                kernelTable = new LineTable(entries, MISSING);
                for (int i = 0; i < inserted.length; i++) {
                    kernelTable.put(inserted[i], i);
                }
            }
            case "hashMap" -> {
                hashMapTable = new HashMapLineTable(entries, MISSING, 0);
                for (int i = 0; i < inserted.length; i++) {
                    hashMapTable.put(inserted[i], i);
                }
            }
            case "fastutil" -> {
                fastutilTable = new Long2IntOpenHashMap(entries);
                fastutilTable.defaultReturnValue(MISSING);
                for (int i = 0; i < inserted.length; i++) {
                    fastutilTable.put(inserted[i], i);
                }
            }
            case "agrona" -> {
                agronaTable = new Long2LongHashMap(MISSING);
                for (int i = 0; i < inserted.length; i++) {
                    agronaTable.put(inserted[i], i);
                }
            }
            default -> throw new IllegalArgumentException("method = " + method + ": no such benchmark");
        }
    }

    /**
     * scalebench's {@link LineTable}.
     *
     * @return the value found, or -1
     */
    @Benchmark
    public int kernel() {
        return kernelTable.get(probes[next++ & probeMask]);
    }

    /**
     * {@code HashMap<Long, Integer>}.
     *
     * @return the value found, or -1
     */
    @Benchmark
    public int hashMap() {
        return hashMapTable.get(probes[next++ & probeMask]);
    }

    /**
     * fastutil {@link Long2IntOpenHashMap}.
     *
     * @return the value found, or -1
     */
    @Benchmark
    public int fastutil() {
        return fastutilTable.get(probes[next++ & probeMask]);
    }

    /**
     * Agrona {@link Long2LongHashMap}.
     *
     * @return the value found, or -1
     */
    @Benchmark
    public int agrona() {
        return (int) agronaTable.get(probes[next++ & probeMask]);
    }
}
