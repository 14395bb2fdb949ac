package org.scalebench.core;

import java.util.Arrays;

/**
 * A log-linear histogram of non-negative long values (latencies in cycles) with a relative resolution of
 * 1/32, in a fixed array: the percentile part of a simulator's statistics (after HdrHistogram's bucket
 * scheme, reduced to one precision).
 *
 * <pre>
 *   v &lt; 64:   bucket v                                   (exact)
 *   v &gt;= 64:  e = floor(log2 v), s = the 5 bits below the leading one
 *             bucket 64 + (e - 6) * 32 + s                 covers [ (32 + s) * 2^(e-5), (33 + s) * 2^(e-5) )
 * </pre>
 * A bucket's width is at most 1/32 of its lower bound, so {@link #percentile} is within 3.2% of the exact
 * order statistic (it returns the bucket's upper bound, clamped to the maximum seen). The count, sum,
 * minimum and maximum are exact.
 *
 * <p>Allocation: none after construction (about 15 KiB). Thread-safety: not thread-safe.
 */
public final class LatencyHistogram {

    private static final int LINEAR = 64;
    private static final int SUB_BITS = 5;
    private static final int SUB = 1 << SUB_BITS;
    private static final int BUCKETS = LINEAR + (63 - 6) * SUB;

    private final long[] counts = new long[BUCKETS];
    private long count;
    private long sum;
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;

    /**
     * Records one value. The caller guarantees that the values recorded sum to at most {@code 2^63 - 1} (cycle
     * latencies of any run do): the sum is not checked on this path, and past that bound it wraps, so {@link #sum}
     * and {@link #mean} turn negative; an {@code assert} checks it when assertions are enabled.
     *
     * @param value a non-negative value
     * @throws IllegalArgumentException if negative
     */
    public void record(final long value) {
        if (value < 0) {
            throw new IllegalArgumentException("value = " + value + ": must be at least 0");
        }
        counts[bucketOf(value)]++;
        count++;
        sum += value;
        assert sum >= 0 : "sum of the values recorded passed " + Long.MAX_VALUE + " (" + value + " added)";
        if (value < min) {
            min = value;
        }
        if (value > max) {
            max = value;
        }
    }

    static int bucketOf(final long value) {
        if (value < LINEAR) {
            return (int) value;
        }
        final int e = Bits.floorLog2(value);
        final int s = (int) (value >>> (e - SUB_BITS)) & (SUB - 1);
        return LINEAR + (e - 6) * SUB + s;
    }

    static long upperBoundOf(final int bucket) {
        if (bucket < LINEAR) {
            return bucket;
        }
        final int e = (bucket - LINEAR) / SUB + 6;
        final int s = (bucket - LINEAR) % SUB;
        return ((long) (SUB + s + 1) << (e - SUB_BITS)) - 1;
    }

    /**
     * The value at or below which {@code fraction} of the recorded values lie (nearest rank).
     *
     * @param fraction in (0, 1], e.g. 0.99
     * @return the percentile, within 1/32 relative; 0 when empty
     */
    public long percentile(final double fraction) {
        if (!(fraction > 0 && fraction <= 1)) {
            throw new IllegalArgumentException("fraction = " + fraction + ": must be in (0, 1]");
        }
        if (count == 0) {
            return 0;
        }
        final long rank = Math.max(1, (long) Math.ceil(fraction * count));
        long seen = 0;
        for (int b = 0; b < BUCKETS; b++) {
            seen += counts[b];
            if (seen >= rank) {
                return Math.min(max, Math.max(min, upperBoundOf(b)));
            }
        }
        return max;
    }

    /**
     * Adds every value recorded in {@code other}.
     *
     * @param other another histogram
     * @throws IllegalArgumentException if the two sums together exceed {@code 2^63 - 1} (the sum would no longer
     *     be exact); this histogram is then unchanged
     */
    public void add(final LatencyHistogram other) {
        if (sum > Long.MAX_VALUE - other.sum) {
            throw new IllegalArgumentException("other: sum = " + other.sum + ": with this histogram's " + sum
                    + ", must be at most " + (Long.MAX_VALUE - sum) + " (the sum of all values fits in a long)");
        }
        for (int b = 0; b < BUCKETS; b++) {
            counts[b] += other.counts[b];
        }
        count += other.count;
        sum += other.sum;
        min = Math.min(min, other.min);
        max = Math.max(max, other.max);
    }

    /** Forgets every value. */
    public void reset() {
        Arrays.fill(counts, 0);
        count = 0;
        sum = 0;
        min = Long.MAX_VALUE;
        max = Long.MIN_VALUE;
    }

    /**
     * Values recorded.
     *
     * @return the count
     */
    public long count() {
        return count;
    }

    /**
     * Exact sum of the values (at most {@code 2^63 - 1}: see {@link #record}).
     *
     * @return the sum
     */
    public long sum() {
        return sum;
    }

    /**
     * Exact mean.
     *
     * @return sum / count, 0 when empty
     */
    public double mean() {
        return count == 0 ? 0 : (double) sum / count;
    }

    /**
     * Smallest value.
     *
     * @return the minimum, 0 when empty
     */
    public long min() {
        return count == 0 ? 0 : min;
    }

    /**
     * Largest value.
     *
     * @return the maximum, 0 when empty
     */
    public long max() {
        return count == 0 ? 0 : max;
    }
}
