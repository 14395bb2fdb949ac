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
import org.scalebench.bench.reference.LinkedHashMapSetAssoc;
import org.scalebench.bench.reference.SetAssocReference;
import org.scalebench.bench.reference.TreePlruSetAssoc;
import org.scalebench.core.Mix64;
import org.scalebench.core.ReplacementPolicy;
import org.scalebench.core.SetAssocTags;

/**
 * One cache access (look up; on a miss, insert and evict) on a set-associative tag array:
 * {@link SetAssocTags} ({@code kernel}) against the plain reference of the same replacement policy
 * ({@code reference}): one access-ordered {@code LinkedHashMap} per set under LRU (the textbook Java LRU cache),
 * a tree of booleans per set under tree-PLRU ({@code TreePlruSetAssoc}); both make the same choices as the
 * kernel, so they do identical work. Geometries: a private L2 (512 sets x 8 ways, 4096 lines, in cache) and a
 * sparse directory slice (65536 x 16, about 1M entries, larger than the last-level cache).
 *
 * <p>The stream (2^23 tags, cycled; long enough that its distinct tags outnumber the 1M-slot directory)
 * draws 90% of its tags from a hot set of half the capacity and 10% from a cold universe of 16 times the
 * capacity. Steady-state hit ratios: 87.6% (512x8, LRU), 86.5% (512x8, TREE_PLRU), 90.6% (65536x16, LRU),
 * 91.1% (65536x16, TREE_PLRU); the benchmark test checks the small geometry. Tags are mixed line numbers,
 * spread evenly over the sets. Both structures see the stream once in setup, so measurement starts in
 * steady state.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = "-Xmx2g")
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
public class SetAssocTagsBench {

    static final int STREAM_MASK = (1 << 23) - 1;

    /** {@code sets x ways}: a private-cache-like array and a sparse-directory-like one. */
    @Param({"512x8", "65536x16"})
    String geometry;

    /** The kernel's replacement policy. */
    @Param({"LRU", "TREE_PLRU"})
    ReplacementPolicy policy;

    long[] stream;
    int next;
    SetAssocTags tags;
    SetAssocReference reference;

    /** Builds both structures and the access stream from a fixed seed, then warms both up on the stream. */
    @Setup
    public void setUp() {
        final String[] parts = geometry.split("x");
        final int sets = Integer.parseInt(parts[0]);
        final int ways = Integer.parseInt(parts[1]);
        tags = new SetAssocTags(sets, ways, policy);
        reference = policy == ReplacementPolicy.LRU ? new LinkedHashMapSetAssoc(sets, ways)
                : new TreePlruSetAssoc(sets, ways);
        final int hot = sets * ways / 2;
        final int cold = 16 * sets * ways;
        final SplittableRandom random = new SplittableRandom(0x5e7a55L);
        stream = new long[STREAM_MASK + 1];
        for (int i = 0; i < stream.length; i++) {
            final long line = random.nextInt(10) < 9 ? random.nextInt(hot) : hot + random.nextInt(cold);
            stream[i] = Mix64.stafford13(line);
        }
        for (int i = 0; i < stream.length; i++) {
            next = i;
            kernel();
            next = i;
            reference();
        }
        next = 0;
    }

    /**
     * scalebench's tag array: find, and on a miss insert (evicting the policy's victim).
     *
     * @return the slot now holding the tag
     */
    @Benchmark
    public int kernel() {
        final long tag = stream[next++ & STREAM_MASK];
        final int slot = tags.find(tag);
        return slot >= 0 ? slot : tags.insert(tag);
    }

    /**
     * The same access on the plain reference of the same policy: one access-ordered {@code LinkedHashMap} per set
     * (LRU) or a tree of booleans per set (tree-PLRU).
     *
     * @return the slot now holding the tag
     */
    @Benchmark
    public int reference() {
        final long tag = stream[next++ & STREAM_MASK];
        final int slot = reference.find(tag);
        return slot >= 0 ? slot : reference.insert(tag);
    }
}
