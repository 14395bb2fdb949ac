package org.scalebench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.scalebench.core.testing.Allocations;

@Tag("allocation")
class LineTableAllocationTest {

    private static final int ENTRIES = 1 << 14;

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

    @Test
    void lookupsAllocateNothing() {
        final LineTable table = filled(new LineTable(ENTRIES, -1));
        final long[] keys = new long[64];
        final int[] values = new int[64];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = (long) i * 977 << 6;
        }
        assertEquals(0L, steadyStateBytes(i -> table.get((long) i << 6) + table.get(-i)), "get");
        assertEquals(0L, steadyStateBytes(i -> table.containsKey((long) i << 6) ? 1 : 0), "containsKey");
        assertEquals(0L, steadyStateBytes(i -> {
            table.getAll(keys, 0, keys.length, values, 0);
            return values[i & 63];
        }), "getAll");
    }

    @Test
    void steadyStateChurnAllocatesNothing() {
        for (final LineTable table : new LineTable[] {filled(new LineTable(ENTRIES, -1)),
            filled(LineTable.fixedCapacity(ENTRIES, -1))}) {
            // remove one key and put it back twice: the size stays at ENTRIES, so a sized table never grows.
            assertEquals(0L, steadyStateBytes(i -> {
                final long old = (long) (i & (ENTRIES - 1)) << 6;
                final int value = table.remove(old);
                table.put(old, value + 1);
                return table.put(old, value);
            }), "put / remove");
            assertEquals(ENTRIES, table.size());
        }
    }

    private static LineTable filled(final LineTable table) {
        for (int i = 0; i < ENTRIES; i++) {
            table.put((long) i << 6, i);
        }
        return table;
    }
}
