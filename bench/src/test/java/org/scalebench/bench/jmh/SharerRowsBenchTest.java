package org.scalebench.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Benchmark sanity: the three methods do the same work on the same inputs and return the same sums. */
class SharerRowsBenchTest {

    @ParameterizedTest(name = "{0} rows x {1} bits")
    @CsvSource({"64, 64", "4096, 64", "256, 1024", "16, 65536"})
    void kernelBitSetAndRoaringWalkTheSameSharers(final int rows, final int bitsPerRow) {
        final SharerRowsBench bench = new SharerRowsBench();
        bench.rows = rows;
        bench.bitsPerRow = bitsPerRow;
        bench.build("kernel");
        bench.build("bitSet");
        bench.build("roaring");
        long total = 0;
        // past several LAG periods, so that departures run over arrivals of the same stream
        for (int step = 0; step < 5 * SharerRowsWorkload.LAG; step++) {
            final long expected = bench.bitSet();
            assertEquals(expected, bench.kernel(), "step " + step);
            assertEquals(expected, bench.roaring(), "step " + step);
            total += expected;
        }
        assertTrue(total > 0, "the walks found no sharers");
    }

    @ParameterizedTest(name = "{0} rows x {1} bits")
    @CsvSource({"256, 65536"})
    void wideBenchUsesItsOwnShape(final int rows, final int bitsPerRow) {
        final SharerRowsWideBench bench = new SharerRowsWideBench();
        bench.rows = rows;
        bench.bitsPerRow = bitsPerRow;
        bench.build("kernel");
        bench.build("roaring");
        for (int step = 0; step < 2000; step++) {
            assertEquals(bench.roaring(), bench.kernel(), "step " + step);
        }
        assertEquals(rows, bench.rows());
        assertEquals(bitsPerRow, bench.bitsPerRow());
        assertThrows(IllegalArgumentException.class, () -> bench.build("nothing"));
    }
}
