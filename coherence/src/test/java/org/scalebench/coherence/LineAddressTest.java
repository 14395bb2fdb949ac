package org.scalebench.coherence;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The address layout: the sizes agree with their shifts, and the conversions are the divisions they stand for. */
class LineAddressTest {

    @Test
    void sizesAndShiftsDescribeTheSameLayout() {
        assertEquals(LineAddress.LINE_BYTES, 1 << LineAddress.LINE_SHIFT);
        assertEquals(LineAddress.PAGE_BYTES, 1 << LineAddress.PAGE_SHIFT);
        assertEquals(LineAddress.PAGE_BYTES, LineAddress.LINES_PER_PAGE * LineAddress.LINE_BYTES);
        assertEquals(512, LineAddress.LINE_BITS);
        assertEquals(64, LineAddress.LINES_PER_PAGE);
    }

    @Test
    void conversionsAreTheDivisionsAndProductsTheyStandFor() {
        final SplittableRandom random = new SplittableRandom(64);
        for (int i = 0; i < 10_000; i++) {
            final long address = random.nextLong() >>> 1;
            assertEquals(address / 64, LineAddress.lineOf(address));
            assertEquals(address / 4096, LineAddress.pageOf(address));
            assertEquals(address - address % 64, LineAddress.addressOf(LineAddress.lineOf(address)));
            assertEquals(LineAddress.pageOf(address), LineAddress.lineOf(address) >>> LineAddress.LINES_PER_PAGE_SHIFT);
        }
        assertEquals(0x03FF_FFFF_FFFF_FFFFL, LineAddress.lineOf(-1L)); // the address read as unsigned
    }
}
