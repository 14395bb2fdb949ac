package org.scalebench.bench.reference;

/**
 * The plain way to map a 64-bit hash onto {@code n} buckets: a remainder by a runtime value. Baseline of
 * {@code RangeReductionBench}; it maps hashes to different buckets than
 * {@link org.scalebench.core.RangeReduction} (low bits instead of high bits) at the same job.
 */
public final class ModuloReduction {

    private ModuloReduction() {
    }

    /**
     * Returns {@code unsigned(hash) mod n} (for {@code n >= 1}).
     *
     * @param hash any 64-bit value, read as unsigned
     * @param n the bucket count
     * @return a bucket in {@code [0, n)}
     */
    public static int bucket(final long hash, final int n) {
        return (int) Long.remainderUnsigned(hash, n);
    }
}
