package org.scalebench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RangeReductionTest {

    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

    private static int exact(final long hash, final int n) {
        final BigInteger u = new BigInteger(Long.toUnsignedString(hash));
        return u.multiply(BigInteger.valueOf(n)).shiftRight(64).intValueExact();
    }

    @Test
    void matchesTheExactProductOnEdgeValues() {
        final long[] hashes = {0L, 1L, -1L, Long.MIN_VALUE, Long.MAX_VALUE, 0x8000_0000_0000_0001L, 1L << 32};
        final int[] ns = {1, 2, 3, 7, 64, 1000, 1024, 1_000_003, Integer.MAX_VALUE};
        for (final long h : hashes) {
            for (final int n : ns) {
                assertEquals(exact(h, n), RangeReduction.reduce(h, n), "hash=" + h + " n=" + n);
            }
        }
    }

    @Test
    void largestHashMapsToLastBucket() {
        assertEquals(999, RangeReduction.reduce(-1L, 1000));
        assertEquals(0, RangeReduction.reduce(0L, 1000));
        assertEquals(500, RangeReduction.reduce(Long.MIN_VALUE, 1000));
    }

    @Test
    void everyBucketIsReachedEvenly() {
        final long seed = 0x5eed_0001L;
        final SplittableRandom random = new SplittableRandom(seed);
        final int n = 37;
        final int[] counts = new int[n];
        final int draws = 370_000;
        for (int i = 0; i < draws; i++) {
            final int b = RangeReduction.reduce(random.nextLong(), n);
            assertTrue(b >= 0 && b < n, "seed=" + seed);
            counts[b]++;
        }
        for (int b = 0; b < n; b++) {
            // expected 10,000 per bucket; 5 standard deviations is about 500
            assertTrue(Math.abs(counts[b] - 10_000) < 500, "bucket " + b + " got " + counts[b] + " seed=" + seed);
        }
    }

    @Test
    void bucketPreimagesDifferByAtMostOne() {
        // the buckets partition [0, 2^64) into intervals: bucket b starts at ceil(b * 2^64 / n)
        final int n = 1_000_003;
        for (int b = 1; b < n; b += 9_973) {
            final BigInteger start = BigInteger.valueOf(b).multiply(TWO_64)
                    .add(BigInteger.valueOf(n - 1)).divide(BigInteger.valueOf(n));
            final long first = start.longValue();
            assertEquals(b, RangeReduction.reduce(first, n));
            assertEquals(b - 1, RangeReduction.reduce(first - 1, n));
        }
    }

    @Test
    void batchedReductionEqualsSingleCalls() {
        final SplittableRandom random = new SplittableRandom(99);
        final long[] hashes = new long[1000];
        for (int i = 0; i < hashes.length; i++) {
            hashes[i] = random.nextLong();
        }
        final int[] buckets = new int[1010];
        RangeReduction.reduceAll(hashes, 3, 977, buckets, 10, 990);
        for (int i = 0; i < 990; i++) {
            assertEquals(RangeReduction.reduce(hashes[3 + i], 977), buckets[10 + i]);
        }
        assertEquals(0, buckets[9]);
        assertEquals(0, buckets[1000], "one bucket past the count");
    }

    @Test
    void reduce32IsTheHighHalfOfAThirtyTwoBitProduct() {
        final int[] hashes = {0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE, 0x1234_5678};
        final int[] ns = {1, 2, 3, 1000, 1024, Integer.MAX_VALUE};
        for (final int h : hashes) {
            for (final int n : ns) {
                final long expected = Integer.toUnsignedLong(h) * n / (1L << 32);
                assertEquals(expected, RangeReduction.reduce32(h, n), "hash=" + h + " n=" + n);
            }
        }
        assertEquals(999, RangeReduction.reduce32(-1, 1000));
        assertEquals(500, RangeReduction.reduce32(Integer.MIN_VALUE, 1000));
    }

    @Test
    void reduce32AgreesWithTheSixtyFourBitReductionOfTheSameFraction() {
        // a 32-bit hash h is the same fraction of 2^32 as (h << 32) is of 2^64
        final long seed = 0x5eed_0032L;
        final SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < 100_000; i++) {
            final int h = random.nextInt();
            final int n = 1 + random.nextInt(Integer.MAX_VALUE);
            assertEquals(RangeReduction.reduce((long) h << 32, n), RangeReduction.reduce32(h, n), "seed=" + seed);
        }
    }

    @Test
    void rejectsBucketCountBelowOne() {
        final IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> RangeReduction.checkBuckets("homes", 0));
        assertEquals("homes = 0: must be at least 1", e.getMessage());
        assertEquals(5, RangeReduction.checkBuckets("homes", 5));
    }
}
