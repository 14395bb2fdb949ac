package org.scalebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.scalebench.bench.cli.CliAssertions.assertBadInput;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scalebench.core.data.TextLimits;
import org.scalebench.bench.coherence.RealTraceReproduction;
import org.scalebench.core.Progress;
import org.scalebench.bench.report.PartResult;
import org.scalebench.coherence.sim.BinaryTrace;
import org.scalebench.coherence.sim.TraceSource;

/** profile, compose, splash3 and verdicts through the CLI, and the reproduce part over a traces directory. */
class TraceWorkloadCliTest {

    @TempDir
    Path dir;

    /** A 16-thread trace: random accesses, each thread mostly on its own pages, a few shared ones. */
    private Path program(final Path file, final int records) throws Exception {
        Files.createDirectories(file.getParent());
        final SplittableRandom random = new SplittableRandom(5);
        try (OutputStream out = Files.newOutputStream(file); BinaryTrace.Writer w = new BinaryTrace.Writer(out)) {
            for (int i = 0; i < records; i++) {
                final int thread = i % 16;
                final boolean shared = random.nextInt(10) == 0;
                final long page = shared ? 1000 + random.nextInt(4) : thread * 8L + random.nextInt(8);
                w.write(thread, random.nextInt(4) == 0, (page << 12) | (64L * random.nextInt(64)),
                        TraceSource.NO_DOMAIN);
            }
            w.finish();
        }
        return file;
    }

    @Test
    void profileWritesOneRowPerTraceAndTheOutsideShares() throws Exception {
        final Path t = program(dir.resolve("p.sbt"), 5000);
        final Path out = dir.resolve("prof.csv");
        final CliRun run = CliRun.of("coherence", "trace", "profile", t.toString(), "--out", out.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("5,000 accesses, 16 cores"), run.out());
        assertEquals(2, Files.readAllLines(out).size());
        assertEquals(1 + 12, Files.readAllLines(dir.resolve("prof-outside.csv")).size());
        assertBadInput(CliRun.of("coherence", "trace", "profile", t.toString(), "--out", dir.resolve("p.txt")
                .toString()), "the profile is CSV; the name must end in .csv");
    }

    @Test
    void profileRefusesATraceGivenTwiceAndATraceWithoutRecords() throws Exception {
        final Path t = program(dir.resolve("p.sbt"), 1000);
        final Path out = dir.resolve("prof.csv");
        final String again = dir.resolve(".").resolve("p.sbt").toString();
        assertBadInput(CliRun.of("coherence", "trace", "profile", t.toString(), again, "--out", out.toString()),
                "TRACE " + TextLimits.quoted(again) + " is given twice");
        final Path empty = Files.writeString(dir.resolve("empty.csv"), "core,op,address\n");
        assertBadInput(CliRun.of("coherence", "trace", "profile", t.toString(), empty.toString(), "--out",
                out.toString()), "TRACE " + TextLimits.quoted(empty.toString()) + ": the trace has no records");
        assertFalse(Files.exists(out), "nothing written");
    }

    @Test
    void composeRefusesWhatItCannotBuild() throws Exception {
        final Path t = program(dir.resolve("p.sbt"), 1000);
        final String out = dir.resolve("c.sbt").toString();
        assertBadInput(CliRun.of("coherence", "trace", "compose", "--domains", "rack", "--out", out, t.toString()),
                "--domains = 'rack': must be one of vm, app or page");
        assertBadInput(CliRun.of("coherence", "trace", "compose", "--domains", "vm", "--out", dir.resolve("c.csv")
                .toString(), t.toString()), "compose writes a binary trace; the name must end in .sbt");
        assertBadInput(CliRun.of("coherence", "trace", "compose", "--domains", "vm", "--out", out,
                dir.resolve("x.csv").toString()), "compose reads binary traces (.sbt)");
        assertBadInput(CliRun.of("coherence", "trace", "compose", "--domains", "vm", "--instances", "100", "--out",
                out, t.toString()), "--instances 100 on chip1024: instances = 100: 100 x 16 cores must fit the 1024 "
                        + "cores of chip1024");
        assertFalse(Files.exists(Path.of(out)));
        final CliRun ok = CliRun.of("coherence", "trace", "compose", "--domains", "page", "--instances", "4",
                "--accesses", "4000", "--out", out, t.toString());
        assertEquals(0, ok.exitCode(), ok.err());
        assertEquals(4000, BinaryTrace.records(Path.of(out)));
        final CliRun sim = CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "sr", "--workload",
                "trace:" + out, "--seed", "1", "--out", dir.resolve("run.csv").toString());
        assertEquals(0, sim.exitCode(), sim.err());
    }

    @Test
    void composeRefusesATraceGivenTwiceByAnyName() throws Exception {
        final Path t = program(dir.resolve("p.sbt"), 1000);
        final String out = dir.resolve("c.sbt").toString();
        final String again = dir.resolve(".").resolve("p.sbt").toString();
        assertBadInput(CliRun.of("coherence", "trace", "compose", "--domains", "vm", "--accesses", "1000", "--out", out,
                t.toString(), again), "TRACE " + TextLimits.quoted(again) + " is given twice");
        final Path link = Files.createSymbolicLink(dir.resolve("link.sbt"), t);
        assertBadInput(CliRun.of("coherence", "trace", "compose", "--domains", "vm", "--accesses", "1000", "--out", out,
                t.toString(), link.toString()), "TRACE " + TextLimits.quoted(link.toString()) + " is given twice");
        assertFalse(Files.exists(Path.of(out)), "nothing written");
    }

    @Test
    void composeNamesAnInputItCannotOpenOnOneLine() throws Exception {
        final String out = dir.resolve("c.sbt").toString();
        final Path folder = Files.createDirectories(dir.resolve("d.sbt"));
        assertBadInput(CliRun.of("coherence", "trace", "compose", "--domains", "vm", "--out", out, folder.toString()),
                folder + ": not a regular file (a directory); a binary trace is a .sbt file");
        final Path fifo = dir.resolve("f.sbt");
        final Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        if (mkfifo.waitFor() == 0) {
            assertTimeoutPreemptively(Duration.ofSeconds(20), () -> assertBadInput(CliRun.of("coherence", "trace",
                    "compose", "--domains", "vm", "--out", out, fifo.toString()), fifo + ": not a regular file (a "
                            + "device, FIFO or socket)"));
        }
        assertBadInput(CliRun.of("coherence", "trace", "compose", "--domains", "vm", "--out", out,
                dir.resolve("none.sbt").toString()), "no such file: " + TextLimits.quoted(dir.resolve("none.sbt")
                        .toString()));
        assertFalse(Files.exists(Path.of(out)));
    }

    @Test
    void splash3AndVerdictsRefuseADirectoryThatIsNotTheirs() {
        assertBadInput(CliRun.of("coherence", "trace", "splash3", "--checkout", dir.toString(), "--out",
                dir.resolve("o").toString()), "not a SPLASH-3 checkout (no codes/Makefile.config)");
        assertBadInput(CliRun.of("coherence", "trace", "splash3", "--checkout", dir.resolve("none").toString(),
                "--out", dir.resolve("o").toString()), "not a directory");
        assertBadInput(CliRun.of("coherence", "trace", "verdicts", "--traces", dir.toString(), "--out",
                dir.resolve("v").toString()), "no traces/ directory in it");
    }

    @Test
    void splash3RefusesThreadCountsAndProgramsItCannotRun() throws Exception {
        Files.createDirectories(dir.resolve("s/codes"));
        Files.writeString(dir.resolve("s/codes/Makefile.config"), "");
        final String checkout = dir.resolve("s").toString();
        assertBadInput(CliRun.of("coherence", "trace", "splash3", "--checkout", checkout, "--threads", "12", "--out",
                dir.resolve("o").toString()), "--threads 12: must be a power of two in [2, 1024]");
        assertBadInput(CliRun.of("coherence", "trace", "splash3", "--checkout", checkout, "--programs", "doom",
                "--out", dir.resolve("o").toString()), "--programs 'doom': must be one of fft, lu, radix, cholesky, "
                        + "ocean, barnes, fmm, water-nsquared, water-spatial");
    }

    @Test
    void theReproducePartSaysHowToMakeTracesWhenThereAreNone() throws Exception {
        final PartResult r = new RealTraceReproduction(dir.resolve("nothing"), "test").run(dir, true, 1, 1,
                Progress.NONE);
        assertTrue(r.markdown().contains("No SPLASH-3 traces in"), r.markdown());
        assertTrue(r.files().isEmpty());
    }

    @Test
    void theReproducePartComparesEveryDomainRuleBesideTheSyntheticWorkloads() throws Exception {
        program(dir.resolve("set/traces/fft-p16.sbt"), 20_000);
        program(dir.resolve("set/traces/fft-p64.sbt"), 100); // a larger thread count of the same program: not used
        final Path report = Files.createDirectories(dir.resolve("report"));
        final PartResult r = new RealTraceReproduction(dir.resolve("set"), List.of(), 4000L, "test").run(report, true,
                1, 2, Progress.NONE);
        assertEquals(List.of("splash3-compare.csv", "splash3-verdicts.csv"), r.files());
        final List<String> verdicts = Files.readAllLines(report.resolve("splash3-verdicts.csv"));
        assertEquals(1 + 2 * 6, verdicts.size(), "sr and sr+hr for fft-p16 and synthetic, each vm, app and page");
        assertTrue(verdicts.get(1).startsWith("fft-p16,vm,sr,"), verdicts.get(1));
        assertTrue(verdicts.get(7).startsWith("synthetic,vm,sr,"), verdicts.get(7));
        assertEquals(1 + 6 * 10, Files.readAllLines(report.resolve("splash3-compare.csv")).size());
        assertTrue(r.markdown().contains("| fft-p16 | vm |"), r.markdown());
        try (var left = Files.list(report)) {
            assertEquals(2, left.count(), "no composed trace left behind");
        }
    }
}
