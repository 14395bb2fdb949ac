package org.scalebench.core.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("allocation")
class AllocationsTest {

    private static volatile long[] escaped;

    @Test
    void anAllocatingStepIsCaughtInEveryRound() {
        final long bytes = Allocations.bytesAllocated(i -> {
            escaped = new long[2];
            return escaped.length;
        }, 10_000, 10_000);
        // at least 10,000 arrays of 16 bytes of header and 16 of data
        assertTrue(bytes >= 10_000L * 32, "allocated " + bytes);
    }

    @Test
    void aPureStepAllocatesNothing() {
        assertEquals(0L, Allocations.bytesAllocated(i -> Long.rotateLeft(i, 13) * 31));
    }
}
