package org.scalebench.coherence.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.BitSet;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.scalebench.coherence.domain.MapCacheBank;
import org.scalebench.coherence.domain.SharerDomains;

class DirectoryFormatTest {

    private static final int CORES = 1024;

    private static SharerDomains domains(final MapCacheBank smc) {
        final SharerDomains d = new SharerDomains(16, CORES, smc);
        final int[] members = new int[63];
        for (int i = 0; i < members.length; i++) {
            members[i] = 100 + 3 * i; // domain 0: cores 100, 103, ..., 286
        }
        d.define(0, members);
        return d;
    }

    private static DirectoryFormat format(final String id) {
        final MapCacheBank smc = new MapCacheBank(4, 16);
        return DirectoryFormats.create(FormatSpec.parse(id), 64, domains(smc), smc);
    }

    private static int[] targets(final DirectoryFormat f, final int entry) {
        final int[] out = new int[f.maxTargets()];
        final int n = f.invalidationTargets(entry, 0, out);
        final int[] t = Arrays.copyOf(out, n);
        Arrays.sort(t);
        return t;
    }

    @ParameterizedTest
    @ValueSource(strings = {"full-map", "dir-b-4", "dir-nb-4", "coarse-vector-4", "cdr-sr"})
    void fewSharersAreTrackedExactlyByEveryFormat(final String id) {
        final DirectoryFormat f = format(id);
        assertTrue(f.isEmpty(7));
        f.addSharer(7, 103, 0);
        f.addSharer(7, 100, 0);
        f.addSharer(7, 103, 0); // again: no change
        assertFalse(f.isEmpty(7));
        assertTrue(f.isExact(7));
        assertFalse(f.isBroadcast(7));
        assertArrayEquals(new int[] {100, 103}, targets(f, 7));
        f.removeSharer(7, 100);
        assertArrayEquals(new int[] {103}, targets(f, 7));
        f.removeSharer(7, 103);
        assertTrue(f.isEmpty(7), id + " frees an entry whose last sharer left");
    }

    @ParameterizedTest
    @ValueSource(strings = {"full-map", "dir-b-4", "dir-nb-4", "coarse-vector-4", "cdr-sr"})
    void ownerReplacesSharersAndResetEmpties(final String id) {
        final DirectoryFormat f = format(id);
        f.addSharer(3, 100, 0);
        f.setOwner(3, 700, 0);
        assertEquals(700, f.owner(3), "an owner outside the domain is tracked by its global id");
        assertEquals(0, targets(f, 3).length);
        assertFalse(f.isEmpty(3));
        f.reset(3);
        assertEquals(DirectoryFormat.NONE, f.owner(3));
        assertTrue(f.isEmpty(3));
    }

    @Test
    void fullMapMatchesABitSetOnRandomOperations() {
        final long seed = 99;
        final SplittableRandom random = new SplittableRandom(seed);
        final DirectoryFormat f = format("full-map");
        final BitSet[] reference = new BitSet[64];
        Arrays.setAll(reference, i -> new BitSet());
        for (int op = 0; op < 200_000; op++) {
            final int entry = random.nextInt(64);
            final int core = random.nextInt(CORES);
            if (random.nextBoolean()) {
                f.addSharer(entry, core, 0);
                reference[entry].set(core);
            } else {
                f.removeSharer(entry, core);
                reference[entry].clear(core);
            }
            if (op % 97 == 0) {
                assertArrayEquals(reference[entry].stream().toArray(), targets(f, entry), "seed " + seed + " op " + op);
            }
        }
    }

    @Test
    void dirBOverflowMovesToBroadcastUntilReset() {
        final DirectoryFormat f = format("dir-b-2");
        f.addSharer(0, 1, 0);
        f.addSharer(0, 2, 0);
        assertFalse(f.isBroadcast(0));
        assertEquals(DirectoryFormat.NONE, f.addSharer(0, 3, 0));
        assertTrue(f.isBroadcast(0));
        assertFalse(f.isExact(0));
        f.removeSharer(0, 1);
        assertTrue(f.isBroadcast(0), "a broadcast entry cannot forget sharers");
        f.reset(0);
        assertFalse(f.isBroadcast(0));
    }

    @Test
    void dirNbOverflowEvictsTheOldestSharer() {
        final DirectoryFormat f = format("dir-nb-2");
        f.addSharer(0, 10, 0);
        f.addSharer(0, 20, 0);
        assertEquals(10, f.addSharer(0, 30, 0), "the oldest pointer is dropped and must be invalidated");
        assertArrayEquals(new int[] {20, 30}, targets(f, 0));
        assertTrue(f.isExact(0));
        assertFalse(f.isBroadcast(0));
    }

    @Test
    void coarseVectorOverflowTracksGroupsOfCores() {
        final CoarseVectorFormat f = (CoarseVectorFormat) format("coarse-vector-2");
        // 2 pointers of 10 bits + 2 count bits = 22 bits: groups of 64 cores (1024 / 64 = 16 groups)
        assertEquals(64, f.groupSize());
        f.addSharer(0, 5, 0);
        f.addSharer(0, 70, 0);
        f.addSharer(0, 71, 0);
        assertFalse(f.isExact(0));
        final int[] t = targets(f, 0);
        assertEquals(128, t.length, "groups 0 and 1: cores 0..127");
        assertEquals(0, t[0]);
        assertEquals(127, t[127]);
        f.removeSharer(0, 5);
        assertEquals(128, targets(f, 0).length, "a group bit cannot be cleared for one sharer");
    }

    @Test
    void coarseVectorCountsItsTargetsAsGroupRunsOnceOverflowedAndDropsNoSharer() {
        final CoarseVectorFormat f = (CoarseVectorFormat) format("coarse-vector-2");
        assertEquals(16, f.maxTargetRuns(), "at most one run for each of the 16 groups of 64");
        assertEquals(DirectoryFormat.NONE, f.addSharer(0, 5, 0));
        assertEquals(DirectoryFormat.NONE, f.addSharer(0, 5, 0), "again: no change");
        assertEquals(DirectoryFormat.NONE, f.addSharer(0, 70, 0));
        assertFalse(f.countsTargets(0), "two exact pointers: listed one by one");
        assertEquals(DirectoryFormat.NONE, f.addSharer(0, 1000, 0), "the overflow keeps every sharer in its group");
        assertEquals(DirectoryFormat.NONE, f.addSharer(0, 6, 0));
        assertTrue(f.countsTargets(0));
        assertEquals(3 * 64, f.targetCount(0));
        final int[] runs = new int[2 * f.maxTargetRuns()];
        assertEquals(3, f.targetRuns(0, runs));
        assertArrayEquals(new int[] {0, 64, 64, 128, 960, 1024}, Arrays.copyOf(runs, 6));
        // the group size rounds N / field bits up: 8 cores in a 4-bit field (1 pointer of 3 bits and a count bit)
        // are 4 groups of 2, in an 8-bit field (2 pointers and 2 count bits) 8 groups of 1
        assertEquals(2, FormatSpec.coarseGroupSize(1, 8));
        assertEquals(1, FormatSpec.coarseGroupSize(2, 8));
    }

    @Test
    void cdrPublicSharerMovesTheLineToBroadcast() {
        final DirectoryFormat f = format("cdr-sr");
        f.addSharer(0, 100, 0); // LSID 0
        f.addSharer(0, 286, 0); // LSID 62
        assertArrayEquals(new int[] {100, 286}, targets(f, 0));
        assertEquals(1L | 1L << 62, ((CdrSharerFormat) f).logicalSharers(0), "bits of LSIDs 0 and 62");
        f.addSharer(0, 5, 0); // core 5 is not in domain 0: the public sharer (LSID 63)
        assertTrue(f.isBroadcast(0));
        assertFalse(f.isExact(0));
        final long lookups = f.mapCacheLookups();
        assertEquals(0, f.invalidationTargets(0, 0, new int[63]), "a broadcast entry names no target");
        assertEquals(lookups, f.mapCacheLookups(), "and walks no map");
    }

    @Test
    void cdrRequestUnderAnotherDomainIdBroadcasts() {
        final DirectoryFormat f = format("cdr-sr");
        f.addSharer(0, 100, 0);
        f.addSharer(0, 100, 1);
        assertTrue(f.isBroadcast(0));
    }

    @Test
    void cdrCountsSharerMapCacheMissesPerTableRow() {
        final DirectoryFormat f = format("cdr-sr");
        for (int lsid = 0; lsid < 8; lsid++) {
            f.addSharer(0, 100 + 3 * lsid, 0); // LSIDs 0..7: two table rows of four
        }
        targets(f, 0);
        assertEquals(8, f.mapCacheLookups());
        assertEquals(2, f.mapCacheMisses(), "one fetch per row of four mappings");
        targets(f, 0);
        assertEquals(2, f.mapCacheMisses(), "the second walk hits");
    }

    @Test
    void domainsRejectOversizedOrInvalidDefinitions() {
        final SharerDomains d = new SharerDomains(4, 128, null);
        final int[] tooMany = new int[64];
        Arrays.setAll(tooMany, i -> i);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> d.define(0, tooMany)).getMessage()
                .contains("64 members: must be in [1, 63]"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> d.define(0, new int[] {1, 200})).getMessage()
                .contains("core = 200: must be in [0, 128)"));
        assertThrows(IllegalArgumentException.class, () -> d.define(4, new int[] {1}));
        assertThrows(IllegalArgumentException.class, () -> d.define(0, new int[] {1, 1}));
        assertThrows(IllegalArgumentException.class, () -> new LimitedPointerFormat(FormatSpec.parse("full-map"), 4, 4));
    }

    @ParameterizedTest
    @ValueSource(strings = {"full-map", "dir-b-2", "dir-nb-2", "coarse-vector-2", "cdr-sr"})
    void coveredCoresAreTheInvalidationTargetsWithoutTouchingTheMapCache(final String id) {
        final DirectoryFormat f = format(id);
        f.addSharer(5, 100, 0);
        f.addSharer(5, 103, 0);
        f.addSharer(5, 106, 0);
        final int[] covered = new int[f.maxTargets()];
        final int n = f.coveredCores(5, covered);
        assertEquals(0, f.mapCacheLookups(), "covered cores read the table only");
        final int[] targets = new int[f.maxTargets()];
        assertEquals(n, f.invalidationTargets(5, 0, targets));
        assertArrayEquals(Arrays.copyOf(targets, n), Arrays.copyOf(covered, n));
        assertEquals(id.equals("cdr-sr") ? 3 : 0, f.mapCacheLookups());
    }

    @Test
    void describeIsCanonicalForEveryFormat() {
        final DirectoryFormat full = format("full-map");
        assertEquals("-", full.describe(1));
        full.addSharer(1, 103, 0);
        full.addSharer(1, 100, 0);
        assertEquals("S[100,103]", full.describe(1));
        full.setOwner(1, 7, 0);
        assertEquals("O7", full.describe(1));
        final DirectoryFormat dirB = format("dir-b-2");
        dirB.addSharer(1, 9, 0);
        dirB.addSharer(1, 4, 0);
        assertEquals("S[9,4]", dirB.describe(1), "pointers oldest first: their order decides Dir_i NB's victim");
        dirB.addSharer(1, 5, 0);
        assertEquals("B", dirB.describe(1));
        final DirectoryFormat coarse = format("coarse-vector-1");
        coarse.addSharer(1, 3, 0);
        assertEquals("P[3]", coarse.describe(1));
        coarse.addSharer(1, 4, 0);
        assertTrue(coarse.describe(1).startsWith("G[0,1,2,"), coarse.describe(1));
        final DirectoryFormat cdr = format("cdr-sr");
        cdr.addSharer(1, 103, 0);
        assertEquals("D0:2", cdr.describe(1), "domain 0, logical sharer 1");
        cdr.addSharer(1, 5, 0);
        assertEquals("B", cdr.describe(1));
    }

    @Test
    void formatSpecsParseAndRejectWithTheAllowedForms() {
        assertEquals("coarse-vector-4", FormatSpec.parse("coarse-vector").id());
        assertEquals("dir-nb-64", FormatSpec.parse(" DIR-NB-64 ").id());
        assertEquals("cdr-sr", FormatSpec.parse("cdr-sr").toString());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> FormatSpec.parse("dir-b-x")).getMessage()
                .contains("pointer count 'x' is not a number"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> FormatSpec.parse("dir-b-65")).getMessage()
                .contains("pointers = 65: must be in [1, 64]"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> FormatSpec.parse("snoop")).getMessage()
                .contains(FormatSpec.ALLOWED));
        assertThrows(IllegalArgumentException.class, () -> new FormatSpec(FormatSpec.Kind.FULL_MAP, 2));
        assertThrows(IllegalArgumentException.class, () -> new FormatSpec(FormatSpec.Kind.DIR_B, 0));
        assertThrows(IllegalArgumentException.class, () -> new FormatSpec(null, 0));
        assertTrue(FormatSpec.Kind.COARSE_VECTOR.hasPointers());
        assertFalse(FormatSpec.Kind.CDR_SR.hasPointers());
    }

    @Test
    void formatsRejectEmptyMachinesAndAcceptTheSmallest() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new FullMapFormat(0, 4)).getMessage()
                .startsWith("directory entries = 0: must be at least 1"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new FullMapFormat(4, 0)).getMessage()
                .startsWith("cores = 0: must be at least 1"));
        final DirectoryFormat one = new FullMapFormat(1, 1);
        assertEquals(1, one.capacity());
        assertEquals(1, one.cores());
        assertEquals("full-map", one.spec().id());
        final DirectoryFormat dirNb = new LimitedPointerFormat(FormatSpec.parse("dir-nb-3"), 2, 8);
        dirNb.addSharer(1, 5, 0);
        dirNb.addSharer(1, 6, 0);
        dirNb.addSharer(1, 7, 0);
        dirNb.removeSharer(1, 7);
        dirNb.removeSharer(1, 7); // gone already: the slot behind the last pointer is not a pointer
        assertArrayEquals(new int[] {5, 6}, targets(dirNb, 1));
        dirNb.addSharer(1, 7, 0);
        dirNb.removeSharer(1, 6);
        assertArrayEquals(new int[] {5, 7}, targets(dirNb, 1), "removal keeps the others in order");
        dirNb.removeSharer(1, 7);
        dirNb.removeSharer(1, 5);
        assertTrue(dirNb.isEmpty(1));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> new CoarseVectorFormat(FormatSpec.parse("dir-b-2"), 4, 4)).getMessage().contains("not a coarse"));
    }

    @Test
    void coarseVectorGroupsOnSmallMachines() {
        assertEquals(2, new CoarseVectorFormat(FormatSpec.parse("coarse-vector-1"), 4, 4).groupSize());
        assertEquals(2, new CoarseVectorFormat(FormatSpec.parse("coarse-vector-2"), 4, 16).groupSize());
        final CoarseVectorFormat f = new CoarseVectorFormat(FormatSpec.parse("coarse-vector-1"), 4, 5);
        f.addSharer(0, 4, 0);
        f.addSharer(0, 1, 0); // groups {0, 1} and {4}: core 5 does not exist
        assertArrayEquals(new int[] {0, 1, 4}, targets(f, 0));
        f.reset(0);
        f.addSharer(0, 3, 0);
        assertArrayEquals(new int[] {3}, targets(f, 0));
        f.addSharer(0, 0, 0); // coarse again: groups {0, 1} and {2, 3} only
        assertArrayEquals(new int[] {0, 1, 2, 3}, targets(f, 0), "reset leaves no stale group behind");
        f.setOwner(0, 2, 0);
        assertEquals(2, f.owner(0));
        assertEquals(0, targets(f, 0).length);
    }

    @Test
    void aCoarseVectorCountsAndTestsTheTargetsItLists() {
        // 1,000 cores leave the last group of each size short; 5 cores, groups of 2, a last group of one
        final SplittableRandom random = new SplittableRandom(20261205);
        for (final int cores : new int[] {1000, 1024, 5}) {
            for (final String id : new String[] {"coarse-vector-1", "coarse-vector-2", "coarse-vector-4"}) {
                final CoarseVectorFormat f = new CoarseVectorFormat(FormatSpec.parse(id), 8, cores);
                final int[] out = new int[f.maxTargets()];
                for (int round = 0; round < 200; round++) {
                    final int entry = random.nextInt(8);
                    f.reset(entry);
                    final int sharers = 1 + random.nextInt(12);
                    for (int k = 0; k < sharers; k++) {
                        f.addSharer(entry, random.nextInt(cores), 0);
                    }
                    if (!f.countsTargets(entry)) {
                        continue;
                    }
                    final int n = f.invalidationTargets(entry, 0, out);
                    assertEquals(n, f.targetCount(entry), id + " on " + cores + " cores, round " + round);
                    final BitSet listed = new BitSet(cores);
                    for (int i = 0; i < n; i++) {
                        listed.set(out[i]);
                    }
                    for (int core = 0; core < cores; core++) {
                        assertEquals(listed.get(core), f.targets(entry, core), id + " core " + core);
                    }
                }
            }
        }
        final CoarseVectorFormat cut = new CoarseVectorFormat(FormatSpec.parse("coarse-vector-1"), 4, 5);
        cut.addSharer(0, 4, 0);
        cut.addSharer(0, 1, 0); // groups {0, 1} and {4}
        assertEquals(3, cut.targetCount(0), "the last group holds one core, not two");
        assertFalse(format("dir-b-4").countsTargets(0));
    }

    /**
     * A core past the last was recorded by the pointer formats: in dir-nb-2 it evicted a real sharer and came back
     * as an invalidation target naming no core (asserted under -ea; the full map throws).
     */
    @Test
    void aCoreOutsideTheMachineIsAssertedByEveryFormat() {
        final LimitedPointerFormat nb = new LimitedPointerFormat(FormatSpec.parse("dir-nb-2"), 4, 8);
        nb.addSharer(0, 1, 0);
        nb.addSharer(0, 2, 0);
        assertThrows(AssertionError.class, () -> nb.addSharer(0, 8, 0)); // was: evicts core 1, targets {2, 8}
        assertThrows(AssertionError.class, () -> nb.addSharer(0, -1, 0));
        assertThrows(AssertionError.class, () -> nb.setOwner(1, 8, 0)); // was: owner 8
        assertThrows(AssertionError.class,
                () -> new LimitedPointerFormat(FormatSpec.parse("dir-b-2"), 4, 8).addSharer(0, 9, 0));
        assertThrows(AssertionError.class,
                () -> new CoarseVectorFormat(FormatSpec.parse("coarse-vector-2"), 4, 8).addSharer(0, 8, 0));
        assertThrows(AssertionError.class, () -> new HierarchicalFormat(4, 8).addSharer(0, 8, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> new FullMapFormat(4, 8).addSharer(0, 8, 0));
        assertEquals(2, nb.invalidationTargets(0, 0, new int[2]), "the entry still holds its two real sharers");
    }
}

