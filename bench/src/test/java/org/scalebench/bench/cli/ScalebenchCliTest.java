package org.scalebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.scalebench.bench.cli.CliAssertions.assertBadInput;

import java.nio.file.Path;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ScalebenchCliTest {

    @Test
    void helpListsTheSubcommands() {
        final CliRun run = CliRun.of("--help");
        assertEquals(0, run.exitCode());
        for (final String sub : new String[] {"reproduce", "bench", "gate"}) {
            assertTrue(run.out().contains(sub), run.out());
        }
    }

    @Test
    void everyHelpTextRendersWithoutAPicocliWarning() {
        // picocli formats each description line; a bare percent sign makes it warn and print the raw line
        final ByteArrayOutputStream warnings = new ByteArrayOutputStream();
        final PrintStream err = System.err;
        final Deque<CommandLine> pending = new ArrayDeque<>(List.of(new CommandLine(new Scalebench())));
        int commands = 0;
        System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
        try {
            while (!pending.isEmpty()) {
                final CommandLine c = pending.pop();
                pending.addAll(c.getSubcommands().values());
                c.getUsageMessage();
                commands++;
            }
        } finally {
            System.setErr(err);
        }
        assertTrue(commands > 20, "every subcommand visited: " + commands);
        assertEquals("", warnings.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aCommandWithoutItsSubcommandIsBadInput() {
        // exit 0 with the usage would tell a script that the missing step ran
        assertBadInput(CliRun.of(), "a command is required: reproduce, coherence, train");
        assertBadInput(CliRun.of("train"), "a subcommand is required: project, collective");
        assertBadInput(CliRun.of("coherence"), "a subcommand is required: storage");
        assertBadInput(CliRun.of("coherence", "trace"), "a subcommand is required: convert");
    }

    @Test
    void versionNamesScalebenchAndTheJvm() {
        final CliRun run = CliRun.of("--version");
        assertEquals(0, run.exitCode());
        assertTrue(run.out().startsWith("scalebench "), run.out());
        assertTrue(run.out().contains("JVM"), run.out());
    }

    @Test
    void unknownOptionIsOneLineAndExitCodeTwo() {
        assertBadInput(CliRun.of("--frobnicate"), "--frobnicate");
    }

    @Test
    void unknownSubcommandIsABadInput() {
        assertBadInput(CliRun.of("frobnicate"), "frobnicate");
    }

    @Test
    void outOfRangeNumberNamesTheOption(@TempDir final Path dir) {
        final CliRun run = CliRun.of("reproduce", "--out", dir.toString(), "--operations", "0");
        assertBadInput(run, "--operations = 0: must be at least 1");
        assertEquals("scalebench: --operations = 0: must be at least 1", run.err().strip());
    }

    @Test
    void malformedNumberIsABadInput(@TempDir final Path dir) {
        assertBadInput(CliRun.of("reproduce", "--out", dir.toString(), "--seed", "abc"), "--seed");
    }
}
