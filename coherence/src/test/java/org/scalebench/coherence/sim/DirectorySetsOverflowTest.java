package org.scalebench.coherence.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** A home's directory sets, computed in long, are refused above 2^30 rather than cut to their low 32 bits. */
class DirectorySetsOverflowTest {

    private static final SystemSpec WSC = SystemSpec.named("wsc1m");

    private static SystemSpec wsc(final String coverage) {
        // 2^24 private lines per core and 32 cores per home: coverage x 2^29 directory entries per home
        return WSC.with(Map.of("private_kib", "1048576", "private_ways", "1", "directory_coverage", coverage,
                "directory_ways", "1"), "test");
    }

    @Test
    void setsAboveAnIntAreRefusedNotTruncated() {
        // 33 x 2^29 = 2^34 + 2^29: its low 32 bits are 2^29, a power of two that was accepted
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> wsc("33"));
        assertTrue(e.getMessage().contains("33 x 32 x 16777216 / 1 = 17716740096: must be at most 1073741824"),
                e.getMessage());
    }

    @Test
    void setsOfTwoToThe31AreRefusedWithTheirValue() {
        // 4 x 2^29 = 2^31 was reported as -2147483648
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> wsc("4"));
        assertTrue(e.getMessage().contains("= 2147483648: must be at most 1073741824"), e.getMessage());
    }

    @Test
    void twoToThe30SetsAreAccepted() {
        assertEquals(1L << 30, wsc("2").directoryEntriesPerHome());
        assertEquals(128 * 16, WSC.directoryEntriesPerHome());
    }
}
