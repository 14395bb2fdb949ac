package org.scalebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.scalebench.bench.cli.CliAssertions.assertBadInput;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scalebench.bench.trace.RawTrace;
import org.scalebench.bench.trace.TracerRuntime;

/**
 * The tracer runtime on the project's own multi-threaded program ({@code bench/src/test/c/tracer/sharing.c}),
 * built with the system's C compiler and captured through the CLI: thread numbers, order, atomics, ranges, lines
 * crossed, the cap, and every way a capture can fail. Skipped, saying so, only when no C compiler exists.
 */
class TraceCaptureCliTest {

    private static final int WORKERS = 4;
    private static final int ROUNDS = 1000;

    @TempDir
    static Path build;

    @TempDir
    Path dir;

    private static Path traced;
    private static Path plain;

    @BeforeAll
    static void buildTheTestProgram() throws Exception {
        Assumptions.assumeTrue(TracerRuntime.compiler().isPresent(), "no C compiler ($CC, cc, gcc or clang) on the "
                + "PATH: the tracer runtime cannot be built, its tests are skipped");
        final String cc = TracerRuntime.compiler().orElseThrow();
        final Path library = TracerRuntime.library();
        final Path source = Path.of("src", "test", "c", "tracer", "sharing.c").toAbsolutePath();
        compile(List.of(cc, "-O2", "-pthread", "-fsanitize=thread", "-c", source.toString(), "-o", "traced.o"));
        compile(List.of(cc, "-pthread", "-o", "traced", "traced.o", library.toString()));
        compile(List.of(cc, "-O2", "-pthread", "-c", source.toString(), "-o", "plain.o"));
        compile(List.of(cc, "-pthread", "-o", "plain", "plain.o", library.toString()));
        traced = build.resolve("traced");
        plain = build.resolve("plain");
    }

    private static void compile(final List<String> command) throws Exception {
        final Process p = new ProcessBuilder(command).directory(build.toFile()).redirectErrorStream(true).start();
        final String output = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), String.join(" ", command) + ": " + output);
    }

    private CliRun capture(final Path out, final String... more) {
        final List<String> args = new ArrayList<>(List.of("coherence", "trace", "capture", "--out", out.toString()));
        args.addAll(List.of(more));
        return CliRun.of(args.toArray(String[]::new));
    }

    private static List<long[]> read(final Path trace) throws IOException {
        return org.scalebench.bench.trace.TraceRecords.read(trace);
    }

    @Test
    void everyWorkerIsNumberedInCreationOrderAndItsAccessesAreExact() throws Exception {
        final Path out = dir.resolve("t.sbt");
        final CliRun run = capture(out, "--", traced.toString(), Integer.toString(WORKERS), Integer.toString(ROUNDS));
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().startsWith("captured "), run.out());
        assertTrue(run.out().contains(" of " + (WORKERS + 1) + " threads"), run.out());
        final List<long[]> records = read(out);
        final Map<Long, Long> lineOwner = new HashMap<>();
        final long[] ownLine = new long[WORKERS + 1];
        for (int core = 1; core <= WORKERS; core++) {
            // a worker's most used line is its own line of `own`: ROUNDS loads and ROUNDS stores, alternating
            final Map<Long, Integer> uses = new HashMap<>();
            for (final long[] r : records) {
                if (r[0] == core) {
                    uses.merge(r[2] >>> 6, 1, Integer::sum);
                }
            }
            final long line = uses.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
            assertEquals(2 * ROUNDS, uses.get(line), "core " + core);
            ownLine[core] = line;
            lineOwner.put(line, (long) core);
            long previousOp = 1;
            for (final long[] r : records) {
                if (r[0] == core && r[2] >>> 6 == line) {
                    assertEquals(1 - previousOp, r[1], "load, store, load, ... on core " + core + "'s own line");
                    previousOp = r[1];
                }
            }
        }
        for (int core = 2; core <= WORKERS; core++) {
            assertEquals(ownLine[1] + core - 1, ownLine[core], "thread numbers follow creation: worker w is thread "
                    + "w + 1 and own[w] is the w-th line after own[0]");
        }
        // main (thread 0) writes table and pattern (8 stores on each of their 10 lines) before it creates the
        // workers: those stores come first, and each worker loads exactly ROUNDS words of table and the 2 lines of
        // pattern from those lines
        int lastMainStoreBeforeWorkers = -1;
        int firstWorker = -1;
        final Map<Long, Integer> mainStores = new HashMap<>();
        for (int i = 0; i < records.size(); i++) {
            final long[] r = records.get(i);
            if (r[0] != 0 && firstWorker < 0) {
                firstWorker = i;
            }
            if (r[0] == 0 && r[1] == 1 && firstWorker < 0) {
                lastMainStoreBeforeWorkers = i;
                mainStores.merge(r[2] >>> 6, 1, Integer::sum);
            }
        }
        final java.util.Set<Long> mainStored = new java.util.HashSet<>();
        mainStores.forEach((line, n) -> {
            if (n == 8) {
                mainStored.add(line);
            }
        });
        assertEquals(10, mainStored.size(), "table is 8 lines, pattern 2: " + mainStores);
        assertTrue(lastMainStoreBeforeWorkers < firstWorker);
        for (int core = 1; core <= WORKERS; core++) {
            int loadsOfMainLines = 0;
            int total = 0;
            for (final long[] r : records) {
                if (r[0] == core) {
                    total++;
                    if (r[1] == 0 && mainStored.contains(r[2] >>> 6)) {
                        loadsOfMainLines++;
                    }
                }
            }
            assertEquals(ROUNDS + 2, loadsOfMainLines, "core " + core + ": table words and the pattern's 2 lines");
            assertEquals(3 * ROUNDS + 10, total, "core " + core + ": the accesses sharing.c lists");
        }
        // the atomic counter: one fetch-and-add (a store) and one load per worker, on one line no one else uses
        final Map<Long, int[]> byLine = new HashMap<>();
        for (final long[] r : records) {
            if (r[0] != 0) {
                final int[] c = byLine.computeIfAbsent(r[2] >>> 6, k -> new int[2 * (WORKERS + 1)]);
                c[(int) (2 * r[0] + r[1])]++;
            }
        }
        final long counterLines = byLine.values().stream().filter(c -> {
            for (int core = 1; core <= WORKERS; core++) {
                if (c[2 * core] != 1 || c[2 * core + 1] != 1) {
                    return false;
                }
            }
            return true;
        }).count();
        assertEquals(1, counterLines, "one line with exactly one load and one store from every worker");
    }

    @Test
    void theCapKeepsTheFirstAccessesAndSaysSo() throws Exception {
        final Path out = dir.resolve("cap.sbt");
        final CliRun run = capture(out, "--max-accesses", "50", "--", traced.toString(), "4", "1000");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("--max-accesses reached: the program made "), run.out());
        final List<long[]> records = read(out);
        assertEquals(50, records.size());
        assertTrue(records.stream().allMatch(r -> r[0] == 0), "main alone runs before it creates threads");
    }

    @Test
    void aProgramKilledMidWayLeavesNoTraceAndNoTemporaryFile() throws Exception {
        final Path out = dir.resolve("killed.sbt");
        final CliRun run = capture(out, "--", traced.toString(), "4", "1000", "kill");
        assertEquals(1, run.exitCode(), run.err());
        assertTrue(run.err().contains("exited with status 137 (128 + signal 9 when killed) without closing its trace"),
                run.err());
        assertTrue(run.err().endsWith("no trace written\n"), run.err());
        assertFalse(Files.exists(out));
        try (var files = Files.list(dir)) {
            assertEquals(0, files.count(), "no raw or temporary file left");
        }
    }

    @Test
    void aProgramNotCompiledForCaptureIsReportedAsSuch() {
        assertBadInput(capture(dir.resolve("p.sbt"), "--", plain.toString()), "runs the tracer runtime but no hook "
                + "was called: its code is not compiled with -fsanitize=thread");
        assertBadInput(capture(dir.resolve("q.sbt"), "--", "/bin/true"), "/bin/true did not run the tracer runtime: "
                + "build it for capture (compile with -fsanitize=thread, link with libsbtrace.a");
        assertBadInput(capture(dir.resolve("r.sbt"), "--", dir.resolve("missing").toString()),
                "cannot run it (no such file, or not an executable)");
        assertFalse(Files.exists(dir.resolve("p.sbt")));
    }

    @Test
    void aCapTheDiskCannotHoldIsRefusedBeforeTheProgramRuns() {
        final Path out = dir.resolve("huge.sbt");
        assertBadInput(capture(out, "--max-accesses", "1000000000000000", "--", traced.toString()),
                "--max-accesses 1000000000000000: a capture of up to 1000000000000000 accesses needs 33.0 PB");
        assertBadInput(capture(dir.resolve("t.csv"), "--", traced.toString()),
                "--out '" + dir.resolve("t.csv") + "': capture writes a binary trace; the name must end in .sbt");
        assertBadInput(capture(out, "--max-accesses", "0", "--", traced.toString()), "--max-accesses = 0: must be at "
                + "least 1");
    }

    @Test
    void whenTheDiskRunsLowTheRuntimeStopsAndTheTraceKeepsWhatWasRecorded() throws Exception {
        // run the program as capture does, with a reserve no disk has: the first flush finds the disk too full
        final Path raw = Files.createFile(dir.resolve("low.raw"));
        final ProcessBuilder pb = new ProcessBuilder(traced.toString(), "4", "1000").redirectErrorStream(true);
        pb.environment().put("SCALEBENCH_TRACE_FILE", raw.toString());
        pb.environment().put("SCALEBENCH_TRACE_RESERVE", Long.toString(Long.MAX_VALUE / 4));
        final Process p = pb.start();
        final String output = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), output);
        assertTrue(output.contains("the disk is nearly full: recording stopped"), output);
        final RawTrace.Footer f = RawTrace.merge(raw, dir.resolve("low.sbt"));
        assertTrue(f.diskLow());
        assertTrue(f.kept() < f.tickets(), f.toString());
        assertEquals(f.kept(), read(dir.resolve("low.sbt")).size());
    }
}
