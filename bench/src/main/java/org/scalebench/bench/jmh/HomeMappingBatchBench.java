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
import org.scalebench.bench.reference.ModuloHomeMapping;

/**
 * Home tiles of a batch of 4096 restricted accesses (time per access): {@code HomeMapping.homes} against
 * the same loop computing the same function plainly ({@code plain}) and with a modulo ({@code modulo}). The
 * throughput view of {@link HomeMappingBench}, without its per-call harness cost. Same domains and addresses as
 * {@link HomeMappingBench}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = "-Xmx1g")
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
public class HomeMappingBatchBench {

    private static final int BATCH = 4096;

    /** Restricted mapping. */
    @Param({"piton-low", "uniform"})
    String mapping;

    /** Homes per domain (power of two and not). */
    @Param({"16", "12"})
    int homes;

    HomeMappingBench single;
    int[] out;

    /** Builds the domains and addresses of {@link HomeMappingBench}. */
    @Setup
    public void setUp() {
        single = new HomeMappingBench();
        single.mapping = mapping;
        single.homes = homes;
        single.setUp();
        out = new int[BATCH];
    }

    /**
     * scalebench's batched mapping.
     *
     * @return the home tiles
     */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int[] kernel() {
        single.kernelMapping.homes(single.addresses, single.hdids, BATCH, single.domains, out);
        return out;
    }

    /**
     * The same batch computed plainly from the mapping's definition.
     *
     * @return the home tiles
     */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int[] plain() {
        final long[] addresses = single.addresses;
        final int[] hdids = single.hdids;
        for (int i = 0; i < BATCH; i++) {
            final int hdid = hdids[i];
            out[i] = single.plainHome(addresses[i], single.domains.size(hdid), single.tables[hdid]);
        }
        return out;
    }

    /**
     * The same batch with line index modulo the domain size.
     *
     * @return the home tiles
     */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int[] modulo() {
        final long[] addresses = single.addresses;
        final int[] hdids = single.hdids;
        for (int i = 0; i < BATCH; i++) {
            final int hdid = hdids[i];
            out[i] = ModuloHomeMapping.home(addresses[i], single.domains.size(hdid), single.tables[hdid]);
        }
        return out;
    }
}
