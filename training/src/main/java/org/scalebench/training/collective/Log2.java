package org.scalebench.training.collective;

/**
 * Integer base-2 logarithms by {@link Integer#numberOfLeadingZeros}, for the {@code lg p} terms of tree and
 * recursive-doubling costs. Stateless; allocates nothing.
 */
public final class Log2 {

    private Log2() {
    }

    /**
     * {@code floor(log2 p)}.
     *
     * @param p a positive integer
     * @return the floor of its base-2 logarithm (0 for 1)
     */
    public static int floor(final int p) {
        return 31 - Integer.numberOfLeadingZeros(p);
    }

    /**
     * {@code ceil(log2 p)}.
     *
     * @param p a positive integer
     * @return the ceiling of its base-2 logarithm (0 for 1)
     */
    public static int ceil(final int p) {
        return 32 - Integer.numberOfLeadingZeros(p - 1);
    }

    /**
     * Whether {@code p} is a power of two.
     *
     * @param p a positive integer
     * @return true for 1, 2, 4, ...
     */
    public static boolean isPowerOfTwo(final int p) {
        return (p & (p - 1)) == 0;
    }
}
