package org.scalebench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The logarithms against exact big-integer arithmetic, on every small value and random large ones; grown lengths. */
class BitsTest {

    private static int exactCeilLog2(final long x) {
        return BigInteger.valueOf(x - 1).bitLength();
    }

    @Test
    void logarithmsMatchExactArithmetic() {
        for (int x = 1; x <= 1 << 16; x++) {
            assertEquals(BigInteger.valueOf(x).bitLength() - 1, Bits.floorLog2(x), "floor " + x);
            assertEquals(exactCeilLog2(x), Bits.ceilLog2(x), "ceil " + x);
            assertEquals(exactCeilLog2(x), Bits.ceilLog2((long) x), "ceil long " + x);
            assertEquals(BigInteger.valueOf(x).bitLength() - 1, Bits.floorLog2((long) x), "floor long " + x);
            assertEquals(Integer.bitCount(x) == 1, Bits.isPowerOfTwo(x), "power of two " + x);
        }
        final SplittableRandom random = new SplittableRandom(0xB175L);
        for (int i = 0; i < 100_000; i++) {
            final long x = 1 + (random.nextLong() >>> 1);
            assertEquals(exactCeilLog2(x), Bits.ceilLog2(x), "ceil long " + x);
            assertEquals(BigInteger.valueOf(x).bitLength() - 1, Bits.floorLog2(x), "floor long " + x);
            final int y = 1 + random.nextInt(Integer.MAX_VALUE);
            assertEquals(exactCeilLog2(y), Bits.ceilLog2(y), "ceil " + y);
        }
        assertEquals(31, Bits.ceilLog2(Integer.MAX_VALUE));
        assertEquals(63, Bits.ceilLog2(Long.MAX_VALUE));
        assertEquals(62, Bits.floorLog2(Long.MAX_VALUE));
        assertEquals(63, Bits.floorLog2(Long.MIN_VALUE)); // 2^63 read as unsigned
    }

    @Test
    void grownLengthsDoubleInLongUpToTheLargestArray() {
        assertEquals(8, Bits.grownLength(4, 5, "cells"));
        assertEquals(100, Bits.grownLength(4, 100, "cells"));
        assertEquals(1, Bits.grownLength(0, 1, "cells"));
        // an int doubling of 2^30 is -2^31
        assertEquals(Bits.MAX_ARRAY_LENGTH, Bits.grownLength(1 << 30, (1L << 30) + 1, "cells"));
        assertEquals(Bits.MAX_ARRAY_LENGTH, Bits.grownLength(Bits.MAX_ARRAY_LENGTH - 1, Bits.MAX_ARRAY_LENGTH, "cells"));
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Bits.grownLength(Bits.MAX_ARRAY_LENGTH, Bits.MAX_ARRAY_LENGTH + 1L, "trace records"));
        assertEquals("trace records: 2147483640 needed, more than one array holds (2147483639)", e.getMessage());
    }
}
