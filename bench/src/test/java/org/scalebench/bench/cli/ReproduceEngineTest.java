package org.scalebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scalebench.bench.coherence.CdrReproduction;
import org.scalebench.bench.coherence.CompareStudy;
import org.scalebench.bench.coherence.Comparison;
import org.scalebench.core.Progress;
import org.scalebench.bench.study.ParallelPoints;
import org.scalebench.bench.study.Provenance;
import org.scalebench.coherence.sim.Scheme;
import org.scalebench.coherence.sim.SimulationResult;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.sim.Warmup;

/**
 * {@code reproduce}'s CDR comparison is {@code coherence compare}: the study reproduce builds from its plan gives the
 * rows and files the command line gives for the same grid and seed (wall-clock and provenance columns excepted),
 * whatever the number of jobs on either side.
 */
class ReproduceEngineTest {

    private static final long SEED = 11;
    private static final long ACCESSES = 3000;
    private static final long WARMUP = 2000;

    /** A tiny plan: chip1024 with a few thousand accesses, a fixed warm-up, two outside shares, one seed. */
    private static CdrReproduction.Plan tiny() {
        final CdrReproduction.Plan quick = CdrReproduction.Plan.quick();
        return new CdrReproduction.Plan(ACCESSES, Warmup.fixed(WARMUP), List.of(0.0, 0.01), 1, List.of(),
                quick.wscAccesses(), quick.wscWarmup(), quick.wscActive(), quick.wscOutsides(),
                quick.wscCoarseVector(), quick.wscEveryCore(), quick.sweepSizes(), quick.sweepAccesses());
    }

    private static CliRun compare(final Path out, final long seed) {
        return CliRun.of("coherence", "compare", "--system", "chip1024", "--workload", "vm", "--accesses",
                Long.toString(ACCESSES), "--warmup", Long.toString(WARMUP), "--outsides", "0,0.01", "--seed",
                Long.toString(seed), "--jobs", "2", "--out", out.toString());
    }

    private static List<String> reproduce(final Path out, final long seed) throws Exception {
        final CompareStudy study = CdrReproduction.chipComparison(tiny(), seed, Provenance.current("test"));
        final List<List<String>> rows = ParallelPoints.runAll(study, 1, Progress.NONE);
        Files.createDirectories(out);
        return study.publish(out, rows);
    }

    /** The lines of a CSV file with the wall-clock and provenance cells blanked. */
    private static List<String> machineCells(final Path csv) throws IOException {
        final List<String> lines = Files.readAllLines(csv);
        final List<String> header = List.of(lines.get(0).split(","));
        final List<String> host = new ArrayList<>(SimulationResult.WALL_CLOCK_COLUMNS);
        host.addAll(Provenance.COLUMNS);
        final List<String> kept = new ArrayList<>();
        for (final String line : lines) {
            final String[] cells = line.split(",", -1);
            assertEquals(header.size(), cells.length, "no quoted commas in " + line);
            for (final String column : host) {
                cells[header.indexOf(column)] = "";
            }
            kept.add(String.join(",", cells));
        }
        return kept;
    }

    @Test
    void reproducesChipComparisonGivesTheRowsAndFilesOfCoherenceCompare(@TempDir final Path dir) throws Exception {
        final CliRun cli = compare(dir.resolve("cli"), SEED);
        assertEquals(0, cli.exitCode(), cli.err());
        final List<String> written = reproduce(dir.resolve("reproduce"), SEED);
        assertEquals(List.of("compare.csv", "compare.png", "verdicts.csv", "crossovers.csv"), written);

        final List<String> byCli = machineCells(dir.resolve("cli/compare.csv"));
        assertEquals(1 + 2 * 10, byCli.size(), "ten configurations at two shares");
        assertEquals(byCli, machineCells(dir.resolve("reproduce/compare.csv")));
        for (final String file : List.of("verdicts.csv", "crossovers.csv")) {
            assertEquals(Files.readString(dir.resolve("cli").resolve(file)),
                    Files.readString(dir.resolve("reproduce").resolve(file)), file);
        }
        // what is compared is the machine's numbers: each group warmed as planned, on the seed given
        final List<String> header = List.of(byCli.get(0).split(","));
        for (final String row : byCli.subList(1, byCli.size())) {
            final List<String> cells = List.of(row.split(",", -1));
            assertEquals(Long.toString(WARMUP), cells.get(header.indexOf("warmup_accesses")), row);
            assertEquals(Long.toString(SEED), cells.get(header.indexOf("seed")), row);
            assertNotEquals("", cells.get(header.indexOf("avg_access_latency_cycles")), row);
        }
    }

    @Test
    void everyCoreOfWsc1mRunsAsCoherenceCompareRunsItByDefault() throws Exception {
        final SystemSpec wsc = SystemSpec.named("wsc1m");
        final Comparison.RunSpec hier = new Comparison.RunSpec(Scheme.parse("hier"), "hier");
        final CompareStudy byReproduce = CdrReproduction.everyCoreComparison(wsc, hier, SEED,
                Provenance.current("test"), org.scalebench.coherence.sim.Warmup.AUTO_THREADS); // reproduce's default
        assertEquals(List.of(hier, new Comparison.RunSpec(Scheme.SR_HR, "cdr-sr")), byReproduce.runs());
        assertEquals(100_000_000L, byReproduce.accesses(), "100 per core of the 1,000,000");
        final Warmup warmup = byReproduce.warmup();
        assertTrue(warmup.untilSteady() && warmup.functional(), warmup.toString());
        assertEquals(12 * 1_024_000_000L + 64_000_000L, warmup.max(), "12 windows of 1,024 per core and the tail");

        final CoherenceCompareCommand cli = new CoherenceCompareCommand();
        new picocli.CommandLine(cli).parseArgs("--system", "wsc1m", "--workload", "vm", "--seed", Long.toString(SEED),
                "--out", "unused.csv");
        final CompareStudy byCli = cli.study();
        assertEquals(byCli.accesses(), byReproduce.accesses());
        assertEquals(byCli.warmup(), byReproduce.warmup());
        assertTrue(byCli.runs().containsAll(byReproduce.runs()), byCli.runs().toString());
    }

    @Test
    void aPlanRunsTheSharesItsTablesShow() {
        final CdrReproduction.Plan quick = CdrReproduction.Plan.quick();
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new CdrReproduction.Plan(ACCESSES, Warmup.fixed(WARMUP), List.of(0.0, 0.001), 1, List.of(),
                        quick.wscAccesses(), quick.wscWarmup(), quick.wscActive(), quick.wscOutsides(),
                        quick.wscCoarseVector(), quick.wscEveryCore(), quick.sweepSizes(), quick.sweepAccesses()));
        assertTrue(e.getMessage().contains("must include 0 and 0.01"), e.getMessage());
        assertEquals(List.of(0.0, 1e-4, 0.01), quick.chipOutsides());
        assertEquals(3, CdrReproduction.Plan.full().seeds());
    }
}
