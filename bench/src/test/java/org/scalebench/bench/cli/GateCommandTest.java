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
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scalebench.core.data.TextLimits;

class GateCommandTest {

    private static final String HEADER = "benchmark,reference,params,min_speedup,max_bytes_per_op\n";

    @TempDir
    Path dir;

    private Path floors(final String rows) throws IOException {
        final Path file = dir.resolve("floors.csv");
        Files.writeString(file, HEADER + rows);
        return file;
    }

    @Test
    void helpDescribesFloorsOutAndExitCodes() {
        assertHelp(CliRun.of("gate", "--help"), "--floors", "--out", "min_speedup", "Exit codes");
    }

    @Test
    void unknownOptionIsABadInput() {
        assertBadInput(CliRun.of("gate", "--floor", "x.csv"), "--floor");
    }

    @Test
    void missingFloorsFileSaysWhereItWasLookedFor() {
        final Path missing = dir.resolve("nope.csv");
        assertBadInput(CliRun.of("gate", "--floors", missing.toString()),
                "--floors " + TextLimits.quoted(missing.toString()) + ": no such file");
    }

    @Test
    void malformedFloorsFileNamesFileAndLine() throws IOException {
        final Path file = floors("RangeReductionBench,modulo,n=1000,fast,0.01\n");
        assertBadInput(CliRun.of("gate", "--floors", file.toString(), "--out", dir.resolve("g.csv").toString()),
                file + ":2: min_speedup = 'fast': not a number");
    }

    @Test
    void negativeBoundIsOutOfRange() throws IOException {
        final Path file = floors("RangeReductionBench,modulo,n=1000,2,-1\n");
        assertBadInput(CliRun.of("gate", "--floors", file.toString()),
                file + ":2: max_bytes_per_op = -1.0: must be a finite number >= 0");
    }

    @Test
    void floorOfAnUnknownClassNamesFileAndLine() throws IOException {
        final Path file = floors("RangeReductionBench,modulo,n=1000,2,0.01\nNoSuchBench,modulo,n=1,2,0.01\n");
        assertBadInput(CliRun.of("gate", "--floors", file.toString()), file + ":3: no benchmark class NoSuchBench");
    }

    @Test
    void floorWithoutTheClassParamsNamesThem() throws IOException {
        final Path file = floors("RangeReductionBench,modulo,,2,0.01\n");
        assertBadInput(CliRun.of("gate", "--floors", file.toString()),
                file + ":2: params '' must set every @Param of RangeReductionBench and no other: n");
    }

    @Test
    void floorWithAParamValueOfTheWrongTypeNamesFileAndLine() throws IOException {
        final Path file = floors("RangeReductionBench,modulo,n=1k,2,0.01\n");
        assertBadInput(CliRun.of("gate", "--floors", file.toString()),
                file + ":2: n = '1k': must be an int (RangeReductionBench.n)");
    }

    @Test
    void outPathUnderAFileFailsBeforeRunning() throws IOException {
        final Path file = floors("RangeReductionBench,modulo,n=1000,2,0.01\n");
        final Path notADir = Files.writeString(dir.resolve("plain"), "x");
        assertBadInput(CliRun.of("gate", "--floors", file.toString(), "--out", notADir.resolve("g.csv").toString()),
                "is a file, not a directory");
    }

    @Test
    void roundsOutsideTheirRangeAreABadInput() throws IOException {
        final Path file = floors("RangeReductionBench,modulo,n=1000,2,0.01\n");
        assertBadInput(CliRun.of("gate", "--floors", file.toString(), "--rounds", "0"),
                "--rounds 0: must be in [1, 15]");
        assertBadInput(CliRun.of("gate", "--floors", file.toString(), "--confirm", "-1"),
                "--confirm -1: must be in [0, 15]");
        assertBadInput(CliRun.of("gate", "--floors", file.toString(), "--confirm", "16"),
                "--confirm 16: must be in [0, 15]");
    }

    private static final String LIMITS_HEADER = "benchmark,method,params,floor_benchmark,floor_method,floor_params,target\n";

    @Test
    void malformedLimitsFileNamesFileAndLine() throws IOException {
        final Path file = floors("RangeReductionBench,modulo,n=1000,2,0.01\n");
        final Path limits = Files.writeString(dir.resolve("limits.csv"), LIMITS_HEADER
                + "RangeReductionBench,kernel,n=1000,MemoryFloorBench,independent,footprint=sharerRows-1Mx64,soon\n");
        assertBadInput(CliRun.of("gate", "--floors", file.toString(), "--limits", limits.toString(), "--out",
                dir.resolve("g.csv").toString()), "--limits: " + limits + ":2: target = 'soon': not a number");
    }

    @Test
    void limitsNamingAnUnknownMethodNameFileAndLine() throws IOException {
        final Path file = floors("RangeReductionBench,modulo,n=1000,2,0.01\n");
        final Path limits = Files.writeString(dir.resolve("limits.csv"), LIMITS_HEADER
                + "RangeReductionBench,kernel,n=1000,MemoryFloorBench,sideways,footprint=sharerRows-1Mx64,-\n");
        assertBadInput(CliRun.of("gate", "--floors", file.toString(), "--limits", limits.toString(), "--out",
                dir.resolve("g.csv").toString()), limits + ":2: MemoryFloorBench has no method sideways");
    }

    @Test
    void missingLimitsFileGivenByNameIsABadInput() throws IOException {
        final Path file = floors("RangeReductionBench,modulo,n=1000,2,0.01\n");
        assertBadInput(CliRun.of("gate", "--floors", file.toString(), "--limits", dir.resolve("nope.csv").toString()),
                "--limits " + TextLimits.quoted(dir.resolve("nope.csv").toString()) + ": not found (or 'none')");
    }

    @Test
    void outWhoseLimitsFileWouldOverwriteTheLimitsIsRefused() throws IOException {
        final Path file = floors("RangeReductionBench,modulo,n=1000,2,0.01\n");
        final Path limits = Files.writeString(dir.resolve("g-limits.csv"), LIMITS_HEADER);
        assertBadInput(CliRun.of("gate", "--floors", file.toString(), "--limits", limits.toString(), "--out",
                dir.resolve("g.csv").toString()), "would overwrite --limits");
        assertEquals(LIMITS_HEADER, Files.readString(limits));
    }

    /** The physical limits: the kernel's time over its floor's, in the table, the limits CSV and the JSON. */
    @Test
    @Tag("jmh")
    void reportsEachKernelsTimeOverItsMemoryFloor() throws IOException {
        final Path file = floors("RangeReductionBench,modulo,n=1000,0.01,0.01\n");
        final Path limits = Files.writeString(dir.resolve("limits.csv"), LIMITS_HEADER
                + "RangeReductionBench,kernel,n=1000,MemoryFloorBench,independent,footprint=sharerRows-1Mx64,1000\n");
        final Path out = dir.resolve("gate.csv");
        final Path json = dir.resolve("gate.json");
        final CliRun run = CliRun.of("gate", "--floors", file.toString(), "--limits", limits.toString(), "--out",
                out.toString(), "--json", json.toString(), "--rounds", "1");
        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("physical limits (reported, never gated)"), run.out());
        final List<String> rows = Files.readAllLines(dir.resolve("gate-limits.csv"));
        assertEquals(2, rows.size(), rows.toString());
        assertTrue(rows.get(1).matches("RangeReductionBench,kernel,n=1000,[0-9.]+,MemoryFloorBench,independent,"
                + "footprint=sharerRows-1Mx64,[0-9.]+,[0-9.]+,1000,.*"), rows.get(1));
        assertTrue(Files.readString(json).contains("\"RangeReductionBench/kernel/n=1000/over-floor\": {\"over_floor\": "),
                Files.readString(json));
    }

    /**
     * The gate really fails: a floor the kernel cannot meet exits 1 beside a floor it meets, after its confirmation
     * rounds (2 planned, 2 more: with 4 allowed, 4 of the 6 agreeing decide it).
     */
    @Test
    @Tag("jmh")
    void failsWithExitOneWhenAFloorIsNotMetAndWritesEveryRow() throws IOException {
        final Path file = floors("RangeReductionBench,modulo,n=1000,0.01,0.01\n"
                + "RangeReductionBench,modulo,n=1024,1000,0.01\n");
        final Path out = dir.resolve("gate.csv");
        final CliRun run = CliRun.of("gate", "--floors", file.toString(), "--out", out.toString(), "--rounds", "2");
        assertEquals(1, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("gate: 2 floors from " + file + "; up to 2 rounds (a floor leaves them once most "
                + "agree) and 4 more for a floor that fails them, at most 1 class, 8 benchmark runs"), run.out());
        assertTrue(run.out().contains("gate: round 2 of 2 measured (2 floors)"), run.out());
        assertTrue(run.out().contains("gate: confirming 1 failing floor in up to 4 more rounds (judged on the median "
                + "of up to 6)"), run.out());
        assertTrue(run.out().contains("gate: confirmation round 2 of 4 measured (1 floor)"), run.out());
        assertFalse(run.out().contains("gate: confirmation round 3"), run.out());
        assertTrue(run.out().contains("gate: FAILED, 1 of 2 floors failed, 0 unstable"), run.out());
        final List<String> lines = Files.readAllLines(out);
        assertEquals(String.join(",", GateCommand.COLUMNS), lines.get(0));
        assertEquals(3, lines.size(), lines.toString());
        assertTrue(lines.get(1).matches("RangeReductionBench,modulo,n=1000,[0-9.]+,[0-9.]+,[0-9.]+,[0-9.]+,[0-9.]+,"
                + "no,[0-9.E-]+,0\\.01,pass,0\\.01,2,[0-9.]+;[0-9.]+,.*"), lines.get(1));
        assertTrue(lines.get(2).matches("RangeReductionBench,modulo,n=1024,.*,no,[0-9.E-]+,1000,fail:speedup,0\\.01,4,"
                + "[0-9.]+;[0-9.]+;[0-9.]+;[0-9.]+,.*"), lines.get(2));
    }

    /**
     * The evidence that real regressions fail the gate: the range-reduction kernel with an extra remainder per call,
     * and with an array copy per call, against floors the intact kernel meets: each fails a majority of all its
     * rounds, planned and confirming (four of four to seven, as the machine's noise puts rounds on one side of a
     * floor or not), where the intact kernel passes in two or three. The intact and
     * allocating rows have speedup floors no load can break (1e-6), so that they test the allocation check alone:
     * on a loaded host the allocating kernel's speedup over {@code %} has been read under 0.01.
     */
    @Test
    @Tag("jmh")
    void plantedSlowdownAndAllocationFailTheirRounds() throws IOException {
        final Path file = floors("PlantedRegressionBench,modulo,variant=intact,1e-6,0.01\n"
                + "PlantedRegressionBench,modulo,variant=slowed,1.9,0.01\n"
                + "PlantedRegressionBench,modulo,variant=allocating,1e-6,0.01\n");
        final Path out = dir.resolve("gate.csv");
        final Path json = dir.resolve("gate.json");
        final CliRun run = CliRun.of("gate", "--floors", file.toString(), "--out", out.toString(), "--json",
                json.toString());
        assertEquals(1, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("gate: FAILED, 2 of 3 floors failed"), run.out());
        final List<String> lines = Files.readAllLines(out);
        assertTrue(lines.get(1).matches("PlantedRegressionBench,modulo,variant=intact,.*,pass,0\\.01,[23],.*"),
                lines.get(1));
        assertTrue(lines.get(2).matches("PlantedRegressionBench,modulo,variant=slowed,.*,fail:speedup,0\\.01,[4-7],.*"),
                lines.get(2));
        assertTrue(lines.get(3).matches("PlantedRegressionBench,modulo,variant=allocating,.*,fail:allocation,0\\.01,"
                + "[4-7],.*"), lines.get(3));
        final String bmf = Files.readString(json);
        assertTrue(bmf.contains("\"PlantedRegressionBench/modulo/variant=slowed\": {\"speedup\": {\"value\": "), bmf);
        assertTrue(bmf.contains("\"unstable\": {\"value\": "), bmf);
    }

    /** A benchmark that cannot run makes the gate exit 2 with one line naming it, not 1 ("slower"). */
    @Test
    @Tag("jmh")
    void aBenchmarkThatCannotRunExitsTwoNamingIt() throws IOException {
        final Path file = floors("PlantedRegressionBench,modulo,variant=no-such-variant,0.01,0.01\n");
        final CliRun run = CliRun.of("gate", "--floors", file.toString(), "--out", dir.resolve("g.csv").toString(),
                "--rounds", "1");
        assertBadInput(run, "scalebench: the gate cannot run: JMH failed on PlantedRegressionBench");
        assertTrue(Files.notExists(dir.resolve("g.csv")));
    }
}
