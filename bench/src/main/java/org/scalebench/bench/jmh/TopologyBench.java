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
 * ({@code modulo}). Pairs are read in order from 4096 (see {@link TopologyCase}). One call's latency: the index
 * of the next pair depends on this call's distance (through {@link #chain}, which is 0), as a simulator's next
 * event waits for the latency of the last message; the pair loads and the index update are a share of each
 * figure, the same for both methods. {@link TopologyBatchBench} measures the throughput of independent calls.
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
    /** 0, read from a field so that the compiler cannot drop the dependency of the next index on a result. */
    int chain;

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
        final long distance = inputs.kernel(next);
        next = (next + 1 + ((int) distance & chain)) & TopologyCase.PAIR_MASK;
        return distance;
    }

    /**
     * The {@code %}/{@code /} formulas.
     *
     * @return hops, or latency for a hierarchy
     */
    @Benchmark
    public long modulo() {
        final long distance = inputs.modulo(next);
        next = (next + 1 + ((int) distance & chain)) & TopologyCase.PAIR_MASK;
        return distance;
    }
}
