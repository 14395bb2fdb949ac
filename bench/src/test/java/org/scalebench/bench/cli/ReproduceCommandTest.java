package org.scalebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.scalebench.bench.cli.CliAssertions.assertBadInput;
import static org.scalebench.bench.cli.CliAssertions.assertHelp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scalebench.core.data.TextLimits;

class ReproduceCommandTest {

    @TempDir
    Path dir;

    @Test
    void helpDescribesQuickFullAndOut() {
        assertHelp(CliRun.of("reproduce", "--help"), "--quick", "--full", "--out", "--seed", "report.md");
    }

    @Test
    void quickAndFullExcludeEachOther() {
        assertBadInput(CliRun.of("reproduce", "--out", dir.toString(), "--quick", "--full"),
                "--quick and --full exclude each other");
    }

    @Test
    void missingFloorsFileIsABadInput() {
        assertBadInput(CliRun.of("reproduce", "--out", dir.toString(), "--floors", dir.resolve("no.csv").toString()),
                "--floors " + TextLimits.quoted(dir.resolve("no.csv").toString()) + ": no such file");
    }

    @Test
    void jobsOutOfRangeIsRefusedBeforeAnyWork() {
        final Path out = dir.resolve("report");
        assertBadInput(CliRun.of("reproduce", "--out", out.toString(), "--jobs", "0"), "--jobs = 0: must be in [1, ");
        for (final String bad : new String[] {"0", "-3", "1025"}) {
            assertBadInput(CliRun.of("reproduce", "--out", out.toString(), "--threads", bad),
                    "--threads = " + bad + ": must be in [1, 1024]");
        }
        assertFalse(Files.exists(out), "nothing written");
    }

    @Test
    void invalidBenchRegexIsABadInput() {
        assertBadInput(CliRun.of("reproduce", "--out", dir.toString(), "--bench", "("), "--bench '(': not a regular");
    }

    @Test
    void outDirectoryUnderAFileIsABadInput() throws Exception {
        final Path file = Files.writeString(dir.resolve("plain"), "x");
        assertBadInput(CliRun.of("reproduce", "--out", file.resolve("report").toString()), "is a file, not a directory");
    }

    @Test
    @Tag("jmh")
    void runsTheStepsAndWritesTheReportWithItsFiles() throws Exception {
        final Path floors = Files.writeString(dir.resolve("floors.csv"),
                "benchmark,reference,params,min_speedup,max_bytes_per_op\nRangeReductionBench,modulo,n=1024,2,0.01\n");
        final Path out = dir.resolve("report");
        final CliRun run = CliRun.of("reproduce", "--out", out.toString(), "--operations", "2000",
                "--bench", "^RangeReductionBench$", "--floors", floors.toString(), "--parts", "none");
        assertEquals(0, run.exitCode(), run.out() + run.err());
        final List<String> steps = run.out().lines().filter(l -> l.startsWith("[")).toList();
        assertEquals(4, steps.size(), run.out());
        assertTrue(steps.get(0).startsWith("[1/4] kernel validation"), steps.get(0));
        assertTrue(steps.get(1).startsWith("[2/4] benchmarks: 1 class, 2 benchmark runs (1 fork, 1 x 100 ms"), steps.get(1));
        assertTrue(steps.get(2).startsWith("[3/4] paper results"), steps.get(2));
        assertTrue(run.out().contains("0 mismatches"), run.out());

        final String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.contains("`scalebench reproduce --out " + out), report);
        assertTrue(report.contains("| RangeReduction | 2,000 | 0 | - |"), report);
        assertTrue(report.matches("(?s).*\\| RangeReductionBench \\| n=1024 \\| modulo \\| [0-9.]+ \\| [0-9.]+ \\| "
                + "[0-9.]+x \\|.*"), report);
        assertTrue(report.contains("| JMH | 1.37 |"), report);
        try (Stream<Path> files = Files.list(out)) {
            assertEquals(List.of("benchmarks.csv", "jmh.json", "kernel-checks.csv", "report.md", "scalebench-run.txt"),
                    files.map(p -> p.getFileName().toString()).sorted().toList(), "no temporary file or staging directory left; the completion marker is there");
        }
        for (final String linked : List.of("benchmarks.csv", "jmh.json", "kernel-checks.csv")) {
            assertTrue(report.contains("[" + linked + "](" + linked + ")"), linked);
        }
    }

    /** A part given two jobs writes exactly the files it writes on one (the report's timings aside). */
    @Test
    @Tag("jmh")
    void partsWriteTheSameFilesWhateverTheJobs(@TempDir final Path dir) throws IOException {
        for (final String jobs : new String[] {"1", "2"}) {
            final CliRun run = CliRun.of("reproduce", "--out", dir.resolve("jobs" + jobs).toString(), "--parts",
                    "training", "--bench", "PlantedRegression", "--operations", "10", "--jobs", jobs);
            assertEquals(0, run.exitCode(), run.out() + run.err());
        }
        assertTrue(CliRun.of("reproduce", "--help").out().contains("--jobs"));
        try (Stream<Path> files = Files.list(dir.resolve("jobs1"))) {
            final List<String> names = files.map(p -> p.getFileName().toString())
                    .filter(n -> (n.startsWith("llm") || n.startsWith("hybrid") || n.startsWith("speedup"))
                            && (n.endsWith(".csv") || n.endsWith(".png"))).sorted().toList();
            assertTrue(names.size() >= 4, names.toString());
            for (final String name : names) {
                assertEquals(-1L, Files.mismatch(dir.resolve("jobs1").resolve(name), dir.resolve("jobs2").resolve(name)),
                        name + " differs between --jobs 1 and --jobs 2");
            }
        }
    }
}
