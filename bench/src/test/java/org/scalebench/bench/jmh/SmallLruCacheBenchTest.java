package org.scalebench.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Benchmark sanity: the kernel and the LinkedHashMap hit and miss together, at the documented hit ratios. */
class SmallLruCacheBenchTest {

    @ParameterizedTest
    @CsvSource({"high, 0.85, 0.95", "low, 0.20, 0.30"})
    void bothCachesHitTogetherAtTheExpectedRatio(final String locality, final double low, final double high) {
        final SmallLruCacheBench bench = new SmallLruCacheBench();
        bench.locality = locality;
        bench.setUp();
        int hits = 0;
        final int accesses = 100_000;
        for (int i = 0; i < accesses; i++) {
            bench.next = i;
            final boolean kernelHit = bench.kernel();
            bench.next = i;
            assertEquals(bench.linkedHashMap(), kernelHit, "access " + i);
            hits += kernelHit ? 1 : 0;
        }
        final double ratio = (double) hits / accesses;
        assertTrue(ratio > low && ratio < high, locality + " locality hit ratio " + ratio);
        assertEquals(bench.linked.hits(), bench.cache.hits());
    }

    @Test
    void rejectsAnUnknownLocality() {
        final SmallLruCacheBench bench = new SmallLruCacheBench();
        bench.locality = "medium";
        assertEquals("locality = medium: must be high or low",
                assertThrows(IllegalArgumentException.class, bench::setUp).getMessage());
    }
}
