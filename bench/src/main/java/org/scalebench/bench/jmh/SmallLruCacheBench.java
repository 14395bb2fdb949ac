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
import org.scalebench.bench.reference.LinkedHashMapLru;
import org.scalebench.core.SmallLruCache;

/**
 * One access to a 16-entry fully-associative LRU cache, the size of CDR's sharer-map and home-map caches:
 * {@link SmallLruCache} ({@code kernel}) against an access-ordered {@code LinkedHashMap}
 * ({@code linkedHashMap}). Keys look like {domain, logical id} tags ({@code domain << 8 | id}), read
 * round-robin from a 4096-entry stream:
 * <ul>
 *   <li>{@code high} locality: 90% of keys from 12 hot keys, 10% from 1024 cold ones (about 90% hits);</li>
 *   <li>{@code low} locality: keys uniform over 64 (about 25% hits, a miss evicting on most accesses).</li>
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = "-Xmx1g")
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
public class SmallLruCacheBench {

    static final int CAPACITY = 16;
    static final int STREAM_MASK = 4095;

    /** Locality of the key stream. */
    @Param({"high", "low"})
    String locality;

    long[] keys;
    int next;
    SmallLruCache cache;
    LinkedHashMapLru linked;

    /** Builds the key stream from a fixed seed and both caches, warmed up on the stream. */
    @Setup
    public void setUp() {
        final SplittableRandom random = new SplittableRandom(0x5ca11cL);
        keys = new long[STREAM_MASK + 1];
        for (int i = 0; i < keys.length; i++) {
            final int id = rowId(random, locality);
            keys[i] = (long) (id >>> 4) << 8 | (id & 15);
        }
        cache = new SmallLruCache(CAPACITY);
        linked = new LinkedHashMapLru(CAPACITY);
        for (int i = 0; i < keys.length; i++) {
            cache.access(keys[i]);
            linked.access(keys[i]);
        }
    }

    /**
     * One row id of a map-cache lookup stream: under {@code high} locality 90% from 12 hot rows and 10% from 1024
     * cold ones, under {@code low} uniform over 64 rows (also used by {@link MapCacheBankBench}).
     *
     * @param random the stream's generator
     * @param locality {@code high} or {@code low}
     * @return the row id, in [0, 1036)
     */
    static int rowId(final SplittableRandom random, final String locality) {
        if ("high".equals(locality)) {
            return random.nextInt(10) < 9 ? random.nextInt(12) : 12 + random.nextInt(1024);
        }
        if ("low".equals(locality)) {
            return random.nextInt(64);
        }
        throw new IllegalArgumentException("locality = " + locality + ": must be high or low");
    }

    /**
     * scalebench's small cache.
     *
     * @return true on a hit
     */
    @Benchmark
    public boolean kernel() {
        return cache.access(keys[next++ & STREAM_MASK]);
    }

    /**
     * An access-ordered {@code LinkedHashMap} with {@code removeEldestEntry}.
     *
     * @return true on a hit
     */
    @Benchmark
    public boolean linkedHashMap() {
        return linked.access(keys[next++ & STREAM_MASK]);
    }
}
