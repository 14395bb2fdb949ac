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
import org.scalebench.coherence.sim.AccessBatch;
import org.scalebench.coherence.sim.CoherenceSimulator;
import org.scalebench.coherence.sim.Scheme;
import org.scalebench.coherence.sim.SyntheticWorkload;
import org.scalebench.coherence.sim.SystemSpec;

/**
 * The simulator's inner loop: time per simulated access on chip1024 with VM consolidation (16-core VMs), the
 * memory behind the homes and the queues on (the system file's defaults), caches, slices and directories
 * warmed by 4 M accesses, then a pre-generated stream of 4 M accesses replayed
 * in blocks of 4096 (the stream's generation is not timed). 1e9 / score = accesses per second per host
 * core. There is no reference implementation to race: the gate checks its allocation only.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = "-Xmx4g")
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class SimulatorBench {

    static final int BLOCK = 4096;
    static final int STREAM = 1 << 22;
    static final int PREFETCH = 8;

    /** CDR scheme. */
    @Param({"global", "sr", "hr", "sr+hr"})
    String scheme;

    MesiProtocol protocol;
    int[] core;
    boolean[] write;
    long[] address;
    int[] sdid;
    int[] hdid;
    int next;

    /** Builds and warms the machine, then records the measured stream. */
    @Setup
    public void setUp() {
        final SystemSpec chip = SystemSpec.named("chip1024");
        final Scheme s = Scheme.parse(scheme);
        protocol = new MesiProtocol(chip.protocolConfig(CoherenceSimulator.formatFor(chip, s, null),
                CoherenceSimulator.mappingFor(chip, s, null)));
        final SyntheticWorkload workload = new SyntheticWorkload(chip,
                SyntheticWorkload.Params.defaults(SyntheticWorkload.Kind.VM, chip, 42));
        workload.defineDomains(protocol.sharerDomains(), protocol.homeDomains());
        final AccessBatch batch = new AccessBatch(BLOCK);
        for (int done = 0; done < STREAM; done += BLOCK) {
            workload.fill(batch);
            for (int i = 0; i < BLOCK; i++) {
                protocol.access(batch.core[i], batch.write[i], batch.address[i], batch.sdid[i], batch.hdid[i]);
            }
        }
        core = new int[STREAM];
        write = new boolean[STREAM];
        address = new long[STREAM];
        sdid = new int[STREAM];
        hdid = new int[STREAM];
        for (int done = 0; done < STREAM; done += BLOCK) {
            workload.fill(batch);
            System.arraycopy(batch.core, 0, core, done, BLOCK);
            System.arraycopy(batch.write, 0, write, done, BLOCK);
            System.arraycopy(batch.address, 0, address, done, BLOCK);
            System.arraycopy(batch.sdid, 0, sdid, done, BLOCK);
            System.arraycopy(batch.hdid, 0, hdid, done, BLOCK);
        }
    }

    /**
     * Simulates a block of 4096 accesses.
     *
     * @return the summed latency
     */
    @Benchmark
    @OperationsPerInvocation(BLOCK)
    public long kernel() {
        final int start = next;
        next = (start + BLOCK) & (STREAM - 1);
        long latency = 0;
        final int mask = STREAM - 1;
        for (int i = start, end = start + BLOCK; i < end; i++) {
            final int ahead = (i + PREFETCH) & mask;
            protocol.prefetch(core[ahead], address[ahead]);
            latency += protocol.access(core[i], write[i], address[i], sdid[i], hdid[i]);
        }
        return latency;
    }
}
