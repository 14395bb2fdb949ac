package org.scalebench.bench.jmh;

import java.util.SplittableRandom;
import java.util.function.LongToIntFunction;
import org.scalebench.core.Mix64;

/**
 * The keys of the line-table benchmarks: {@code entries} distinct line addresses to insert, and a probe
 * stream of at least 4096 keys that either all hit (inserted keys, in random order, each inserted key
 * probed about once per pass) or all miss (keys never inserted). Keys are {@link Mix64#murmur3} of
 * distinct counters, a bijection, so they are distinct without checking and spread over all 64 bits; a hit
 * probe is computed from a random counter below {@code entries}, not read from the inserted keys, so that
 * building the stream reads no random memory.
 *
 * <p>{@link #inHomeOrder} reorders the inserted keys by the slot a given table will hash each to, so that the
 * table is built by writing its slots nearly in address order: a 16M-entry table (hundreds of MiB) then fills
 * in well under a second instead of several, as each random insertion would miss the cache. The set of keys, and
 * hence every lookup measured, is the same in any order.
 */
final class LineTableKeys {

    /** The smallest probe stream, so that in-cache tables are probed in a varied order too. */
    static final int MIN_PROBES = 4096;
    /** Buckets of {@link #inHomeOrder}: 2^16. */
    static final int ORDER_BITS = 16;

    private static final long BASE = 0x1_0000_0000L;

    final long[] inserted;
    final long[] probes;

    private LineTableKeys(final long[] inserted, final long[] probes) {
        this.inserted = inserted;
        this.probes = probes;
    }

    /**
     * Builds the keys from a fixed seed.
     *
     * @param entries how many keys to insert
     * @param lookup {@code hit} or {@code miss}
     * @return the keys
     */
    static LineTableKeys of(final int entries, final String lookup) {
        final boolean hit = switch (lookup) {
            case "hit" -> true;
            case "miss" -> false;
            default -> throw new IllegalArgumentException("lookup = " + lookup + ": must be hit or miss");
        };
        final long[] inserted = new long[entries];
        for (int i = 0; i < entries; i++) {
            inserted[i] = Mix64.murmur3(BASE + i);
        }
        final int probeCount = Integer.highestOneBit(Math.max(entries, MIN_PROBES) - 1) << 1;
        final long[] probes = new long[probeCount];
        final SplittableRandom random = new SplittableRandom(0x10ad_5eedL);
        for (int i = 0; i < probeCount; i++) {
            probes[i] = Mix64.murmur3(BASE + (hit ? random.nextInt(entries) : entries + i));
        }
        return new LineTableKeys(inserted, probes);
    }

    /**
     * The inserted keys sorted by a bucket of their slot in the table about to be built (a counting sort on
     * {@value #ORDER_BITS} bits): keys of the same bucket keep their order.
     *
     * @param bucket the top {@value #ORDER_BITS} bits of the slot a key hashes to, in {@code [0, 2^16)}
     * @return a new array with the same keys
     */
    long[] inHomeOrder(final LongToIntFunction bucket) {
        final int[] starts = new int[(1 << ORDER_BITS) + 1];
        for (final long key : inserted) {
            starts[bucket.applyAsInt(key) + 1]++;
        }
        for (int b = 0; b < 1 << ORDER_BITS; b++) {
            starts[b + 1] += starts[b];
        }
        final long[] ordered = new long[inserted.length];
        for (final long key : inserted) {
            ordered[starts[bucket.applyAsInt(key)]++] = key;
        }
        return ordered;
    }

    /**
     * The top {@value #ORDER_BITS} bits of a slot index below {@code 2^slotBits} (all of it when it has fewer).
     *
     * @param slot the slot
     * @param slotBits log2 of the slot count
     * @return the bucket
     */
    static int topBits(final int slot, final int slotBits) {
        return slotBits <= ORDER_BITS ? slot : slot >>> (slotBits - ORDER_BITS);
    }
}
