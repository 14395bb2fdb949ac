package org.scalebench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FastDivisorTest {

    private static final int[] EDGE_DIVISORS = {1, 2, 3, 5, 7, 10, 641, 6700417, 65535, 65536, 65537,
        1 << 30, (1 << 30) + 1, 1_000_003, Integer.MAX_VALUE - 1, Integer.MAX_VALUE};

    private static void assertDividesLikeTheHardware(final FastDivisor d, final int n) {
        assertEquals(Integer.divideUnsigned(n, d.divisor()), d.divide(n), () -> "divide(" + Integer.toUnsignedString(n) + ") by " + d.divisor());
        assertEquals(Integer.remainderUnsigned(n, d.divisor()), d.remainder(n), () -> "remainder(" + Integer.toUnsignedString(n) + ") by " + d.divisor());
    }

    @Test
    void divisorOneGivesTheDividendAndNoRemainder() {
        final FastDivisor one = new FastDivisor(1);
        assertEquals("FastDivisor[1]", one.toString());
        for (final int n : new int[] {0, 1, 2, 12345, Integer.MAX_VALUE, Integer.MIN_VALUE, -2, -1}) {
            assertEquals(n, one.divide(n));
            assertEquals(0, one.remainder(n));
        }
    }

    @Test
    void edgeDividendsMatchUnsignedDivision() {
        for (final int divisor : EDGE_DIVISORS) {
            final FastDivisor d = new FastDivisor(divisor);
            final int[] dividends = {0, 1, 2, divisor - 1, divisor, divisor + 1, 2 * divisor - 1, 2 * divisor,
                Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE + 1, -2, -1};
            for (final int n : dividends) {
                assertDividesLikeTheHardware(d, n);
            }
        }
    }

    @Test
    void dividendsAroundEveryMultipleSampleMatch() {
        // reciprocal methods fail first just below and at multiples of the divisor
        for (final int divisor : EDGE_DIVISORS) {
            final FastDivisor d = new FastDivisor(divisor);
            final long top = 0xFFFF_FFFFL;
            final long step = Math.max(1, (top / divisor) / 2_000);
            for (long k = 1; k * divisor <= top; k += step) {
                final long multiple = k * divisor;
                assertDividesLikeTheHardware(d, (int) (multiple - 1));
                assertDividesLikeTheHardware(d, (int) multiple);
                if (multiple < top) {
                    assertDividesLikeTheHardware(d, (int) (multiple + 1));
                }
            }
            final long lastMultiple = top / divisor * divisor;
            assertDividesLikeTheHardware(d, (int) lastMultiple);
            assertDividesLikeTheHardware(d, (int) (lastMultiple - 1));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 7, 10, 1000, 1023, 1024})
    void everyDividendBelowTwoToTheTwentyMatches(final int divisor) {
        final FastDivisor d = new FastDivisor(divisor);
        for (int n = 0; n < 1 << 20; n++) {
            if (d.divide(n) != n / divisor || d.remainder(n) != n % divisor) {
                assertDividesLikeTheHardware(d, n);
            }
        }
    }

    @Test
    void randomDivisorsAndDividendsMatch() {
        final long seed = 0xD1_1150L;
        final SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < 2_000; i++) {
            final int divisor = random.nextBoolean() ? 1 + random.nextInt(4096) : 1 + random.nextInt(Integer.MAX_VALUE);
            final FastDivisor d = new FastDivisor(divisor);
            for (int j = 0; j < 200; j++) {
                final int n = random.nextInt();
                if (d.divide(n) != Integer.divideUnsigned(n, divisor) || d.remainder(n) != Integer.remainderUnsigned(n, divisor)) {
                    assertDividesLikeTheHardware(d, n); // fails with the operands
                    throw new AssertionError("seed " + seed);
                }
            }
        }
    }

    @Test
    void nonNegativeDividendsGiveJavaQuotientAndRemainder() {
        final FastDivisor d = new FastDivisor(97);
        for (int n = 0; n >= 0 && n < Integer.MAX_VALUE - 1_000_000; n += 999_983) {
            assertEquals(n / 97, d.divide(n));
            assertEquals(n % 97, d.remainder(n));
        }
    }

    @Test
    void rejectsDivisorsBelowOne() {
        assertEquals("divisor = 0: must be in [1, 2147483647]",
                assertThrows(IllegalArgumentException.class, () -> new FastDivisor(0)).getMessage());
        assertEquals("divisor = -5: must be in [1, 2147483647]",
                assertThrows(IllegalArgumentException.class, () -> new FastDivisor(-5)).getMessage());
        assertEquals(7, new FastDivisor(7).divisor());
    }
}
