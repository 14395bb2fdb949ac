package org.scalebench.bench.check;

import java.util.SplittableRandom;
import org.scalebench.bench.reference.ExactRangeReduction;
import org.scalebench.core.RangeReduction;

/** {@link RangeReduction#reduce} against the arbitrary-precision product {@link ExactRangeReduction}. */
public final class RangeReductionCheck implements KernelCheck {

    private static final long[] EDGE_HASHES = {0L, 1L, -1L, Long.MIN_VALUE, Long.MAX_VALUE};

    @Override
    public String name() {
        return "RangeReduction";
    }

    @Override
    public Outcome run(final long seed, final int operations) {
        final SplittableRandom random = new SplittableRandom(seed);
        final Tally tally = new Tally(name(), seed);
        for (int i = 0; i < operations; i++) {
            final long hash = i < EDGE_HASHES.length ? EDGE_HASHES[i] : random.nextLong();
            // bucket counts from 1 to 2^31-1, biased towards small ones as in home and set mapping
            final int n = random.nextBoolean() ? 1 + random.nextInt(1024) : 1 + random.nextInt(Integer.MAX_VALUE);
            tally.compare(ExactRangeReduction.bucket(hash, n), RangeReduction.reduce(hash, n),
                    () -> "reduce(" + hash + ", " + n + ")");
        }
        return tally.outcome();
    }
}
