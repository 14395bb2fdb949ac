package org.scalebench.bench.check;

import java.util.SplittableRandom;
import org.scalebench.bench.reference.HashMapLineTable;
import org.scalebench.coherence.LineAddress;
import org.scalebench.core.LineTable;

/**
 * {@link LineTable} against {@link HashMapLineTable} ({@code HashMap<Long, Integer>}): random mixes of put,
 * get, remove, containsKey, batched get and clear, on growable tables and on small fixed-capacity tables
 * (which must reject a new key exactly when full). Keys come from a small pool per table, so that most
 * operations hit and probe runs collide, and include 0, -1, {@link Long#MIN_VALUE} and
 * {@link Long#MAX_VALUE}.
 */
public final class LineTableCheck implements KernelCheck {

    private static final long[] EDGE_KEYS = {0L, -1L, 1L, Long.MIN_VALUE, Long.MAX_VALUE};
    private static final int OPERATIONS_PER_TABLE = 50_000;
    private static final int MISSING = Integer.MIN_VALUE;

    @Override
    public String name() {
        return "LineTable";
    }

    @Override
    public Outcome run(final long seed, final int operations) {
        final SplittableRandom random = new SplittableRandom(seed);
        final Tally tally = new Tally(name(), seed);
        final long[] batch = new long[64];
        final int[] kernelValues = new int[64];
        final int[] referenceValues = new int[64];
        for (int done = 0, table = 0; done < operations; table++) {
            final boolean fixed = (table & 1) == 1;
            final int capacity = fixed ? 1 + random.nextInt(200) : 0;
            final LineTable kernel = fixed ? LineTable.fixedCapacity(capacity, MISSING)
                    : new LineTable(random.nextInt(100), MISSING);
            final HashMapLineTable reference = new HashMapLineTable(16, MISSING, capacity);
            final long[] pool = keyPool(random, fixed ? capacity + capacity / 2 + 1 : 1 + random.nextInt(5000));
            final int steps = Math.min(OPERATIONS_PER_TABLE, operations - done);
            for (int step = 0; step < steps; step++, done++) {
                final long key = pool[random.nextInt(pool.length)];
                final int at = done;
                final String where = (fixed ? "fixed(" + capacity + ")" : "growable") + " operation " + at;
                final int op = random.nextInt(100);
                if (op < 40) {
                    final int value = random.nextInt();
                    final long[] outcome = putBoth(kernel, reference, key, value);
                    tally.compare(outcome[0], outcome[1], () -> where + " put(" + key + ", " + value + ")");
                } else if (op < 60) {
                    tally.compare(reference.remove(key), kernel.remove(key), () -> where + " remove(" + key + ")");
                } else if (op < 85) {
                    tally.compare(reference.get(key), kernel.get(key), () -> where + " get(" + key + ")");
                } else if (op < 95) {
                    tally.compare(reference.containsKey(key) ? 1 : 0, kernel.containsKey(key) ? 1 : 0,
                            () -> where + " containsKey(" + key + ")");
                } else if (op < 99) {
                    final int n = random.nextInt(batch.length + 1);
                    final int offset = random.nextInt(batch.length - n + 1);
                    for (int i = 0; i < n; i++) {
                        batch[offset + i] = pool[random.nextInt(pool.length)];
                    }
                    kernel.getAll(batch, offset, n, kernelValues, 0);
                    reference.getAll(batch, offset, n, referenceValues, 0);
                    long kernelHash = n;
                    long referenceHash = n;
                    for (int i = 0; i < n; i++) {
                        kernelHash = kernelHash * 31 + kernelValues[i];
                        referenceHash = referenceHash * 31 + referenceValues[i];
                    }
                    tally.compare(referenceHash, kernelHash, () -> where + " getAll of " + n + " keys");
                } else if (random.nextInt(10) == 0) {
                    kernel.clear();
                    reference.clear();
                    tally.compare(reference.size(), kernel.size(), () -> where + " clear()");
                } else {
                    tally.compare(reference.size(), kernel.size(), () -> where + " size()");
                }
            }
        }
        return tally.outcome();
    }

    /**
     * Puts into both tables; returns {reference outcome, kernel outcome}, where the outcome is the previous
     * value, or a marker above the int range when the table refused the key as full.
     */
    private static long[] putBoth(final LineTable kernel, final HashMapLineTable reference, final long key,
            final int value) {
        final long full = 1L << 40;
        long expected;
        long actual;
        try {
            expected = reference.put(key, value);
        } catch (final IllegalStateException e) {
            expected = full;
        }
        try {
            actual = kernel.put(key, value);
        } catch (final IllegalStateException e) {
            actual = full;
        }
        return new long[] {expected, actual};
    }

    /** Distinct-ish keys: the edge keys, strided line addresses (low entropy) and random longs. */
    private static long[] keyPool(final SplittableRandom random, final int size) {
        final long[] pool = new long[size];
        final long base = random.nextLong() << LineAddress.LINE_SHIFT;
        for (int i = 0; i < size; i++) {
            pool[i] = switch (i % 3) {
                case 0 -> i < 3 * EDGE_KEYS.length ? EDGE_KEYS[i / 3] : random.nextLong();
                case 1 -> base + ((long) i << LineAddress.LINE_SHIFT);
                default -> random.nextLong();
            };
        }
        return pool;
    }
}
