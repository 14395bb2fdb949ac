package org.scalebench.coherence.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.scalebench.coherence.format.DirectoryFormatFactory;
import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.sim.SystemSpec;

/** Every format explores with no violation on a 3-core machine; planted bugs are found with a short trace. */
class ExhaustiveCheckerTest {

    private static final SystemSpec CHIP = SystemSpec.named("chip1024");

    private static ExhaustiveChecker checker(final String format, final String homes, final int cores,
            final int ways) {
        return new ExhaustiveChecker(CHIP, FormatSpec.parse(format), homes, new ExhaustiveChecker.Shape(cores, 2, ways, 1, 1),
                ExhaustiveChecker.parseDomains(ExhaustiveChecker.defaultDomains(cores), cores));
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"full-map, piton-low, 3, 1", "full-map, piton-low, 3, 2", "dir-b-1, piton-low, 3, 1",
        "dir-b-1, global, 3, 2", "dir-nb-1, global, 3, 1", "dir-nb-1, piton-high, 3, 2",
        "coarse-vector-1, piton-low, 4, 1", "coarse-vector-1, piton-mixed, 4, 2", "cdr-sr, piton-low, 3, 1",
        "cdr-sr, piton-low, 3, 2", "cdr-sr, global, 3, 1", "cdr-sr, uniform, 3, 2", "full-map, piton-middle, 3, 1"})
    void everyReachableStateIsCoherent(final String format, final String homes, final int cores, final int ways) {
        final long start = System.nanoTime();
        final ExhaustiveChecker.Result r = checker(format, homes, cores, ways).explore(2_000_000);
        System.out.println(format + " " + homes + " ways " + ways + ": " + r.summary() + " depth " + r.depth() + " in "
                + (System.nanoTime() - start) / 1_000_000 + " ms");
        assertEquals(0, r.violations(), r.violation() + "\n" + String.join("\n", r.trace()));
        assertTrue(r.complete());
        assertTrue(r.states() > 10, r.summary());
    }

    @Test
    void aForgetfulFormatAlsoLeavesAStaleCopyWhenItsEntryIsEvicted() {
        final ExhaustiveChecker checker = new ExhaustiveChecker(CHIP, FormatSpec.parse("full-map"), "piton-low",
                new ExhaustiveChecker.Shape(3, 2, 2, 1, 1), ExhaustiveChecker.parseDomains("0,1/1,2", 3),
                PlantedFormats.FORGETS_A_SHARER);
        final ExhaustiveChecker.Result r = checker.explore(100_000);
        assertEquals("line 0xc0: 1 cached copies but no directory entry at home 1", r.violation());
        assertEquals(4, r.trace().size(), "three steps and the violation");
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"full-map, piton-low, 3", "dir-b-1, piton-low, 3", "dir-nb-1, uniform, 3", "coarse-vector-1, piton-low, 4",
        "cdr-sr, piton-low, 3", "cdr-sr, global, 3"})
    void theDefaultShapeReachesEvictionsOfEveryKindWithoutAViolation(final String format, final String homes,
            final int cores) {
        final ExhaustiveChecker.Result r = new ExhaustiveChecker(CHIP, FormatSpec.parse(format), homes,
                ExhaustiveChecker.Shape.of(cores, 2),
                ExhaustiveChecker.parseDomains(ExhaustiveChecker.defaultDomains(cores), cores)).explore(1_000_000);
        assertEquals(0, r.violations(), r.violation() + "\n" + String.join("\n", r.trace()));
        assertTrue(r.states() > 150, r.summary());
    }

    @ParameterizedTest(name = "{0} on {1}")
    @CsvSource({"FORGETS_A_SHARER, full-map, 3, single writer", "FORGETS_A_SHARER, dir-b-2, 3, single writer",
        "WRONG_GROUP_EXPANSION, coarse-vector-1, 4, not cover", "ACCEPTS_FOREIGN_DOMAIN_ID, cdr-sr, 3, not cover"})
    void plantedBugIsFoundWithAShortestTrace(final String bug, final String format, final int cores,
            final String expected) throws ReflectiveOperationException {
        final DirectoryFormatFactory planted = (DirectoryFormatFactory) PlantedFormats.class.getDeclaredField(bug).get(null);
        final ExhaustiveChecker checker = new ExhaustiveChecker(CHIP, FormatSpec.parse(format), "piton-low",
                new ExhaustiveChecker.Shape(cores, 2, 2, 2, 1),
                ExhaustiveChecker.parseDomains(ExhaustiveChecker.defaultDomains(cores), cores), planted);
        final ExhaustiveChecker.Result r = checker.explore(2_000_000);
        final String trace = String.join("\n", r.trace());
        System.out.println(bug + " " + format + ": " + r.summary() + "\n" + trace);
        assertTrue(r.violations() > 0, bug + " survived: " + r.summary());
        assertTrue(r.violation().contains(expected), r.violation());
        assertTrue(trace.contains("violation: "), trace);
        assertFalse(r.trace().isEmpty());
    }

    /**
     * One line, global homes, three cores: the reachable states counted by hand. No line competes, so nothing
     * is evicted and the empty machine is never seen again: the initial state, E or M at each core (6), and
     * S at each set of two or three cores (4): 11 states, deepest the three sharers (3 loads). Dir_i B keeps
     * its pointers in arrival order (state: Dir_i NB would drop the oldest), so its S states are the 6 ordered
     * pairs and the 6 orders of three: 19. A cdr-sr Sharer Map Cache (one entry) adds whether an invalidation
     * walk has filled it: M at each core and the four S sets again, 18 states, the deepest three sharers after
     * a walk (load, load, store, load, load: 5).
     */
    @ParameterizedTest(name = "{0}: {1} states")
    @CsvSource({"full-map, 11, 3", "dir-b-4, 19, 3", "dir-b-1, 11, 3", "cdr-sr, 18, 5"})
    void oneLineOnThreeCoresReachesTheStatesCountedByHand(final String format, final int states, final int depth) {
        final ExhaustiveChecker checker = new ExhaustiveChecker(CHIP, FormatSpec.parse(format), "global",
                new ExhaustiveChecker.Shape(3, 1, 1, 1, 1), ExhaustiveChecker.parseDomains("0,1,2", 3));
        final ExhaustiveChecker.Result r = checker.explore(1000);
        assertEquals(states, r.states(), r.summary());
        assertEquals(states * 3L * 2, r.transitions());
        assertEquals(depth, r.depth());
        assertTrue(r.complete());
        assertEquals("explored " + states + " states, " + states * 6 + " transitions, 0 violations", r.summary());
        final ExhaustiveChecker.Result cut = checker.explore(5);
        assertEquals(5, cut.states());
        assertFalse(cut.complete());
        assertTrue(cut.summary().endsWith("(incomplete: state limit reached)"));
        assertTrue(cut.transitions() < 5 * 6, "stops at the sixth state found, not after trying every transition of "
                + "the five: " + cut.transitions());
    }

    @Test
    void theSearchStopsBeforeItsStatesOutgrowTheMemoryGivenAndReportsProgress() {
        final ExhaustiveChecker checker = new ExhaustiveChecker(CHIP, FormatSpec.parse("full-map"), "global",
                new ExhaustiveChecker.Shape(3, 1, 1, 1, 1), ExhaustiveChecker.parseDomains("0,1,2", 3));
        final long perState = checker.minimumBytesPerState();
        assertTrue(perState > ExhaustiveChecker.STATE_OVERHEAD_BYTES, "the key's characters count: " + perState);
        final List<long[]> reports = new java.util.ArrayList<>();
        final ExhaustiveChecker.Result r = checker.explore(1000, 4 * perState,
                (expanded, found, depth) -> reports.add(new long[] {expanded, found, depth}));
        assertFalse(r.complete());
        assertTrue(r.states() <= 4 && r.summary().contains("(incomplete: memory limit reached: "), r.summary());
        assertFalse(reports.isEmpty(), "progress reported at each new depth");
        assertEquals(0, reports.get(0)[0]);
        assertEquals(6, checker.transitionsPerState());
        final ExhaustiveChecker.Result whole = checker.explore(1000, Long.MAX_VALUE, ExhaustiveChecker.Progress.NONE);
        assertTrue(whole.complete() && whole.stopped().isEmpty(), whole.summary());
    }

    @Test
    void homeMapCachesAreState() {
        final ExhaustiveChecker.Shape one = new ExhaustiveChecker.Shape(2, 1, 1, 1, 1);
        final int[][] all = ExhaustiveChecker.parseDomains("0,1", 2);
        final long global = new ExhaustiveChecker(CHIP, FormatSpec.parse("full-map"), "global", one, all)
                .explore(1000).states();
        final long piton = new ExhaustiveChecker(CHIP, FormatSpec.parse("full-map"), "piton-low", one, all)
                .explore(1000).states();
        assertEquals(6, global, "initial, E or M at either core, both S");
        assertTrue(piton > global, "whether each core's Home Map Cache holds the row: " + piton);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"piton-low, 0xc0 0x40", "piton-middle, 0xc000 0x34000", "piton-high, 0x3000000 0x1000000",
        "global, 0x0 0xc0", "piton-mixed, 0xc0 0x40"})
    void linesFoldAndShareAHome(final String homes, final String expected) {
        final ExhaustiveChecker checker = new ExhaustiveChecker(CHIP, FormatSpec.parse("full-map"), homes,
                new ExhaustiveChecker.Shape(3, 2, 2, 1, 1), ExhaustiveChecker.parseDomains("0,1/1,2", 3));
        final StringBuilder text = new StringBuilder();
        for (final long a : checker.addresses()) {
            text.append(text.length() == 0 ? "" : " ").append("0x").append(Long.toHexString(a));
        }
        assertEquals(expected, text.toString());
    }

    @Test
    void theTraceNamesEveryStepAndTheStateAfterIt() {
        final ExhaustiveChecker checker = new ExhaustiveChecker(CHIP, FormatSpec.parse("full-map"), "piton-low",
                new ExhaustiveChecker.Shape(3, 2, 2, 2, 1), ExhaustiveChecker.parseDomains("0,1/1,2", 3),
                PlantedFormats.FORGETS_A_SHARER);
        final ExhaustiveChecker.Result r = checker.explore(100_000);
        assertEquals(java.util.List.of(
                "1. core 0 loads L0 (0xc0) as sharer domain 0: copies [core 0 E L0], directory [home 1 L0 O0]",
                "2. core 1 loads L0 (0xc0) as sharer domain 0: copies [core 0 S L0, core 1 S L0], directory "
                        + "[home 1 L0 S[0,1]]",
                "3. core 0 stores L0 (0xc0) as sharer domain 0: copies [core 0 M L0, core 1 S L0], directory "
                        + "[home 1 L0 O0]",
                "   violation: line 0xc0: single writer / many readers violated: 1 E/M and 1 S copies"), r.trace());
    }

    @Test
    void shapesAndDomainsAreValidated() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new ExhaustiveChecker.Shape(1, 2, 2, 1, 1))
                .getMessage().startsWith("cores = 1: must be in [2, 16]"));
        assertThrows(IllegalArgumentException.class, () -> new ExhaustiveChecker.Shape(17, 2, 2, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new ExhaustiveChecker.Shape(3, 0, 1, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new ExhaustiveChecker.Shape(3, 5, 8, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new ExhaustiveChecker.Shape(3, 3, 2, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new ExhaustiveChecker.Shape(3, 2, 3, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new ExhaustiveChecker.Shape(3, 2, 128, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new ExhaustiveChecker.Shape(3, 2, 2, 2, 0));
        assertThrows(IllegalArgumentException.class, () -> new ExhaustiveChecker.Shape(3, 2, 2, 2, 65));
        assertEquals(new ExhaustiveChecker.Shape(16, 4, 64, 4, 64), new ExhaustiveChecker.Shape(16, 4, 64, 4, 64));
        assertEquals(4, ExhaustiveChecker.Shape.of(3, 3).directoryWays());
        assertEquals(1, ExhaustiveChecker.Shape.of(3, 1).directoryWays());
        assertEquals(1, ExhaustiveChecker.Shape.of(3, 3).privateWays());
        assertEquals("0,1,2/2,3", ExhaustiveChecker.defaultDomains(4));
        assertEquals("0/0,1", ExhaustiveChecker.defaultDomains(2));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ExhaustiveChecker.parseDomains("0,0", 3))
                .getMessage().contains("lists a core twice"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ExhaustiveChecker.parseDomains("0,3", 3))
                .getMessage().contains("core 3 is not in [0, 3)"));
        assertThrows(IllegalArgumentException.class, () -> ExhaustiveChecker.parseDomains("-1", 3));
        assertThrows(IllegalArgumentException.class, () -> ExhaustiveChecker.parseDomains("0/1/2/0/1/2/0/1/2", 3));
        assertEquals(8, ExhaustiveChecker.parseDomains("0/1/2/0/1/2/0/1", 3).length);
        assertThrows(IllegalArgumentException.class, () -> new ExhaustiveChecker(CHIP, FormatSpec.parse("full-map"),
                "global", ExhaustiveChecker.Shape.of(3, 2), new int[][] {{0, 5}}));
        assertThrows(IllegalArgumentException.class, () -> new ExhaustiveChecker(CHIP, FormatSpec.parse("full-map"),
                "global", ExhaustiveChecker.Shape.of(3, 2), new int[0][]));
        assertThrows(IllegalArgumentException.class, () -> checker("full-map", "global", 3, 1).explore(0));
    }
}
