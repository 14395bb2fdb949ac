package org.scalebench.bench.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.scalebench.bench.io.ConsoleProgress;
import org.scalebench.bench.io.CsvFiles;
import org.scalebench.bench.io.Table;
import org.scalebench.bench.perf.BenchmarkCatalog;
import org.scalebench.bench.perf.GatePlan;
import org.scalebench.bench.perf.GateVerdict;
import org.scalebench.bench.perf.JmhFailure;
import org.scalebench.bench.perf.JmhResults;
import org.scalebench.bench.perf.MeasurementFormat;
import org.scalebench.bench.perf.PerfFloor;
import org.scalebench.bench.perf.PerfFloors;
import org.scalebench.bench.perf.PerfGate;
import org.scalebench.bench.perf.RunRequest;
import org.scalebench.bench.perf.RunSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code scalebench gate}: the performance gate of CI. */
@Command(name = "gate", mixinStandardHelpOptions = true,
        description = {"Performance gate: runs each kernel against the references named in the floors file, briefly "
                + "(1 fork, 2 x 200 ms warm-up, 3 x 200 ms measurement, -prof gc) and only on the floors' parameter "
                + "combinations; fails when a speedup (reference time / kernel time, same run) is under its "
                + "min_speedup or the kernel allocates more than max_bytes_per_op.",
            "Exit codes: 0 every floor met, 1 a floor failed (or a benchmark failed), 2 bad input."})
public final class GateCommand implements Callable<Integer> {

    /** Columns of the results file: the issue's, then the allocation bound. */
    static final List<String> COLUMNS = List.of("benchmark", "reference", "params", "kernel_ns", "reference_ns",
            "speedup", "bytes_per_op", "min_speedup", "status", "max_bytes_per_op");

    @Spec
    CommandSpec spec;

    @Option(names = "--floors", paramLabel = "FILE",
            description = "The floors (default: ${DEFAULT-VALUE}, relative to the current directory).")
    Path floors = Path.of("bench", "perf-floors.csv");

    @Option(names = "--out", paramLabel = "FILE.csv", description = "Results, one row per floor (default: ${DEFAULT-VALUE}).")
    Path out = Path.of("target", "gate.csv");

    @Option(names = "--json", paramLabel = "FILE", description = "Also write JMH's JSON results here.")
    Path json;

    @Option(names = "--verbose", description = "Also show JMH's own output (on standard error).")
    boolean verbose;

    @Override
    public Integer call() throws Exception {
        final PrintWriter stdout = spec.commandLine().getOut();
        final PrintWriter err = spec.commandLine().getErr();
        if (!Files.isRegularFile(floors)) {
            throw new UsageException("floors file " + floors + " not found (run from the repository root, or pass "
                    + "--floors FILE)");
        }
        OutputPaths.checkFile(out, "--out");
        if (json != null) {
            OutputPaths.checkFile(json, "--json");
        }
        final List<PerfFloor> floorList = PerfFloors.read(floors);
        final List<RunRequest> requests = GatePlan.requests(floorList, BenchmarkCatalog.fromClassPath());
        stdout.println("gate: " + floorList.size() + " floor" + (floorList.size() == 1 ? "" : "s") + " from " + floors
                + "; " + JmhConsole.plan(requests, RunSettings.GATE));
        stdout.flush();
        final long start = System.nanoTime();
        final JmhResults results;
        try {
            results = JmhConsole.run(requests, RunSettings.GATE, stdout, err, verbose);
        } catch (final JmhFailure shown) {
            return Scalebench.FAILED;
        }
        final List<GateVerdict> verdicts = PerfGate.evaluate(results.measurements(), floorList);
        stdout.print(table(verdicts));
        CsvFiles.write(out, COLUMNS, verdicts.stream().map(GateCommand::csvRow).toList());
        if (json != null) {
            results.writeJson(json);
        }
        final long failed = verdicts.stream().filter(v -> !v.passed()).count();
        stdout.println("gate: " + (failed == 0 ? "passed" : "FAILED") + ", " + failed + " of " + verdicts.size()
                + " floor" + (verdicts.size() == 1 ? "" : "s") + " failed, "
                + ConsoleProgress.duration((System.nanoTime() - start) / 1e9) + "; results in " + out);
        return failed == 0 ? Scalebench.OK : Scalebench.FAILED;
    }

    private static String table(final List<GateVerdict> verdicts) {
        final Table table = new Table("status", "benchmark", "params", "reference", "kernel ns", "reference ns",
                "speedup", "floor", "kernel B/op", "max B/op").rightAlign(4, 5, 6, 7, 8, 9);
        for (final GateVerdict v : verdicts) {
            final PerfFloor f = v.floor();
            table.row(v.passed() ? "pass" : v.status().toUpperCase(java.util.Locale.ROOT), f.benchmark(),
                    f.params().toString(), f.reference(), MeasurementFormat.nanos(v.kernelNs()),
                    MeasurementFormat.nanos(v.referenceNs()), MeasurementFormat.ratio(v.speedup()),
                    ">= " + MeasurementFormat.ratio(f.minSpeedup()), MeasurementFormat.bytes(v.bytesPerOp()),
                    MeasurementFormat.plain(f.maxBytesPerOp()));
        }
        return table.text();
    }

    private static List<String> csvRow(final GateVerdict v) {
        final PerfFloor f = v.floor();
        return List.of(f.benchmark(), f.reference(), f.params().toString(), MeasurementFormat.plain(v.kernelNs()),
                MeasurementFormat.plain(v.referenceNs()), MeasurementFormat.plainRatio(v.speedup()),
                MeasurementFormat.plain(v.bytesPerOp()), MeasurementFormat.plain(f.minSpeedup()), v.status(),
                MeasurementFormat.plain(f.maxBytesPerOp()));
    }
}
