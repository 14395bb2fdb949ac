package org.scalebench.core;

/**
 * 64-bit hash finalizers that spread every input bit over every output bit, so that the high bits used by
 * {@link RangeReduction} (and the low bits used by power-of-two tables) depend on the whole key.
 *
 * <ul>
 *   <li>{@link #murmur3(long)}: the MurmurHash3 {@code fmix64} finalizer (Austin Appleby, public domain).</li>
 *   <li>{@link #stafford13(long)}: David Stafford's "Mix13" variant, used by {@code SplittableRandom}
 *       (better avalanche than fmix64 at the same cost).</li>
 * </ul>
 * Both are bijections on 64-bit values (each step, xor-shift or multiply by an odd constant, is
 * invertible), so distinct keys never collide before reduction.
 *
 * <p>Allocation: none. Thread-safety: stateless, safe from any thread.
 */
public final class Mix64 {

    private Mix64() {
    }

    /**
     * MurmurHash3 fmix64.
     *
     * @param x the key
     * @return the mixed key
     */
    public static long murmur3(final long x) {
        long h = x;
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h;
    }

    /**
     * Stafford's Mix13 finalizer.
     *
     * @param x the key
     * @return the mixed key
     */
    public static long stafford13(final long x) {
        long h = x;
        h = (h ^ (h >>> 30)) * 0xbf58476d1ce4e5b9L;
        h = (h ^ (h >>> 27)) * 0x94d049bb133111ebL;
        return h ^ (h >>> 31);
    }
}
