package org.scalebench.bench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.scalebench.bench.coherence.CoherenceExperiments;
import org.scalebench.bench.io.ConsoleProgress;
import org.scalebench.coherence.sim.SimulationResult;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.sim.Warmup;
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
public final class CoherenceCompareCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--system", required = true, paramLabel = "S", description = "chip1024, wsc1m or a configuration file.")
    String system;

    @Option(names = "--workload", required = true, paramLabel = "W", description = "vm, app, page or trace:FILE.")
    String workload;

    @Option(names = "--formats", split = ",", paramLabel = "F[,F...]", description = "Baseline formats run with "
            + "global and restricted homes (default: full-map, dir-b-4, dir-nb-4, coarse-vector-4; above 65,536 cores "
            + "full-map, which does not fit, is replaced by the system's baseline).")
    List<String> formats;

    @Option(names = "--homes", paramLabel = "H", description = "Restricted home mapping of hr and sr+hr (default: "
            + "piton-low).")
    String homes;

    @Option(names = "--group-size", paramLabel = "K", description = "Cores per VM/application, sharers per page group.")
    Integer groupSize;

    @Option(names = "--outside", paramLabel = "F", description = "Fraction of accesses from outside the domain "
            + "(default: 0.01, an assumption).")
    Double outside;

    @Option(names = "--active", paramLabel = "K", description = "VMs or applications that issue accesses (default: all).")
    Integer active;

    @Option(names = "--accesses", paramLabel = "N", description = "Counted accesses per run (default: as simulate).")
    Long accesses;

    @Option(names = "--seed", paramLabel = "S", description = "Seed (default: ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output directory.")
    Path out;

    @Mixin
    SimulationOptions options;

    @Override
    public Integer call() throws Exception {
        final SystemSpec machine = options.apply(SystemSpec.resolve(system));
        final CoherenceExperiments.WorkloadSpec w = new CoherenceExperiments.WorkloadSpec(workload, groupSize, outside,
                active);
        final long n = CoherenceSimulateCommand.counted(accesses, w.build(machine, seed), machine);
        final Warmup warm = options.warmup(n, w.isTrace());
        final List<CoherenceExperiments.RunSpec> runs = CoherenceExperiments.comparisonRuns(
                formats != null ? formats : CoherenceExperiments.defaultFormats(machine));
        for (final CoherenceExperiments.RunSpec run : runs) {
            // a format that cannot run on this machine fails now, not after the first runs
            org.scalebench.coherence.sim.CoherenceSimulator.formatFor(machine, run.scheme(),
                    run.scheme().sharerRestricted() ? null : run.format());
        }
        OutputPaths.checkDirectory(out, "--out");
        final List<SimulationResult> results;
        try (ConsoleProgress progress = ConsoleProgress.onTerminal(spec.commandLine().getErr(), "accesses")) {
            results = CoherenceExperiments.compare(machine, runs, w, homes, n, warm, seed, progress);
        }
        final PrintWriter stdout = spec.commandLine().getOut();
        for (final SimulationResult r : results) {
            CoherenceSimulateCommand.print(stdout, r);
        }
        CoherenceSimulateCommand.printEnergyModel(stdout, machine);
        for (final String verdict : CoherenceExperiments.baselineVerdicts(results)) {
            stdout.println(verdict);
        }
        CoherenceExperiments.writeResults(out.resolve("compare.csv"), results);
        CoherenceExperiments.plotCompare(out.resolve("compare.png"), results);
        stdout.println("wrote " + out.resolve("compare.csv") + " and " + out.resolve("compare.png"));
        return Scalebench.OK;
    }
}
