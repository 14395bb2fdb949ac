package org.scalebench.bench.reference;

import java.math.BigInteger;

/**
 * Oracle of {@link org.scalebench.core.RangeReduction}: {@code floor(unsigned(hash) * n / 2^64)} computed
 * with arbitrary-precision integers, obviously correct and slow.
 */
public final class ExactRangeReduction {

    private ExactRangeReduction() {
    }

    /**
     * Returns {@code floor(unsigned(hash) * n / 2^64)}.
     *
     * @param hash any 64-bit value, read as unsigned
     * @param n the bucket count
     * @return a bucket in {@code [0, n)}
     */
    public static int bucket(final long hash, final int n) {
        final BigInteger unsigned = new BigInteger(Long.toUnsignedString(hash));
        return unsigned.multiply(BigInteger.valueOf(n)).shiftRight(64).intValueExact();
    }
}
