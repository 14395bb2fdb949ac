package org.scalebench.bench.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The profile's per-page tables are sized in long: a wsc1m trace (core ids up to 999,999) is refused clearly. */
class SharingProfileScaleTest {

    @TempDir
    Path dir;

    @Test
    void aTraceOfAMillionCoresIsRefusedBeforeItsTablesOverflow() throws IOException {
        // 4,096 pages x 1,000,000 cores of page ranks = 4,096,000,000 bytes: as an int, -198,967,296
        final Path t = Files.writeString(dir.resolve("t.csv"), "core,op,address\n0,R,0x0\n999999,W,0x40\n");
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SharingProfile.of(t));
        assertTrue(e.getMessage().contains("4096 pages x 1000000 cells = 4096000000"), e.getMessage());
    }

    @Test
    void tableLengthsAreComputedInLong() {
        assertEquals(4096 * 1024, SharingProfile.length(1 << 12, 1024, "pages"));
        // growing the page ranks of 1,024 cores past 2^20 pages: 2^21 x 1,024 = 2^31
        assertThrows(IllegalArgumentException.class, () -> SharingProfile.length(2L << 20, 1024, "pages"));
        // growing the line bits of 1,024 cores (16 words) past 2^26 lines
        assertThrows(IllegalArgumentException.class, () -> SharingProfile.length(2L << 26, 16, "lines"));
    }
}
