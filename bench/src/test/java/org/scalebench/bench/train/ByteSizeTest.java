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
            assertEquals("--bytes = '" + bad + "': must be a whole number of bytes at least 0, like 1024, 1K, 64M or 2G"
                    + " (K = 1024 bytes)", assertThrows(IllegalArgumentException.class,
                            () -> ByteSize.parse("--bytes", bad)).getMessage());
        }
    }
}
