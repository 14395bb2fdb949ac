package org.scalebench.bench.jmh;

import it.unimi.dsi.fastutil.Hash;
import it.unimi.dsi.fastutil.HashCommon;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.concurrent.TimeUnit;
import org.agrona.collections.Hashing;
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
 * no long-to-int map). Every table is built by inserting the same keys, each mapped to its low 31 bits, into a
 * presized table, so all four end with 2 x {@code entries} slots or buckets (load 0.5). Setup builds only the
 * measured table; the open-addressing tables take the keys in the order of the slots they hash to
 * ({@link LineTableKeys#inHomeOrder}), which builds a 16M-entry table in a fraction of a second.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = "-Xmx3g")
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
public class LineTableBench {

    static final int MISSING = -1;
    /** The kernel's Fibonacci-hashing multiplier: its home slot is the top bits of {@code key x PHI}. */
    private static final long KERNEL_PHI = 0x9E37_79B9_7F4A_7C15L;

    /** Table size: in L1, in L2, a directory-sized million lines (32 MiB), and 16M lines (far beyond the LLC). */
    @Param({"1024", "65536", "1048576", "16777216"})
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
        build(RunningMethod.of(params));
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
        switch (method) {
            case "kernel", "kernelDependent" -> {
                kernelTable = new LineTable(entries, MISSING);
                for (final long key : keys.inHomeOrder(k -> (int) ((k * KERNEL_PHI) >>> (64 - LineTableKeys.ORDER_BITS)))) {
                    kernelTable.put(key, valueOf(key));
                }
            }
            case "hashMap" -> {
                hashMapTable = new HashMapLineTable(entries, MISSING, 0);
                for (final long key : keys.inserted) {
                    hashMapTable.put(key, valueOf(key));
                }
            }
            case "fastutil" -> {
                fastutilTable = new Long2IntOpenHashMap(entries);
                fastutilTable.defaultReturnValue(MISSING);
                final int slots = HashCommon.arraySize(entries, Hash.DEFAULT_LOAD_FACTOR);
                final int bits = Integer.numberOfTrailingZeros(slots);
                for (final long key : keys.inHomeOrder(k -> LineTableKeys.topBits((int) HashCommon.mix(k) & (slots - 1), bits))) {
                    fastutilTable.put(key, valueOf(key));
                }
            }
            case "agrona" -> {
                agronaTable = new Long2LongHashMap(2 * entries, Hashing.DEFAULT_LOAD_FACTOR, MISSING);
                final int words = 2 * agronaTable.capacity();
                final int bits = Integer.numberOfTrailingZeros(words);
                for (final long key : keys.inHomeOrder(k -> LineTableKeys.topBits(Hashing.evenHash(k, words - 1), bits))) {
                    agronaTable.put(key, valueOf(key));
                }
            }
            default -> throw new IllegalArgumentException("method = " + method + ": no such benchmark");
        }
    }

    /** The value every table maps {@code key} to: its low 31 bits (never {@link #MISSING}). */
    static int valueOf(final long key) {
        return (int) key & Integer.MAX_VALUE;
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
     * scalebench's {@link LineTable}, each lookup waiting for the one before: the next probe is chosen by the value
     * found (one step on a hit, two on a miss), so no two lookups overlap in the processor, as in a simulator whose
     * next access depends on what the last one found. Compare with {@link MemoryFloorBench#dependent}.
     *
     * @return the value found, or -1
     */
    @Benchmark
    public int kernelDependent() {
        final int value = kernelTable.get(probes[next]);
        next = (next + 1 + (value >>> 31)) & probeMask;
        return value;
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
