package org.scalebench.bench.jmh;

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

/**
 * One distance between two tiles or cores: scalebench's {@code MeshTopology}, {@code TorusTopology} and
 * {@code HierarchicalTopology} ({@code kernel}, no divide) against the {@code %}/{@code /} formulas
 * ({@code modulo}). Pairs are read round-robin from 4096 (see {@link TopologyCase}). At about a nanosecond
 * per call the harness (pair loads, index update, result consumption) is a large share of each figure;
 * {@link TopologyBatchBench} shows the arithmetic alone.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = "-Xmx1g")
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
public class TopologyBench {

    /** The topology: 32x32 chip mesh, 1M-tile mesh, 32x32 torus, 1M-core hierarchies. */
    @Param({"mesh32x32", "mesh1000x1000", "torus32x32", "hierarchical1M", "hierarchicalMixed1M"})
    String topology;

    TopologyCase inputs;
    int next;

    /** Builds the topology and its pairs. */
    @Setup
    public void setUp() {
        inputs = new TopologyCase(topology);
    }

    /**
     * scalebench's topology kernel.
     *
     * @return hops, or latency for a hierarchy
     */
    @Benchmark
    public long kernel() {
        return inputs.kernel(next++ & TopologyCase.PAIR_MASK);
    }

    /**
     * The {@code %}/{@code /} formulas.
     *
     * @return hops, or latency for a hierarchy
     */
    @Benchmark
    public long modulo() {
        return inputs.modulo(next++ & TopologyCase.PAIR_MASK);
    }
}
