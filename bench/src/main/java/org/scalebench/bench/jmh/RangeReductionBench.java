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
import org.scalebench.bench.reference.ModuloReduction;
import org.scalebench.core.RangeReduction;

/**
 * Maps one 64-bit hash onto {@code n} buckets: multiply-shift ({@code kernel}) against a remainder by the
 * same runtime {@code n} ({@code modulo}). Hashes come from a 4096-entry array (in L1) read in order, so both
 * methods pay the same load and index update. One call's latency: the index of the next hash depends on this
 * call's bucket (through {@link #chain}, which is 0), as a table's next probe waits for its bucket;
 * {@link RangeReductionBatchBench} measures the throughput of independent calls.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = "-Xmx1g")
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
public class RangeReductionBench {

    private static final int MASK = 4095;

    /** Bucket count: a non-power-of-two, a power of two, a large prime. */
    @Param({"1000", "1024", "1000003"})
    int n;

    long[] hashes;
    int next;
    /** 0, read from a field so that the compiler cannot drop the dependency of the next index on a result. */
    int chain;

    /** Fills the hash array from a fixed seed. */
    @Setup
    public void setUp() {
        hashes = seededHashes(MASK + 1);
    }

    /**
     * The benchmark's input: random 64-bit hashes from a fixed seed.
     *
     * @param count how many
     * @return the hashes
     */
    public static long[] seededHashes(final int count) {
        final SplittableRandom random = new SplittableRandom(0x5ca1ab1eL);
        final long[] hashes = new long[count];
        for (int i = 0; i < count; i++) {
            hashes[i] = random.nextLong();
        }
        return hashes;
    }

    /**
     * scalebench's multiply-shift reduction.
     *
     * @return the bucket
     */
    @Benchmark
    public int kernel() {
        final int bucket = RangeReduction.reduce(hashes[next], n);
        next = (next + 1 + (bucket & chain)) & MASK;
        return bucket;
    }

    /**
     * Remainder by the runtime bucket count.
     *
     * @return the bucket
     */
    @Benchmark
    public int modulo() {
        final int bucket = ModuloReduction.bucket(hashes[next], n);
        next = (next + 1 + (bucket & chain)) & MASK;
        return bucket;
    }
}
