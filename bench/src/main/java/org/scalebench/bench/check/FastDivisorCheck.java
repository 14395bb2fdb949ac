package org.scalebench.bench.check;

import java.util.SplittableRandom;
import org.scalebench.bench.reference.DivisionReference;
import org.scalebench.core.FastDivisor;

/**
 * {@link FastDivisor} against the hardware divide ({@link DivisionReference}), with dividends read as
 * unsigned 32-bit. Every divisor is first checked on the edge dividends (0, 1, d - 1, d, d + 1,
 * 2^31 - 1, 2^31, 2^32 - 1 and the largest multiple of d), then on random dividends, half of them next to
 * a multiple of the divisor, where a reciprocal that is too small or too large fails first. Divisors are
 * the edges 1, 2, 3, 7, 2^31 - 1 and friends, then random ones, small and large.
 */
public final class FastDivisorCheck implements KernelCheck {

    private static final int PER_DIVISOR = 1_000;
    private static final int[] EDGE_DIVISORS = {1, 2, 3, 7, 10, 641, 65_535, 65_536, 65_537, 1_000_003,
        1 << 30, Integer.MAX_VALUE - 1, Integer.MAX_VALUE};

    @Override
    public String name() {
        return "FastDivisor";
    }

    @Override
    public Outcome run(final long seed, final int operations) {
        final SplittableRandom random = new SplittableRandom(seed);
        final Tally tally = new Tally(name(), seed);
        int divisorIndex = 0;
        for (long done = 0; done < operations; divisorIndex++) {
            final int divisor = divisorIndex < EDGE_DIVISORS.length ? EDGE_DIVISORS[divisorIndex]
                    : random.nextBoolean() ? 1 + random.nextInt(1 << 16) : 1 + random.nextInt(Integer.MAX_VALUE);
            final FastDivisor kernel = new FastDivisor(divisor);
            final long lastMultiple = 0xFFFF_FFFFL / divisor * divisor;
            final int[] edges = {0, 1, divisor - 1, divisor, divisor + 1, Integer.MAX_VALUE, Integer.MIN_VALUE, -1,
                (int) lastMultiple, (int) (lastMultiple - 1)};
            for (final int n : edges) {
                compare(kernel, n, tally);
            }
            for (int i = 0; i < PER_DIVISOR; i++) {
                final int n;
                if (random.nextBoolean()) {
                    n = random.nextInt();
                } else {
                    final long multiple = (random.nextLong(0xFFFF_FFFFL / divisor) + 1) * divisor;
                    n = (int) (multiple + random.nextInt(-1, 2));
                }
                compare(kernel, n, tally);
            }
            done += edges.length + PER_DIVISOR;
        }
        return tally.outcome();
    }

    private static void compare(final FastDivisor kernel, final int n, final Tally tally) {
        final int d = kernel.divisor();
        tally.compare(DivisionReference.divideUnsigned(n, d), kernel.divide(n),
                () -> "divide(" + Integer.toUnsignedString(n) + ") by " + d);
        tally.compare(DivisionReference.remainderUnsigned(n, d), kernel.remainder(n),
                () -> "remainder(" + Integer.toUnsignedString(n) + ") by " + d);
    }
}
