package org.scalebench.bench.reference;

/**
 * The collective cost formulas of Thakur, Rabenseifner and Gropp (2005) typed out the plain way: logarithms by
 * {@link Math#log}, powers of two by {@link Math#pow}, and the rounds of tree and recursive algorithms summed in
 * loops, one message at a time. The oracle of {@code CollectiveCostCheck} and the {@code formula} baseline of
 * {@code CollectiveCostBench}; scalebench's kernels ({@code org.scalebench.training.collective}) compute the same
 * numbers in closed form with integer logarithms.
 */
public final class DirectCollectiveFormulas {

    private DirectCollectiveFormulas() {
    }

    private static double log2(final int p) {
        return Math.log(p) / Math.log(2);
    }

    private static int floorLog2(final int p) {
        int lg = (int) Math.floor(log2(p));
        if (Math.pow(2, lg + 1) <= p) {
            lg++;
        }
        if (Math.pow(2, lg) > p) {
            lg--;
        }
        return lg;
    }

    private static int ceilLog2(final int p) {
        final int lg = floorLog2(p);
        return Math.pow(2, lg) == p ? lg : lg + 1;
    }

    /**
     * Ring all-reduce: {@code p - 1} reduce-scatter steps, each sending and reducing a block of {@code n / p},
     * then {@code p - 1} all-gather steps, each sending a block.
     *
     * @param n bytes
     * @param p ranks
     * @param a alpha, seconds
     * @param b beta, seconds per byte
     * @param g gamma, seconds per byte
     * @return seconds
     */
    public static double ringAllReduce(final double n, final int p, final double a, final double b, final double g) {
        if (p == 1) {
            return 0;
        }
        final double block = n / p;
        return (p - 1) * (a + block * b + block * g) + (p - 1) * (a + block * b);
    }

    /**
     * Rabenseifner all-reduce: recursive halving then recursive doubling over {@code 2^floor(lg p)} ranks, round
     * by round; for other {@code p}, MPICH's quoted non-power-of-two formula.
     *
     * @param n bytes
     * @param p ranks
     * @param a alpha
     * @param b beta
     * @param g gamma
     * @return seconds
     */
    public static double rabenseifnerAllReduce(final double n, final int p, final double a, final double b,
            final double g) {
        if (p == 1) {
            return 0;
        }
        final int lg = floorLog2(p);
        if (Math.pow(2, lg) != p) {
            final double share = (p - 1.0) / p;
            return (2 * lg + 2) * a + (2 * share + 2) * n * b + (1 + share) * n * g;
        }
        double t = 0;
        for (int round = 1; round <= lg; round++) {
            final double piece = n / Math.pow(2, round);
            t += a + piece * b + piece * g;
        }
        for (int round = lg; round >= 1; round--) {
            t += a + n / Math.pow(2, round) * b;
        }
        return t;
    }

    /**
     * Binomial-tree broadcast: the number of ranks holding the data doubles each round until all {@code p} do.
     *
     * @param n bytes
     * @param p ranks
     * @param a alpha
     * @param b beta
     * @return seconds
     */
    public static double binomialTreeBroadcast(final double n, final int p, final double a, final double b) {
        double t = 0;
        for (double holders = 1; holders < p; holders *= 2) {
            t += a + n * b;
        }
        return t;
    }

    /**
     * Double binary tree all-reduce: {@code 2 ceil(lg p) alpha + 2 n beta + n gamma}, with the logarithm from
     * {@link Math#log}.
     *
     * @param n bytes
     * @param p ranks
     * @param a alpha
     * @param b beta
     * @param g gamma
     * @return seconds
     */
    public static double doubleBinaryTreeAllReduce(final double n, final int p, final double a, final double b,
            final double g) {
        return p == 1 ? 0 : 2 * ceilLog2(p) * a + 2 * n * b + n * g;
    }

    /**
     * Two-level all-reduce: ring reduce-scatter in each node, ring all-reduce of the {@code n / k} block across
     * nodes, ring all-gather in each node.
     *
     * @param n bytes
     * @param p ranks
     * @param k ranks per node
     * @param a1 intra-node alpha
     * @param b1 intra-node beta
     * @param a2 inter-node alpha
     * @param b2 inter-node beta per rank
     * @param g gamma
     * @return seconds
     */
    public static double hierarchicalAllReduce(final double n, final int p, final int k, final double a1,
            final double b1, final double a2, final double b2, final double g) {
        final int local = Math.min(k, p);
        final int nodes = (int) Math.ceil(p / (double) local);
        final double intra = ringAllReduce(n, local, a1, b1, g);
        return nodes == 1 ? intra : intra + ringAllReduce(n / local, nodes, a2, b2, g);
    }
}
