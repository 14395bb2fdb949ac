package org.scalebench.bench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.scalebench.bench.check.KernelCheck;
import org.scalebench.bench.check.KernelChecks;
import org.scalebench.bench.coherence.CdrReproduction;
import org.scalebench.bench.io.ConsoleProgress;
import org.scalebench.bench.io.StagedDirectory;
import org.scalebench.bench.perf.BenchmarkCatalog;
import org.scalebench.bench.perf.BenchmarkClass;
import org.scalebench.bench.perf.GatePlan;
import org.scalebench.bench.perf.JmhFailure;
import org.scalebench.bench.perf.JmhResults;
import org.scalebench.bench.perf.PerfFloor;
import org.scalebench.bench.perf.PerfFloors;
import org.scalebench.bench.perf.RunRequest;
import org.scalebench.bench.perf.RunSettings;
import org.scalebench.bench.report.BenchmarkPass;
import org.scalebench.bench.report.PartOutcome;
import org.scalebench.bench.report.PartResult;
import org.scalebench.bench.report.ReportContent;
import org.scalebench.bench.report.ReportWriter;
import org.scalebench.bench.report.ReproductionPart;
import org.scalebench.bench.report.RunFacts;
import org.scalebench.bench.train.LlmPart;
import org.scalebench.bench.train.TrainingPart;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import org.scalebench.core.data.TextLimits;

/**
 * {@code scalebench reproduce}: the main job, in four steps: validate every kernel against its reference, run
 * the JMH pass, regenerate both papers' results (the registered {@link ReproductionPart}s), write the report.
 * A failing step is recorded in the report and makes the exit code 1; later steps still run.
 */
@Command(name = "reproduce", mixinStandardHelpOptions = true,
        description = {"Validate every kernel against its reference, run the JMH pass, regenerate both papers' results "
                + "and write DIR/report.md with CSV files beside it.",
            "--quick (the default) runs every benchmark class briefly on a representative parameter subset (the "
                + "floors' combinations) and small simulations; --full runs every combination with each class's own "
                + "JMH settings and larger simulations.",
            "Exit codes: 0 all passed, 1 a check, benchmark or part failed (the report says which), 2 bad input."})
public final class ReproduceCommand implements Callable<Integer> {

    private static final int STEPS = 4;

    /** The paper parts {@code reproduce} runs, in report order. */
    static final List<ReproductionPart> PARTS = List.of(new CdrReproduction(VersionProvider.version()),
            new org.scalebench.bench.coherence.RealTraceReproduction(Path.of("target", "splash3"),
                    VersionProvider.version()), new TrainingPart(),
            new org.scalebench.bench.train.ScalingValidationPart(), new LlmPart());

    @Spec
    CommandSpec spec;

    @Option(names = "--out", paramLabel = "DIR", description = "Report directory (default: ${DEFAULT-VALUE}).")
    Path out = Path.of("target", "report");

    @Option(names = "--quick", description = "Quick run (the default): 39 minutes on 2 cores with the default 8 GiB heap; "
            + "-Xmx14g runs its two wsc1m runs with every core active, most of it, side by side.")
    boolean quick;

    @Option(names = "--full", description = "Full JMH settings, every parameter combination, larger simulations.")
    boolean full;

    @Option(names = "--seed", description = "Seed of the randomized checks and simulations (default: ${DEFAULT-VALUE}).")
    long seed = 20261202L;

    @Option(names = "--operations", description = "Random operations per kernel check (default: ${DEFAULT-VALUE}).")
    int operations = 200_000;

    @Option(names = "--bench", paramLabel = "REGEX",
            description = "Only benchmark classes whose name contains a match (default: every class).")
    String benchRegex;

    @Option(names = "--floors", paramLabel = "FILE", description = "Where --quick takes its parameter combinations "
            + "(default: bench/perf-floors.csv when present, else each class's first combination).")
    Path floors;

    @Option(names = "--parts", paramLabel = "REGEX", description = "Only paper parts whose name contains a match "
            + "(default: every part; 'none' skips them).")
    String partsRegex;

    @Option(names = "--verbose", description = "Also show JMH's own output (on standard error).")
    boolean verbose;

    @Mixin
    JobsOption jobs = new JobsOption();

    @Mixin
    ThreadsOption threads = new ThreadsOption();

    /** Where this run writes until its files are published into {@link #out} as one set. */
    private Path work;

    @Override
    public Integer call() throws Exception {
        jobs.jobs(); // checked before any work
        threads.threads();
        if (operations < 1) {
            throw new UsageException("--operations = " + operations + ": must be at least 1");
        }
        if (quick && full) {
            throw new UsageException("--quick and --full exclude each other");
        }
        if (floors != null) {
            OptionValues.inputFile("--floors", floors.toString());
        }
        OutputPaths.checkDirectory(out, "--out");
        final boolean isQuick = !full;
        final PrintWriter stdout = spec.commandLine().getOut();
        final Instant started = Instant.now();
        final long start = System.nanoTime();

        // plan the JMH pass first, so bad input fails before anything runs
        final BenchmarkCatalog catalog = BenchmarkCatalog.fromClassPath();
        final List<BenchmarkClass> classes = BenchmarkSelection.classes(catalog, benchRegex, "--bench");
        final Path floorsFile = floors != null ? floors : Path.of("bench", "perf-floors.csv");
        final List<PerfFloor> floorList = isQuick && Files.isRegularFile(floorsFile) ? PerfFloors.read(floorsFile)
                : List.of();
        final List<RunRequest> requests = isQuick ? GatePlan.representative(classes, floorList, catalog)
                : classes.stream().map(RunRequest::everything).toList();
        final RunSettings settings = isQuick ? RunSettings.BRIEF : RunSettings.OWN;
        final String selection = isQuick
                ? (floorList.isEmpty() ? "every class on its first parameter combination"
                        : "every class on the parameter combinations of " + floorsFile
                                + " (its first combination where the floors have none)")
                : "every class on every parameter combination";

        final List<ReproductionPart> selected = selectedParts(); // bad --parts fails before anything runs
        try (StagedDirectory staged = OutputPaths.stage(out, "--out", spec)) {
            work = staged.staging();
            final List<KernelCheck.Outcome> checks = validateKernels(stdout);
            final BenchmarkPass benchmarks = runBenchmarks(stdout, requests, settings, selection);
            final List<PartOutcome> parts = runParts(stdout, isQuick, selected);

            stdout.println(step(4, "writing the report"));
            final List<String> written = benchmarks.error() == null ? List.of(ReportWriter.JMH_JSON) : List.of();
            final RunFacts facts = RunFacts.ofThisJvm(VersionProvider.version(), started);
            final ReportContent content = new ReportContent(commandLine(), isQuick, seed, operations, facts,
                    (System.nanoTime() - start) / 1e9, checks, benchmarks, parts);
            final Path report = ReportWriter.write(work, content, written);
            staged.publish(List.of("command: " + commandLine(), "scalebench: " + facts.scalebench(),
                    "commit: " + facts.commit(), "java: " + facts.java(), "seed: " + seed,
                    "started: " + started));
            stdout.println("report: " + staged.directory().resolve(work.relativize(report)) + " ("
                    + ConsoleProgress.duration((System.nanoTime() - start) / 1e9) + ")");
            final boolean passed = checks.stream().allMatch(KernelCheck.Outcome::passed)
                    && benchmarks.error() == null && parts.stream().allMatch(PartOutcome::completed);
            return passed ? Scalebench.OK : Scalebench.FAILED;
        }
    }

    private List<KernelCheck.Outcome> validateKernels(final PrintWriter stdout) {
        final List<KernelCheck> all = KernelChecks.all();
        stdout.println(step(1, String.format(Locale.ROOT, "kernel validation: %d kernel%s against %s reference%s, "
                + "%,d random operations each (seed %d)", all.size(), all.size() == 1 ? "" : "s",
                all.size() == 1 ? "its" : "their", all.size() == 1 ? "" : "s", operations, seed)));
        final List<KernelCheck.Outcome> outcomes = new ArrayList<>();
        for (final KernelCheck check : all) {
            final KernelCheck.Outcome o = check.run(seed, operations);
            outcomes.add(o);
            stdout.println("  " + o.summary());
        }
        return outcomes;
    }

    private BenchmarkPass runBenchmarks(final PrintWriter stdout, final List<RunRequest> requests,
            final RunSettings settings, final String selection) throws IOException {
        stdout.println(step(2, "benchmarks: " + JmhConsole.plan(requests, settings)));
        stdout.flush();
        final JmhResults results;
        try {
            results = JmhConsole.run(requests, settings, stdout, spec.commandLine().getErr(), verbose);
        } catch (final JmhFailure shown) {
            return new BenchmarkPass(settings.toString(), selection, List.of(), shown.getMessage());
        }
        stdout.print(JmhConsole.table(results.comparisons()));
        results.writeJson(work.resolve(ReportWriter.JMH_JSON));
        return new BenchmarkPass(settings.toString(), selection, results.comparisons(), null);
    }

    private List<PartOutcome> runParts(final PrintWriter stdout, final boolean isQuick,
            final List<ReproductionPart> parts) {
        final int jobs = this.jobs.jobs();
        final int warmupThreads = threads.threads();
        stdout.println(step(3, parts.isEmpty() ? "paper results: no part selected"
                : "paper results: " + parts.size() + " part" + (parts.size() == 1 ? "" : "s") + ", one after another"
                        + (jobs > 1 ? ", each on " + jobs + " threads" : "")));
        // a part's files do not depend on its jobs: the same files as on one thread
        final List<PartOutcome> outcomes = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            stdout.println("  part " + (i + 1) + "/" + parts.size() + ": " + parts.get(i).name());
            stdout.flush();
            try (ConsoleProgress progress = ConsoleProgress.onTerminal(stdout, parts.get(i).name())) {
                outcomes.add(runPart(parts.get(i).withWarmupThreads(warmupThreads), isQuick, jobs, progress));
            }
        }
        return outcomes;
    }

    /** Runs one part; a failure is recorded in the report (and makes the exit code 1), not thrown. */
    private PartOutcome runPart(final ReproductionPart part, final boolean isQuick, final int jobs,
            final org.scalebench.core.Progress progress) {
        final long start = System.nanoTime();
        try {
            final PartResult result = part.run(work, isQuick, seed, jobs, progress);
            return PartOutcome.completed(part.name(), result, (System.nanoTime() - start) / 1e9);
        } catch (final Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            final String why = Scalebench.describe(e);
            spec.commandLine().getErr().println("scalebench: part " + part.name() + " failed: " + why);
            return PartOutcome.failed(part.name(), why, (System.nanoTime() - start) / 1e9);
        }
    }

    private List<ReproductionPart> selectedParts() {
        if (partsRegex == null) {
            return PARTS;
        }
        if (partsRegex.equals("none")) {
            return List.of();
        }
        final java.util.regex.Pattern pattern;
        try {
            pattern = java.util.regex.Pattern.compile(partsRegex);
        } catch (final java.util.regex.PatternSyntaxException e) {
            throw new UsageException("--parts " + TextLimits.quoted(partsRegex) + ": not a regular expression ("
                    + e.getDescription() + ")");
        }
        return PARTS.stream().filter(p -> pattern.matcher(p.name()).find()).toList();
    }

    private String commandLine() {
        return "scalebench " + String.join(" ", spec.commandLine().getParseResult().originalArgs());
    }

    private static String step(final int i, final String what) {
        return "[" + i + "/" + STEPS + "] " + what;
    }
}
