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
import org.openjdk.jmh.infra.BenchmarkParams;
import org.scalebench.bench.reference.BitSetDirectory;
import org.scalebench.bench.reference.HashSetDirectory;
import org.scalebench.coherence.domain.MapCacheBank;
import org.scalebench.coherence.domain.SharerDomains;
import org.scalebench.coherence.format.DirectoryFormat;
import org.scalebench.coherence.format.DirectoryFormats;
import org.scalebench.coherence.format.FormatSpec;

/**
 * Directory sharer tracking on a 1024-core machine: a stream of operations, 45 % add sharer, 45 % remove
 * sharer, 10 % list the invalidation targets, on random entries. Sharers of an entry come from one domain of 16
 * cores (as in VM consolidation), so cdr-sr never overflows. {@code kernel} is the format under
 * {@code @Param format}; {@code bitSet} and {@code hashSet} run the same stream on a BitSet or a HashSet per
 * entry.
 *
 * <p>Two directory sizes, chosen off the host's last-level-cache edge so that a fork's speed does not depend
 * on how much of a shared L3 it happens to get: 4,096 entries (a 512 KiB full map, cache-resident: the cost of
 * the operations themselves) and 1,048,576 entries (a 128 MiB full map, the size of chip1024's whole sparse
 * directory: the cost in host cache misses). At 65,536 entries (8 MiB, a quarter of a 32 MiB L3 shared with
 * other tenants) the same code measured anywhere from 20 to 125 ns per operation from one iteration to the
 * next. The stream has as many operations as entries (at least 65,536), so a pass touches most entries.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = "-Xmx2g")
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
public class DirectoryFormatBench {

    static final int CORES = 1024;
    static final int DOMAIN = 16;

    /** Directory format. */
    @Param({"full-map", "dir-b-4", "dir-nb-4", "coarse-vector-4", "cdr-sr"})
    String format;

    /** Directory entries (a power of two). */
    @Param({"4096", "1048576"})
    int entries;

    DirectoryFormat kernelFormat;
    BitSetDirectory bitSets;
    HashSetDirectory hashSets;
    int[] entry;
    int[] core;
    int[] sdid;
    byte[] op;
    int[] out;
    int opMask;
    int next;

    /**
     * Builds the directory the fork's method measures (only that one: at a million entries the three sides
     * together would take most of the set-up time) and the operation stream from a fixed seed.
     *
     * @param params the benchmark being run
     */
    @Setup
    public void setUp(final BenchmarkParams params) {
        build(RunningMethod.of(params));
    }

    /**
     * Builds one side and the stream.
     *
     * @param method {@code kernel}, {@code bitSet} or {@code hashSet}
     */
    void build(final String method) {
        final MapCacheBank smc = new MapCacheBank(1, MapCacheBank.PITON_ENTRIES);
        final SharerDomains domains = new SharerDomains(CORES / DOMAIN, CORES, smc);
        for (int d = 0; d < CORES / DOMAIN; d++) {
            final int[] members = new int[DOMAIN];
            for (int i = 0; i < DOMAIN; i++) {
                members[i] = d * DOMAIN + i;
            }
            domains.define(d, members);
            domains.makePrimary(d);
        }
        if (Integer.bitCount(entries) != 1) {
            throw new IllegalArgumentException("entries = " + entries + ": must be a power of two");
        }
        kernelFormat = DirectoryFormats.create(FormatSpec.parse(format), method.equals("kernel") ? entries : 1,
                domains, smc);
        switch (method) {
            case "kernel" -> { }
            case "bitSet" -> bitSets = new BitSetDirectory(entries);
            case "hashSet" -> hashSets = new HashSetDirectory(entries);
            default -> throw new IllegalArgumentException("method = " + method + ": no such benchmark");
        }
        out = new int[Math.max(CORES, kernelFormat.maxTargets())];
        final SplittableRandom random = new SplittableRandom(0xD1EC7L);
        final int ops = Math.max(1 << 16, entries);
        opMask = ops - 1;
        entry = new int[ops];
        core = new int[ops];
        sdid = new int[ops];
        op = new byte[ops];
        for (int i = 0; i < ops; i++) {
            entry[i] = random.nextInt(entries);
            sdid[i] = entry[i] & (CORES / DOMAIN - 1);
            core[i] = sdid[i] * DOMAIN + random.nextInt(DOMAIN);
            final int r = random.nextInt(20);
            op[i] = (byte) (r < 9 ? 0 : r < 18 ? 1 : 2);
        }
    }

    /**
     * One operation on scalebench's format.
     *
     * @return a value depending on the work
     */
    @Benchmark
    public int kernel() {
        final int i = next++ & opMask;
        switch (op[i]) {
            case 0:
                return kernelFormat.addSharer(entry[i], core[i], sdid[i]);
            case 1:
                kernelFormat.removeSharer(entry[i], core[i]);
                return 0;
            default:
                return kernelFormat.invalidationTargets(entry[i], 0, out);
        }
    }

    /**
     * The same operation on a BitSet per entry.
     *
     * @return a value depending on the work
     */
    @Benchmark
    public int bitSet() {
        final int i = next++ & opMask;
        switch (op[i]) {
            case 0:
                bitSets.add(entry[i], core[i]);
                return 0;
            case 1:
                bitSets.remove(entry[i], core[i]);
                return 0;
            default:
                return bitSets.targets(entry[i], out);
        }
    }

    /**
     * The same operation on a HashSet per entry.
     *
     * @return a value depending on the work
     */
    @Benchmark
    public int hashSet() {
        final int i = next++ & opMask;
        switch (op[i]) {
            case 0:
                hashSets.add(entry[i], core[i]);
                return 0;
            case 1:
                hashSets.remove(entry[i], core[i]);
                return 0;
            default:
                return hashSets.targets(entry[i], out);
        }
    }
}
