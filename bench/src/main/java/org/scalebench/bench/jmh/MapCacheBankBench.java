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
import org.scalebench.bench.reference.LinkedHashMapMapCaches;
import org.scalebench.coherence.domain.MapCacheBank;
import org.scalebench.core.SmallLruCache;

/**
 * One lookup in a bank of 16-entry LRU map caches, as CDR's Sharer Map Caches (one per home slice) and Home Map
 * Caches (one per core) are looked up: {@link MapCacheBank} ({@code kernel}) against one access-ordered
 * {@code LinkedHashMap} per cache ({@code linkedHashMap}) and one core {@link SmallLruCache} per cache
 * ({@code smallLruCaches}), all three true LRU, so they hit and miss together. Lookups are read round-robin
 * from a 65,536-entry stream of (cache, domain id, logical id), the cache uniform over {@code caches}:
 * <ul>
 *   <li>{@code high} locality: per cache, 90% of rows from 12 hot rows, 10% from 1024 cold ones (about 90% hits);</li>
 *   <li>{@code low} locality: rows uniform over 64 (about 25% hits, a miss evicting on most lookups).</li>
 * </ul>
 * With 1024 caches the bank's tags and stamps (128 KiB) sit in L2 and the other two spread over many objects.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = "-Xmx1g")
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
public class MapCacheBankBench {

    static final int ENTRIES = MapCacheBank.PITON_ENTRIES;
    static final int STREAM_MASK = (1 << 16) - 1;

    /** Number of caches in the bank. */
    @Param({"1", "1024"})
    int caches;

    /** Locality of the lookup stream. */
    @Param({"high", "low"})
    String locality;

    int[] cacheOf;
    int[] domainOf;
    int[] logicalOf;
    int next;
    MapCacheBank bank;
    LinkedHashMapMapCaches linked;
    SmallLruCache[] small;

    /** Builds the lookup stream from a fixed seed and the three banks, warmed up on the stream. */
    @Setup
    public void setUp() {
        if (caches < 1) {
            throw new IllegalArgumentException("caches = " + caches + ": must be at least 1");
        }
        final SplittableRandom random = new SplittableRandom(0x3a9cac4eL);
        cacheOf = new int[STREAM_MASK + 1];
        domainOf = new int[STREAM_MASK + 1];
        logicalOf = new int[STREAM_MASK + 1];
        for (int i = 0; i < cacheOf.length; i++) {
            final int row = SmallLruCacheBench.rowId(random, locality);
            cacheOf[i] = random.nextInt(caches);
            domainOf[i] = row >>> 4;
            logicalOf[i] = (row & 15) << 2 | random.nextInt(4); // any of the row's four logical ids
        }
        bank = new MapCacheBank(caches, ENTRIES);
        linked = new LinkedHashMapMapCaches(caches, ENTRIES);
        small = new SmallLruCache[caches];
        for (int c = 0; c < caches; c++) {
            small[c] = new SmallLruCache(ENTRIES);
        }
        for (int i = 0; i < cacheOf.length; i++) {
            bank.access(cacheOf[i], domainOf[i], logicalOf[i]);
            linked.access(cacheOf[i], domainOf[i], logicalOf[i]);
            small[cacheOf[i]].access(MapCacheBank.tag(domainOf[i], logicalOf[i]));
        }
    }

    /**
     * The simulator's map-cache bank (LRU).
     *
     * @return true on a hit
     */
    @Benchmark
    public boolean kernel() {
        final int i = next++ & STREAM_MASK;
        return bank.access(cacheOf[i], domainOf[i], logicalOf[i]);
    }

    /**
     * One access-ordered {@code LinkedHashMap} per cache.
     *
     * @return true on a hit
     */
    @Benchmark
    public boolean linkedHashMap() {
        final int i = next++ & STREAM_MASK;
        return linked.access(cacheOf[i], domainOf[i], logicalOf[i]);
    }

    /**
     * One core {@link SmallLruCache} per cache, keyed by the same row tag.
     *
     * @return true on a hit
     */
    @Benchmark
    public boolean smallLruCaches() {
        final int i = next++ & STREAM_MASK;
        return small[cacheOf[i]].access(MapCacheBank.tag(domainOf[i], logicalOf[i]));
    }
}
