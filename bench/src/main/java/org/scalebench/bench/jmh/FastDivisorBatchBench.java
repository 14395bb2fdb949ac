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
import org.scalebench.core.FastDivisor;

/**
 * Divides (or reduces) all 4096 dividends of {@link FastDivisorBench} per call, results stored into an
 * array (time per dividend): the throughput view, without the per-call harness cost.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = "-Xmx1g")
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
public class FastDivisorBatchBench {

    private static final int BATCH = FastDivisorBench.MASK + 1;

    /** Divisor, as in {@link FastDivisorBench}. */
    @Param({"7", "1000003", "2147483647"})
    int divisor;

    /** {@code divide} or {@code remainder}. */
    @Param({"divide", "remainder"})
    String operation;

    int[] dividends;
    int[] results;
    FastDivisor fast;
    boolean quotient;

    /** Draws the dividends from the same fixed seed as {@link FastDivisorBench}. */
    @Setup
    public void setUp() {
        fast = new FastDivisor(divisor);
        quotient = FastDivisorBench.isQuotient(operation);
        dividends = FastDivisorBench.randomDividends();
        results = new int[BATCH];
    }

    /**
     * {@link FastDivisor} over every dividend.
     *
     * @return the results
     */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int[] kernel() {
        final FastDivisor d = fast;
        final int[] n = dividends;
        final int[] out = results;
        if (quotient) {
            for (int i = 0; i < BATCH; i++) {
                out[i] = d.divide(n[i]);
            }
        } else {
            for (int i = 0; i < BATCH; i++) {
                out[i] = d.remainder(n[i]);
            }
        }
        return out;
    }

    /**
     * The hardware divide over every dividend.
     *
     * @return the results
     */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int[] modulo() {
        final int d = divisor;
        final int[] n = dividends;
        final int[] out = results;
        if (quotient) {
            for (int i = 0; i < BATCH; i++) {
                out[i] = n[i] / d;
            }
        } else {
            for (int i = 0; i < BATCH; i++) {
                out[i] = n[i] % d;
            }
        }
        return out;
    }
}
