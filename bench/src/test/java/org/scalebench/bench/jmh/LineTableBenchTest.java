package org.scalebench.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
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

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"hit", "miss"})
    void theDependentLookupStepsByTheValueItFound(final String lookup) {
        final LineTableBench bench = new LineTableBench();
        bench.entries = 5000;
        bench.lookup = lookup;
        bench.build("kernelDependent");
        final int step = lookup.equals("hit") ? 1 : 2;
        for (int i = 0; i < 3 * bench.probes.length; i++) {
            final int at = bench.next;
            final long key = bench.probes[at];
            final int found = bench.kernelDependent();
            assertEquals(bench.kernelTable.get(key), found, "probe " + at);
            assertEquals((at + step) & bench.probeMask, bench.next, "the next probe follows from the value found");
        }
    }

    @Test
    void batchedAndSingleGetsAgree() {
        final LineTableBatchBench bench = new LineTableBatchBench();
        bench.entries = 3000;
        bench.lookup = "hit";
        bench.build("kernel");
        bench.build("fastutil");
        for (int batch = 0; batch < 40; batch++) {
            final int start = bench.next;
            final int[] batched = bench.kernel().clone();
            bench.next = start;
            assertArrayEquals(bench.fastutil(), batched, "batch " + batch);
        }
    }

    @Test
    void keysInHomeOrderAreTheSameKeysSortedByBucket() {
        final LineTableKeys keys = LineTableKeys.of(50_000, "hit");
        final long[] ordered = keys.inHomeOrder(k -> (int) (k >>> 48));
        final long[] sorted = keys.inserted.clone();
        final long[] expected = ordered.clone();
        Arrays.sort(sorted);
        Arrays.sort(expected);
        assertArrayEquals(sorted, expected, "a permutation of the inserted keys");
        for (int i = 1; i < ordered.length; i++) {
            assertTrue((ordered[i - 1] >>> 48) <= (ordered[i] >>> 48), "bucket order at " + i);
        }
        assertEquals(5, LineTableKeys.topBits(5, 10));
        assertEquals(5, LineTableKeys.topBits(5 << 4, 20));
    }

    @Test
    void probeStreamCoversTheTableAndRejectsAnUnknownLookup() {
        final LineTableKeys keys = LineTableKeys.of(10_000, "hit");
        assertEquals(16_384, keys.probes.length);
        assertEquals(LineTableKeys.MIN_PROBES, LineTableKeys.of(100, "miss").probes.length);
        assertThrows(IllegalArgumentException.class, () -> LineTableKeys.of(100, "sometimes"));
    }
}
