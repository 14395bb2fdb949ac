package org.scalebench.training.collective;

import org.scalebench.core.Checks;

/**
 * Algorithm bandwidth and bus bandwidth as nccl-tests define them (NVIDIA/nccl-tests doc/PERFORMANCE.md @
 * a0b82b2): {@code algBw = S / t} and {@code busBw = algBw * factor}, with factor {@code 2(p-1)/p} for
 * all-reduce, {@code (p-1)/p} for reduce-scatter, all-gather and all-to-all, and 1 for broadcast and reduce.
 * The bus bandwidth is comparable with the hardware's link bandwidth whatever the rank count.
 *
 * <p>In-network reduction (NVLS, SHARP) moves fewer bytes; for it nccl-tests#239 gives
 * {@code algBw = busBw * p / (p + 1)} ({@link #inNetworkAlgBandwidth}). Stateless; allocates nothing.
 */
public final class BusBandwidth {

    private BusBandwidth() {
    }

    /**
     * Bus-bandwidth factor of a collective over {@code ranks} ranks.
     *
     * @param collective the collective
     * @param ranks the rank count, at least 1
     * @return the factor (0 for one rank, except broadcast and reduce)
     * @throws IllegalArgumentException if {@code ranks < 1}
     */
    public static double factor(final Collective collective, final int ranks) {
        Checks.requireAtLeast("ranks", ranks, 1);
        final double share = (ranks - 1) / (double) ranks;
        switch (collective) {
            case ALL_REDUCE:
                return 2.0 * share;
            case REDUCE_SCATTER:
            case ALL_GATHER:
            case ALL_TO_ALL:
                return share;
            case BROADCAST:
            case REDUCE:
                return 1.0;
            default:
                throw new AssertionError(collective);
        }
    }

    /**
     * Algorithm bandwidth {@code S / t} in bytes per second.
     *
     * @param bytes the message size {@code S} (see {@link Collective} for its convention)
     * @param seconds the time taken, positive
     * @return bytes per second
     */
    public static double algBandwidth(final long bytes, final double seconds) {
        if (!(seconds > 0)) {
            throw new IllegalArgumentException("seconds = " + seconds + ": must be positive");
        }
        return bytes / seconds;
    }

    /**
     * Bus bandwidth from the algorithm bandwidth.
     *
     * @param collective the collective
     * @param ranks the rank count
     * @param algBandwidth algorithm bandwidth (any unit)
     * @return bus bandwidth (same unit)
     */
    public static double busBandwidth(final Collective collective, final int ranks, final double algBandwidth) {
        return algBandwidth * factor(collective, ranks);
    }

    /**
     * Algorithm bandwidth from the bus bandwidth (the inverse of {@link #busBandwidth}).
     *
     * @param collective the collective
     * @param ranks the rank count, at least 2 for the collectives whose factor is 0 at one rank
     * @param busBandwidth bus bandwidth (any unit)
     * @return algorithm bandwidth (same unit)
     * @throws IllegalArgumentException if the factor is 0 (one rank of an all-reduce, say)
     */
    public static double algBandwidthFromBus(final Collective collective, final int ranks,
            final double busBandwidth) {
        final double f = factor(collective, ranks);
        if (f == 0) {
            throw new IllegalArgumentException("ranks = " + ranks + ": " + collective.id()
                    + " moves no data over one rank, so its bus bandwidth has no inverse");
        }
        return busBandwidth / f;
    }

    /**
     * Algorithm bandwidth of an all-reduce done by in-network reduction (NVLS / SHARP), per nccl-tests#239:
     * {@code algBw = busBw * p / (p + 1)}.
     *
     * @param ranks the rank count, at least 1
     * @param busBandwidth the reported bus bandwidth
     * @return the algorithm bandwidth
     */
    public static double inNetworkAlgBandwidth(final int ranks, final double busBandwidth) {
        Checks.requireAtLeast("ranks", ranks, 1);
        return busBandwidth * ranks / (ranks + 1.0);
    }
}
