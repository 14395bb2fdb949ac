package org.scalebench.bench.check;

import java.util.SplittableRandom;
import org.scalebench.bench.reference.LinkedHashMapLru;
import org.scalebench.core.SmallLruCache;

/**
 * {@link SmallLruCache} against an access-ordered {@link LinkedHashMapLru}: the same hit or miss on every
 * access, the same contents after invalidations and domain flushes, the same counters. Each episode draws
 * a capacity from 1 to 64 and a key pool about twice as large, extreme keys included.
 */
public final class SmallLruCacheCheck implements KernelCheck {

    private static final int EPISODE = 20_000;
    private static final int[] CAPACITIES = {1, 2, 3, 4, 8, 16, 17, 32, 64};
    private static final long[] EXTREME_KEYS = {0L, -1L, Long.MIN_VALUE, Long.MAX_VALUE};

    @Override
    public String name() {
        return "SmallLruCache";
    }

    @Override
    public Outcome run(final long seed, final int operations) {
        final SplittableRandom random = new SplittableRandom(seed);
        final Tally tally = new Tally(name(), seed);
        for (int done = 0; done < operations; done += EPISODE) {
            final int capacity = CAPACITIES[random.nextInt(CAPACITIES.length)];
            final SmallLruCache kernel = new SmallLruCache(capacity);
            final LinkedHashMapLru reference = new LinkedHashMapLru(capacity);
            final long[] pool = new long[2 * capacity + 1 + EXTREME_KEYS.length];
            System.arraycopy(EXTREME_KEYS, 0, pool, 0, EXTREME_KEYS.length);
            for (int i = EXTREME_KEYS.length; i < pool.length; i++) {
                // a domain id in the high bits, an index in the low byte: flushes by domain find matches
                pool[i] = (long) random.nextInt(4) << 8 | random.nextInt(256);
            }
            episode(random, Math.min(EPISODE, operations - done), kernel, reference, pool, tally);
        }
        return tally.outcome();
    }

    private static void episode(final SplittableRandom random, final int operations, final SmallLruCache kernel,
            final LinkedHashMapLru reference, final long[] pool, final Tally tally) {
        final String where = kernel.capacity() + "-entry cache";
        for (int op = 0; op < operations; op++) {
            final long key = pool[random.nextInt(pool.length)];
            final int at = op;
            final int choice = random.nextInt(100);
            if (choice < 70) {
                tally.compare(reference.access(key) ? 1 : 0, kernel.access(key) ? 1 : 0,
                        () -> where + " op " + at + ": access(" + key + ")");
            } else if (choice < 80) {
                tally.compare(reference.contains(key) ? 1 : 0, kernel.contains(key) ? 1 : 0,
                        () -> where + " op " + at + ": contains(" + key + ")");
            } else if (choice < 88) {
                tally.compare(reference.invalidate(key) ? 1 : 0, kernel.invalidate(key) ? 1 : 0,
                        () -> where + " op " + at + ": invalidate(" + key + ")");
            } else if (choice < 90) {
                final long mask = random.nextBoolean() ? ~0xFFL : random.nextLong() & 0x3FFL;
                final long value = key & mask;
                tally.compare(reference.invalidateMatching(mask, value), kernel.invalidateMatching(mask, value),
                        () -> where + " op " + at + ": invalidateMatching(" + mask + ", " + value + ")");
            } else if (choice < 95) {
                tally.compare(reference.size(), kernel.size(), () -> where + " op " + at + ": size()");
            } else if (choice < 99) {
                tally.compare(reference.hits(), kernel.hits(), () -> where + " op " + at + ": hits()");
                tally.compare(reference.misses(), kernel.misses(), () -> where + " op " + at + ": misses()");
            } else if (random.nextBoolean()) {
                kernel.resetCounters();
                reference.resetCounters();
                tally.compare(reference.hits(), kernel.hits(), () -> where + " op " + at + ": resetCounters()");
            } else {
                kernel.clear();
                reference.clear();
                tally.compare(reference.size(), kernel.size(), () -> where + " op " + at + ": clear()");
            }
        }
    }
}
