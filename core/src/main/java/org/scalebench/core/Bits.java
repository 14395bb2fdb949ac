package org.scalebench.core;

/**
 * Bit arithmetic the kernels and models share (in the spirit of Agrona's {@code BitUtil}): integer base-2
 * logarithms by leading-zero counts, powers of two, the largest array length a JVM reliably allocates and growing an
 * array's length up to it. Stateless; allocates nothing.
 */
public final class Bits {

    /**
     * The largest array length every JVM allocates ({@code Integer.MAX_VALUE - 8}: some reserve header words in
     * the array, as {@code ArrayList} and {@code ArraysSupport} assume).
     */
    public static final int MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;

    private Bits() {
    }

    /**
     * {@code floor(log2 x)}.
     *
     * @param x a positive integer
     * @return the floor of its base-2 logarithm (0 for 1)
     */
    public static int floorLog2(final int x) {
        return 31 - Integer.numberOfLeadingZeros(x);
    }

    /**
     * {@code floor(log2 x)} of a long.
     *
     * @param x a positive long
     * @return the floor of its base-2 logarithm (0 for 1)
     */
    public static int floorLog2(final long x) {
        return 63 - Long.numberOfLeadingZeros(x);
    }

    /**
     * {@code ceil(log2 x)}: the bits needed to tell {@code x} values apart.
     *
     * @param x a positive integer
     * @return the ceiling of its base-2 logarithm (0 for 1)
     */
    public static int ceilLog2(final int x) {
        return 32 - Integer.numberOfLeadingZeros(x - 1);
    }

    /**
     * {@code ceil(log2 x)} of a long.
     *
     * @param x a positive long
     * @return the ceiling of its base-2 logarithm (0 for 1)
     */
    public static int ceilLog2(final long x) {
        return 64 - Long.numberOfLeadingZeros(x - 1);
    }

    /**
     * Whether {@code x} is a power of two.
     *
     * @param x a positive integer
     * @return true for 1, 2, 4, ...
     */
    public static boolean isPowerOfTwo(final int x) {
        return (x & (x - 1)) == 0;
    }

    /**
     * The length to grow an array to when it must hold {@code needed} cells: twice its {@code length}, or
     * {@code needed} if more, capped at {@link #MAX_ARRAY_LENGTH}, in long arithmetic (an {@code int} doubling past
     * 2^30 goes negative).
     *
     * @param length the array's length now, non-negative
     * @param needed the cells it must hold
     * @param what what the cells are, for the message ("trace records")
     * @return the new length, at least {@code needed}
     * @throws IllegalArgumentException naming {@code what}, {@code needed} and the limit when {@code needed} is more
     *     than one array holds
     */
    public static int grownLength(final int length, final long needed, final String what) {
        if (needed > MAX_ARRAY_LENGTH) {
            throw new IllegalArgumentException(what + ": " + needed + " needed, more than one array holds ("
                    + MAX_ARRAY_LENGTH + ")");
        }
        return (int) Math.min(MAX_ARRAY_LENGTH, Math.max(needed, 2L * length));
    }
}
