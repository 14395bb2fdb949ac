package org.scalebench.bench.planted;

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
import org.scalebench.bench.jmh.RangeReductionBench;
import org.scalebench.bench.reference.ModuloReduction;
import org.scalebench.core.RangeReduction;

/**
 * The performance gate's own evidence, not a kernel: {@code RangeReductionBench}'s kernel with a planted
 * regression chosen by {@code variant}, against the same {@code modulo} reference. {@code intact} is the real
 * kernel; {@code slowed} adds eight dependent {@link Long#remainderUnsigned} per call (about ten times the
 * reference's work, so that even a heavily loaded machine cannot hide it);
 * {@code allocating} copies a 16-element array per call (about 144 B/op). The gate's tests run the gate on floors
 * of this class and check that both planted regressions fail it, also after re-measurement. Left out of the
 * suite that {@code bench} and {@code reproduce} run unless named.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = "-Xmx256m")
@Warmup(iterations = 2, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 3, time = 200, timeUnit = TimeUnit.MILLISECONDS)
public class PlantedRegressionBench {

    private static final int MASK = 4095;
    /** Dependent divisions the slowed kernel adds: about 10x the reference's work, so that no load hides it. */
    private static final int SLOWDOWN_DIVISIONS = 8;

    /** Which regression the kernel carries. */
    @Param({"intact", "slowed", "allocating"})
    String variant;

    long[] hashes;
    long[] block;
    int next;
    int n = 1000;
    private int mode;
    private long[] lastCopy;

    /** Fills the hash array from a fixed seed. */
    @Setup
    public void setUp() {
        hashes = RangeReductionBench.seededHashes(MASK + 1);
        block = new long[16];
        mode = switch (variant) {
            case "intact" -> 0;
            case "slowed" -> 1;
            case "allocating" -> 2;
            default -> throw new IllegalArgumentException("variant = " + variant);
        };
    }

    /**
     * The range-reduction kernel, with the planted regression.
     *
     * @return the bucket
     */
    @Benchmark
    public long kernel() {
        final long hash = hashes[next++ & MASK];
        final int bucket = RangeReduction.reduce(hash, n);
        if (mode == 1) {
            long slow = hash;
            for (int i = 0; i < SLOWDOWN_DIVISIONS; i++) {
                slow = Long.remainderUnsigned(slow * 31 + i, n + bucket + i + 1) + hash;
            }
            return bucket + slow;
        }
        if (mode == 2) {
            final long[] copy = block.clone();
            copy[bucket & 15] = hash;
            lastCopy = copy; // escapes: no JIT can remove the allocation
            return bucket + copy[0];
        }
        return bucket;
    }

    /**
     * Remainder by the runtime bucket count, as in {@code RangeReductionBench}.
     *
     * @return the bucket
     */
    @Benchmark
    public long modulo() {
        return ModuloReduction.bucket(hashes[next++ & MASK], n);
    }
}
