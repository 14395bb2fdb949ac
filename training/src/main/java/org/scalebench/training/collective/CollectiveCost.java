package org.scalebench.training.collective;

/**
 * The time one collective algorithm takes for a message size and a rank count.
 *
 * <p>Contract: {@link #seconds(long, int)} is a closed form that allocates nothing, is 0 for one rank, and
 * throws {@link IllegalArgumentException} for {@code bytes < 0} or {@code ranks < 1}. The batch forms evaluate
 * arrays of message sizes or of rank counts into a caller-supplied array. Implementations are immutable and
 * thread-safe.
 */
public interface CollectiveCost {

    /**
     * The collective this algorithm implements.
     *
     * @return the collective
     */
    Collective collective();

    /**
     * The algorithm's name as printed in reports, e.g. {@code ring} or {@code rabenseifner}.
     *
     * @return the name
     */
    String algorithm();

    /**
     * Time of one collective.
     *
     * @param bytes message size (see {@link Collective} for what it counts), at least 0
     * @param ranks rank count, at least 1
     * @return seconds
     */
    double seconds(long bytes, int ranks);

    /**
     * Time of one collective for each message size, at one rank count.
     *
     * @param bytes message sizes
     * @param ranks rank count, at least 1
     * @param out receives {@code out[i] = seconds(bytes[i], ranks)}; at least as long as {@code bytes}
     */
    default void seconds(final long[] bytes, final int ranks, final double[] out) {
        if (out.length < bytes.length) {
            throw new IllegalArgumentException("out.length = " + out.length + ": must be at least bytes.length = "
                    + bytes.length);
        }
        for (int i = 0; i < bytes.length; i++) {
            out[i] = seconds(bytes[i], ranks);
        }
    }

    /**
     * Time of one collective for each rank count, at one message size.
     *
     * @param bytes message size, at least 0
     * @param ranks rank counts
     * @param out receives {@code out[i] = seconds(bytes, ranks[i])}; at least as long as {@code ranks}
     */
    default void secondsForRanks(final long bytes, final int[] ranks, final double[] out) {
        if (out.length < ranks.length) {
            throw new IllegalArgumentException("out.length = " + out.length + ": must be at least ranks.length = "
                    + ranks.length);
        }
        for (int i = 0; i < ranks.length; i++) {
            out[i] = seconds(bytes, ranks[i]);
        }
    }
}
