package org.scalebench.bench.check;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.scalebench.bench.reference.LinkedHashMapMapCaches;
import org.scalebench.bench.reference.MapCacheBankReference;
import org.scalebench.bench.reference.RtlMapCaches;
import org.scalebench.coherence.domain.MapCacheBank;
import org.scalebench.coherence.domain.MapCacheReplacement;

/**
 * {@link MapCacheBank} against its plain references, comparing whole state after every operation: under LRU
 * against {@link LinkedHashMapMapCaches} (each cache's tags in recency order), under RTL against
 * {@link RtlMapCaches} (each entry's tag, the used and lock bits), with and without the Sharer Map Cache's miss
 * replay. Every access also compares hit or miss and the evicted tag; flushes compare the count dropped and
 * then every cache; the hit and miss counters are compared along the way. Each episode draws a policy, 1 to 3
 * caches, 1 to 64 entries and a pool of rows about twice the capacity (domain 0 and the largest domain id
 * included), so caches fill, conflict, evict and flush.
 */
public final class MapCacheBankCheck implements KernelCheck {

    /** Builds the reference for a bank: (caches, entries) to a reference, one per policy and replay. */
    @FunctionalInterface
    public interface ReferenceFactory {
        /**
         * A reference matching a bank.
         *
         * @param bank the kernel, fresh
         * @return a reference in the same empty state
         */
        MapCacheBankReference create(MapCacheBank bank);
    }

    private static final int EPISODE = 20_000;
    private static final int[] ENTRIES = {1, 2, 3, 4, 5, 8, 16, 17, 31, 64};
    private static final int[] EXTREME_DOMAINS = {0, MapCacheBank.MAX_DOMAIN};

    private final ReferenceFactory references;

    /** The check against the intact references. */
    public MapCacheBankCheck() {
        this(MapCacheBankCheck::reference);
    }

    /**
     * The check against other references (the tests plant bugs in them).
     *
     * @param references builds the reference of each episode's bank
     */
    public MapCacheBankCheck(final ReferenceFactory references) {
        this.references = references;
    }

    /**
     * The intact reference of a bank: a LinkedHashMap per cache under LRU, the plain used and lock bits under RTL.
     *
     * @param bank the kernel
     * @return its reference
     */
    public static MapCacheBankReference reference(final MapCacheBank bank) {
        return bank.replacement() == MapCacheReplacement.LRU
                ? new LinkedHashMapMapCaches(bank.caches(), bank.entries())
                : new RtlMapCaches(bank.caches(), bank.entries(), bank.missReplayed());
    }

    @Override
    public String name() {
        return "MapCacheBank";
    }

    @Override
    public Outcome run(final long seed, final int operations) {
        final SplittableRandom random = new SplittableRandom(seed);
        final Tally tally = new Tally(name(), seed);
        for (int done = 0; done < operations; done += EPISODE) {
            final MapCacheReplacement policy = MapCacheReplacement.values()[random.nextInt(2)];
            final int caches = 1 + random.nextInt(3);
            final int entries = ENTRIES[random.nextInt(ENTRIES.length)];
            final MapCacheBank kernel = random.nextBoolean() ? MapCacheBank.sharerMapCaches(caches, entries, policy)
                    : MapCacheBank.homeMapCaches(caches, entries, policy);
            final int[][] rows = rowPool(random, 2 * entries + 1);
            episode(random, Math.min(EPISODE, operations - done), kernel, references.create(kernel), rows, tally);
        }
        return tally.outcome();
    }

    /** Rows as {domain id, logical id}: a few domains so flushes find several rows, extreme ids included. */
    private static int[][] rowPool(final SplittableRandom random, final int size) {
        final int[][] pool = new int[size + EXTREME_DOMAINS.length][];
        for (int i = 0; i < pool.length; i++) {
            final int domain = i < EXTREME_DOMAINS.length ? EXTREME_DOMAINS[i] : 1 + random.nextInt(Math.max(2, size / 4));
            pool[i] = new int[] {domain, random.nextInt(64)};
        }
        return pool;
    }

    private static void episode(final SplittableRandom random, final int operations, final MapCacheBank kernel,
            final MapCacheBankReference reference, final int[][] rows, final Tally tally) {
        final String where = kernel.replacement().id() + (kernel.missReplayed() ? " replayed " : " ") + kernel.caches()
                + " x " + kernel.entries() + "-entry bank";
        for (int op = 0; op < operations; op++) {
            final int[] row = rows[random.nextInt(rows.length)];
            final int cache = random.nextInt(kernel.caches());
            final int logical = random.nextBoolean() ? row[1] : (row[1] & ~3) | random.nextInt(4); // same row
            final int at = op;
            final int choice = random.nextInt(100);
            if (choice < 85) {
                final int[] before = kernelState(kernel, cache);
                final boolean hit = reference.access(cache, row[0], logical);
                tally.compare(hit ? 1 : 0, kernel.access(cache, row[0], logical) ? 1 : 0,
                        () -> where + " op " + at + ": access(" + cache + ", " + row[0] + ", " + logical + ")");
                tally.compare(reference.lastVictim(), evicted(before, kernelState(kernel, cache), kernel.entries()),
                        () -> where + " op " + at + ": tag evicted by access(" + cache + ", " + row[0] + ", " + logical
                                + ")");
                compareState(kernel, reference, cache, tally, where + " op " + at);
            } else if (choice < 92) {
                tally.compare(reference.contains(cache, row[0], logical) ? 1 : 0,
                        kernel.contains(cache, row[0], logical) ? 1 : 0,
                        () -> where + " op " + at + ": contains(" + cache + ", " + row[0] + ", " + logical + ")");
            } else if (choice < 95) {
                tally.compare(reference.flushDomain(row[0]), kernel.flushDomain(row[0]),
                        () -> where + " op " + at + ": flushDomain(" + row[0] + ")");
                compareAll(kernel, reference, tally, where + " op " + at + " after flushDomain(" + row[0] + ")");
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
                compareAll(kernel, reference, tally, where + " op " + at + " after clear()");
            }
        }
    }

    private static void compareAll(final MapCacheBank kernel, final MapCacheBankReference reference,
            final Tally tally, final String where) {
        for (int c = 0; c < kernel.caches(); c++) {
            compareState(kernel, reference, c, tally, where);
        }
    }

    /**
     * Compares one cache's whole state, which adds no operation to the count.
     *
     * @param kernel the kernel
     * @param reference its reference
     * @param cache the cache
     * @param tally receives a mismatch
     * @param where the operation, for the message
     */
    static void compareState(final MapCacheBank kernel, final MapCacheBankReference reference, final int cache,
            final Tally tally, final String where) {
        final int[] expected = reference.state(cache);
        final int[] actual = kernelState(kernel, cache);
        if (!Arrays.equals(expected, actual)) {
            tally.mismatch(() -> where + ": whole-state check, cache " + cache + ": expected "
                    + Arrays.toString(expected) + ", got " + Arrays.toString(actual));
        }
    }

    /**
     * One cache's state in the form {@link MapCacheBankReference#state} gives it: under LRU the tags most
     * recently used first; under RTL every entry's tag, then the used and lock bits as low and high int halves.
     *
     * @param kernel the kernel
     * @param cache the cache
     * @return the state
     */
    static int[] kernelState(final MapCacheBank kernel, final int cache) {
        final int n = kernel.entries();
        if (kernel.replacement() == MapCacheReplacement.LRU) {
            final int[] tags = new int[n];
            return Arrays.copyOf(tags, kernel.tagsByRecency(cache, tags));
        }
        final int[] state = new int[n + 4];
        for (int e = 0; e < n; e++) {
            state[e] = kernel.slotTag(cache, e);
        }
        final long used = kernel.usedBits(cache);
        final long locked = kernel.lockedBits(cache);
        state[n] = (int) used;
        state[n + 1] = (int) (used >>> 32);
        state[n + 2] = (int) locked;
        state[n + 3] = (int) (locked >>> 32);
        return state;
    }

    /** The tag present before and gone after an access, or NONE (a hit, or a fill of an empty entry). */
    private static int evicted(final int[] before, final int[] after, final int entries) {
        final int tagsBefore = Math.min(before.length, entries);
        final int tagsAfter = Math.min(after.length, entries);
        for (int i = 0; i < tagsBefore; i++) {
            final int tag = before[i];
            if (tag != MapCacheBank.EMPTY && Arrays.stream(after, 0, tagsAfter).noneMatch(t -> t == tag)) {
                return tag;
            }
        }
        return MapCacheBankReference.NONE;
    }
}
