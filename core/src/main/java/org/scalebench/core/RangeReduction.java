package org.scalebench.core;

/**
 * Maps a 64-bit hash onto {@code n} buckets without division: multiply-shift range reduction
 * (Lemire, "Fast random integer generation in an interval", ACM TOMACS 2019).
 *
 * <p>The bucket of {@code hash} is {@code floor(u * n / 2^64)} where {@code u} is {@code hash} read as an
 * unsigned 64-bit integer. Because {@code u < 2^64}, the result is always in {@code [0, n)}; every bucket
 * receives either {@code floor(2^64 / n)} or {@code ceil(2^64 / n)} of the 2^64 possible hashes, so a
 * uniform hash gives uniform buckets. The mapping uses the <em>high</em> bits of the hash, so a hash whose
 * entropy sits only in its low bits (a raw address, a counter) must be mixed first (see {@link Mix64}).
 * It is not the same function as {@code hash % n}; it replaces it where only uniformity matters.
 *
 * <p>Cost: one 64x64-bit high multiply, one shift-and-mask and one add, about a nanosecond; a 64-bit
 * {@code %} by a runtime value costs 20 to 90 cycles on current x86 cores.
 *
 * <p>Allocation: none. Thread-safety: stateless, safe from any thread.
 */
public final class RangeReduction {

    private RangeReduction() {
    }

    /**
     * Returns the bucket of {@code hash} among {@code n} buckets, {@code floor(unsigned(hash) * n / 2^64)}.
     *
     * @param hash any 64-bit value, read as unsigned
     * @param n the bucket count, at least 1 (not checked: validate once, at construction of the caller)
     * @return a bucket in {@code [0, n)}
     */
    public static int reduce(final long hash, final int n) {
        // unsignedMultiplyHigh(hash, n) for n > 0: the signed high product is short by n exactly when the
        // sign bit of hash is set (hash read as unsigned is hash + 2^64 then).
        return (int) (Math.multiplyHigh(hash, n) + ((hash >> 63) & n));
    }

    /**
     * Returns the bucket of a 32-bit hash among {@code n} buckets, {@code floor(unsigned(hash) * n / 2^32)}:
     * Lemire's original "fastrange" with one ordinary 64-bit multiply (the product of two 32-bit values
     * fits in 64 bits), for hashes that are already 32 bits wide ({@link Integer#hashCode}-style keys).
     *
     * @param hash any 32-bit value, read as unsigned
     * @param n the bucket count, at least 1 (not checked)
     * @return a bucket in {@code [0, n)}
     */
    public static int reduce32(final int hash, final int n) {
        return (int) (((hash & 0xFFFF_FFFFL) * n) >>> 32);
    }

    /**
     * Reduces {@code count} hashes at once: {@code buckets[outOffset + i] = reduce(hashes[inOffset + i], n)}.
     * The loop has no dependency between elements, so the multiplies overlap; use it where a simulator maps
     * a batch of addresses (a trace chunk) at a time.
     *
     * @param hashes the hashes
     * @param inOffset index of the first hash
     * @param n the bucket count, at least 1 (not checked)
     * @param buckets receives the buckets
     * @param outOffset index of the first bucket
     * @param count how many hashes to reduce
     * @throws ArrayIndexOutOfBoundsException if a range falls outside its array
     */
    public static void reduceAll(final long[] hashes, final int inOffset, final int n,
            final int[] buckets, final int outOffset, final int count) {
        for (int i = 0; i < count; i++) {
            final long hash = hashes[inOffset + i];
            buckets[outOffset + i] = (int) (Math.multiplyHigh(hash, n) + ((hash >> 63) & n));
        }
    }

    /**
     * Checks a bucket count once, at configuration time.
     *
     * @param name the parameter name used in the error message
     * @param n the bucket count
     * @return {@code n}
     * @throws IllegalArgumentException if {@code n < 1}
     */
    public static int checkBuckets(final String name, final int n) {
        return Checks.requireAtLeast(name, n, 1);
    }
}
