package org.scalebench.coherence.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
        return new ExhaustiveChecker(CHIP, FormatSpec.parse(format), homes, cores, 2,
                ExhaustiveChecker.parseDomains(ExhaustiveChecker.defaultDomains(cores), cores), ways, 1);
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

    @ParameterizedTest(name = "{0} on {1}")
    @CsvSource({"FORGETS_A_SHARER, full-map, 3, single writer", "FORGETS_A_SHARER, dir-b-2, 3, single writer",
        "WRONG_GROUP_EXPANSION, coarse-vector-1, 4, not cover", "ACCEPTS_FOREIGN_DOMAIN_ID, cdr-sr, 3, not cover"})
    void plantedBugIsFoundWithAShortestTrace(final String bug, final String format, final int cores,
            final String expected) throws ReflectiveOperationException {
        final DirectoryFormatFactory planted = (DirectoryFormatFactory) PlantedFormats.class.getDeclaredField(bug).get(null);
        final ExhaustiveChecker checker = new ExhaustiveChecker(CHIP, FormatSpec.parse(format), "piton-low", cores, 2,
                ExhaustiveChecker.parseDomains(ExhaustiveChecker.defaultDomains(cores), cores), 2, 1, planted);
        final ExhaustiveChecker.Result r = checker.explore(2_000_000);
        final String trace = String.join("\n", r.trace());
        System.out.println(bug + " " + format + ": " + r.summary() + "\n" + trace);
        assertTrue(r.violations() > 0, bug + " survived: " + r.summary());
        assertTrue(r.violation().contains(expected), r.violation());
        assertTrue(trace.contains("violation: "), trace);
        assertFalse(r.trace().isEmpty());
    }
}
