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
import org.scalebench.coherence.protocol.MesiProtocol;
import org.scalebench.coherence.sim.ClosedLoopMachine;
import org.scalebench.coherence.sim.CoherenceSimulator;
import org.scalebench.coherence.sim.Scheme;
import org.scalebench.coherence.sim.SyntheticWorkload;
import org.scalebench.coherence.sim.SystemSpec;

/**
 * The simulator's inner loop: time per simulated access on chip1024 with VM consolidation (16-core VMs), the
 * memory behind the homes and every queue on (the system file's defaults): the closed-loop machine drawing each
 * core's accesses from its generator, performing them and timing their transactions in event order. Warmed by 4 M
 * accesses (caches, slices, directories, the event queue and chain store at their sizes), then measured in runs of
 * 4096 accesses. 1e9 / score = accesses per second per host core. There is no reference implementation to race:
 * the gate checks its allocation only.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = "-Xmx4g")
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class SimulatorBench {

    static final int BLOCK = 4096;
    static final int WARM = 1 << 22;

    /** CDR scheme. */
    @Param({"global", "sr", "hr", "sr+hr"})
    String scheme;

    ClosedLoopMachine machine;

    /** Builds and warms the machine. */
    @Setup
    public void setUp() {
        final SystemSpec chip = SystemSpec.named("chip1024");
        final Scheme s = Scheme.parse(scheme);
        final MesiProtocol protocol = new MesiProtocol(chip.protocolConfig(CoherenceSimulator.formatFor(chip, s, null),
                CoherenceSimulator.mappingFor(chip, s, null)));
        final SyntheticWorkload workload = new SyntheticWorkload(chip,
                SyntheticWorkload.Params.defaults(SyntheticWorkload.Kind.VM, chip, 42));
        workload.defineDomains(protocol.sharerDomains(), protocol.homeDomains());
        machine = new ClosedLoopMachine(protocol, workload, chip.mshrsPerCore(), chip.thinkCycles(), 1 << 12);
        machine.runFor(WARM);
    }

    /**
     * Simulates 4096 accesses.
     *
     * @return the accesses issued
     */
    @Benchmark
    @OperationsPerInvocation(BLOCK)
    public long kernel() {
        return machine.runFor(BLOCK);
    }
}
