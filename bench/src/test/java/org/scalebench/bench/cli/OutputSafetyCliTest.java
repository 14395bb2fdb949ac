package org.scalebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.scalebench.bench.cli.CliAssertions.assertBadInput;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scalebench.bench.io.OutputLocation;
import org.scalebench.bench.io.StagedDirectory;
import org.scalebench.core.data.TextLimits;

/**
 * Output paths are checked before any work and nothing the user did not name is replaced or left behind:
 * devices, FIFOs, directories and dangling links are refused, links are written
 * through, temporary files are removed on SIGTERM and after a SIGKILL, multi-file outputs appear as one set.
 */
class OutputSafetyCliTest {

    @TempDir
    Path dir;

    private static void run(final String... command) throws IOException, InterruptedException {
        final Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        assertEquals(0, p.waitFor(), String.join(" ", command));
    }

    private CliRun record(final String out) {
        return CliRun.of("coherence", "trace", "record", "--workload", "vm", "--accesses", "1000", "--out", out);
    }

    private List<String> hidden(final Path where) throws IOException {
        try (Stream<Path> files = Files.list(where)) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.startsWith(".")).toList();
        }
    }

    @Test
    void anOutputThatIsTheCommandsOwnInputIsRefusedAndTheInputKept() throws IOException {
        final Path model = Files.writeString(dir.resolve("m.csv"), "model,parameter,value,source\n"
                + "tiny,layers,4,a\ntiny,hidden,512,a\ntiny,heads,8,a\ntiny,kv_heads,8,a\ntiny,ffn_hidden,2048,a\n"
                + "tiny,swiglu,0,a\ntiny,seq_length,1024,a\ntiny,vocab,32000,a\n");
        final String modelText = Files.readString(model);
        assertBadInput(CliRun.of("train", "llm", "--model", model.toString(), "--gpus", "8", "--global-batch", "64",
                "--out", model.toString()), "--out '" + model + "': is the --model file '" + model + "'; writing it would"
                + " replace what the command reads");
        assertEquals(modelText, Files.readString(model));
        final Path trace = Files.writeString(dir.resolve("t.csv"), "core,op,address\n0,R,0\n1,W,64\n0,R,64\n");
        final String traceText = Files.readString(trace);
        assertBadInput(CliRun.of("coherence", "trace", "convert", trace.toString(), trace.toString()),
                "OUT '" + trace + "': is the IN file '" + trace + "'");
        assertBadInput(CliRun.of("coherence", "trace", "profile", "--out", trace.toString(), trace.toString()),
                "--out '" + trace + "': is the TRACE file '" + trace + "'");
        assertEquals(traceText, Files.readString(trace));
        // another path to the same file is the same file
        final Path link = dir.resolve("link.csv");
        Files.createSymbolicLink(link, model);
        assertBadInput(CliRun.of("train", "llm", "--model", model.toString(), "--gpus", "8", "--global-batch", "64",
                "--out", link.toString()), "is the --model file");
        assertEquals(modelText, Files.readString(model));
    }

    @Test
    void aFifoIsRefusedAndStaysAFifo() throws Exception {
        final Path fifo = dir.resolve("pipe.csv");
        run("mkfifo", fifo.toString());
        assertBadInput(record(fifo.toString()), "--out " + TextLimits.quoted(fifo.toString()) + ": is a FIFO (named pipe), expected a regular file");
        assertBadInput(CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "sr", "--workload", "vm",
                "--seed", "1", "--accesses", "100000000000", "--out", fifo.toString()), "is a FIFO (named pipe)");
        assertBadInput(CliRun.of("gate", "--out", fifo.toString()), "--out " + TextLimits.quoted(fifo.toString()) + ": is a FIFO (named pipe)");
        assertBadInput(CliRun.of("bench", "--json", fifo.toString()), "--json " + TextLimits.quoted(fifo.toString()) + ": is a FIFO (named pipe)");
        assertFalse(Files.isRegularFile(fifo));
        assertTrue(Files.exists(fifo));
    }

    @Test
    void aDeviceNodeIsRefusedAndStaysADevice() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "mknod needs root");
        final Path device = dir.resolve("null.csv");
        run("mknod", device.toString(), "c", "1", "3");
        assertBadInput(record(device.toString()), "--out " + TextLimits.quoted(device.toString()) + ": is a character device, expected a regular file");
        assertBadInput(CliRun.of("coherence", "trace", "convert", device.toString(), device.toString()),
                "is a character device");
        assertFalse(Files.isRegularFile(device));
    }

    @Test
    void aDirectoryGivenAsAFileIsRefused() {
        assertBadInput(record(dir.toString()), "--out " + TextLimits.quoted(dir.toString()) + ": is a directory, expected a regular file");
    }

    @Test
    void aSymbolicLinkIsWrittenThroughAndKept() throws IOException {
        final Path real = Files.writeString(dir.resolve("real.csv"), "old");
        final Path link = Files.createSymbolicLink(dir.resolve("link.csv"), real);
        assertEquals(0, record(link.toString()).exitCode());
        assertTrue(Files.isSymbolicLink(link));
        assertTrue(Files.readString(real).startsWith("core,op,address,domain\n"));
    }

    @Test
    void aDanglingLinkIsRefused() throws IOException {
        final Path link = Files.createSymbolicLink(dir.resolve("dangling.csv"), dir.resolve("missing.csv"));
        assertBadInput(record(link.toString()), "--out " + TextLimits.quoted(link.toString()) + ": is a symbolic link to a missing file");
        assertTrue(Files.isSymbolicLink(link));
    }

    @Test
    void emptyPathAndParentThatIsAFileAreRefused() throws IOException {
        assertBadInput(record(""), "--out '': an empty path");
        final Path file = Files.writeString(dir.resolve("plain"), "x");
        assertBadInput(record(file.resolve("t.csv").toString()), "--out " + TextLimits.quoted(file.resolve("t.csv").toString()) + ": " + file
                + " is a file, not a directory");
    }

    @Test
    void anUnwritableLocationIsRefusedWithoutATempFileName() {
        final CliRun run = record("/sys/scalebench-test.csv");
        assertBadInput(run, "--out '/sys/scalebench-test.csv': cannot write in /sys (");
        assertFalse(run.err().contains("scalebench-") && run.err().contains(".tmp"), run.err());
    }

    @Test
    void missingParentsAreCreated() throws IOException {
        final Path out = dir.resolve("a/b/t.sbt");
        assertEquals(0, record(out.toString()).exitCode());
        assertTrue(Files.size(out) > 8);
        assertEquals(List.of(), hidden(out.getParent()));
    }

    @Test
    void aCommandThatFailsTakesTheDirectoriesItCreatedAway() throws IOException {
        // bad input found after the output check: the created parents go again, an existing directory stays
        assertBadInput(CliRun.of("coherence", "trace", "record", "--workload", "vm", "--group-size", "3", "--out",
                dir.resolve("a/b/t.csv").toString()), "vm size = 3");
        assertFalse(Files.exists(dir.resolve("a")), "created parents removed");
        assertBadInput(CliRun.of("coherence", "sweep", "--sizes", "0", "--out", dir.resolve("sweep").toString()),
                "--sizes = 0: must divide");
        assertBadInput(CliRun.of("coherence", "compare", "--system", "chip1024", "--workload", "vm", "--group-size",
                "3", "--out", dir.resolve("c/d").toString()), "vm size = 3");
        assertFalse(Files.exists(dir.resolve("sweep")) || Files.exists(dir.resolve("c")), "output sets removed");
        assertTrue(Files.isDirectory(dir), "the directory that existed stays");
    }

    @Test
    void anOutputWrittenOnlyOnAFailureLeavesNoDirectoryWhenNotWritten() {
        // verify writes its replay log only on a violation: a run without one leaves no empty directory for it
        final Path log = dir.resolve("nd7/deeper/x.csv");
        final CliRun run = CliRun.of("coherence", "verify", "--format", "full-map", "--accesses", "10", "--replay-log",
                log.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertFalse(Files.exists(dir.resolve("nd7")), "no directory created for a log not written");
        assertTrue(Files.isDirectory(dir), "the directory that existed stays");
    }

    @Test
    void staleTemporaryFilesOfDeadProcessesAreRemovedOthersKept() throws Exception {
        final Process dead = new ProcessBuilder("true").start();
        dead.waitFor();
        final Path stale = Files.writeString(dir.resolve(".t.csv.scalebench-" + dead.pid() + "-1.tmp"), "junk");
        final Path live = Files.writeString(dir.resolve(".t.csv.scalebench-" + ProcessHandle.current().pid()
                + "-99.tmp"), "mine");
        final Path unrelated = Files.writeString(dir.resolve(".scalebench-notes"), "keep");
        assertEquals(0, record(dir.resolve("t.csv").toString()).exitCode());
        assertFalse(Files.exists(stale));
        assertTrue(Files.exists(live), "a live process's temporary file is not touched");
        assertTrue(Files.exists(unrelated));
        Files.delete(live);
    }

    private Process scalebench(final String... args) throws IOException {
        final List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Xmx512m", "-cp", System.getProperty("java.class.path"), Scalebench.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("log.txt").toFile())
                .start();
    }

    /** Waits until a hidden entry starting with {@code prefix} and ending with {@code suffix} appears. */
    private boolean waitForHidden(final Path where, final Process p, final String prefix, final String suffix)
            throws Exception {
        for (int i = 0; i < 600 && p.isAlive(); i++) {
            if (hidden(where).stream().anyMatch(n -> n.startsWith(prefix) && n.endsWith(suffix))) {
                return true;
            }
            Thread.sleep(50);
        }
        return false;
    }

    @Test
    void sigtermRemovesTheTemporaryFile() throws Exception {
        final Path out = Files.createDirectories(dir.resolve("term")).resolve("big.sbt");
        final Process p = scalebench("coherence", "trace", "record", "--workload", "vm", "--accesses", "2000000000",
                "--out", out.toString());
        assertTrue(waitForHidden(out.getParent(), p, ".big.sbt.", ".tmp"),
                "the run started writing: " + Files.readString(dir.resolve("log.txt")));
        Thread.sleep(200);
        p.destroy(); // SIGTERM
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(List.of(), hidden(out.getParent()), "no temporary file left after SIGTERM");
        assertFalse(Files.exists(out));
    }

    @Test
    void aFileOfAMultiFileOutputThatIsADirectoryIsRefusedBeforeTheWork() throws IOException {
        final Path out = Files.createDirectories(dir.resolve("cmp").resolve("compare.png"));
        final CliRun compare = CliRun.of("coherence", "compare", "--system", "chip1024", "--workload", "vm",
                "--active", "2", "--accesses", "20000", "--warmup", "20000", "--formats", "full-map", "--out",
                out.getParent().toString());
        assertBadInput(compare, "--out " + TextLimits.quoted(out.getParent().toString())
                + ": its file 'compare.png' is a directory, expected a regular file");
        assertFalse(compare.out().contains("simulated"), "no point ran: " + compare.out());
        assertFalse(Files.exists(out.resolveSibling("compare.csv")), "nothing of the set was written");
        final Path projection = Files.createDirectories(dir.resolve("proj").resolve("projection.csv"));
        assertBadInput(CliRun.of("train", "project", "--model", "gnmt", "--devices", "1,8", "--out",
                projection.getParent().toString()), "its file 'projection.csv' is a directory");
        final Path claims = Files.createDirectories(dir.resolve("train").resolve("claims.md"));
        assertBadInput(CliRun.of("train", "reproduce", "--out", claims.getParent().toString()),
                "its file 'claims.md' is a directory");
        assertEquals(List.of("claims.md"), names(claims.getParent()), "nothing of the set was written");
    }

    @Test
    void aSetIsPublishedWholeOrNotAtAll() throws Exception {
        final Path out = Files.createDirectories(dir.resolve("set"));
        final Path old = Files.writeString(out.resolve("a.csv"), "old a");
        try (StagedDirectory staged = StagedDirectory.open(out, List.of("a.csv", "b.csv"))) {
            Files.writeString(staged.staging().resolve("a.csv"), "new a");
            Files.writeString(staged.staging().resolve("b.csv"), "new b");
            Files.createDirectories(out.resolve("b.csv")); // appears while the command works
            final IOException e = org.junit.jupiter.api.Assertions.assertThrows(IOException.class,
                    () -> staged.publish(List.of("command: test")));
            assertTrue(e.getMessage().contains("its file 'b.csv' is a directory, expected a regular file; nothing was "
                    + "published"), e.getMessage());
        }
        assertEquals("old a", Files.readString(old), "no file of the set was moved");
        assertFalse(Files.exists(out.resolve(StagedDirectory.MARKER)));
        assertEquals(List.of("a.csv", "b.csv"), names(out), "the staging directory is removed");
    }

    @Test
    void anotherCommandsSetIsRefusedAndTheSameCommandReplacesItsOwn() throws IOException {
        final Path out = dir.resolve("results");
        final String[] project = {"train", "project", "--model", "gnmt", "--cluster", "dgx1", "--devices", "1,8",
            "--mp", "1,2", "--out", out.toString()};
        assertEquals(0, CliRun.of(project).exitCode());
        final String projection = Files.readString(out.resolve("projection.csv"));
        final Path mine = Files.writeString(out.resolve("notes.txt"), "mine");
        // train validate would remove projection.csv, which the user named only as a directory
        assertBadInput(CliRun.of("train", "validate", "--out", out.toString()), "--out '" + out + "': holds the output "
                + "of 'scalebench train project' (projection.csv), which this run would remove or replace: choose another "
                + "directory, or delete its scalebench-run.txt to keep those files as your own");
        assertEquals(projection, Files.readString(out.resolve("projection.csv")));
        assertEquals(List.of("notes.txt", "projection.csv", StagedDirectory.MARKER), names(out), "nothing written");
        // the same command with other options replaces its own set
        final String[] again = project.clone();
        again[7] = "1,8,64";
        assertEquals(0, CliRun.of(again).exitCode());
        assertTrue(Files.readString(out.resolve("projection.csv")).contains("gnmt,dgx1,64,"));
        // with the marker deleted the files are the user's: the other command writes its own beside them
        Files.delete(out.resolve(StagedDirectory.MARKER));
        assertEquals(0, CliRun.of("train", "validate", "--out", out.toString()).exitCode());
        assertEquals(List.of("corpus-validation.csv", "fitted-constants.csv", "notes.txt", "projection.csv",
                StagedDirectory.MARKER), names(out));
        assertEquals("mine", Files.readString(mine));
    }

    @Test
    void aMergedSetBelongsToItsStudyAndAForeignMarkerRemovesNothing() throws Exception {
        final Path out = Files.createDirectories(dir.resolve("merged"));
        Files.writeString(out.resolve("compare.csv"), "rows");
        Files.writeString(out.resolve(StagedDirectory.MARKER), "command: scalebench merge --out merged s0 s1\n"
                + "study: scalebench coherence compare --system chip1024\nfiles:\n  compare.csv\n");
        try (StagedDirectory staged = StagedDirectory.open(out, List.of(), List.of("coherence", "compare"))) {
            assertTrue(Files.isDirectory(staged.staging()), "the study's own command may replace a merged set");
        }
        final OutputLocation.Problem refused = org.junit.jupiter.api.Assertions.assertThrows(
                OutputLocation.Problem.class,
                () -> StagedDirectory.open(out, List.of(), List.of("coherence", "sweep")).close());
        assertEquals("holds the output of 'scalebench coherence compare' (compare.csv), which this run would remove or "
                + "replace: choose another directory, or delete its scalebench-run.txt to keep those files as your own",
                refused.getMessage());
        // a marker naming no command (not one scalebench wrote) claims nothing
        Files.writeString(out.resolve(StagedDirectory.MARKER), "files:\n  compare.csv\n");
        try (StagedDirectory staged = StagedDirectory.open(out, List.of(), List.of("coherence", "sweep"))) {
            assertTrue(Files.isDirectory(staged.staging()));
        }
    }

    private static List<String> names(final Path where) throws IOException {
        try (Stream<Path> files = Files.list(where)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void sigkillLeavesTheOldSetAndTheNextRunCleansUp() throws Exception {
        final Path out = Files.createDirectories(dir.resolve("report"));
        final Path old = Files.writeString(out.resolve("report.md"), "an older run");
        final Process p = scalebench("reproduce", "--out", out.toString(), "--parts", "none", "--operations",
                "2000000", "--bench", "PlantedRegression");
        assertTrue(waitForHidden(out, p, ".scalebench-", ".staging"),
                "the run staged its files: " + Files.readString(dir.resolve("log.txt")));
        p.destroyForcibly(); // SIGKILL: no shutdown hook runs
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals("an older run", Files.readString(old), "the older run's files are untouched");
        assertFalse(Files.exists(out.resolve(StagedDirectory.MARKER)));
        assertEquals(1, hidden(out).size(), "the killed run's staging directory is left: " + hidden(out));
        final CliRun next = CliRun.of("reproduce", "--out", out.toString(), "--parts", "none", "--operations", "10",
                "--bench", "PlantedRegression");
        assertEquals(0, next.exitCode(), next.out() + next.err());
        assertEquals(List.of(), hidden(out), "the next run removed the stale staging directory");
        final String marker = Files.readString(out.resolve(StagedDirectory.MARKER));
        assertTrue(marker.startsWith("command: scalebench reproduce --out"), marker);
        assertTrue(marker.contains("files:\n  benchmarks.csv\n"), marker);
        assertTrue(Files.readString(old).startsWith("# scalebench report"), "the new set replaced the old report");
        assertTrue(Files.isRegularFile(out.resolve("kernel-checks.csv"), LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void sigtermTakesJmhForksWithIt() throws Exception {
        final Path floors = Files.writeString(dir.resolve("floors.csv"),
                "benchmark,reference,params,min_speedup,max_bytes_per_op\n"
                        + "PlantedRegressionBench,modulo,variant=intact,0.01,0.01\n");
        // the output's directory does not exist yet: the output check creates it, and an interrupted run removes it
        final Path created = dir.resolve("new");
        final Process p = scalebench("gate", "--floors", floors.toString(), "--out", created.resolve("g.csv")
                .toString());
        ProcessHandle fork = null;
        for (int i = 0; i < 600 && p.isAlive() && fork == null; i++) {
            fork = p.toHandle().descendants().filter(h -> h.info().commandLine().orElse("").contains("ForkedMain"))
                    .findFirst().orElse(null);
            Thread.sleep(50);
        }
        assertTrue(fork != null, "a JMH fork started: " + Files.readString(dir.resolve("log.txt")));
        p.destroy(); // SIGTERM
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        // the gate waits for its signalled fork to end before it exits (the window only covers the reaping);
        // left alone the fork would finish its iteration first
        final ProcessHandle orphan = fork;
        for (int i = 0; i < 25 && orphan.isAlive(); i++) {
            Thread.sleep(20);
        }
        assertFalse(orphan.isAlive(), "the JMH fork ended with the gate");
        assertFalse(Files.exists(created), "the empty directory the output check created is removed");
    }
}
