package org.scalebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.scalebench.core.data.TextLimits;

/** Assertions shared by the subcommand tests. */
final class CliAssertions {

    private CliAssertions() {
    }

    /**
     * Asserts a bad-input run as the CLI promises it (docs/cli.md): exit code 2; one line on standard error, starting
     * {@code scalebench: } and containing {@code expected}; no stack trace; no control character or NUL (values
     * are echoed escaped); at most {@link TextLimits#MAX_MESSAGE_CHARS} characters. The one helper every CLI test
     * uses.
     *
     * @param run the run
     * @param expected text the line must contain
     */
    static void assertBadInput(final CliRun run, final String expected) {
        assertEquals(2, run.exitCode(), run.out() + run.err());
        assertEquals(1, run.errLines(), run.err());
        final String line = run.err().strip();
        assertTrue(line.startsWith("scalebench: "), run.err());
        assertTrue(line.contains(expected), "expected '" + expected + "' in: " + run.err());
        assertFalse(run.err().contains("\tat "), "no stack trace: " + run.err());
        assertTrue(line.chars().noneMatch(c -> Character.isISOControl(c) || c == '\u2028' || c == '\u2029'),
                "no control character: " + line);
        assertTrue(line.length() <= "scalebench: ".length() + TextLimits.MAX_MESSAGE_CHARS + 3, "bounded: " + line);
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
