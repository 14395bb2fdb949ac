package org.scalebench.bench.jmh;

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
import org.scalebench.bench.reference.ModuloReduction;
import org.scalebench.core.RangeReduction;

/**
 * Maps a batch of 1024 hashes onto {@code n} buckets (time per hash): {@link RangeReduction#reduceAll}
 * against the same loop with a remainder. This is the throughput view of {@link RangeReductionBench},
 * without the per-call harness cost that dominates a one-nanosecond kernel.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = "-Xmx1g")
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
public class RangeReductionBatchBench {

    private static final int BATCH = 1024;

    /** Bucket count: a non-power-of-two, a power of two, a large prime. */
    @Param({"1000", "1024", "1000003"})
    int n;

    long[] hashes;
    int[] buckets;

    /** Fills the hash array from the fixed seed of {@link RangeReductionBench#seededHashes}. */
    @Setup
    public void setUp() {
        hashes = RangeReductionBench.seededHashes(BATCH);
        buckets = new int[BATCH];
    }

    /**
     * scalebench's batched multiply-shift reduction.
     *
     * @return the bucket array
     */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int[] kernel() {
        RangeReduction.reduceAll(hashes, 0, n, buckets, 0, BATCH);
        return buckets;
    }

    /**
     * The same loop with a remainder by the runtime bucket count.
     *
     * @return the bucket array
     */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int[] modulo() {
        final long[] h = hashes;
        final int[] b = buckets;
        final int buckets = n;
        for (int i = 0; i < BATCH; i++) {
            b[i] = ModuloReduction.bucket(h[i], buckets);
        }
        return b;
    }
}
