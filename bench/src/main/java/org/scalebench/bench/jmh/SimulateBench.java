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
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.scalebench.coherence.sim.CoherenceSimulator;
import org.scalebench.coherence.sim.Scheme;
import org.scalebench.coherence.sim.SimulationResult;
import org.scalebench.coherence.sim.SyntheticWorkload;
import org.scalebench.coherence.sim.SystemSpec;

/**
 * {@code coherence simulate} end to end, as a user runs it: build chip1024 (caches, directories, slices, queues),
 * define the VM domains, warm {@value #WARM} accesses, count {@value #COUNTED}, drain, and build the result. The
 * score is wall time per simulated access (warm-up and counted together); {@code 1e9 / score} is the accesses per
 * second {@code simulate} runs at. No reference does the same work: the gate reports the time, and does not bound
 * its allocation (building the machine allocates its arrays; the accesses allocate nothing, see
 * {@link SimulatorBench}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = "-Xmx4g")
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public class SimulateBench {

    static final int WARM = 1_000_000;
    static final int COUNTED = 1_000_000;

    /** CDR scheme. */
    @Param({"sr+hr"})
    String scheme;

    /**
     * One whole run.
     *
     * @return the result (consumed by JMH)
     */
    @Benchmark
    @OperationsPerInvocation(WARM + COUNTED)
    public SimulationResult kernel() {
        final SystemSpec chip = SystemSpec.named("chip1024");
        final SyntheticWorkload workload = new SyntheticWorkload(chip,
                SyntheticWorkload.Params.defaults(SyntheticWorkload.Kind.VM, chip, 42));
        // without settling, so that a run is exactly WARM + COUNTED accesses (the operations counted)
        return CoherenceSimulator.run(chip, Scheme.parse(scheme), null, null, workload,
                org.scalebench.coherence.sim.Warmup.fixed(WARM).withoutSettling(), COUNTED, 42,
                CoherenceSimulator.Progress.NONE);
    }
}
