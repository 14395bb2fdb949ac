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

/**
 * The distances of all 4096 pairs of a {@link TopologyCase} per call, summed (time per distance): the
 * throughput view of {@link TopologyBench}, without the per-call harness cost that dominates a
 * one-nanosecond kernel. Same inputs, same kernels, same {@code %}/{@code /} reference.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = "-Xmx1g")
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
public class TopologyBatchBench {

    private static final int BATCH = TopologyCase.PAIR_MASK + 1;

    /** The topology, as in {@link TopologyBench}. */
    @Param({"mesh32x32", "mesh1000x1000", "torus32x32", "hierarchical1M", "hierarchicalMixed1M"})
    String topology;

    TopologyCase inputs;

    /** Builds the topology and its pairs. */
    @Setup
    public void setUp() {
        inputs = new TopologyCase(topology);
    }

    /**
     * scalebench's topology kernel over every pair.
     *
     * @return the sum of the distances
     */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long kernel() {
        final TopologyCase c = inputs;
        long sum = 0;
        for (int i = 0; i < BATCH; i++) {
            sum += c.kernel(i);
        }
        return sum;
    }

    /**
     * The {@code %}/{@code /} formulas over every pair.
     *
     * @return the sum of the distances
     */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long modulo() {
        final TopologyCase c = inputs;
        long sum = 0;
        for (int i = 0; i < BATCH; i++) {
            sum += c.modulo(i);
        }
        return sum;
    }
}
