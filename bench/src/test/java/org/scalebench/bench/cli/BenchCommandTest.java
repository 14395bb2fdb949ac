package org.scalebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.scalebench.bench.cli.CliAssertions.assertBadInput;
import static org.scalebench.bench.cli.CliAssertions.assertHelp;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scalebench.core.data.TextLimits;

class BenchCommandTest {

    @Test
    void helpDescribesRegexQuickAndJson() {
        assertHelp(CliRun.of("bench", "--help"), "REGEX", "--quick", "--json", "-p", "speedup");
    }

    @Test
    void unknownOptionIsABadInput() {
        assertBadInput(CliRun.of("bench", "--fast"), "--fast");
    }

    @Test
    void anEmptyRegexIsABadInputNotTheWholeSuite() {
        assertBadInput(CliRun.of("bench", ""), "REGEX '': empty; give a pattern, or none to run the whole suite");
        assertBadInput(CliRun.of("bench", " "), "REGEX ' ': empty");
    }

    @Test
    void jmhOptionsJmhRejectsLaterAreBadInputBeforeAnyRun() {
        assertBadInput(CliRun.of("bench", "^RangeReductionBench$", "--", "-bm", "foo"),
                "Unable to parse benchmark mode: \"foo\"; Known values are [Throughput/thrpt");
        assertBadInput(CliRun.of("bench", "^RangeReductionBench$", "--", "-rf", "foo"),
                "'FOO': must be one of TEXT, CSV, SCSV, JSON, LATEX");
        assertBadInput(CliRun.of("bench", "^RangeReductionBench$", "--", "-prof", "nosuchprof"),
                "-prof 'nosuchprof': no such profiler");
        assertBadInput(CliRun.of("bench", "^RangeReductionBench$", "--", "-prof", "gc:foo=1"),
                "-prof 'gc': f is not a recognized option");
    }

    @Test
    void invalidRegexIsABadInput() {
        assertBadInput(CliRun.of("bench", "Range[Reduction"), "REGEX 'Range[Reduction': not a regular expression");
    }

    @Test
    void regexMatchingNothingListsTheClasses() {
        assertBadInput(CliRun.of("bench", "NoSuchKernel"),
                "REGEX 'NoSuchKernel' matches no benchmark class (classes: ");
        assertBadInput(CliRun.of("bench", "NoSuchKernel"), "RangeReductionBatchBench, RangeReductionBench");
    }

    @Test
    void malformedParamIsABadInput() {
        assertBadInput(CliRun.of("bench", "RangeReduction", "-p", "n"), "-p 'n': expected NAME=VALUE[,VALUE...]");
        assertBadInput(CliRun.of("bench", "RangeReduction", "-p", "n=1,"), "-p 'n=1,': expected NAME=VALUE");
    }

    @Test
    void aParamValueGivenTwiceIsABadInput() {
        assertBadInput(CliRun.of("bench", "^RangeReductionBench$", "-p", "n=1000,1000"),
                "-p n: '1000' is given twice");
    }

    @Test
    void paramNoSelectedClassHasIsABadInput() {
        assertBadInput(CliRun.of("bench", "^RangeReductionBench$", "-p", "ways=8"),
                "-p 'ways': no selected benchmark class has that @Param (RangeReductionBench: n)");
    }

    @Test
    void paramValueOfTheWrongTypeIsABadInput() {
        assertBadInput(CliRun.of("bench", "^RangeReductionBench$", "-p", "n=1000,abc"),
                "-p n = 'abc': must be an int (RangeReductionBench.n)");
    }

    @Test
    void jsonPathThatIsADirectoryFailsBeforeRunning(@TempDir final Path dir) {
        assertBadInput(CliRun.of("bench", "--json", dir.toString()), "--json " + TextLimits.quoted(dir.toString()) + ": is a directory");
    }

    @Test
    @Tag("jmh")
    void printsKernelAgainstReferenceAndWritesJmhJson(@TempDir final Path dir) throws Exception {
        final Path json = dir.resolve("out/bench.json");
        final CliRun run = CliRun.of("bench", "--quick", "^RangeReductionBench$", "-p", "n=1000", "--json",
                json.toString());
        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().startsWith("bench: 1 class, 2 benchmark runs (1 fork, 5 x 200 ms warm-up"), run.out());
        assertTrue(run.out().matches("(?s).*RangeReductionBench +n=1000 +kernel +[0-9.]+ .*"), run.out());
        assertTrue(run.out().matches("(?s).*\\n +modulo +[0-9.]+ +±[0-9.]+ +[0-9.]+x +[0-9.e-]+\\n.*"), run.out());
        final String jmhJson = Files.readString(json);
        assertTrue(jmhJson.contains("\"benchmark\" : \"org.scalebench.bench.jmh.RangeReductionBench.kernel\""), jmhJson);
        assertTrue(jmhJson.contains("gc.alloc.rate.norm"), "run with -prof gc");
        try (var files = Files.list(json.getParent())) {
            assertEquals(1, files.count(), "no temporary file left");
        }
    }

    @Test
    void badJmhOptionAfterTheSeparatorIsABadInput() {
        assertBadInput(CliRun.of("bench", "RangeReduction", "--", "-f", "many"),
                "JMH options after '--' '-f many': ");
    }

    @Test
    void jmhOutputFilesAreCheckedBeforeAnyRun(@TempDir final Path dir) {
        assertBadInput(CliRun.of("bench", "^RangeReductionBench$", "--", "-rff", dir.toString()),
                "JMH's -rff " + TextLimits.quoted(dir.toString()) + ": is a directory");
        assertBadInput(CliRun.of("bench", "^RangeReductionBench$", "--json", dir.resolve("r.json").toString(), "--",
                "-rf", "json", "-rff", dir.resolve("r.json").toString()), "the same file as --json");
        // JMH's -o would be ignored: scalebench hands JMH its own output format
        assertBadInput(CliRun.of("bench", "^RangeReductionBench$", "--", "-o", dir.resolve("log.txt").toString()),
                "-o " + TextLimits.quoted(dir.resolve("log.txt").toString()) + ": scalebench prints JMH's output");
        assertEquals(Path.of("jmh-result.csv"), org.scalebench.bench.perf.JmhRunner.resultFile(BenchCommand.jmhOptions(List.of("-rf", "csv"))));
        assertEquals(Path.of("r.txt"), org.scalebench.bench.perf.JmhRunner.resultFile(BenchCommand.jmhOptions(List.of("-rff", "r.txt"))));
        assertEquals(null, org.scalebench.bench.perf.JmhRunner.resultFile(BenchCommand.jmhOptions(List.of("-f", "1"))));
    }

    /** Two classes, two JMH runs: the result file holds both (each run alone would replace the other's). */
    @Test
    @Tag("jmh")
    void aResultFileHoldsEveryClassRun(@TempDir final Path dir) throws Exception {
        final Path csv = dir.resolve("r.csv");
        final CliRun run = CliRun.of("bench", "^(RangeReductionBench|FastDivisorBench)$", "-p", "n=1000", "-p",
                "divisor=7", "-p", "operation=divide", "--json", dir.resolve("b.json").toString(), "--", "-rff",
                csv.toString(), "-f", "1", "-wi", "0", "-i", "1", "-r", "50ms");
        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("JMH results (-rf csv): " + csv), run.out());
        final String text = Files.readString(csv);
        assertTrue(text.contains("RangeReductionBench.kernel") && text.contains("FastDivisorBench.kernel"), text);
    }

    @Test
    void aBenchmarkJvmThatDoesNotStartIsBadInputBeforeAnyRun(@TempDir final Path dir) {
        assertBadInput(CliRun.of("bench", "^RangeReductionBench$", "--", "-jvmArgsAppend", "-Xmx1k"),
                "the benchmark JVM with '-Xmx1k' does not start: Error occurred during initialization of VM");
        final String missing = dir.resolve("no-java").toString();
        assertBadInput(CliRun.of("bench", "^RangeReductionBench$", "--", "-jvm", missing),
                "the benchmark JVM -jvm " + TextLimits.quoted(missing) + ": cannot run it");
        BenchCommand.checkForkJvm(BenchCommand.jmhOptions(List.of("-jvmArgsAppend", "-Xmx64m")));
    }

    @Test
    void benchmarkPatternAfterTheSeparatorIsABadInput() {
        assertBadInput(CliRun.of("bench", "--", "RangeReductionBench", "-f", "1"),
                "JMH options after '--': 'RangeReductionBench' selects benchmarks; give the pattern as REGEX before '--'");
    }

    @Test
    void listingOptionsAreABadInput() {
        assertBadInput(CliRun.of("bench", "--", "-l"), "-h, -l, -lp, -lprof and -lrf list instead of running");
    }

    @Test
    void twoPatternsBeforeTheSeparatorAreABadInput() {
        assertBadInput(CliRun.of("bench", "Range", "Topology", "--", "-f", "1"), "REGEX: give one pattern before '--'");
    }

    @Test
    void argumentsAfterTheFirstSeparatorAreJmhs() {
        assertEquals(List.of("-f", "1", "--", "x"), BenchCommand.jmhArgs(List.of("bench", "R", "--", "-f", "1", "--",
                "x")));
        assertEquals(List.of(), BenchCommand.jmhArgs(List.of("bench", "R")));
    }

    /** JMH options pass through unchanged and win over scalebench's defaults: here throughput mode. */
    @Test
    @Tag("jmh")
    void jmhOptionsAfterTheSeparatorReachJmh(@TempDir final Path dir) throws Exception {
        final Path json = dir.resolve("bench.json");
        final CliRun run = CliRun.of("bench", "^RangeReductionBench$", "-p", "n=1000", "--json", json.toString(),
                "--", "-f", "1", "-wi", "1", "-i", "1", "-w", "100ms", "-r", "100ms", "-bm", "thrpt", "-tu", "us");
        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("JMH options: -f 1 -wi 1 -i 1 -w 100ms -r 100ms -bm thrpt -tu us"), run.out());
        assertTrue(run.out().matches("(?s).*RangeReductionBench +n=1000 \\[thrpt\\] +kernel +[0-9.]+ .*"), run.out());
        assertTrue(run.err().contains("ops/us"), "JMH's own output is shown: " + run.err());
        final String jmhJson = Files.readString(json);
        assertTrue(jmhJson.contains("\"mode\" : \"thrpt\""), jmhJson);
        assertTrue(jmhJson.contains("\"measurementIterations\" : 1"), jmhJson);
    }
}
