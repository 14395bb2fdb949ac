package org.scalebench.bench.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
import org.scalebench.bench.perf.KernelLimits;
import org.scalebench.bench.perf.Measurement;
import org.scalebench.bench.perf.MeasurementFormat;
import org.scalebench.bench.perf.PerfFloor;
import org.scalebench.bench.perf.PerfFloors;
import org.scalebench.bench.perf.RunRequest;
import org.scalebench.bench.perf.RunSettings;
import org.scalebench.bench.report.RunFacts;
import org.scalebench.bench.report.SourceRevision;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import org.scalebench.core.data.TextLimits;

/** {@code scalebench gate}: the performance gate of CI. */
@Command(name = "gate", mixinStandardHelpOptions = true, subcommands = GateReportCommand.class,
        description = {"Performance gate: runs each kernel against the references named in the floors file, on the "
                + "floors' parameter combinations only, in rounds (default " + GateRun.DEFAULT_ROUNDS + "): each "
                + "round measures every kernel and its references once (1 fork each, 5 x 200 ms warm-up, 3 x 100 ms "
                + "measurement, -prof gc), back to back, kernel first in one round and last in the next. A floor is "
                + "judged on the median of its rounds' speedups (reference time / kernel time of one round), and "
                + "leaves the later rounds once a majority of them agree (they could not change it); it "
                + "fails when that median is under min_speedup, or when the kernel allocates more than "
                + "max_bytes_per_op. A floor that fails is measured again in up to --confirm further rounds "
                + "(default " + GateRun.DEFAULT_CONFIRM + ") until most of all its rounds agree, and judged on the "
                + "median of every round it took. A comparison whose rounds spread wider than its median's distance from the "
                + "floor is flagged 'unstable' (to be fixed, not tolerated). Rows without a reference ('-') report "
                + "an absolute time, measured in the first round, and are not gated on it.",
            "Exit codes: 0 every floor met, 1 a floor failed, 2 bad input or the gate could not run (JMH failed, a "
                + "stale jar, a floor naming a benchmark that does not exist)."})
public final class GateCommand implements Callable<Integer> {

    static final List<String> COLUMNS = List.of("benchmark", "reference", "params", "kernel_ns", "reference_ns",
            "speedup", "speedup_min", "speedup_max", "unstable", "bytes_per_op", "min_speedup", "status",
            "max_bytes_per_op", "runs", "run_speedups", "cpu", "jdk", "commit");

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

    @Option(names = "--rounds", paramLabel = "N",
            description = "Rounds, each measuring every comparison once (default: ${DEFAULT-VALUE}; 3 is the fewest "
                    + "for which one slow fork cannot decide a verdict; at most " + GateRun.MAX_ROUNDS + ").")
    int rounds = GateRun.DEFAULT_ROUNDS;

    @Option(names = "--confirm", paramLabel = "N",
            description = "Further rounds a floor that fails the planned rounds may take before it fails: it is "
                    + "measured until most of its rounds, planned and further, agree, and judged on the median of "
                    + "them all (default: ${DEFAULT-VALUE}; 0 judges on the planned rounds alone; at most "
                    + GateRun.MAX_CONFIRM + ").")
    int confirm = GateRun.DEFAULT_CONFIRM;

    @Option(names = "--limits", paramLabel = "FILE",
            description = "Physical limits to report beside the verdicts, never gated: each kernel's time over a "
                    + "memory-floor benchmark of its footprint, the floors measured once after the rounds, written "
                    + "beside --out with -limits added to its name and into --json (default: ${DEFAULT-VALUE} when "
                    + "present; 'none' skips them).")
    String limits = Path.of("bench", "perf-limits.csv").toString();

    @Option(names = "--verbose", description = "Also show JMH's own output (on standard error).")
    boolean verbose;

    @Override
    public Integer call() throws Exception {
        final PrintWriter stdout = spec.commandLine().getOut();
        final PrintWriter err = spec.commandLine().getErr();
        if (rounds < 1 || rounds > GateRun.MAX_ROUNDS) {
            throw new UsageException("--rounds " + rounds + ": must be in [1, " + GateRun.MAX_ROUNDS + "]");
        }
        if (confirm < 0 || confirm > GateRun.MAX_CONFIRM) {
            throw new UsageException("--confirm " + confirm + ": must be in [0, " + GateRun.MAX_CONFIRM + "]");
        }
        OutputPaths.checkFile(out, "--out", "csv");
        OutputPaths.checkFile(limitsOut(), "--out", "csv");
        if (!"none".equals(limits) && limitsOut().toAbsolutePath().normalize()
                .equals(Path.of(limits).toAbsolutePath().normalize())) {
            throw new UsageException("--out " + TextLimits.quoted(out.toString()) + ": its limits file "
                    + TextLimits.quoted(limitsOut().toString()) + " would overwrite --limits; choose another --out");
        }
        if (json != null) {
            OutputPaths.checkFile(json, "--json", "json");
        }
        if (jmhJson != null) {
            OutputPaths.checkFile(jmhJson, "--jmh-json", "json");
        }
        if (!Files.exists(floors) && !spec.commandLine().getParseResult().hasMatchedOption("--floors")) {
            throw new UsageException("floors file " + TextLimits.quoted(floors.toString()) + " not found (run from the "
                    + "repository root, or pass --floors FILE)");
        }
        OptionValues.inputFile("--floors", floors.toString());
        final List<PerfFloor> floorList = PerfFloors.read(floors);
        final BenchmarkCatalog catalog = BenchmarkCatalog.fromClassPath();
        final List<KernelLimits.Limit> limitList = readLimits();
        final List<RunRequest> floorRuns = KernelLimits.floorRequests(limitList, catalog);
        final List<RunRequest> planned = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            planned.addAll(GatePlan.round(floorList, catalog, round));
        }
        planned.addAll(floorRuns);
        SourceRevision.sourceNewerThanJar().ifPresent(newer -> {
            throw new UsageException("the gate cannot run: bench/target/benchmarks.jar is older than " + newer
                    + " (a stale build would measure old code); rebuild with ./mvnw -B -DskipTests package, or run "
                    + "through ./scalebench, which rebuilds");
        });
        stdout.println("gate: " + floorList.size() + " floor" + (floorList.size() == 1 ? "" : "s") + " from " + floors
                + "; up to " + rounds + " round" + (rounds == 1 ? "" : "s") + " (a floor leaves them once most agree)"
                + (confirm == 0 ? "" : " and " + confirm + " more for a floor that fails them") + ", "
                + "at most " + JmhConsole.plan(planned, RunSettings.GATE) + " before any such");
        stdout.flush();
        final long start = System.nanoTime();
        final GateRun.Outcome outcome;
        try {
            outcome = GateRun.run(floorList, catalog,
                    requests -> JmhConsole.runUnreported(requests, RunSettings.GATE, stdout, err, verbose), rounds,
                    confirm, line -> {
                        stdout.println("gate: " + line);
                        stdout.flush();
                    });
        } catch (final JmhFailure failure) {
            throw new UsageException("the gate cannot run: " + failure.getMessage()
                    + (verbose ? "" : " (--verbose shows JMH's output)"));
        }
        final List<GateVerdict> verdicts = outcome.verdicts();
        stdout.print(table(verdicts));
        stdout.print(unstableSummary(verdicts));
        final List<KernelLimits.Ratio> ratios = new ArrayList<>();
        if (!floorRuns.isEmpty() && !outcome.passes().isEmpty()) {
            final JmhResults floorPass;
            try {
                floorPass = JmhConsole.runUnreported(floorRuns, RunSettings.GATE, stdout, err, verbose);
            } catch (final JmhFailure failure) {
                throw new UsageException("the gate cannot run its limits: " + failure.getMessage()
                        + (verbose ? "" : " (--verbose shows JMH's output)"));
            }
            final List<Measurement> measured = new ArrayList<>(outcome.passes().get(0).measurements());
            measured.addAll(floorPass.measurements());
            ratios.addAll(KernelLimits.ratios(limitList, measured));
            stdout.print(limitsTable(ratios));
        }
        final String cpu = RunFacts.cpuModel();
        final String jdk = System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version");
        final String commit = SourceRevision.current();
        CsvFiles.write(out, COLUMNS, verdicts.stream().map(v -> csvRow(v, cpu, jdk, commit)).toList());
        if (!ratios.isEmpty()) {
            CsvFiles.write(limitsOut(), LIMIT_COLUMNS, ratios.stream().map(r -> limitRow(r, cpu, jdk, commit)).toList());
        }
        if (json != null) {
            AtomicFiles.writeText(json, w -> w.write(BencherMetricFormat.json(verdicts, ratios)));
        }
        if (jmhJson != null) {
            JmhResults.writeJson(jmhJson, outcome.passes());
        }
        final long failed = outcome.failed();
        final long unstable = outcome.unstable();
        stdout.println("gate: " + (failed == 0 ? "passed" : "FAILED") + ", " + failed + " of " + verdicts.size()
                + " floor" + (verdicts.size() == 1 ? "" : "s") + " failed, " + unstable + " unstable, "
                + ConsoleProgress.duration((System.nanoTime() - start) / 1e9) + "; results in " + out
                + (json == null ? "" : " and " + json) + " (" + cpu + ", " + jdk + ", commit " + commit + ")");
        return failed == 0 ? Scalebench.OK : Scalebench.FAILED;
    }

    private static final List<String> LIMIT_COLUMNS = List.of("benchmark", "method", "params", "kernel_ns",
            "floor_benchmark", "floor_method", "floor_params", "floor_ns", "over_floor", "target", "cpu", "jdk",
            "commit");

    /** Where the limits go: beside {@code --out}, its name with {@code -limits} before the extension. */
    private Path limitsOut() {
        final String name = out.getFileName().toString();
        final int dot = name.lastIndexOf('.');
        return out.resolveSibling((dot > 0 ? name.substring(0, dot) : name) + "-limits.csv");
    }

    private static List<String> limitRow(final KernelLimits.Ratio r, final String cpu, final String jdk,
            final String commit) {
        final KernelLimits.Limit l = r.limit();
        return List.of(l.benchmark(), l.method(), l.params().toString(), MeasurementFormat.plain(r.kernelNs()),
                l.floorBenchmark(), l.floorMethod(), l.floorParams().toString(), MeasurementFormat.plain(r.floorNs()),
                MeasurementFormat.plainRatio(r.overFloor()),
                Double.isNaN(l.target()) ? "-" : MeasurementFormat.plain(l.target()), cpu, jdk, commit);
    }

    private List<KernelLimits.Limit> readLimits() throws java.io.IOException {
        if ("none".equals(limits)) {
            return List.of();
        }
        final Path file = Path.of(limits);
        if (!Files.isRegularFile(file)) {
            if (spec.commandLine().getParseResult().hasMatchedOption("--limits")) {
                throw new UsageException("--limits " + TextLimits.quoted(limits) + ": not found (or 'none')");
            }
            return List.of();
        }
        try {
            return KernelLimits.read(file);
        } catch (final IllegalArgumentException e) {
            throw new UsageException("--limits: " + e.getMessage());
        }
    }

    /**
     * The limits as a table: each kernel's time, its floor's, their ratio and the target.
     *
     * @param ratios the measured limits
     * @return the table, with a title line
     */
    static String limitsTable(final List<KernelLimits.Ratio> ratios) {
        if (ratios.isEmpty()) {
            return "";
        }
        final Table table = new Table("benchmark", "params", "kernel ns", "floor", "floor ns", "over floor", "target")
                .rightAlign(2, 4, 5, 6);
        for (final KernelLimits.Ratio r : ratios) {
            final KernelLimits.Limit l = r.limit();
            table.row(l.benchmark() + "." + l.method(), l.params().toString(), MeasurementFormat.nanos(r.kernelNs()),
                    l.floorLabel(), MeasurementFormat.nanos(r.floorNs()), MeasurementFormat.ratio(r.overFloor()),
                    Double.isNaN(l.target()) ? "-" : "<= " + MeasurementFormat.ratio(l.target())
                            + (r.meetsTarget() ? "" : " (not met)"));
        }
        return "physical limits (reported, never gated): kernel time over one random read of its footprint\n"
                + table.text();
    }

    private static String table(final List<GateVerdict> verdicts) {
        final Table table = new Table("status", "benchmark", "params", "reference", "kernel ns", "reference ns",
                "speedup", "rounds", "floor", "kernel B/op", "max B/op").rightAlign(4, 5, 6, 8, 9, 10);
        for (final GateVerdict v : verdicts) {
            final PerfFloor f = v.floor();
            final String status = v.passed() ? v.status() : v.status().toUpperCase(Locale.ROOT);
            table.row(v.unstable() ? status + " (unstable)" : status, f.benchmark(),
                    f.params().toString(), f.reference(), MeasurementFormat.nanos(v.kernelNs()),
                    f.gatesSpeedup() ? MeasurementFormat.nanos(v.referenceNs()) : "-",
                    f.gatesSpeedup() ? MeasurementFormat.ratio(v.speedup()) : "-",
                    f.gatesSpeedup() ? runSpeedups(v, " ") : "-",
                    f.gatesSpeedup() ? ">= " + MeasurementFormat.ratio(f.minSpeedup()) : "not gated",
                    MeasurementFormat.bytes(v.bytesPerOp()),
                    f.gatesAllocation() ? MeasurementFormat.plain(f.maxBytesPerOp()) : "-");
        }
        return table.text();
    }

    /**
     * One line per unstable comparison: its rounds, their spread and its margin over the floor.
     *
     * @param verdicts the verdicts
     * @return the lines, empty when none is unstable
     */
    static String unstableSummary(final List<GateVerdict> verdicts) {
        final StringBuilder text = new StringBuilder();
        for (final GateVerdict v : verdicts) {
            if (v.unstable()) {
                text.append("unstable ").append(v.floor().key()).append(": rounds ").append(runSpeedups(v, ", "))
                        .append(", spread ").append(MeasurementFormat.ratio(v.speedupMax() - v.speedupMin()))
                        .append(" wider than the median's distance ")
                        .append(MeasurementFormat.ratio(Math.abs(v.speedup() - v.floor().minSpeedup())))
                        .append(" from the floor ").append(MeasurementFormat.ratio(v.floor().minSpeedup()))
                        .append('\n');
            }
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
                ratio ? MeasurementFormat.plainRatio(v.speedupMin()) : "-",
                ratio ? MeasurementFormat.plainRatio(v.speedupMax()) : "-",
                ratio ? (v.unstable() ? "yes" : "no") : "-",
                MeasurementFormat.plain(v.bytesPerOp()), ratio ? MeasurementFormat.plain(f.minSpeedup()) : "-",
                v.status(), f.gatesAllocation() ? MeasurementFormat.plain(f.maxBytesPerOp()) : "-",
                Integer.toString(v.runs().size()),
                ratio ? v.runs().stream().map(r -> MeasurementFormat.plainRatio(r.speedup()))
                        .collect(Collectors.joining(";")) : "-",
                cpu, jdk, commit);
    }
}
