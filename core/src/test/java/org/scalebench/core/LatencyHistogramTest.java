package org.scalebench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.scalebench.core.testing.Allocations;

class LatencyHistogramTest {

    @Test
    void smallValuesAreExact() {
        final LatencyHistogram h = new LatencyHistogram();
        for (int v = 0; v < 64; v++) {
            h.record(v);
        }
        assertEquals(63, h.percentile(1.0));
        assertEquals(31, h.percentile(0.5));
        assertEquals(0, h.percentile(1.0 / 64));
        assertEquals(31.5, h.mean(), 1e-12);
    }

    @Test
    void bucketsTileTheValueRangeWithoutGaps() {
        long expectedLow = 0;
        for (int b = 0; b < 64 + 57 * 32; b++) {
            final long high = LatencyHistogram.upperBoundOf(b);
            assertEquals(b, LatencyHistogram.bucketOf(expectedLow), "low end of bucket " + b);
            assertEquals(b, LatencyHistogram.bucketOf(high), "high end of bucket " + b);
            assertTrue(high - expectedLow <= Math.max(0, expectedLow / 32), "bucket " + b + " too wide");
            expectedLow = high + 1;
        }
        assertEquals(64 + 57 * 32 - 1, LatencyHistogram.bucketOf(Long.MAX_VALUE));
    }

    @Test
    void percentilesAreWithinOneThirtySecondOfTheExactOrderStatistic() {
        final long seed = 77;
        final SplittableRandom random = new SplittableRandom(seed);
        final long[] values = new long[100_000];
        final LatencyHistogram h = new LatencyHistogram();
        for (int i = 0; i < values.length; i++) {
            values[i] = (long) Math.exp(random.nextDouble() * 20); // 1 .. 4.8e8, log-uniform
            h.record(values[i]);
        }
        Arrays.sort(values);
        for (final double f : new double[] {0.01, 0.5, 0.9, 0.99, 0.999, 1.0}) {
            final long exact = values[(int) Math.ceil(f * values.length) - 1];
            final long approx = h.percentile(f);
            assertTrue(approx >= exact && approx <= exact + exact / 32 + 1,
                    "f=" + f + " exact=" + exact + " approx=" + approx + " seed=" + seed);
        }
        assertEquals(values[0], h.min());
        assertEquals(values[values.length - 1], h.max());
        assertEquals(Arrays.stream(values).sum(), h.sum());
    }

    @Test
    void mergedHistogramsEqualOneFedWithBoth() {
        final LatencyHistogram a = new LatencyHistogram();
        final LatencyHistogram b = new LatencyHistogram();
        final LatencyHistogram both = new LatencyHistogram();
        for (long v = 1; v < 1_000_000; v = v * 3 + 1) {
            a.record(v);
            both.record(v);
            b.record(v * 7);
            both.record(v * 7);
        }
        a.add(b);
        assertEquals(both.count(), a.count());
        assertEquals(both.percentile(0.99), a.percentile(0.99));
        assertEquals(both.percentile(0.5), a.percentile(0.5));
        assertEquals(both.percentile(0.1), a.percentile(0.1));
        assertEquals(both.max(), a.max());
        a.reset();
        assertEquals(0, a.count());
        assertEquals(0, a.percentile(0.5));
        // the counts are forgotten too, not only the extremes: a median among new values only
        final LatencyHistogram fresh = new LatencyHistogram();
        for (final long v : new long[] {500, 1000}) {
            a.record(v);
            fresh.record(v);
        }
        assertEquals(fresh.percentile(0.5), a.percentile(0.5));
        assertEquals(503, a.percentile(0.5)); // the upper bound of 500's bucket, [496, 503]
    }

    @Test
    void rejectsNegativeValuesAndBadFractions() {
        final LatencyHistogram h = new LatencyHistogram();
        assertThrows(IllegalArgumentException.class, () -> h.record(-1));
        assertThrows(IllegalArgumentException.class, () -> h.percentile(0));
        assertThrows(IllegalArgumentException.class, () -> h.percentile(1.5));
    }

    @Test
    @Tag("allocation")
    void recordingAllocatesNothing() {
        final LatencyHistogram h = new LatencyHistogram();
        assertEquals(0L, Allocations.bytesAllocated(i -> {
            h.record((i & 0xFFFF) * 37L);
            return h.count();
        }));
    }

    /** The "exact" sum wrapped: Long.MAX_VALUE then 1 gave sum Long.MIN_VALUE and a negative mean. */
    @Test
    void aSumPastTheLongRangeIsAssertedOnRecordAndRefusedOnAdd() {
        final LatencyHistogram big = new LatencyHistogram();
        big.record(Long.MAX_VALUE);
        assertThrows(AssertionError.class, () -> big.record(1));

        final LatencyHistogram a = new LatencyHistogram();
        a.record(Long.MAX_VALUE - 5);
        final LatencyHistogram b = new LatencyHistogram();
        b.record(6);
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> a.add(b));
        assertEquals("other: sum = 6: with this histogram's 9223372036854775802, must be at most 5 (the sum of all"
                + " values fits in a long)", e.getMessage());
        assertEquals(Long.MAX_VALUE - 5, a.sum());
        assertEquals(1, a.count());
        b.reset();
        b.record(5);
        a.add(b);
        assertEquals(Long.MAX_VALUE, a.sum());
        assertEquals(2, a.count());
    }
}

