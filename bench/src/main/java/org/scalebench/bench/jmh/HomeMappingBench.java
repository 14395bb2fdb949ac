package org.scalebench.bench.jmh;

import java.util.SplittableRandom;
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
import org.scalebench.bench.reference.ModuloHomeMapping;
import org.scalebench.bench.reference.PlainHomeMapping;
import org.scalebench.coherence.domain.HomeDomains;
import org.scalebench.coherence.home.HomeBitSelect;
import org.scalebench.coherence.home.HomeMapping;

/**
 * A line's home tile under Home Restriction: the logical home in the line's home domain, then the home-map
 * table. {@code kernel} runs the {@code @Param mapping} with {@link HomeMapping#homeOfAddress} (piton-low: bit
 * select, then the domain's table composed with the encoder; uniform: one multiply, multiply-shift, table);
 * {@code plain} computes the same function per access from its definition ({@link PlainHomeMapping}: the
 * encoder's mask and fold, or the schoolbook high product, then the table); {@code modulo} takes the line index
 * modulo the domain size, the different function a user would otherwise write. Domains of {@code @Param homes}
 * tiles, 256 domains, addresses read in order from a 4096-entry array. One call's latency: the index of the next
 * address depends on this call's home (through {@link #chain}, which is 0), as the home of an access is on that
 * access's path to its directory slice; independent calls overlap, and at a few nanoseconds a call the harness's
 * own index update bounded all three methods alike. {@link HomeMappingBatchBench} measures the throughput of
 * independent calls.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = "-Xmx1g")
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
public class HomeMappingBench {

    private static final int MASK = 4095;
    private static final int DOMAINS = 256;

    /** Restricted mapping. */
    @Param({"piton-low", "uniform"})
    String mapping;

    /** Homes per domain (power of two and not). */
    @Param({"16", "12"})
    int homes;

    HomeMapping kernelMapping;
    /** The bit selection of a piton mapping, or null for uniform: what {@code plain} computes. */
    HomeBitSelect plainSelect;
    HomeDomains domains;
    int[][] tables;
    long[] addresses;
    int[] hdids;
    int next;
    /** 0, read from a field so that the compiler cannot drop the dependency of the next index on a result. */
    int chain;

    /** Builds the domains and the address stream from a fixed seed. */
    @Setup
    public void setUp() {
        kernelMapping = HomeMapping.parse(mapping, 1024);
        plainSelect = mapping.startsWith("piton-") ? HomeBitSelect.parse(mapping.substring("piton-".length())) : null;
        domains = new HomeDomains(DOMAINS, 1024, null);
        tables = new int[DOMAINS][homes];
        for (int d = 0; d < DOMAINS; d++) {
            for (int h = 0; h < homes; h++) {
                tables[d][h] = (d * 4 + h * 3) & 1023;
            }
            domains.define(d, tables[d]);
        }
        final SplittableRandom random = new SplittableRandom(0x40E5L);
        addresses = new long[MASK + 1];
        hdids = new int[MASK + 1];
        for (int i = 0; i <= MASK; i++) {
            addresses[i] = random.nextLong() & 0xFF_FFFF_FFC0L;
            hdids[i] = random.nextInt(DOMAINS);
        }
    }

    /**
     * scalebench's restricted mapping and table lookup.
     *
     * @return the home tile
     */
    @Benchmark
    public int kernel() {
        final int i = next;
        final int home = kernelMapping.homeOfAddress(addresses[i], hdids[i], domains);
        next = (i + 1 + (home & chain)) & MASK;
        return home;
    }

    /**
     * The same mapping computed plainly from its definition, then the table.
     *
     * @return the home tile
     */
    @Benchmark
    public int plain() {
        final int i = next;
        final int hdid = hdids[i];
        final int home = plainHome(addresses[i], domains.size(hdid), tables[hdid]);
        next = (i + 1 + (home & chain)) & MASK;
        return home;
    }

    /** {@link PlainHomeMapping} for this benchmark's mapping. */
    int plainHome(final long address, final int homes, final int[] table) {
        final HomeBitSelect select = plainSelect;
        return select != null ? PlainHomeMapping.pitonHome(address, select, homes, table)
                : PlainHomeMapping.uniformHome(address, homes, table);
    }

    /**
     * Line index modulo the domain size, then the table.
     *
     * @return the home tile
     */
    @Benchmark
    public int modulo() {
        final int i = next;
        final int hdid = hdids[i];
        final int home = ModuloHomeMapping.home(addresses[i], domains.size(hdid), tables[hdid]);
        next = (i + 1 + (home & chain)) & MASK;
        return home;
    }
}
