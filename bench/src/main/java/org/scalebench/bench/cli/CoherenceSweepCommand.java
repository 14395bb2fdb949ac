package org.scalebench.bench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.scalebench.bench.coherence.CoherenceExperiments;
import org.scalebench.bench.io.ConsoleProgress;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.storage.StorageModel;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code scalebench coherence sweep}: the storage figure and the Home Restriction domain-size figure. */
@Command(name = "sweep", mixinStandardHelpOptions = true,
        description = "Write DIR/storage.csv and storage.png (bits per entry with tags vs cores, log-log, and "
                + "cdr-sr vs sharer domains) and DIR/home-restriction.csv and home-restriction.png (miss latency vs "
                + "domain size, global homes against Home Restriction).")
public final class CoherenceSweepCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--system", paramLabel = "S", description = "Machine of the domain-size sweep (default: ${DEFAULT-VALUE}).")
    String system = "chip1024";

    @Option(names = "--sizes", split = ",", paramLabel = "K[,K...]", description = "Cores per domain (default: 4 to "
            + "the whole chip on a mesh; 16, 64, 320, 1600, 8000 on wsc1m).")
    List<Integer> sizes;

    @Option(names = "--accesses", paramLabel = "N", description = "Counted accesses per run (default: ${DEFAULT-VALUE}).")
    long accesses = 2_000_000;

    @Option(names = "--seed", paramLabel = "S", description = "Seed (default: ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output directory.")
    Path out;

    @Mixin
    SimulationOptions options;

    @Override
    public Integer call() throws Exception {
        if (accesses < 1) {
            throw new UsageException("--accesses = " + accesses + ": must be at least 1");
        }
        final SystemSpec machine = options.apply(SystemSpec.resolve(system));
        final var warm = options.warmup(accesses, false);
        OutputPaths.checkDirectory(out, "--out");
        final PrintWriter stdout = spec.commandLine().getOut();
        final StorageModel model = machine.storageModel();
        final var storage = CoherenceExperiments.storage(model, CoherenceExperiments.STORAGE_FORMATS,
                CoherenceExperiments.STORAGE_CORES);
        CoherenceExperiments.writeStorage(out.resolve("storage.csv"), storage);
        CoherenceExperiments.plotStorage(out.resolve("storage.png"), storage, CoherenceExperiments.storageByDomains(
                model, machine.cores(), CoherenceExperiments.STORAGE_DOMAINS), model);
        stdout.println("wrote " + out.resolve("storage.csv") + " and storage.png");
        final List<Integer> domainSizes = sizes != null ? sizes : defaultSizes(machine);
        final List<CoherenceExperiments.SweepPoint> points;
        try (ConsoleProgress progress = ConsoleProgress.onTerminal(spec.commandLine().getErr(), "accesses")) {
            points = CoherenceExperiments.homeRestrictionSweep(machine, domainSizes, accesses, warm, seed, progress);
        }
        for (final CoherenceExperiments.SweepPoint p : points) {
            stdout.printf(Locale.ROOT, "  %5d cores, %2d homes: global %.1f cycles, hr %.1f cycles (%.2fx); home hit rate "
                    + "%.4f / %.4f; warm-up %,d (%s)%n", p.domainCores(), p.homes(), p.global().avgMissLatencyCycles(),
                    p.restricted().avgMissLatencyCycles(), p.speedup(), p.global().homeHitRate(),
                    p.restricted().homeHitRate(), p.global().warmupAccesses(),
                    p.global().warmupSteady() ? "steady" : "not steady");
        }
        CoherenceExperiments.writeSweep(out.resolve("home-restriction.csv"), points);
        CoherenceExperiments.plotSweep(out.resolve("home-restriction.png"), points);
        stdout.println("wrote " + out.resolve("home-restriction.csv") + " and home-restriction.png");
        return Scalebench.OK;
    }

    static List<Integer> defaultSizes(final SystemSpec machine) {
        // wsc1m: a quarter server, a server, 5, 25 and 125 servers (divisors of the 1,000,000 cores)
        return machine.isMesh() ? List.of(4, 16, 64, 256, machine.cores()) : List.of(16, 64, 320, 1600, 8000);
    }
}
