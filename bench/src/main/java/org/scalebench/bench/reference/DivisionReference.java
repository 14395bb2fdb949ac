package org.scalebench.bench.reference;

/**
 * Division the plain way, with the hardware divide. Reference of {@link org.scalebench.core.FastDivisor}
 * (unsigned 32-bit operands, through 64-bit {@code /} and {@code %}); its benchmark baseline uses the
 * cheaper 32-bit signed {@code /} and {@code %} on non-negative dividends.
 */
public final class DivisionReference {

    private DivisionReference() {
    }

    /**
     * Unsigned quotient.
     *
     * @param n dividend, read as unsigned 32-bit
     * @param d divisor, at least 1
     * @return {@code n / d}, as unsigned 32-bit
     */
    public static int divideUnsigned(final int n, final int d) {
        return (int) ((n & 0xFFFF_FFFFL) / d);
    }

    /**
     * Unsigned remainder.
     *
     * @param n dividend, read as unsigned 32-bit
     * @param d divisor, at least 1
     * @return {@code n % d}
     */
    public static int remainderUnsigned(final int n, final int d) {
        return (int) ((n & 0xFFFF_FFFFL) % d);
    }
}
