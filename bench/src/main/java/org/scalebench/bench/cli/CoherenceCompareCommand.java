package org.scalebench.bench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.scalebench.bench.coherence.CdrVerdicts;
import org.scalebench.bench.coherence.CompareStudy;
import org.scalebench.bench.coherence.Comparison;
import org.scalebench.bench.coherence.WorkloadSpec;
import org.scalebench.bench.study.Provenance;
import org.scalebench.bench.io.ConsoleProgress;
import org.scalebench.coherence.sim.SimulationResult;
import org.scalebench.coherence.sim.CoherenceSimulator;
import org.scalebench.coherence.sim.Scheme;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.sim.Warmup;
import org.scalebench.coherence.sim.Workload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code scalebench coherence compare}: CDR against every baseline format on the same access stream. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Run global and hr with every baseline format, then sr and sr+hr, on the same access stream; "
                + "write DIR/compare.csv and DIR/compare.png and say where a baseline beats CDR.",
            "The first run warms as --warmup says; the others warm exactly as long."})
public final class CoherenceCompareCommand implements Callable<Integer>, StudyCommand {

    @Spec
    CommandSpec spec;

    @Option(names = "--system", required = true, paramLabel = "S", description = "chip1024, wsc1m or a configuration file.")
    String system;

    @Mixin
    WorkloadOptions workloadOptions;

    @Option(names = "--formats", split = ",", paramLabel = "F[,F...]", description = "Baseline formats run with "
            + "global and restricted homes (default: full-map, dir-b-4, dir-nb-4, coarse-vector-4; above 65,536 cores "
            + "full-map, which does not fit, is replaced by the system's baseline).")
    List<String> formats;

    @Option(names = "--homes", paramLabel = "H", description = "Restricted home mapping of hr and sr+hr (default: "
            + "piton-low).")
    String homes;

    @Option(names = "--accesses", paramLabel = "N", description = "Counted accesses per run (default: as simulate).")
    Long accesses;

    @Option(names = "--seed", paramLabel = "S", description = "Seed (default: ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = "--seeds", paramLabel = "N", description = "Run the comparison with N seeds (S, S+1, ...) and "
            + "give each verdict a 95%% confidence interval (default: ${DEFAULT-VALUE}; at most " + MAX_SEEDS + ").")
    int seeds = 1;

    @Option(names = "--outsides", split = ",", paramLabel = "F[,F...]", description = "Run the comparison at each "
            + "of these shares of accesses from outside their domain (each in [0, 1]) and report every verdict as a "
            + "curve over them, with the share where it flips (replaces --outside).")
    List<Double> outsides;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output directory.")
    Path out;

    @Mixin
    SimulationOptions options;

    @Mixin
    StudyOptions study = new StudyOptions();

    @Override
    public Integer call() throws Exception {
        final List<List<String>> rows = StudyExecution.run(this, spec);
        if (rows == null) {
            return Scalebench.OK; // a shard: its rows are a part of the comparison
        }
        final List<SimulationResult> results = CompareStudy.results(rows);
        final PrintWriter stdout = spec.commandLine().getOut();
        for (final SimulationResult r : results) {
            CoherenceSimulateCommand.print(stdout, r);
        }
        CoherenceSimulateCommand.printEnergyModel(stdout, options.apply(SimulationOptions.system(system)));
        for (final String verdict : Comparison.baselineVerdicts(results)) {
            stdout.println(verdict);
        }
        stdout.print(CdrVerdicts.table(study().verdicts(rows)));
        return Scalebench.OK;
    }

    /** Most seeds {@code --seeds} takes. */
    static final int MAX_SEEDS = 20;

    @Override
    public CompareStudy study() throws Exception {
        if (seeds < 1 || seeds > MAX_SEEDS) {
            throw new UsageException("--seeds " + seeds + ": must be in [1, " + MAX_SEEDS + "]");
        }
        if (seed > Long.MAX_VALUE - (seeds - 1)) {
            throw new UsageException("--seed " + seed + " with --seeds " + seeds + ": the seeds S to S+" + (seeds - 1)
                    + " must not pass " + Long.MAX_VALUE + " (give a smaller --seed)");
        }
        final List<Double> shares = outsides == null ? List.of() : OptionValues.distinctNumbers("--outsides", outsides);
        for (final double f : shares) {
            if (!(f >= 0 && f <= 1)) {
                throw new UsageException("--outsides " + f + ": each share must be in [0, 1]");
            }
        }
        if (!shares.isEmpty() && workloadOptions.spec().outside() != null) {
            throw new UsageException("--outsides with --outside: give the shares in one of them");
        }
        final SystemSpec machine = options.apply(SimulationOptions.system(system));
        final WorkloadSpec w = workloadOptions.spec();
        final Workload first = workloadOptions.build(machine, seed);
        final long n = CoherenceSimulateCommand.counted(accesses, first, machine);
        final Warmup warm = options.warmup(n, first);
        CoherenceSimulateCommand.requireTraceHolds(accesses, warm, first);
        CoherenceSimulateCommand.requireMeasurable(n, warm, first);
        OptionValues.named("--homes", homes, () -> CoherenceSimulator.mappingFor(machine, Scheme.HR, homes));
        final List<String> baselines = formats != null ? OptionValues.formats("--formats", formats)
                : Comparison.defaultFormats(machine);
        final List<Comparison.RunSpec> runs = OptionValues.named("--formats", String.join(",", baselines),
                () -> Comparison.comparisonRuns(machine, baselines));
        for (final Comparison.RunSpec run : runs) {
            // a format that cannot run on this machine fails now, not after the first runs
            OptionValues.named("--formats", run.format(), () -> CoherenceSimulator.formatFor(machine, run.scheme(),
                    run.scheme().sharerRestricted() ? null : run.format()));
        }
        final List<Long> seedList = new java.util.ArrayList<>();
        for (int k = 0; k < seeds; k++) {
            seedList.add(seed + k);
        }
        return new CompareStudy(machine, runs, w, homes, n, warm, shares, seedList,
                Provenance.current(VersionProvider.version()));
    }

    @Override
    public Path out() {
        return out;
    }

    @Override
    public StudyOptions studyOptions() {
        return study;
    }
}
