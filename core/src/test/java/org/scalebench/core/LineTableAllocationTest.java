package org.scalebench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.scalebench.core.testing.Allocations;

@Tag("allocation")
class LineTableAllocationTest {

    private static final int ENTRIES = 1 << 14;

    /**
     * Bytes allocated by 200,000 steps after 200,000 warm-up steps. The longer warm-up matters in a JVM that
     * already ran other tests: there C2 may still replace the step's code after the default 50,000 steps,
     * and that one-off switch allocates a few hundred bytes inside the measured window.
     */
    private static long steadyStateBytes(final Allocations.Step step) {
        return Allocations.bytesAllocated(step, 200_000, 200_000);
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
