package org.scalebench.bench.jmh;

import java.util.SplittableRandom;
import org.scalebench.core.Mix64;

/**
 * The keys of the line-table benchmarks: {@code entries} distinct line addresses to insert, and a probe
 * stream of at least 4096 keys that either all hit (inserted keys, in random order, each inserted key
 * probed about once per pass) or all miss (keys never inserted). Keys are {@link Mix64#murmur3} of
 * distinct counters, a bijection, so they are distinct without checking and spread over all 64 bits.
 */
final class LineTableKeys {

    /** The smallest probe stream, so that in-cache tables are probed in a varied order too. */
    static final int MIN_PROBES = 4096;

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
        final long base = 0x1_0000_0000L;
        final long[] inserted = new long[entries];
        for (int i = 0; i < entries; i++) {
            inserted[i] = Mix64.murmur3(base + i);
        }
        final int probeCount = Integer.highestOneBit(Math.max(entries, MIN_PROBES) - 1) << 1;
        final long[] probes = new long[probeCount];
        final SplittableRandom random = new SplittableRandom(0x10ad_5eedL);
        for (int i = 0; i < probeCount; i++) {
            probes[i] = hit ? inserted[random.nextInt(entries)] : Mix64.murmur3(base + entries + i);
        }
        return new LineTableKeys(inserted, probes);
    }
}
