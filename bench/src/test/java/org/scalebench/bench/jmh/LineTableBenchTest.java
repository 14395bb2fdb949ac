package org.scalebench.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Benchmark sanity: every table answers every probe alike; hit probes hit and miss probes miss. */
class LineTableBenchTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"hit", "miss"})
    void allFourTablesAnswerTheSameProbesAlike(final String lookup) {
        final LineTableBench bench = new LineTableBench();
        bench.entries = 5000;
        bench.lookup = lookup;
        for (final String method : new String[] {"kernel", "hashMap", "fastutil", "agrona"}) {
            bench.build(method);
        }
        final int probes = bench.probes.length;
        for (int i = 0; i < 2 * probes; i++) {
            final int start = bench.next;
            final int expected = bench.hashMap();
            bench.next = start;
            assertEquals(expected, bench.kernel(), "probe " + i);
            bench.next = start;
            assertEquals(expected, bench.fastutil(), "probe " + i);
            bench.next = start;
            assertEquals(expected, bench.agrona(), "probe " + i);
            if (lookup.equals("hit")) {
                assertNotEquals(LineTableBench.MISSING, expected, "probe " + i + " should hit");
            } else {
                assertEquals(LineTableBench.MISSING, expected, "probe " + i + " should miss");
            }
        }
        assertThrows(IllegalArgumentException.class, () -> bench.build("nothing"));
    }

    @Test
    void batchedAndSingleGetsAgree() {
        final LineTableBatchBench bench = new LineTableBatchBench();
        bench.entries = 3000;
        bench.lookup = "hit";
        bench.setUp();
        for (int batch = 0; batch < 40; batch++) {
            final int start = bench.next;
            final int[] batched = bench.kernel().clone();
            bench.next = start;
            assertArrayEquals(bench.fastutil(), batched, "batch " + batch);
        }
    }

    @Test
    void probeStreamCoversTheTableAndRejectsAnUnknownLookup() {
        final LineTableKeys keys = LineTableKeys.of(10_000, "hit");
        assertEquals(16_384, keys.probes.length);
        assertEquals(LineTableKeys.MIN_PROBES, LineTableKeys.of(100, "miss").probes.length);
        assertThrows(IllegalArgumentException.class, () -> LineTableKeys.of(100, "sometimes"));
    }
}
