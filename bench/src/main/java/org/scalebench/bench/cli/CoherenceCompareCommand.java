package org.scalebench.bench.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.scalebench.bench.coherence.CoherenceExperiments;
import org.scalebench.bench.io.ConsoleProgress;
import org.scalebench.coherence.sim.SimulationResult;
import org.scalebench.coherence.sim.SystemSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code scalebench coherence compare}: every scheme on the same access stream. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Run global, sr, hr and sr+hr on the same access stream; write DIR/compare.csv and DIR/compare.png.")
public final class CoherenceCompareCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--system", required = true, paramLabel = "S", description = "chip1024, wsc1m or a configuration file.")
    String system;

    @Option(names = "--workload", required = true, paramLabel = "W", description = "vm, app, page or trace:FILE.")
    String workload;

    @Option(names = "--group-size", paramLabel = "K", description = "Cores per VM/application, sharers per page group.")
    Integer groupSize;

    @Option(names = "--outside", paramLabel = "F", description = "Fraction of accesses from outside the domain.")
    Double outside;

    @Option(names = "--accesses", paramLabel = "N", description = "Counted accesses per scheme (default: as simulate).")
    Long accesses;

    @Option(names = "--seed", paramLabel = "S", description = "Seed (default: ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output directory.")
    Path out;

    @Override
    public Integer call() throws Exception {
        final SystemSpec machine = SystemSpec.resolve(system);
        final long n = CoherenceSimulateCommand.counted(accesses,
                CoherenceExperiments.workload(workload, machine, seed, groupSize, outside), machine);
        final long warm = workload.startsWith("trace:") ? 0 : n / 10;
        final List<SimulationResult> results;
        try (ConsoleProgress progress = ConsoleProgress.onTerminal(spec.commandLine().getErr(), "accesses")) {
            results = CoherenceExperiments.compare(machine, workload, groupSize, outside, n, warm, seed, progress);
        }
        for (final SimulationResult r : results) {
            CoherenceSimulateCommand.print(spec.commandLine().getOut(), r);
        }
        CoherenceSimulateCommand.printEnergyModel(spec.commandLine().getOut(), machine);
        CoherenceExperiments.writeResults(out.resolve("compare.csv"), results);
        CoherenceExperiments.plotCompare(out.resolve("compare.png"), results);
        spec.commandLine().getOut().println("wrote " + out.resolve("compare.csv") + " and " + out.resolve("compare.png"));
        return Scalebench.OK;
    }
}
