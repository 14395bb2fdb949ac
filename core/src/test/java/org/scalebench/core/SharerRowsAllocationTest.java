package org.scalebench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.scalebench.core.testing.Allocations;

@Tag("allocation")
class SharerRowsAllocationTest {

    /** Sums the bits it visits; one instance, created before the measured loop. */
    private static final class SumVisitor implements BitVisitor {
        long sum;

        @Override
        public void visit(final int bit) {
            sum += bit;
        }
    }

    /**
     * The fewest bytes allocated in up to three measured windows of 200,000 steps (after the usual warm-up).
     * A hot path that allocates does so in every window; in a JVM that already ran other tests, a one-off
     * runtime event (a few hundred bytes, seen about once in ten suite runs) can land in one window.
     */
    private static long steadyStateBytes(final Allocations.Step step) {
        long fewest = Long.MAX_VALUE;
        for (int window = 0; window < 3 && fewest > 0; window++) {
            fewest = Math.min(fewest, Allocations.bytesAllocated(step));
        }
        return fewest;
    }

    @ParameterizedTest(name = "W = {0}")
    @ValueSource(ints = {64, 1024})
    void everyHotPathMethodAllocatesNothing(final int width) {
        final int n = 256;
        final SharerRows rows = new SharerRows(n, width);
        final SumVisitor visitor = new SumVisitor();
        final SharerRows.Cursor cursor = rows.cursor();
        final int mask = n - 1;
        assertEquals(0L, steadyStateBytes(i -> {
            rows.set(i & mask, (i * 7) % width);
            rows.clear((i >>> 3) & mask, (i * 13) % width);
            return rows.test(i & mask, (i * 5) % width) ? 1 : 0;
        }), "set / clear / test");
        assertEquals(0L, steadyStateBytes(i -> rows.count(i & mask) + (rows.isEmpty(i & mask) ? 1 : 0)),
                "count / isEmpty");
        assertEquals(0L, steadyStateBytes(i -> rows.forEach(i & mask, visitor) + visitor.sum),
                "forEach");
        assertEquals(0L, steadyStateBytes(i -> rows.nextSetBit(i & mask, i % width)
                + rows.firstSetBit(i & mask)), "nextSetBit");
        assertEquals(0L, steadyStateBytes(i -> {
            long sum = 0;
            for (int b = cursor.reset(i & mask).next(); b >= 0; b = cursor.next()) {
                sum += b;
            }
            return sum;
        }), "cursor");
        assertEquals(0L, steadyStateBytes(i -> {
            rows.or(i & mask, (i + 1) & mask);
            rows.andNot((i + 2) & mask, (i + 1) & mask);
            rows.copyRow((i + 3) & mask, (i + 4) & mask);
            return rows.rowEquals(i & mask, (i + 4) & mask) ? 1 : 0;
        }), "or / andNot / copyRow / rowEquals");
        assertEquals(0L, steadyStateBytes(i -> {
            rows.clearRow(i & mask);
            return rows.word(i & mask, 0);
        }), "clearRow / word");
    }
}
