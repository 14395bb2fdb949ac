package org.scalebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
        assertBadInput(CliRun.of("gate", "--floors", missing.toString()), "floors file " + TextLimits.quoted(missing.toString()) + " not found");
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

    /** The gate really fails: a floor the kernel cannot meet exits 1 beside a floor it meets. */
    @Test
    @Tag("jmh")
    void failsWithExitOneWhenAFloorIsNotMetAndWritesEveryRow() throws IOException {
        final Path file = floors("RangeReductionBench,modulo,n=1000,0.01,0.01\n"
                + "RangeReductionBench,modulo,n=1024,1000,0.01\n");
        final Path out = dir.resolve("gate.csv");
        final CliRun run = CliRun.of("gate", "--floors", file.toString(), "--out", out.toString());
        assertEquals(1, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("gate: 2 floors from " + file + "; 1 class, 4 benchmark runs"), run.out());
        assertTrue(run.out().contains("gate: FAILED, 1 of 2 floors failed"), run.out());
        final List<String> lines = Files.readAllLines(out);
        assertEquals(String.join(",", GateCommand.COLUMNS), lines.get(0));
        assertEquals(3, lines.size(), lines.toString());
        assertTrue(lines.get(1).matches("RangeReductionBench,modulo,n=1000,[0-9.]+,[0-9.]+,[0-9.]+,[0-9.E-]+,0\\.01,"
                + "pass,0\\.01,1,[0-9.]+,.*"), lines.get(1));
        assertTrue(lines.get(2).matches("RangeReductionBench,modulo,n=1024,.*,1000,fail:speedup,0\\.01,3,"
                + "[0-9.]+;[0-9.]+;[0-9.]+,.*"), lines.get(2));
    }

    /**
     * The evidence that real regressions fail the gate through re-measurement: the range-reduction kernel with an
     * extra remainder per call, and with an array copy per call, against the committed floor of the intact kernel.
     */
    @Test
    @Tag("jmh")
    void plantedSlowdownAndAllocationFailEvenAfterReMeasurement() throws IOException {
        final Path file = floors("PlantedRegressionBench,modulo,variant=intact,0.01,0.01\n"
                + "PlantedRegressionBench,modulo,variant=slowed,1.9,0.01\n"
                + "PlantedRegressionBench,modulo,variant=allocating,0.01,0.01\n");
        final Path out = dir.resolve("gate.csv");
        final Path json = dir.resolve("gate.json");
        final CliRun run = CliRun.of("gate", "--floors", file.toString(), "--out", out.toString(), "--json",
                json.toString());
        assertEquals(1, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("gate: re-measuring 2 failing floors 2 more times"), run.out());
        assertTrue(run.out().contains("re-measured PlantedRegressionBench modulo variant=slowed: runs "), run.out());
        assertTrue(run.out().contains("gate: FAILED, 2 of 3 floors failed"), run.out());
        final List<String> lines = Files.readAllLines(out);
        assertTrue(lines.get(1).matches("PlantedRegressionBench,modulo,variant=intact,.*,pass,0\\.01,1,.*"),
                lines.get(1));
        assertTrue(lines.get(2).matches("PlantedRegressionBench,modulo,variant=slowed,.*,fail:speedup,0\\.01,3,.*"),
                lines.get(2));
        assertTrue(lines.get(3).matches("PlantedRegressionBench,modulo,variant=allocating,.*,fail:allocation,0\\.01,"
                + "3,.*"), lines.get(3));
        final String bmf = Files.readString(json);
        assertTrue(bmf.contains("\"PlantedRegressionBench/modulo/variant=slowed\": {\"speedup\": {\"value\": "), bmf);
    }
}
