package org.scalebench.training.collective;

/**
 * How late a chain of bucketed collectives leaves a pass of compute it overlaps. The collectives run one after the
 * other on one stream; compute meets bucket {@code i} after {@code i d} of its own time ({@code d}, a bucket's share of
 * the pass). The arithmetic is the same for a parameter all-gather ahead of a forward pass (bucket {@code i} is
 * gathered at {@code (i + 1) c} and the pass may start it only then; {@code train project --param-gather overlapped})
 * and for a gradient reduction behind a backward pass (bucket {@code i} is ready at {@code (i + 1) d} and its
 * reduction starts when it is ready and the previous one is done; the 3D model's chains of chunks and buckets reduce
 * to it with one chunk on one stage).
 * Either way the last collective, or the pass, ends after the pass's own length by the largest
 * {@code k c - (k - 1) d} over {@code k = 1..n}: {@code c} when {@code c <= d}, else {@code n c - (n - 1) d}. A partial
 * last bucket of collective time {@code r} adds the candidate {@code n c + r - n d}.
 */
public final class BucketPipeline {

    private BucketPipeline() {
    }

    /**
     * The time a bucketed chain of collectives ends after the pass it overlaps. Allocates nothing.
     *
     * @param fullBuckets {@code n}, full buckets, at least 1
     * @param bucketSeconds {@code c}, one full bucket's collective
     * @param restSeconds {@code r}, the partial last bucket's collective, 0 when there is none
     * @param computePerBucket {@code d}, the pass's time per full bucket
     * @return seconds past the end of the pass, at least {@code c}
     */
    public static double lateBy(final double fullBuckets, final double bucketSeconds, final double restSeconds,
            final double computePerBucket) {
        double late = Math.max(bucketSeconds, fullBuckets * bucketSeconds - (fullBuckets - 1) * computePerBucket);
        if (restSeconds > 0) {
            late = Math.max(late, fullBuckets * bucketSeconds + restSeconds - fullBuckets * computePerBucket);
        }
        return late;
    }
}
