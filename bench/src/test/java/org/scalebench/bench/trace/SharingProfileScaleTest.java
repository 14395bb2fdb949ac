package org.scalebench.bench.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The profile keeps no table per core: a trace of a million-core machine (core ids up to 999,999) is profiled. */
class SharingProfileScaleTest {

    @TempDir
    Path dir;

    @Test
    void aTraceOfAMillionCoresIsProfiled() throws IOException {
        // 2,000 rounds of: cores 0, 999,999 and 500,000 load line 0x0 (page 0); core 999,999 stores to line 0x40
        // (page 0); core 123,456 loads line 0x1000 (page 1), then core 123,457 stores to it
        final Path t = dir.resolve("t.csv");
        try (Writer w = Files.newBufferedWriter(t)) {
            w.write("core,op,address\n");
            for (int i = 0; i < 2_000; i++) {
                w.write("0,R,0x0\n999999,R,0x8\n500000,R,0x10\n999999,W,0x40\n123456,R,0x1000\n123457,W,0x1008\n");
            }
        }
        final SharingProfile p = SharingProfile.of(t);
        assertEquals(12_000, p.accesses());
        assertEquals(1_000_000, p.cores());
        assertEquals(3, p.lines());
        assertEquals(2, p.pages());
        final List<String> row = p.row();
        final List<String> header = SharingProfile.header();
        assertEquals("1", row.get(header.indexOf("lines_1")), "line 0x40");
        assertEquals("1", row.get(header.indexOf("lines_2")), "line 0x1000");
        assertEquals("1", row.get(header.indexOf("lines_3_4")), "line 0x0");
        assertEquals("1", row.get(header.indexOf("pages_2")), "page 1");
        assertEquals("1", row.get(header.indexOf("pages_3_4")), "page 0: cores 0, 999,999, 500,000");
        assertEquals("8000", row.get(header.indexOf("shared_line_loads")), "3 on line 0x0 and 1 on 0x1000 a round");
        assertEquals("2000", row.get(header.indexOf("shared_line_stores")), "on line 0x1000");
        assertEquals("1", row.get(header.indexOf("write_shared_lines")));
        // every access comes from another core than the one before
        assertEquals(1.0, p.meanRun(), 1e-12);
        // page 0, first k = 1: core 0 only; cores 999,999 (2 accesses a round) and 500,000 (1) are outside; page 1:
        // core 123,457 (1) is outside: 4 of 6
        assertEquals(4.0 / 6, p.pageOutside(0), 1e-12);
        // first 2: core 500,000 on page 0 only
        assertEquals(1.0 / 6, p.pageOutside(1), 1e-12);
        assertEquals(0.0, p.pageOutside(2), 1e-12);
        // groups of 2: page 0 belongs to {0, 1}: 999,999 and 500,000 outside; page 1 to {123,456, 123,457}: 3 of 6
        assertEquals(3.0 / 6, p.appOutside(0), 1e-12);
        // groups of 4: 123,456 is 4 x 30,864, 123,457 in its group still; groups of 32 too (123,456 = 32 x 3,858)
        assertEquals(3.0 / 6, p.appOutside(1), 1e-12);
        assertEquals(3.0 / 6, p.appOutside(4), 1e-12);
    }
}
