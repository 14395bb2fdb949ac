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
 * </pre>
 * exact for every 32-bit {@code n} and every divisor {@code d < 2^32} because {@code M} carries 64 fractional
 * bits, 32 more than {@code n} has (the paper's Theorem 1 with N = 32, F = 64).
 *
 * <p>The remainder takes the fractional part of {@code n / d} with 63 fractional bits, which is enough: the
 * theorem needs {@code F >= N + ceil(log2 d)}, and {@code d < 2^31} here. With {@code C = ceil(2^63 / d)}:
 * <pre>
 *   n % d = floor(((C * n) mod 2^63) * d / 2^63)
 *         = floor((((2C * n) mod 2^64) &gt;&gt;&gt; 1) * 2d / 2^64)   (the high half of a product of two values below 2^63)
 * </pre>
 * so the remainder is one ordinary multiply, one shift and one signed high multiply, with no correction: both
 * factors of the high multiply are below {@code 2^63}, where the signed high product is the unsigned one. For
 * {@code d = 1}, {@code 2C = 2^64} wraps to 0 and the remainder is 0, as it should be.
 *
 * <p>Java has only a signed high multiply (unsigned since 18), so a quotient multiplier {@code M >= 2^63}
 * would need a correction. That happens only for {@code d = 1} ({@code M} wraps to 0) and {@code d = 2}; for
 * every {@code d >= 3}, {@code M < 2^63} and the quotient is one signed high multiply. The two small divisors
 * take a side branch ({@code n >>> (d - 1)}), which is perfectly predicted for a given divisor.
 *
 * <p><b>Operands are unsigned</b>: {@code n} and the results are read as unsigned 32-bit integers, as in
 * {@link Integer#divideUnsigned} and {@link Integer#remainderUnsigned}. For {@code n >= 0} they equal
 * {@code n / d} and {@code n % d}. The divisor is in {@code [1, 2^31 - 1]}.
 *
 * <p>Cost: one (divide) or two (remainder) 64x64-bit multiplies and at most two ALU operations; a hardware
 * divide by a runtime value takes 10 to 90 cycles of latency depending on the core, but recent cores (AMD Zen 3
 * and later, Intel Ice Lake and later) issue a 32-bit divide every 5 to 6 cycles, so in a loop whose other work
 * already takes that long the kernel wins only by having few instructions: the remainder is 4 of them.
 *
 * <p>Allocation: none after construction. Thread-safety: immutable, safe from any thread.
 */
public final class FastDivisor {

    private static final long LOW_32_BITS = 0xFFFF_FFFFL;

    private final int divisor;
    /** {@code floor((2^64 - 1) / divisor) + 1}, read as unsigned (wraps to 0 for divisor 1). */
    private final long multiplier;
    /** {@code 2 * ceil(2^63 / divisor) mod 2^64} (0 for divisor 1): the remainder's fraction multiplier. */
    private final long fractionMultiplier;
    /** {@code 2 * divisor}, below {@code 2^32}. */
    private final long twiceDivisor;

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
        this.fractionMultiplier = (Long.divideUnsigned(Long.MAX_VALUE, divisor) + 1) << 1;
        this.twiceDivisor = 2L * divisor;
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
        // the 63-bit fraction of n / d, then its high product with 2d: both factors below 2^63, so signed is unsigned
        final long fraction = (fractionMultiplier * (n & LOW_32_BITS)) >>> 1;
        return (int) Math.multiplyHigh(fraction, twiceDivisor);
    }

    @Override
    public String toString() {
        return "FastDivisor[" + divisor + "]";
    }
}
