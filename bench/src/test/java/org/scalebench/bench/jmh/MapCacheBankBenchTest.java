package org.scalebench.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Benchmark sanity: the bank, the LinkedHashMaps and the SmallLruCaches hit and miss together, at the documented ratios. */
class MapCacheBankBenchTest {

    @ParameterizedTest
    @CsvSource({"1, high, 0.85, 0.95", "1, low, 0.20, 0.30", "1024, high, 0.80, 0.95", "1024, low, 0.20, 0.30"})
    void allThreeHitTogetherAtTheExpectedRatio(final int caches, final String locality, final double low,
            final double high) {
        final MapCacheBankBench bench = new MapCacheBankBench();
        bench.caches = caches;
        bench.locality = locality;
        bench.setUp();
        int hits = 0;
        final int accesses = 100_000;
        for (int i = 0; i < accesses; i++) {
            bench.next = i;
            final boolean kernelHit = bench.kernel();
            bench.next = i;
            assertEquals(kernelHit, bench.linkedHashMap(), "access " + i);
            bench.next = i;
            assertEquals(kernelHit, bench.smallLruCaches(), "access " + i);
            hits += kernelHit ? 1 : 0;
        }
        final double ratio = (double) hits / accesses;
        assertTrue(ratio > low && ratio < high, caches + " caches, " + locality + " locality hit ratio " + ratio);
        assertEquals(bench.linked.hits(), bench.bank.hits());
    }

    @Test
    void rejectsAnUnknownLocalityOrNoCaches() {
        final MapCacheBankBench bench = new MapCacheBankBench();
        bench.caches = 4;
        bench.locality = "medium";
        assertEquals("locality = medium: must be high or low",
                assertThrows(IllegalArgumentException.class, bench::setUp).getMessage());
        bench.caches = 0;
        assertEquals("caches = 0: must be at least 1",
                assertThrows(IllegalArgumentException.class, bench::setUp).getMessage());
    }
}
