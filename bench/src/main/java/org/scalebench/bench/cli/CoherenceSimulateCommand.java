package org.scalebench.bench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.scalebench.bench.coherence.CdrVerdicts;
import org.scalebench.bench.coherence.Comparison;
import org.scalebench.bench.coherence.RunDefaults;
import org.scalebench.bench.io.ConsoleProgress;
import org.scalebench.coherence.network.PartitionProbe;
import org.scalebench.coherence.sim.CoherenceSimulator;
import org.scalebench.coherence.sim.Scheme;
import org.scalebench.coherence.sim.SimulationResult;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.sim.Warmup;
import org.scalebench.coherence.sim.Workload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code scalebench coherence simulate}: one run of the CDR simulator. */
@Command(name = "simulate", mixinStandardHelpOptions = true,
        description = "Simulate one workload on chip1024 or wsc1m under one scheme; print a summary and write one CSV row.")
public final class CoherenceSimulateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--system", required = true, paramLabel = "S",
            description = "chip1024, wsc1m, or a system configuration file (parameter,value,unit,source).")
    String system;

    @Option(names = "--scheme", required = true, paramLabel = "X",
            description = "global, hr, sr, sr+hr or hier (a hierarchical directory, format hier).")
    String scheme;

    @Option(names = "--format", paramLabel = "F", description = "Directory format (global and hr; default: the "
            + "system's baseline, full-map on chip1024, dir-b-6 on wsc1m; sr uses cdr-sr).")
    String format;

    @Option(names = "--homes", paramLabel = "H", description = "Restricted home mapping for hr and sr+hr: "
            + "piton[-low|-middle|-high|-mixed] or uniform (default: piton-low).")
    String homes;

    @Mixin
    WorkloadOptions workloadOptions;

    @Mixin
    SimulationOptions options;

    @Option(names = "--accesses", paramLabel = "N", description = "Counted accesses (default: 20000000 on chip1024, "
            + "10000000 on wsc1m, and at least 100 per issuing core: 100000000 with every wsc1m core active; a trace's "
            + "length). Without settling, --warmup plus --accesses must reach the issuing cores: each core's first "
            + "access is in cycle 0, and fewer would all be counted in that one cycle.")
    Long accesses;

    @Option(names = "--seed", paramLabel = "S", description = "Workload seed (default: ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = "--partitions", split = ",", paramLabel = "P[,P...]", description = "Also measure how this run "
            + "would split over P host threads, one per block of the machine (equal rectangles of tiles on a mesh, "
            + "runs of consecutive servers on a warehouse): the share of transactions and messages that cross blocks, "
            + "the lookahead, and a bound on the speedup (crossing transactions one after another, the busiest block "
            + "setting the pace of the rest; up to " + PartitionProbe.MAX_COUNTS + " counts, each from 1 to the "
            + "tiles or servers; the probe changes no result).")
    List<Integer> partitions;

    @Option(names = "--out", required = true, paramLabel = "FILE.csv", description = "CSV file to write.")
    Path out;

    @Override
    public Integer call() throws Exception {
        OutputPaths.checkFile(out, "--out", "csv");
        final SystemSpec machine = options.apply(SimulationOptions.system(system));
        final Scheme s = OptionValues.named("--scheme", scheme, () -> Scheme.parse(scheme));
        OptionValues.named("--format", format, () -> CoherenceSimulator.formatFor(machine, s, format));
        OptionValues.named("--homes", homes, () -> CoherenceSimulator.mappingFor(machine, s, homes));
        final PartitionProbe probe = probe(machine, partitions);
        final Workload w = workloadOptions.build(machine, seed);
        final long n = counted(accesses, w, machine);
        final var warm = options.warmup(n, w);
        requireTraceHolds(accesses, warm, w);
        requireMeasurable(n, warm, w);
        // after every option is checked, so that a bad option is named before the heap is
        HeapCheck.fits(Comparison.heapBytesPerRun(machine), "a run of " + machine.name());
        final SimulationResult r;
        final UntimedPart untimed;
        try (ConsoleProgress progress = ConsoleProgress.onTerminal(spec.commandLine().getErr(), "accesses")) {
            untimed = new UntimedPart(progress);
            r = CoherenceSimulator.run(machine, s, format, homes, w, warm, n, seed, untimed, probe);
        }
        Comparison.writeResults(out, List.of(r));
        print(spec.commandLine().getOut(), r);
        if (warm.functional()) {
            final long tail = warm.timedTail(r.activeCores());
            final double warmSeconds = r.warmupAccessesPerSecond() > 0
                    ? (r.warmupAccesses() + r.settleAccesses()) / r.warmupAccessesPerSecond() : 0;
            // the warm-up's wall time covers the timed tail and the settling after it
            spec.commandLine().getOut().printf(Locale.ROOT, "  warm-up functional: %,d accesses untimed at %s, then"
                    + " %,d timed and %,d settling at %s (untimed on %s)%n", r.warmupAccesses() - tail,
                    perSecond(untimed.accesses, untimed.seconds), tail, r.settleAccesses(),
                    perSecond(tail + r.settleAccesses(), warmSeconds - untimed.seconds),
                    untimed.threads == 1 ? "1 thread" : "2 threads: one draws, one performs");
        }
        if (!untimed.settling.isEmpty()) {
            spec.commandLine().getOut().println("  settling windows of " + String.format(Locale.ROOT, "%,d",
                    Warmup.settleWindow(r.activeCores())) + " accesses, accesses per 1,000 "
                    + "cycles: " + untimed.settling.stream().map(x -> String.format(Locale.ROOT, "%.1f", x))
                            .collect(java.util.stream.Collectors.joining(", ")));
        }
        if (probe != null) {
            printPartitions(spec.commandLine().getOut(), machine, probe, r);
        }
        printEnergyModel(spec.commandLine().getOut(), machine);
        spec.commandLine().getOut().printf(Locale.ROOT, "  peak heap %.2f GiB (max %.2f GiB)%n", peakHeapBytes() / (double) (1L << 30),
                Runtime.getRuntime().maxMemory() / (double) (1L << 30));
        spec.commandLine().getOut().println("wrote " + out);
        return Scalebench.OK;
    }

    /** The probe of the partitionings asked for, or null; refuses counts out of range or given twice. */
    static PartitionProbe probe(final SystemSpec machine, final List<Integer> counts) {
        if (counts == null) {
            return null;
        }
        final int units = machine.network().interfaces();
        if (counts.size() > PartitionProbe.MAX_COUNTS) {
            throw new UsageException("--partitions: " + counts.size() + " counts given, at most "
                    + PartitionProbe.MAX_COUNTS + " are probed at once");
        }
        final int[] p = new int[counts.size()];
        for (int k = 0; k < p.length; k++) {
            p[k] = counts.get(k);
            if (p[k] < 1 || p[k] > units) {
                throw new UsageException("--partitions = " + p[k] + ": must be from 1 to the " + units + " "
                        + unitName(machine) + "s of " + machine.name());
            }
            for (int j = 0; j < k; j++) {
                if (p[j] == p[k]) {
                    throw new UsageException("--partitions: " + p[k] + " is given twice");
                }
            }
        }
        return new PartitionProbe(machine.network(), p);
    }

    private static String unitName(final SystemSpec machine) {
        return machine.isMesh() ? "tile" : "server";
    }

    /** One line per partitioning: what crosses blocks, the lookahead, the bound on the speedup. */
    static void printPartitions(final PrintWriter out, final SystemSpec machine, final PartitionProbe probe,
            final SimulationResult r) {
        final int[] counts = probe.counts();
        out.printf(Locale.ROOT, "  partitions (a transaction crosses when it reaches a node outside its requester's "
                + "block; %,d transactions, %,d messages counted):%n", probe.transactions(), probe.messages());
        for (int k = 0; k < counts.length; k++) {
            final long lookahead = probe.lookahead(k);
            final String sync = lookahead < 0 ? "no message crossed"
                    : String.format(Locale.ROOT, "lookahead %,d cycles: %,.1f synchronisations per 1,000 accesses",
                            lookahead, probe.synchronisationsPerKiloAccess(k, r.machineCycles()));
            out.printf(Locale.ROOT, "    %d blocks of %s: %.2f%% of transactions and %.2f%% of messages cross; %s; "
                    + "speedup at most %.2fx%n", counts[k], probe.blockSize(k),
                    100 * probe.crossingTransactionShare(k), 100 * probe.crossingMessageShare(k), sync,
                    probe.speedupBound(k));
        }
    }

    /** Passes progress on to the console, and keeps what the functional warm-up's untimed part reports. */
    private static final class UntimedPart implements CoherenceSimulator.Progress {
        private final ConsoleProgress console;
        long accesses;
        double seconds;
        int threads;
        /** The settling windows' throughputs, accesses per 1,000 cycles. */
        final List<Double> settling = new java.util.ArrayList<>();

        UntimedPart(final ConsoleProgress console) {
            this.console = console;
        }

        @Override
        public void update(final long done, final long total) {
            console.update(done, total);
        }

        @Override
        public void settling(final long accesses, final double accessesPerKilocycle) {
            settling.add(accessesPerKilocycle);
        }

        @Override
        public void functional(final long accesses, final double seconds, final int threads) {
            this.accesses = accesses;
            this.seconds = seconds;
            this.threads = threads;
        }
    }

    /** A rate for the console: {@code 8,412,007 accesses/s}, or {@code - accesses/s} when no time was measured. */
    static String perSecond(final double accesses, final double seconds) {
        return seconds > 0 ? String.format(Locale.ROOT, "%,.0f accesses/s", accesses / seconds) : "- accesses/s";
    }

    /** States the energy constants and where they come from. */
    static void printEnergyModel(final PrintWriter out, final SystemSpec machine) {
        out.println("  energy model: " + machine.energyModel().describe());
    }

    /** Sum of the heap pools' peak usage since the JVM started. */
    static long peakHeapBytes() {
        long peak = 0;
        for (final java.lang.management.MemoryPoolMXBean pool : java.lang.management.ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == java.lang.management.MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        return peak;
    }

    static long counted(final Long requested, final Workload w, final SystemSpec machine) {
        if (requested != null) {
            if (requested < 1) {
                throw new UsageException("--accesses = " + requested + ": must be at least 1");
            }
            return requested;
        }
        return RunDefaults.counted(w, machine);
    }

    /**
     * Refuses counted accesses that a trace cannot give, alone or after a fixed warm-up: the run would count fewer than
     * asked and say nothing.
     *
     * @param requested {@code --accesses}, or null when not given (then the rest of the trace is counted)
     * @param warm the warm-up
     * @param w the workload
     * @throws UsageException naming {@code --accesses}, and {@code --warmup} when it takes part of the trace
     */
    static void requireTraceHolds(final Long requested, final Warmup warm, final Workload w) {
        if (requested == null || w.length() < 0 || warm.untilSteady() || warm.max() <= w.length() - requested) {
            return;
        }
        if (warm.max() == 0) {
            throw new UsageException(String.format(Locale.ROOT, "--accesses = %d: the trace holds %,d accesses; give "
                    + "at most that many (or leave --accesses out to count them all)", requested, w.length()));
        }
        throw new UsageException(String.format(Locale.ROOT, "--accesses = %d after --warmup %d: the trace holds %,d "
                + "accesses; together they must be at most that many", requested, warm.max(), w.length()));
    }

    /**
     * Refuses a run whose counted accesses would all be issued in its first cycle: every issuing core makes its first
     * access in cycle 0, so without settling, a fixed warm-up and the counted accesses that together fall short of the
     * issuing cores are all issued at that instant, and the throughput (counted accesses over the cycles from the
     * start of counting to the next turn after the last) had no cycle to be measured in: it read counted x 1,000 per
     * 1,000 cycles.
     *
     * @param accesses counted accesses
     * @param warm the warm-up
     * @param w the workload
     * @throws UsageException naming {@code --accesses}, {@code --warmup} and the issuing cores
     */
    static void requireMeasurable(final long accesses, final Warmup warm, final Workload w) {
        final int cores = w.issuingCores().length;
        final boolean settles = w.length() < 0 && warm.settle();
        if (settles || warm.untilSteady() || warm.max() + accesses >= cores) {
            return;
        }
        throw new UsageException(String.format(Locale.ROOT, "--accesses = %d after --warmup %d: all %,d accesses would "
                + "be issued in cycle 0, where each of the %,d issuing cores makes its first, leaving no time to measure "
                + "a throughput in; give at least %,d accesses%s", accesses, warm.max(), warm.max() + accesses, cores,
                cores - warm.max(), w.length() < 0 ? ", a longer --warmup or --settle on" : " or a longer --warmup"));
    }

    static void print(final PrintWriter out, final SimulationResult r) {
        out.printf(Locale.ROOT, "%s  %s  format %s  homes %s  workload %s  seed %d  B state %s%n", r.system(), r.scheme(),
                r.format(), r.homes(), r.workload(), r.seed(), r.bState());
        out.printf(Locale.ROOT, "  warm-up %,d accesses (%s)%n", r.warmupAccesses(),
                r.warmupSteady() ? "miss rate steady" : "miss rate NOT steady: a cold start");
        if (r.settleAccesses() > 0 || r.settled()) {
            out.printf(Locale.ROOT, "  settling %,d timed accesses, not counted (%s)%n", r.settleAccesses(),
                    r.settled() ? "throughput steady" : "throughput NOT steady: the counted part is a transient");
        }
        out.printf(Locale.ROOT, "  accesses %,d  miss rate %.4f  avg miss latency %.1f cycles  p99 %,d cycles  avg access "
                + "latency %.1f cycles%n", r.accesses(), r.missRate(), r.avgMissLatencyCycles(), r.p99MissLatencyCycles(),
                r.avgAccessLatencyCycles());
        out.printf(Locale.ROOT, "  %,d active cores  throughput %.1f accesses per 1,000 cycles  %.1f misses in flight  busiest: "
                + "%s, %.1f%% busy%s%n", r.activeCores(), r.accessesPerKilocycle(), r.avgMissesInFlight(),
                r.busiestResource(), 100 * r.maxResourceUtilization(),
                r.saturated() ? " (SATURATED: the throughput, not the latency, describes this machine)" : "");
        if (!Double.isNaN(r.outside()) && Double.isNaN(r.littlesLawRatio())) {
            out.printf(Locale.ROOT, "  Little's law: not checked (cores with more than one miss register overlap their "
                    + "misses; settled %s)%n", r.settled());
        } else if (!Double.isNaN(r.outside())) {
            out.printf(Locale.ROOT, "  Little's law: the counted accesses' cycles over the cores' time %.3f (1 when "
                    + "steady%s)%n", r.littlesLawRatio(), CdrVerdicts.steady(r) ? ""
                            : "; NOT steady: its throughput and latency disagree, compare them with care");
        }
        out.printf(Locale.ROOT, "  home hit rate %.4f  DRAM accesses %,d  queueing %.1f cycles per miss  homes touched %,d"
                + "  machine time %,d cycles%n", r.homeHitRate(), r.dramAccesses(), r.avgQueueCycles(), r.homesTouched(),
                r.machineCycles());
        out.printf(Locale.ROOT, "  messages %,d  flit-hops %,d  broadcasts %,d  invalidations %,d%n", r.messages(),
                r.flitHops(), r.broadcasts(), r.invalidations());
        out.printf(Locale.ROOT, "  map-cache miss rate: sharer %.4f, home %.4f  directory %.1f MiB (%.1f with tags and "
                + "map caches)%n", r.sharerMapMissRate(), r.homeMapMissRate(), r.directoryBits() / 8.0 / (1 << 20),
                r.directoryBitsWithTags() / 8.0 / (1 << 20));
        out.printf(Locale.ROOT, "  energy %.1f uJ: network %.1f, directory %.1f, leakage %.1f, DRAM %.1f%n",
                r.energyNanojoules() / 1000, r.energy().networkNj() / 1000, r.energy().directoryNj() / 1000,
                r.energy().leakageNj() / 1000, r.energy().dramNj() / 1000);
        out.printf(Locale.ROOT, "  simulated in %.2f s: warm-up %,.0f accesses/s, counted %,.0f accesses/s%n",
                r.simSeconds(), r.warmupAccessesPerSecond(), r.accessesPerSecond());
    }
}
