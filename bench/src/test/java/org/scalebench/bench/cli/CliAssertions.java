package org.scalebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Assertions shared by the subcommand tests. */
final class CliAssertions {

    private CliAssertions() {
    }

    /**
     * Asserts a bad-input run: exit code 2, one line on standard error containing {@code expected}, no stack trace.
     *
     * @param run the run
     * @param expected text the line must contain
     */
    static void assertBadInput(final CliRun run, final String expected) {
        assertEquals(2, run.exitCode(), run.out() + run.err());
        assertEquals(1, run.errLines(), run.err());
        assertTrue(run.err().startsWith("scalebench: "), run.err());
        assertTrue(run.err().contains(expected), "expected '" + expected + "' in: " + run.err());
        assertFalse(run.err().contains("\tat "), "no stack trace: " + run.err());
    }

    /**
     * Asserts that {@code --help} prints the usage and exits 0.
     *
     * @param run the run of {@code SUB --help}
     * @param mentions words the usage must contain
     */
    static void assertHelp(final CliRun run, final String... mentions) {
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().startsWith("Usage: scalebench "), run.out());
        for (final String word : mentions) {
            assertTrue(run.out().contains(word), "expected '" + word + "' in: " + run.out());
        }
    }
}
