package org.scalebench.bench.check;

import java.util.SplittableRandom;
import org.scalebench.bench.reference.LinkedHashMapSetAssoc;
import org.scalebench.bench.reference.SetAssocReference;
import org.scalebench.bench.reference.TreePlruSetAssoc;
import org.scalebench.core.ReplacementPolicy;
import org.scalebench.core.SetAssocTags;

/**
 * {@link SetAssocTags} against its plain references, operation by operation: under LRU against
 * {@link LinkedHashMapSetAssoc} (same hits, same victims, same evicted tags), under TREE_PLRU against the
 * boolean-tree {@link TreePlruSetAssoc}. Each episode draws a geometry (1 to 64 sets; 1 to 64 ways, odd
 * ones included for LRU) and a tag pool about twice the capacity, extreme tags included, so sets fill,
 * conflict and evict.
 */
public final class SetAssocTagsCheck implements KernelCheck {

    private static final int EPISODE = 20_000;
    private static final int[] LRU_WAYS = {1, 2, 3, 4, 5, 7, 8, 12, 16, 64};
    private static final int[] PLRU_WAYS = {1, 2, 4, 8, 16, 32, 64};
    private static final long[] EXTREME_TAGS = {0L, -1L, Long.MIN_VALUE, Long.MAX_VALUE};

    @Override
    public String name() {
        return "SetAssocTags";
    }

    @Override
    public Outcome run(final long seed, final int operations) {
        final SplittableRandom random = new SplittableRandom(seed);
        final Tally tally = new Tally(name(), seed);
        for (int done = 0; done < operations; done += EPISODE) {
            final ReplacementPolicy policy = random.nextBoolean() ? ReplacementPolicy.LRU : ReplacementPolicy.TREE_PLRU;
            final int[] wayChoices = policy == ReplacementPolicy.LRU ? LRU_WAYS : PLRU_WAYS;
            final int sets = 1 << random.nextInt(7);
            final int ways = wayChoices[random.nextInt(wayChoices.length)];
            final SetAssocTags kernel = new SetAssocTags(sets, ways, policy);
            final SetAssocReference reference = policy == ReplacementPolicy.LRU
                    ? new LinkedHashMapSetAssoc(sets, ways) : new TreePlruSetAssoc(sets, ways);
            final long[] pool = tagPool(random, 2 * sets * ways + 1);
            episode(random, Math.min(EPISODE, operations - done), kernel, reference, pool, tally);
        }
        return tally.outcome();
    }

    private static long[] tagPool(final SplittableRandom random, final int size) {
        final long[] pool = new long[size + EXTREME_TAGS.length];
        System.arraycopy(EXTREME_TAGS, 0, pool, 0, EXTREME_TAGS.length);
        for (int i = EXTREME_TAGS.length; i < pool.length; i++) {
            pool[i] = random.nextLong();
        }
        return pool;
    }

    private static void episode(final SplittableRandom random, final int operations, final SetAssocTags kernel,
            final SetAssocReference reference, final long[] pool, final Tally tally) {
        final String where = kernel.toString();
        for (int op = 0; op < operations; op++) {
            final long tag = pool[random.nextInt(pool.length)];
            final int at = op;
            final int choice = random.nextInt(100);
            if (choice < 50) {
                final int found = kernel.find(tag);
                tally.compare(reference.find(tag), found, () -> where + " op " + at + ": find(" + tag + ")");
                if (found < 0) {
                    compareInsert(kernel, reference, tag, tally, where, at);
                }
            } else if (choice < 60) {
                compareInsert(kernel, reference, tag, tally, where, at);
            } else if (choice < 68) {
                tally.compare(reference.peek(tag), kernel.peek(tag), () -> where + " op " + at + ": peek(" + tag + ")");
            } else if (choice < 76) {
                tally.compare(reference.victim(tag), kernel.victim(tag), () -> where + " op " + at + ": victim(" + tag + ")");
            } else if (choice < 84) {
                tally.compare(reference.invalidateTag(tag) ? 1 : 0, kernel.invalidateTag(tag) ? 1 : 0,
                        () -> where + " op " + at + ": invalidateTag(" + tag + ")");
            } else if (choice < 88) {
                final int slot = random.nextInt(kernel.capacity());
                tally.compare(reference.isValid(slot) ? 1 : 0, kernel.isValid(slot) ? 1 : 0,
                        () -> where + " op " + at + ": isValid(" + slot + ")");
                kernel.invalidate(slot);
                reference.invalidate(slot);
            } else if (choice < 94) {
                final int set = kernel.setOf(tag);
                tally.compare(reference.occupancy(set), kernel.occupancy(set), () -> where + " op " + at + ": occupancy(" + set + ")");
            } else if (random.nextInt(2_000) == 0) {
                kernel.clear();
                reference.clear();
                tally.compare(reference.occupancy(0), kernel.occupancy(0), () -> where + " op " + at + ": clear()");
            } else {
                // the explicit protocol path: victim, then fill
                final int present = kernel.peek(tag);
                tally.compare(reference.peek(tag), present, () -> where + " op " + at + ": peek(" + tag + ") before fill");
                if (present < 0) {
                    final int slot = kernel.victim(tag);
                    kernel.fill(slot, tag);
                    tally.compare(reference.insert(tag), slot, () -> where + " op " + at + ": victim+fill(" + tag + ")");
                }
            }
        }
    }

    private static void compareInsert(final SetAssocTags kernel, final SetAssocReference reference, final long tag,
            final Tally tally, final String where, final int at) {
        tally.compare(reference.insert(tag), kernel.insert(tag), () -> where + " op " + at + ": insert(" + tag + ")");
        tally.compare(reference.lastInsertEvicted() ? 1 : 0, kernel.lastInsertEvicted() ? 1 : 0,
                () -> where + " op " + at + ": lastInsertEvicted after insert(" + tag + ")");
        if (reference.lastInsertEvicted()) {
            tally.compare(reference.lastEvictedTag(), kernel.lastEvictedTag(),
                    () -> where + " op " + at + ": lastEvictedTag after insert(" + tag + ")");
        }
    }
}
