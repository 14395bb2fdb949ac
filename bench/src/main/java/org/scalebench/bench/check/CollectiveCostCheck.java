package org.scalebench.bench.check;

import java.util.SplittableRandom;
import org.scalebench.bench.reference.DirectCollectiveFormulas;
import org.scalebench.training.collective.AlphaBetaGamma;
import org.scalebench.training.collective.BinomialTreeBroadcast;
import org.scalebench.training.collective.DoubleBinaryTreeAllReduce;
import org.scalebench.training.collective.HierarchicalAllReduce;
import org.scalebench.training.collective.RabenseifnerAllReduce;
import org.scalebench.training.collective.RingAllReduce;

/**
 * scalebench's closed-form collective costs (ring, Rabenseifner, binomial tree, double binary tree, two-level)
 * against {@link DirectCollectiveFormulas} on random link costs, message sizes from 0 to 1 TiB and rank counts
 * from 1 to 2^20 (most below 1025, non-powers of two included), within a relative 1e-9.
 */
public final class CollectiveCostCheck implements KernelCheck {

    private static final double TOLERANCE = 1e-9;

    @Override
    public String name() {
        return "CollectiveCost";
    }

    @Override
    public Outcome run(final long seed, final int operations) {
        final SplittableRandom random = new SplittableRandom(seed);
        final Tally tally = new Tally(name(), seed);
        for (int i = 0; i < operations; i++) {
            final double a = random.nextDouble() * 1e-4;
            final double bandwidth = 1e8 + random.nextDouble() * 1e12;
            final double b = 1.0 / bandwidth;
            final double g = random.nextBoolean() ? 0 : random.nextDouble() * 1e-11;
            final long bytes = random.nextInt(8) == 0 ? random.nextInt(4096) : random.nextLong(1L << 40);
            final int ranks = random.nextInt(4) == 0 ? 1 + random.nextInt(1 << 20) : 1 + random.nextInt(1024);
            final AlphaBetaGamma link = new AlphaBetaGamma(a, b, g);
            final int k = 1 + random.nextInt(16);
            final AlphaBetaGamma inter = new AlphaBetaGamma(a * 3, b * 5, g);
            switch (i % 5) {
                case 0:
                    tally.compare(DirectCollectiveFormulas.ringAllReduce(bytes, ranks, a, b, g),
                            new RingAllReduce(link).seconds(bytes, ranks), TOLERANCE,
                            () -> "ring all-reduce(" + bytes + " B, " + ranks + " ranks)");
                    break;
                case 1:
                    tally.compare(DirectCollectiveFormulas.rabenseifnerAllReduce(bytes, ranks, a, b, g),
                            new RabenseifnerAllReduce(link).seconds(bytes, ranks), TOLERANCE,
                            () -> "rabenseifner all-reduce(" + bytes + " B, " + ranks + " ranks)");
                    break;
                case 2:
                    tally.compare(DirectCollectiveFormulas.binomialTreeBroadcast(bytes, ranks, a, b),
                            new BinomialTreeBroadcast(link).seconds(bytes, ranks), TOLERANCE,
                            () -> "binomial broadcast(" + bytes + " B, " + ranks + " ranks)");
                    break;
                case 3:
                    tally.compare(DirectCollectiveFormulas.doubleBinaryTreeAllReduce(bytes, ranks, a, b, g),
                            new DoubleBinaryTreeAllReduce(link).seconds(bytes, ranks), TOLERANCE,
                            () -> "double binary tree all-reduce(" + bytes + " B, " + ranks + " ranks)");
                    break;
                default:
                    tally.compare(DirectCollectiveFormulas.hierarchicalAllReduce(bytes, ranks, k, a, b, a * 3, b * 5, g),
                            new HierarchicalAllReduce(link, inter, k, false).seconds(bytes, ranks), TOLERANCE,
                            () -> "hierarchical all-reduce(" + bytes + " B, " + ranks + " ranks, " + k + " per node)");
                    break;
            }
        }
        return tally.outcome();
    }
}
