package org.scalebench.bench.jmh;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
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
import org.scalebench.core.LineTable;
import org.scalebench.core.ReplacementPolicy;
import org.scalebench.core.SetAssocTags;

/**
 * The physical floor under the memory-bound kernels: one random 8-byte read of a {@code long[]} as large as a
 * kernel's data, in the same per-call harness as the kernels' benchmarks. Not a kernel against a reference: the
 * limit no lookup can beat, against which the gate reports each kernel's time ({@code bench/perf-limits.csv}).
 *
 * <ul>
 *   <li>{@code dependent}: a pointer chase, each read's address the value of the previous read, over a random
 *       cyclic permutation of the array's cache lines (Sattolo's algorithm, fixed seed): the full latency of a
 *       random read (cache or DRAM, plus the page walk of a TLB miss), with nothing to overlap it;</li>
 *   <li>{@code independent}: reads at random word indices drawn from a fixed-seed stream of 2^20 (read in
 *       order, as the kernels' benchmarks read their probe streams): the throughput of random reads when the
 *       processor can keep as many in flight as it holds.</li>
 * </ul>
 *
 * <p>Footprints ({@code @Param footprint}), each the bytes the named kernel benchmark spreads its random accesses
 * over:
 * <pre>
 *   lineTable-1M            LineTable of 1,048,576 entries:  LineTable.footprintBytes, 32 MiB
 *   lineTable-16M           LineTable of 16,777,216 entries: 512 MiB
 *   sharerRows-1Mx64        SharerRows 1,048,576 rows of 64 bits:   1 word a row,  8 MiB
 *   sharerRows-1Mx1024      SharerRows 1,048,576 rows of 1024 bits: 16 words a row, 128 MiB
 *   setAssocTags-65536x16   SetAssocTags 65,536 sets x 16 ways, LRU: a tag a way, two words a set, 9 MiB
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = "-Xmx3g")
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
public class MemoryFloorBench {

    /** Footprint names accepted as the {@code footprint} parameter. */
    static final String[] FOOTPRINTS = {"lineTable-1M", "lineTable-16M", "sharerRows-1Mx64", "sharerRows-1Mx1024",
        "setAssocTags-65536x16"};
    /** Longs in a 64-byte cache line. */
    static final int LINE_WORDS = 8;
    /** Length of the independent reads' index stream. */
    static final int STREAM = 1 << 20;

    private static final int MILLION_ROWS = 1 << 20;

    /** The kernel data whose footprint is read. */
    @Param({"lineTable-1M", "lineTable-16M", "sharerRows-1Mx64", "sharerRows-1Mx1024", "setAssocTags-65536x16"})
    String footprint;

    /** The array read: at each line's first word, the word index of the next line of the chase. */
    long[] words;
    /** Random word indices of the independent reads. */
    int[] stream;
    int next;
    int cursor;

    /**
     * The bytes of a named footprint.
     *
     * @param name one of {@link #FOOTPRINTS}
     * @return the bytes
     */
    static long bytesOf(final String name) {
        return switch (name) {
            case "lineTable-1M" -> LineTable.footprintBytes(1 << 20);
            case "lineTable-16M" -> LineTable.footprintBytes(1 << 24);
            case "sharerRows-1Mx64" -> sharerRowsBytes(MILLION_ROWS, 64);
            case "sharerRows-1Mx1024" -> sharerRowsBytes(MILLION_ROWS, 1024);
            case "setAssocTags-65536x16" -> SetAssocTags.footprintBytes(65_536, 16, ReplacementPolicy.LRU);
            default -> throw new IllegalArgumentException("footprint = " + name + ": must be one of "
                    + String.join(", ", FOOTPRINTS));
        };
    }

    /** The row words of {@code rows} sharer rows of {@code bits} bits: {@code ceil(bits / 64)} longs a row. */
    private static long sharerRowsBytes(final int rows, final int bits) {
        return (long) rows * ((bits + 63) / 64) * Long.BYTES;
    }

    /** Builds the array, its chase and the index stream for the named footprint. */
    @Setup
    public void setUp() {
        setUp(bytesOf(footprint));
    }

    /**
     * Builds an array of {@code bytes} (a whole number of cache lines), chained through a random cyclic
     * permutation of its lines, and the index stream, from fixed seeds.
     *
     * @param bytes the footprint, a positive multiple of 64
     */
    void setUp(final long bytes) {
        if (bytes <= 0 || bytes % (8 * LINE_WORDS) != 0 || bytes / 8 > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("bytes = " + bytes + ": must be a positive multiple of 64 below 16 GiB");
        }
        words = new long[(int) (bytes / 8)];
        final int lines = words.length / LINE_WORDS;
        final SplittableRandom random = new SplittableRandom(0xF100_12L);
        // Sattolo: a uniformly random permutation with a single cycle through every line
        final int[] successor = new int[lines];
        for (int i = 0; i < lines; i++) {
            successor[i] = i;
        }
        for (int i = lines - 1; i > 0; i--) {
            final int j = random.nextInt(i);
            final int swap = successor[i];
            successor[i] = successor[j];
            successor[j] = swap;
        }
        for (int line = 0; line < lines; line++) {
            words[line * LINE_WORDS] = (long) successor[line] * LINE_WORDS;
        }
        stream = new int[STREAM];
        for (int i = 0; i < STREAM; i++) {
            stream[i] = random.nextInt(words.length);
        }
        next = 0;
        cursor = 0;
    }

    /**
     * One read whose address is the value of the previous one.
     *
     * @return the word index of the next line of the chase
     */
    @Benchmark
    public long dependent() {
        final long value = words[cursor];
        cursor = (int) value;
        return value;
    }

    /**
     * One read at the next random index of the stream.
     *
     * @return the word read
     */
    @Benchmark
    public long independent() {
        return words[stream[next++ & (STREAM - 1)]];
    }
}
