package org.scalebench.bench.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.scalebench.bench.io.AtomicFiles;
import org.scalebench.bench.io.ConsoleProgress;
import org.scalebench.bench.io.CsvFiles;
import org.scalebench.bench.io.Table;
import org.scalebench.bench.perf.BenchmarkCatalog;
import org.scalebench.bench.perf.BencherMetricFormat;
import org.scalebench.bench.perf.FloorRun;
import org.scalebench.bench.perf.GatePlan;
import org.scalebench.bench.perf.GateRun;
import org.scalebench.bench.perf.GateVerdict;
import org.scalebench.bench.perf.JmhFailure;
import org.scalebench.bench.perf.JmhResults;
import org.scalebench.bench.perf.MeasurementFormat;
import org.scalebench.bench.perf.PerfFloor;
import org.scalebench.bench.perf.PerfFloors;
import org.scalebench.bench.perf.RunSettings;
import org.scalebench.bench.report.RunFacts;
import org.scalebench.bench.report.SourceRevision;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import org.scalebench.core.data.TextLimits;

/** {@code scalebench gate}: the performance gate of CI. */
@Command(name = "gate", mixinStandardHelpOptions = true,
        description = {"Performance gate: runs each kernel against the references named in the floors file, briefly "
                + "(1 fork, 2 x 200 ms warm-up, 3 x 200 ms measurement, -prof gc) and only on the floors' parameter "
                + "combinations; a floor that fails is measured " + GateRun.EXTRA_RUNS + " more times and judged on "
                + "the median of its runs. Fails when a median speedup (reference time / kernel time, same run) is "
                + "under its min_speedup or the kernel allocates more than max_bytes_per_op. Rows without a "
                + "reference ('-') report an absolute time and are not gated on it.",
            "Exit codes: 0 every floor met, 1 a floor failed (or a benchmark failed), 2 bad input."})
public final class GateCommand implements Callable<Integer> {

    /** Columns of the results file: the measurements and verdict, then how they were obtained. */
    static final List<String> COLUMNS = List.of("benchmark", "reference", "params", "kernel_ns", "reference_ns",
            "speedup", "bytes_per_op", "min_speedup", "status", "max_bytes_per_op", "runs", "run_speedups", "cpu",
            "jdk", "commit");

    @Spec
    CommandSpec spec;

    @Option(names = "--floors", paramLabel = "FILE",
            description = "The floors (default: ${DEFAULT-VALUE}, relative to the current directory).")
    Path floors = Path.of("bench", "perf-floors.csv");

    @Option(names = "--out", paramLabel = "FILE.csv", description = "Results, one row per floor (default: ${DEFAULT-VALUE}).")
    Path out = Path.of("target", "gate.csv");

    @Option(names = "--json", paramLabel = "FILE.json",
            description = "Also write the results in Bencher Metric Format (speedup with bounds, kernel ns/op and "
                    + "B/op per floor; absolute times flagged ratio_gated 0), for benchmark dashboards.")
    Path json;

    @Option(names = "--jmh-json", paramLabel = "FILE.json",
            description = "Also write JMH's own JSON results of every run, re-measurements included.")
    Path jmhJson;

    @Option(names = "--verbose", description = "Also show JMH's own output (on standard error).")
    boolean verbose;

    @Override
    public Integer call() throws Exception {
        final PrintWriter stdout = spec.commandLine().getOut();
        final PrintWriter err = spec.commandLine().getErr();
        OutputPaths.checkFile(out, "--out", "csv");
        if (json != null) {
            OutputPaths.checkFile(json, "--json", "json");
        }
        if (jmhJson != null) {
            OutputPaths.checkFile(jmhJson, "--jmh-json", "json");
        }
        if (!Files.isRegularFile(floors)) {
            throw new UsageException("floors file " + TextLimits.quoted(floors.toString()) + " not found (run from the repository root, or pass "
                    + "--floors FILE)");
        }
        final List<PerfFloor> floorList = PerfFloors.read(floors);
        final BenchmarkCatalog catalog = BenchmarkCatalog.fromClassPath();
        stdout.println("gate: " + floorList.size() + " floor" + (floorList.size() == 1 ? "" : "s") + " from " + floors
                + "; " + JmhConsole.plan(GatePlan.requests(floorList, catalog), RunSettings.GATE));
        stdout.flush();
        final long start = System.nanoTime();
        final GateRun.Outcome outcome;
        try {
            outcome = GateRun.run(floorList, catalog,
                    requests -> JmhConsole.run(requests, RunSettings.GATE, stdout, err, verbose),
                    line -> {
                        stdout.println("gate: " + line);
                        stdout.flush();
                    });
        } catch (final JmhFailure shown) {
            return Scalebench.FAILED;
        }
        final List<GateVerdict> verdicts = outcome.verdicts();
        stdout.print(table(verdicts));
        final String remeasured = remeasuredSummary(verdicts);
        if (!remeasured.isEmpty()) {
            stdout.print(remeasured);
        }
        final String cpu = RunFacts.cpuModel();
        final String jdk = System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version");
        final String commit = SourceRevision.current();
        CsvFiles.write(out, COLUMNS, verdicts.stream().map(v -> csvRow(v, cpu, jdk, commit)).toList());
        if (json != null) {
            AtomicFiles.writeText(json, w -> w.write(BencherMetricFormat.json(verdicts)));
        }
        if (jmhJson != null) {
            JmhResults.writeJson(jmhJson, outcome.passes());
        }
        final long failed = outcome.failed();
        stdout.println("gate: " + (failed == 0 ? "passed" : "FAILED") + ", " + failed + " of " + verdicts.size()
                + " floor" + (verdicts.size() == 1 ? "" : "s") + " failed, "
                + ConsoleProgress.duration((System.nanoTime() - start) / 1e9) + "; results in " + out
                + (json == null ? "" : " and " + json) + " (" + cpu + ", " + jdk + ", commit " + commit + ")");
        return failed == 0 ? Scalebench.OK : Scalebench.FAILED;
    }

    private static String table(final List<GateVerdict> verdicts) {
        final Table table = new Table("status", "benchmark", "params", "reference", "kernel ns", "reference ns",
                "speedup", "floor", "kernel B/op", "max B/op", "runs").rightAlign(4, 5, 6, 7, 8, 9, 10);
        for (final GateVerdict v : verdicts) {
            final PerfFloor f = v.floor();
            table.row(v.passed() ? v.status() : v.status().toUpperCase(Locale.ROOT), f.benchmark(),
                    f.params().toString(), f.reference(), MeasurementFormat.nanos(v.kernelNs()),
                    f.gatesSpeedup() ? MeasurementFormat.nanos(v.referenceNs()) : "-",
                    f.gatesSpeedup() ? MeasurementFormat.ratio(v.speedup()) : "-",
                    f.gatesSpeedup() ? ">= " + MeasurementFormat.ratio(f.minSpeedup()) : "not gated",
                    MeasurementFormat.bytes(v.bytesPerOp()),
                    f.gatesAllocation() ? MeasurementFormat.plain(f.maxBytesPerOp()) : "-",
                    Integer.toString(v.runs().size()));
        }
        return table.text();
    }

    /**
     * One line per re-measured floor: each run's speedup (or allocation) and the median it was judged on.
     *
     * @param verdicts the verdicts
     * @return the lines, empty when nothing was re-measured
     */
    static String remeasuredSummary(final List<GateVerdict> verdicts) {
        final StringBuilder text = new StringBuilder();
        for (final GateVerdict v : verdicts) {
            if (!v.remeasured()) {
                continue;
            }
            final PerfFloor f = v.floor();
            text.append("re-measured ").append(f.key()).append(": ");
            if (f.gatesSpeedup()) {
                text.append("runs ").append(runSpeedups(v, ", ")).append(", median ")
                        .append(MeasurementFormat.ratio(v.speedup())).append(" against >= ")
                        .append(MeasurementFormat.ratio(f.minSpeedup()));
            }
            if (v.failures().contains(GateVerdict.Failure.ALLOCATION) || !f.gatesSpeedup()) {
                text.append(f.gatesSpeedup() ? "; " : "").append("kernel B/op ")
                        .append(v.runs().stream().map(r -> MeasurementFormat.bytes(r.kernel().bytesPerOp()))
                                .collect(Collectors.joining(", ")))
                        .append(", median ").append(MeasurementFormat.bytes(v.bytesPerOp()));
            }
            text.append(": ").append(v.status()).append('\n');
        }
        return text.toString();
    }

    private static String runSpeedups(final GateVerdict v, final String separator) {
        return v.runs().stream().map(FloorRun::speedup).map(MeasurementFormat::ratio)
                .collect(Collectors.joining(separator));
    }

    private static List<String> csvRow(final GateVerdict v, final String cpu, final String jdk, final String commit) {
        final PerfFloor f = v.floor();
        final boolean ratio = f.gatesSpeedup();
        return List.of(f.benchmark(), f.reference(), f.params().toString(), MeasurementFormat.plain(v.kernelNs()),
                ratio ? MeasurementFormat.plain(v.referenceNs()) : "-",
                ratio ? MeasurementFormat.plainRatio(v.speedup()) : "-",
                MeasurementFormat.plain(v.bytesPerOp()), ratio ? MeasurementFormat.plain(f.minSpeedup()) : "-",
                v.status(), f.gatesAllocation() ? MeasurementFormat.plain(f.maxBytesPerOp()) : "-",
                Integer.toString(v.runs().size()),
                ratio ? v.runs().stream().map(r -> MeasurementFormat.plainRatio(r.speedup()))
                        .collect(Collectors.joining(";")) : "-",
                cpu, jdk, commit);
    }
}
