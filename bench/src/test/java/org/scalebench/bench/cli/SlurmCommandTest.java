package org.scalebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.scalebench.bench.cli.CliAssertions.assertBadInput;

import java.nio.file.Files;
import java.nio.file.Path;
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
}
