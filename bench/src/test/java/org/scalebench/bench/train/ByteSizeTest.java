package org.scalebench.bench.train;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ByteSizeTest {

    @Test
    void binarySuffixesAsInNcclTests() {
        assertArrayEquals(new long[] {1024, 1L << 20, 100L << 20, 2L << 30, 1536, 7},
                ByteSize.parseList("--bytes", "1K,1M,100M,2GiB,1.5k,7B"));
        assertEquals("100M", ByteSize.format(100L << 20));
        assertEquals("1000", ByteSize.format(1000));
    }

    @Test
    void malformedSizesNameTheOptionAndTheForms() {
        for (final String bad : new String[] {"", "-1K", "1X", "0.3", "1e9", "NaN", "K"}) {
            assertEquals("--bytes = '" + bad + "': must be a whole number of bytes in [0, 2^63 - 1],"
                    + " like 1024, 1K, 64M or 2G"
                    + " (K = 1024 bytes)", assertThrows(IllegalArgumentException.class,
                            () -> ByteSize.parse("--bytes", bad)).getMessage());
        }
    }

    @Test
    void sizesAbove2To53AreExactNotRoundedThroughADouble() {
        // 2^53 + 1 bytes (8 PiB and one byte): a double holds 2^53 and 2^53 + 2, so the byte was lost
        assertEquals((1L << 53) + 1, ByteSize.parse("--bytes", "9007199254740993"));
        assertEquals(Long.MAX_VALUE, ByteSize.parse("--bytes", "9223372036854775807"));
        assertEquals((1L << 53) + 1024, ByteSize.parse("--bytes", "8796093022209K"));
        assertEquals((3L << 61) + (1L << 19), ByteSize.parse("--bytes", "6291456.000000476837158203125T"));
        assertArrayEquals(new long[] {(1L << 53) + 1, 1L << 53},
                ByteSize.parseList("--bytes", "9007199254740993,9007199254740992"));
    }

    @Test
    void sizesFrom2To63AreRefusedWithTheLimit() {
        for (final String bad : new String[] {"9223372036854775808", "8388608T", "1.0000000000000001K",
                "99999999999999999999999"}) {
            assertEquals("--bytes = '" + bad + "': must be a whole number of bytes in [0, 2^63 - 1],"
                    + " like 1024, 1K, 64M or 2G"
                    + " (K = 1024 bytes)", assertThrows(IllegalArgumentException.class,
                            () -> ByteSize.parse("--bytes", bad)).getMessage());
        }
    }
}
