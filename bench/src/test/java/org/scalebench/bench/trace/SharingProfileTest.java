package org.scalebench.bench.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sharing profile and the first-touch outside shares on traces whose answers are worked out by hand. */
class SharingProfileTest {

    @TempDir
    Path dir;

    private Path csv(final String... rows) throws IOException {
        return Files.writeString(dir.resolve("t.csv"), "core,op,address\n" + String.join("\n", rows) + "\n");
    }

    @Test
    void linesAndPagesAreCountedBySharersAndSharedAccessesBySort() throws IOException {
        // line 0x0 (page 0): cores 0, 1, 2 (3 sharers); line 0x40 (page 0): core 0 only; line 0x1000 (page 1):
        // cores 0, 1 (2 sharers, one store)
        final SharingProfile p = SharingProfile.of(csv("0,W,0x0", "1,R,0x8", "2,R,0x10", "0,R,0x40", "0,R,0x1000",
                "1,W,0x1008", "1,R,0x1010"));
        assertEquals(7, p.accesses());
        assertEquals(3, p.cores());
        assertEquals(3, p.lines());
        assertEquals(2, p.pages());
        final List<String> row = p.row();
        final List<String> header = SharingProfile.header();
        assertEquals("1", row.get(header.indexOf("lines_1")));
        assertEquals("1", row.get(header.indexOf("lines_2")));
        assertEquals("1", row.get(header.indexOf("lines_3_4")));
        assertEquals("1", row.get(header.indexOf("pages_2")));
        assertEquals("1", row.get(header.indexOf("pages_3_4")));
        assertEquals("4", row.get(header.indexOf("shared_line_loads")), "2 on line 0x0, 2 on line 0x1000");
        assertEquals("2", row.get(header.indexOf("shared_line_stores")));
        assertEquals("2", row.get(header.indexOf("write_shared_lines")));
        assertEquals(6.0 / 7, p.sharedAccessFraction(), 1e-12);
        assertEquals(7.0 / 5, p.meanRun(), 1e-12, "runs of one core: 0 | 1 | 2 | 0 0 | 1 1");
    }

    @Test
    void outsideSharesFollowFirstTouchRules() throws IOException {
        // page 0 is touched first by core 0, then 5, then 1; every core then loads it again
        final SharingProfile p = SharingProfile.of(csv("0,W,0x0", "5,R,0x0", "1,R,0x0", "0,R,0x0", "5,R,0x0",
                "1,R,0x0"));
        // page-level first k: k = 1 keeps core 0 only: the 4 accesses of cores 5 and 1 are outside
        assertEquals(4.0 / 6, p.pageOutside(0), 1e-12);
        // k = 2 keeps cores 0 and 5: core 1's 2 accesses are outside
        assertEquals(2.0 / 6, p.pageOutside(1), 1e-12);
        assertEquals(0.0, p.pageOutside(2), 1e-12);
        // application groups of 2: {0,1} owns the page (first touch by 0): core 5's 2 accesses are outside
        assertEquals(2.0 / 6, p.appOutside(0), 1e-12);
        // groups of 8: cores 0, 1 and 5 are one group
        assertEquals(0.0, p.appOutside(2), 1e-12);
        assertEquals(List.of("page-first-k", "1", "0.666667"), p.outsideRows().get(0));
        assertEquals(List.of("app-first-touch", "2", "0.333333"), p.outsideRows().get(SharingProfile.PAGE_DOMAIN_SIZES
                .length));
    }

    @Test
    void bucketsCoverEverySharerCount() {
        assertEquals(0, SharingProfile.bucket(1));
        assertEquals(1, SharingProfile.bucket(2));
        assertEquals(2, SharingProfile.bucket(3));
        assertEquals(2, SharingProfile.bucket(4));
        assertEquals(3, SharingProfile.bucket(5));
        assertEquals(6, SharingProfile.bucket(64));
        assertEquals(7, SharingProfile.bucket(65));
        assertEquals(7, SharingProfile.bucket(1024));
    }

    @Test
    void theKeptCoresCoverTheLastBucketAndEveryRankAskedFor() {
        // a line or page keeps its first KEPT cores: one more distinct core means the "65 and more" bucket
        assertEquals(SharingProfile.BUCKET_LIMITS[SharingProfile.BUCKET_LIMITS.length - 2], FirstCores.KEPT);
        assertEquals(FirstCores.KEPT + 1, FirstCores.SATURATED);
        // ranks are asked for below the largest page-level domain, all kept
        assertTrue(java.util.Arrays.stream(SharingProfile.PAGE_DOMAIN_SIZES).max().getAsInt() <= FirstCores.KEPT);
    }
}
