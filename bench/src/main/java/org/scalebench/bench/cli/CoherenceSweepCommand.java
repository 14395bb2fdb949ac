package org.scalebench.bench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.scalebench.bench.coherence.SweepStudy;
import org.scalebench.bench.study.Provenance;
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
public final class CoherenceSweepCommand implements Callable<Integer>, StudyCommand {

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

    @Mixin
    StudyOptions study = new StudyOptions();

    @Override
    public Integer call() throws Exception {
        final List<List<String>> rows = StudyExecution.run(this, spec);
        if (rows == null) {
            return Scalebench.OK; // a shard
        }
        final PrintWriter stdout = spec.commandLine().getOut();
        for (final List<String> r : SweepStudy.sweepRows(rows)) {
            // the CSV keeps six significant digits; people get the cycles to a tenth and the ratio to a hundredth
            stdout.printf(Locale.ROOT, "  %5s cores, %2s homes: miss latency global %.1f cycles, hr %.1f cycles "
                    + "(%.2fx); home hit rate %.4f / %.4f; warm-up %,d accesses%n", r.get(1), r.get(2),
                    Double.parseDouble(r.get(3)), Double.parseDouble(r.get(4)), Double.parseDouble(r.get(7)),
                    Double.parseDouble(r.get(8)), Double.parseDouble(r.get(9)), Long.parseLong(r.get(12)));
        }
        return Scalebench.OK;
    }

    @Override
    public SweepStudy study() throws java.io.IOException {
        if (accesses < 1) {
            throw new UsageException("--accesses = " + accesses + ": must be at least 1");
        }
        final SystemSpec machine = options.apply(SimulationOptions.system(system));
        final List<Integer> domainSizes = sizes != null ? sizes : defaultSizes(machine);
        for (final int size : domainSizes) {
            if (size < 1 || size > machine.cores() || machine.cores() % size != 0) {
                throw new UsageException("--sizes = " + size + ": must divide the " + machine.cores() + " cores of "
                        + machine.name() + " (cores per domain, at least 1)");
            }
        }
        OptionValues.distinct("--sizes", domainSizes.stream().map(String::valueOf).toList());
        final var warm = options.warmup(accesses, false);
        return new SweepStudy(machine, domainSizes, accesses, warm, options.warmup == null ? "steady" : options.warmup,
                seed, Provenance.current(VersionProvider.version()));
    }

    @Override
    public Path out() {
        return out;
    }

    @Override
    public StudyOptions studyOptions() {
        return study;
    }

    static List<Integer> defaultSizes(final SystemSpec machine) {
        // wsc1m: a quarter server, a server, 5, 25 and 125 servers (divisors of the 1,000,000 cores)
        return machine.isMesh() ? List.of(4, 16, 64, 256, machine.cores()) : List.of(16, 64, 320, 1600, 8000);
    }
}
