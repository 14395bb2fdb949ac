package org.scalebench.core;

/**
 * Exact unsigned 32-bit division and remainder by a divisor fixed at construction, with multiplications
 * instead of a divide instruction (Lemire, Kaser, Kurz, "Faster remainder by direct computation:
 * applications to compilers and software libraries", Software: Practice and Experience 49(6), 2019).
 *
 * <p>With {@code M = floor((2^64 - 1) / d) + 1} (equal to {@code floor(2^64 / d) + 1} unless {@code d} is a
 * power of two, where it is exactly {@code 2^64 / d}):
 * <pre>
 *   n / d = floor(M * n / 2^64)                     (the high half of the 128-bit product)
 *   n % d = floor(((M * n) mod 2^64) * d / 2^64)     (the fractional part of n/d, scaled back by d)
 * </pre>
 * Both are exact for every 32-bit {@code n} and every divisor {@code d < 2^32} because {@code M} carries
 * 64 fractional bits, 32 more than {@code n} has (the paper's Theorem 1 with N = 32, F = 64).
 *
 * <p>Java has only a signed high multiply (unsigned since 18), so {@code M >= 2^63} would need a
 * correction. That happens only for {@code d = 1} ({@code M} wraps to 0) and {@code d = 2}; for every
 * {@code d >= 3}, {@code M < 2^63} and the quotient is one signed high multiply. The two small divisors
 * take a side branch ({@code n >>> (d - 1)}), which is perfectly predicted for a given divisor. The
 * remainder multiplies by {@code M} itself and corrects the unsigned high product of the 64-bit fraction
 * with one mask.
 *
 * <p><b>Operands are unsigned</b>: {@code n} and the results are read as unsigned 32-bit integers, as in
 * {@link Integer#divideUnsigned} and {@link Integer#remainderUnsigned}. For {@code n >= 0} they equal
 * {@code n / d} and {@code n % d}. The divisor is in {@code [1, 2^31 - 1]}.
 *
 * <p>Cost: one (divide) or two (remainder) 64x64-bit multiplies and a few ALU operations; a hardware divide by a runtime value takes 10 to 90 cycles depending on the core (about 12 for
 * 32 bits on recent Intel cores, which is why the gain is smaller there).
 *
 * <p>Allocation: none after construction. Thread-safety: immutable, safe from any thread.
 */
public final class FastDivisor {

    private static final long LOW_32_BITS = 0xFFFF_FFFFL;

    private final int divisor;
    /** {@code floor((2^64 - 1) / divisor) + 1}, read as unsigned (wraps to 0 for divisor 1). */
    private final long multiplier;

    /**
     * Prepares division by {@code divisor}.
     *
     * @param divisor the divisor, at least 1
     * @throws IllegalArgumentException if {@code divisor < 1}
     */
    public FastDivisor(final int divisor) {
        if (divisor < 1) {
            throw new IllegalArgumentException("divisor = " + divisor + ": must be in [1, " + Integer.MAX_VALUE + "]");
        }
        this.divisor = divisor;
        this.multiplier = Long.divideUnsigned(-1L, divisor) + 1;
    }

    /**
     * The divisor.
     *
     * @return the divisor given at construction
     */
    public int divisor() {
        return divisor;
    }

    /**
     * Unsigned quotient {@code n / divisor}.
     *
     * @param n the dividend, read as unsigned 32-bit
     * @return the quotient, as unsigned 32-bit (equal to {@code n / divisor} for {@code n >= 0})
     */
    public int divide(final int n) {
        final long u = n & LOW_32_BITS;
        // M < 2^63 for divisor >= 3: the signed high product is the unsigned one
        return divisor > 2 ? (int) Math.multiplyHigh(multiplier, u) : (int) (u >>> (divisor - 1));
    }

    /**
     * Unsigned remainder {@code n % divisor}.
     *
     * @param n the dividend, read as unsigned 32-bit
     * @return the remainder, in {@code [0, divisor)}
     */
    public int remainder(final int n) {
        final long fraction = multiplier * (n & LOW_32_BITS);
        // unsigned high product of fraction and divisor (divisor > 0)
        return (int) (Math.multiplyHigh(fraction, divisor) + ((fraction >> 63) & divisor));
    }

    @Override
    public String toString() {
        return "FastDivisor[" + divisor + "]";
    }
}
