package org.scalebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.scalebench.bench.cli.CliAssertions.assertBadInput;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SlurmCommandTest {

    @TempDir
    Path dir;

    @Test
    void aStudyThatWouldFailInEveryTaskIsRefusedBeforeAnyScriptIsWritten() {
        final Path out = dir.resolve("sweep");
        assertBadInput(CliRun.of("slurm", "--shards", "4", "--", "coherence", "sweep", "--system", "chip1024",
                "--sizes", "0", "--out", out.toString()), "COMMAND: --sizes");
        assertFalse(Files.exists(out), "nothing written for a refused study");
    }

    @Test
    void aCommandThatIsNotAStudyIsNamed() {
        assertBadInput(CliRun.of("slurm", "--shards", "2", "--", "coherence", "storage", "--out",
                dir.resolve("s").toString()), "not a study command (use coherence compare, coherence sweep or train");
    }

    @Test
    void shardsOutOfRangeAreRefused() {
        assertBadInput(CliRun.of("slurm", "--shards", "0", "--", "coherence", "sweep", "--out",
                dir.resolve("s").toString()), "--shards = 0: must be in [1, 10000]");
    }

    private CliRun slurm(final String... options) {
        final List<String> args = new ArrayList<>(List.of("slurm", "--shards", "2"));
        args.addAll(List.of(options));
        args.addAll(List.of("--", "train", "project", "--model", "gnmt,biglstm", "--out", dir.resolve("p").toString()));
        return CliRun.of(args.toArray(String[]::new));
    }

    @Test
    void timeLimitsSlurmCannotTakeAreRefused() {
        assertBadInput(slurm("--time", "99999999999999999999999"), "--time '99999999999999999999999': must be "
                + "Slurm's time format");
        assertBadInput(slurm("--time", "0"), "--time '0': must be from 1 minute to 365 days");
        assertBadInput(slurm("--time", "366-0"), "must be from 1 minute to 365 days");
        assertBadInput(slurm("--time", "1-24"), "--time '1-24': hours = 24: must be at most 23");
        assertBadInput(slurm("--time", "10:60"), "--time '10:60': seconds = 60: must be at most 59");
        assertEquals(0, slurm("--time", "1-12:30").exitCode());
    }

    @Test
    void memoryTheJvmCannotLiveInIsRefusedAndTheHeapFitsTheLimit() throws Exception {
        assertBadInput(slurm("--mem", "0"), "--mem '0': must be from 512M to 64T");
        assertBadInput(slurm("--mem", "1K"), "--mem '1K': must be from 512M to 64T");
        assertBadInput(slurm("--mem", "65T"), "--mem '65T': must be from 512M to 64T");
        assertBadInput(slurm("--mem", "99999999999999999"), "must be from 512M to 64T");
        assertEquals(0, slurm("--mem", "512m").exitCode());
        final String script = Files.readString(dir.resolve("p").resolve("slurm").resolve("array.sh"));
        assertTrue(script.contains("#SBATCH --mem=512M\n") && script.contains("SCALEBENCH_JAVA_OPTS=-Xmx256m "), script);
        assertEquals(12 * 1024 - 12 * 1024 * 15 / 100, SlurmCommand.heapMiB("12G"));
        assertEquals(1024 - 256, SlurmCommand.heapMiB("1G"));
    }

    @Test
    void valuesAScriptCannotHoldAreRefusedInOneLine() {
        final CliRun newline = CliRun.of("slurm", "--shards", "2", "--", "train", "project", "--model",
                "gnmt\n#SBATCH --wrap=rm", "--out", dir.resolve("p").toString());
        assertBadInput(newline, "COMMAND argument 4 'gnmt\\n#SBATCH --wrap=rm': a line break or control character "
                + "cannot go into a batch script");
        assertBadInput(slurm("--partition", "batch\nmore"), "--partition 'batch\\nmore': must be a partition name");
        assertBadInput(CliRun.of("slurm", "--shards", "2", "--", "coherence", "sweep", "--sizes", "4,16", "--out",
                dir.resolve("back\\slash").toString()), "a backslash turns off sbatch's %a");
        assertFalse(Files.exists(dir.resolve("p").resolve("slurm")), "no script written");
    }

    @Test
    void moreTasksThanPointsAndHelpInsteadOfAStudyAreRefused() {
        assertBadInput(CliRun.of("slurm", "--shards", "5", "--", "train", "project", "--model", "gnmt,biglstm",
                "--out", dir.resolve("p").toString()), "--shards = 5: must be at most the 2 points of train project");
        assertBadInput(CliRun.of("slurm", "--shards", "2", "--", "coherence", "sweep", "--help", "--out",
                dir.resolve("p").toString()), "COMMAND: --help and --version print, they do not run a study");
    }

    @Test
    void trainLlmSearchIsNotListedAsAStudy() {
        for (final String command : List.of("slurm", "merge")) {
            final CliRun help = CliRun.of(command, "--help");
            assertFalse(help.out().contains("llm"), help.out());
        }
        assertBadInput(CliRun.of("slurm", "--shards", "2", "--", "train", "llm", "--search", "--model", "gpt3-175b",
                "--gpus", "8", "--global-batch", "8", "--out", dir.resolve("l.csv").toString()), "not a study command");
    }
}
