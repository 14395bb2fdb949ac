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
 * spread evenly over the sets. The measured structure sees the stream once in setup, so measurement starts
 * in steady state.
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

    /**
     * Builds both structures and the access stream from a fixed seed, then warms the side the fork measures on the
     * stream (warming the other side too would double the set-up: the plain LRU reference takes seconds for the
     * stream's 8 M accesses at the large geometry).
     *
     * @param params the benchmark being run
     */
    @Setup
    public void setUp(final BenchmarkParams params) {
        setUp(RunningMethod.of(params));
    }

    /**
     * Builds both structures and the stream, then warms {@code warmed} ({@code kernel}, {@code reference}, or
     * {@code both}) on the stream once; under LRU the reference's state is copied from the warmed kernel instead
     * (the unit test shows the two then make the same choices).
     *
     * @param warmed the side to warm
     */
    void setUp(final String warmed) {
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
        if (policy == ReplacementPolicy.LRU) {
            // the LRU reference's state after the stream follows from the kernel's (same choices): warm the
            // kernel, then place each set's resident tags in the reference from least to most recently used
            warm(true, false);
            copyLruState();
        } else {
            warm(!"reference".equals(warmed), !"kernel".equals(warmed));
        }
        next = 0;
    }

    private void warm(final boolean kernelSide, final boolean referenceSide) {
        for (int i = 0; i < stream.length; i++) {
            if (kernelSide) {
                next = i;
                kernel();
            }
            if (referenceSide) {
                next = i;
                reference();
            }
        }
    }

    /** Rebuilds the warmed kernel's state in the LRU reference: residents by slot, recency from their last access. */
    private void copyLruState() {
        final int[] lastAccess = new int[tags.capacity()];
        java.util.Arrays.fill(lastAccess, -1);
        for (int i = 0; i < stream.length; i++) {
            final int slot = tags.peek(stream[i]);
            if (slot >= 0) {
                lastAccess[slot] = i;
            }
        }
        final LinkedHashMapSetAssoc lru = (LinkedHashMapSetAssoc) reference;
        final int ways = tags.ways();
        final Integer[] order = new Integer[ways];
        for (int set = 0; set < tags.sets(); set++) {
            final int base = set * ways;
            for (int way = 0; way < ways; way++) {
                order[way] = base + way;
            }
            java.util.Arrays.sort(order, java.util.Comparator.comparingInt(slot -> lastAccess[slot]));
            for (final int slot : order) {
                if (tags.isValid(slot)) {
                    lru.place(tags.tagAt(slot), slot);
                }
            }
        }
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
