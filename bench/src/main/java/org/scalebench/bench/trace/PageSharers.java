package org.scalebench.bench.trace;

import java.util.Arrays;
import org.scalebench.core.Bits;
import org.scalebench.core.LineTable;

/**
 * The exact set of distinct cores that touch each page, kept sparsely: one entry per distinct (page, core) pair
 * seen, whatever the machine's core count. Pages are numbered 0, 1, 2, ...; every page below the count given to
 * {@link #seal} must have been touched.
 *
 * <p>While touches are added ({@link #add}), the pairs, as {@code page << 32 | core}, sit in a {@link LineTable}
 * used as a set (16 bytes a slot at load 0.25 to 0.5) and, the first time each is seen, in a list that doubles
 * (8 to 16 bytes): 40 to 80 bytes a pair. {@link #seal} sorts the list, drops the table and keeps per page a
 * sorted run of its cores (4 bytes a pair, 4 a page), then numbers the distinct sets, compared by content (a hash,
 * then the cores): a number per page and, per set, the first page that has it. Not thread-safe.
 */
final class PageSharers {

    /** The most distinct (page, core) pairs: those one {@link LineTable} holds. */
    static final int MAX_PAIRS = LineTable.MAX_ENTRIES;
    private static final int ABSENT = -1;

    private final int maxPairs;
    private LineTable seen = new LineTable(1 << 10, ABSENT);
    /** The distinct pairs in first-seen order, then sorted; dropped by {@link #seal}. */
    private long[] pairs = new long[1 << 10];
    private int pairCount;
    /** Page p's cores, ascending: {@code cores[start[p] .. start[p + 1])}. */
    private int[] cores;
    private int[] start;
    /** Per page, the number of its set; per set, its first page. */
    private int[] setOf;
    private int[] firstPageOf;
    private int sets;

    /** @param maxPairs the most distinct pairs to hold: {@link #MAX_PAIRS}, or fewer in tests */
    PageSharers(final int maxPairs) {
        this.maxPairs = maxPairs;
    }

    /** Records that {@code core} touched {@code page}. */
    void add(final int page, final int core) {
        final long pair = (long) page << 32 | core;
        if (seen.get(pair) != ABSENT) {
            return;
        }
        if (pairCount == maxPairs) {
            throw new IllegalArgumentException("trace compose: page domains keep every distinct (page, core) pair: more"
                    + " than " + maxPairs + " pairs, the most one table holds; compose fewer accesses or instances, or"
                    + " with application or VM domains");
        }
        seen.put(pair, 0);
        if (pairCount == pairs.length) {
            pairs = Arrays.copyOf(pairs, Bits.grownLength(pairs.length, pairCount + 1L,
                    "trace compose: page domains' (page, core) pairs"));
        }
        pairs[pairCount++] = pair;
    }

    /**
     * Ends the touches: sorts each page's cores and numbers the distinct sets in the order of their first page.
     *
     * @param pages the pages, each touched at least once
     */
    void seal(final int pages) {
        seen = null;
        Arrays.sort(pairs, 0, pairCount);
        cores = new int[pairCount];
        start = new int[pages + 1];
        for (int i = 0; i < pairCount; i++) {
            cores[i] = (int) pairs[i];
            start[(int) (pairs[i] >>> 32) + 1]++;
        }
        for (int p = 0; p < pages; p++) {
            start[p + 1] += start[p];
        }
        pairs = null;
        numberSets(pages);
    }

    /**
     * Numbers the sets with an open-addressing table of first pages (plus one, 0 for an empty slot) and their hashes,
     * at load at most 0.5 (pages are at most {@link #MAX_PAIRS}, 2^28, so the slots at most 2^30).
     */
    private void numberSets(final int pages) {
        setOf = new int[pages];
        firstPageOf = new int[pages];
        final int slots = Integer.highestOneBit(Math.max(1, pages - 1)) << 2;
        final int shift = 32 - Bits.floorLog2(slots);
        final int[] pageAt = new int[slots];
        final int[] hashAt = new int[slots];
        for (int p = 0; p < pages; p++) {
            final int hash = hash(p);
            int s = (hash * 0x9E37_79B9) >>> shift;
            while (pageAt[s] != 0 && (hashAt[s] != hash || !sameCores(pageAt[s] - 1, p))) {
                s = (s + 1) & (slots - 1);
            }
            if (pageAt[s] == 0) {
                pageAt[s] = p + 1;
                hashAt[s] = hash;
                firstPageOf[sets] = p;
                setOf[p] = sets++;
            } else {
                setOf[p] = setOf[pageAt[s] - 1];
            }
        }
        firstPageOf = Arrays.copyOf(firstPageOf, sets);
    }

    private int hash(final int page) {
        int h = 1;
        for (int i = start[page]; i < start[page + 1]; i++) {
            h = 31 * h + cores[i];
        }
        return h;
    }

    private boolean sameCores(final int a, final int b) {
        return Arrays.equals(cores, start[a], start[a + 1], cores, start[b], start[b + 1]);
    }

    /** @return the distinct sets (after {@link #seal}) */
    int sets() {
        return sets;
    }

    /** @return the number of {@code page}'s set, from 0 in the order of first pages (after {@link #seal}) */
    int setOf(final int page) {
        return setOf[page];
    }

    /**
     * Orders two sets as their bit sets (bit {@code c mod 64} of word {@code c / 64} for core {@code c}) compare
     * word by word as signed longs, the first word that differs deciding ({@code Arrays.compare} of the dense
     * composer's {@code long[]}): in that word the set with the highest differing core is the greater, unless that
     * core's bit is the sign bit (core 63 of the word), which makes it the smaller.
     *
     * @return negative, 0 (the same set) or positive
     */
    int compareSets(final int a, final int b) {
        final int pa = firstPageOf[a];
        final int pb = firstPageOf[b];
        int i = start[pa];
        int j = start[pb];
        final int endA = start[pa + 1];
        final int endB = start[pb + 1];
        while (i < endA || j < endB) {
            final int word = Math.min(i < endA ? cores[i] >>> 6 : Integer.MAX_VALUE,
                    j < endB ? cores[j] >>> 6 : Integer.MAX_VALUE);
            long bitsA = 0;
            for (; i < endA && cores[i] >>> 6 == word; i++) {
                bitsA |= 1L << cores[i];
            }
            long bitsB = 0;
            for (; j < endB && cores[j] >>> 6 == word; j++) {
                bitsB |= 1L << cores[j];
            }
            if (bitsA != bitsB) {
                return Long.compare(bitsA, bitsB);
            }
        }
        return 0;
    }
}
