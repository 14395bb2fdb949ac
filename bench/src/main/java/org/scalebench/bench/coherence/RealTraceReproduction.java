package org.scalebench.bench.coherence;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.scalebench.bench.io.CsvFiles;
import org.scalebench.core.Progress;
import org.scalebench.bench.io.Table;
import org.scalebench.bench.io.TempFiles;
import org.scalebench.bench.report.Claim;
import org.scalebench.bench.report.PartResult;
import org.scalebench.bench.report.ReproductionPart;
import org.scalebench.bench.study.ParallelPoints;
import org.scalebench.bench.study.Provenance;
import org.scalebench.bench.trace.TraceComposer;
import org.scalebench.coherence.sim.BinaryTrace;
import org.scalebench.coherence.sim.SimulationResult;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.sim.Warmup;

/**
 * CDR against every baseline on real programs: each SPLASH-3 trace found in a traces directory (made by
 * {@code scalebench coherence trace splash3}) is composed into VM-, application- and page-level workloads for
 * chip1024 ({@link TraceComposer}: one program instance per domain-sized group of cores, the machine filled), and
 * each is compared by {@code coherence compare}'s study ({@link CompareStudy}, its runs on the part's jobs); the
 * synthetic {@code vm}, {@code app} and {@code page}
 * workloads run beside them with the same warm-up and counted accesses. Writes {@code splash3-compare.csv} (one
 * row per configuration) and {@code splash3-verdicts.csv} (which baselines beat sr and sr+hr on latency, energy
 * and storage), and the report section. When the directory holds no trace the part says how to make them and
 * runs nothing.
 *
 * <p>Quick: the first four programs (in the set's order) at their smallest thread count, 1 M composed accesses
 * (half warm-up, half counted: about a minute and a half on 2 cores); full: every program, 8 M (4 M + 4 M). Composed traces are temporary files beside
 * the outputs. Not thread-safe.
 */
public final class RealTraceReproduction implements ReproductionPart {

    private static final int QUICK_PROGRAMS = 4;
    private static final long QUICK_ACCESSES = 1_000_000;
    private static final long FULL_ACCESSES = 8_000_000;
    /** The domain rules composed, in table order. */
    private static final List<TraceComposer.Domains> DOMAINS = List.of(TraceComposer.Domains.VM,
            TraceComposer.Domains.APP, TraceComposer.Domains.PAGE);

    private final Path traces;
    private final List<String> onlyPrograms;
    private final Long accessesOverride;
    private final String version;

    /**
     * A part over the traces of {@code dir/traces}.
     *
     * @param dir the output directory of {@code trace splash3}
     * @param version scalebench's version (the studies' provenance)
     */
    public RealTraceReproduction(final Path dir, final String version) {
        this(dir, List.of(), null, version);
    }

    /**
     * A part over some programs' traces with a chosen length.
     *
     * @param dir the output directory of {@code trace splash3}
     * @param programs the programs to compare (empty: as quick or full says)
     * @param accesses composed accesses per workload (half warm-up, half counted), or null for quick/full's
     * @param version scalebench's version (the studies' provenance)
     */
    public RealTraceReproduction(final Path dir, final List<String> programs, final Long accesses,
            final String version) {
        this.traces = dir.resolve("traces");
        this.onlyPrograms = List.copyOf(programs);
        this.accessesOverride = accesses;
        this.version = version;
    }

    @Override
    public String name() {
        return "CDR on SPLASH-3 programs (traces)";
    }

    /** One trace found: program, thread count, file. */
    record Found(String program, int threads, Path file) {
    }

    /**
     * The traces of the directory: {@code PROGRAM-pT.sbt}, the smallest thread count of each program.
     *
     * @return in name order
     * @throws IOException when the directory cannot be listed
     */
    List<Found> found() throws IOException {
        final List<Found> all = new ArrayList<>();
        if (!Files.isDirectory(traces)) {
            return all;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(traces, "*-p*.sbt")) {
            for (final Path f : files) {
                final String name = f.getFileName().toString();
                final int p = name.lastIndexOf("-p");
                try {
                    all.add(new Found(name.substring(0, p), Integer.parseInt(name.substring(p + 2, name.length() - 4)),
                            f));
                } catch (final NumberFormatException e) {
                    // not a trace of the set
                }
            }
        }
        final List<String> order = org.scalebench.bench.trace.Splash3Set.programs().stream()
                .map(org.scalebench.bench.trace.Splash3Set.Program::name).toList();
        all.sort((a, b) -> {
            final int c = Integer.compare(rank(order, a.program()), rank(order, b.program()));
            return c != 0 ? c : Integer.compare(a.threads(), b.threads());
        });
        final List<Found> smallest = new ArrayList<>();
        for (final Found f : all) {
            if (smallest.isEmpty() || !smallest.get(smallest.size() - 1).program().equals(f.program())) {
                smallest.add(f);
            }
        }
        return smallest;
    }

    private static int rank(final List<String> order, final String program) {
        final int i = order.indexOf(program);
        return i < 0 ? order.size() : i;
    }

    @Override
    public PartResult run(final Path dir, final boolean quick, final long seed, final int jobs,
            final Progress progress) throws Exception {
        final List<Found> all = found();
        final StringBuilder md = new StringBuilder();
        if (all.isEmpty()) {
            md.append("No SPLASH-3 traces in `").append(traces).append("`: this part compares nothing. Make them "
                    + "with `./scalebench coherence trace splash3 --checkout SPLASH3 --out ").append(traces.getParent())
                    .append("` (docs/traces.md).\n");
            return new PartResult(md.toString(), List.of(), List.of());
        }
        for (final String p : onlyPrograms) {
            if (all.stream().noneMatch(f -> f.program().equals(p))) {
                throw new IllegalArgumentException("--programs " + p + ": no trace " + traces.resolve(p + "-pT.sbt"));
            }
        }
        final List<Found> chosen = new ArrayList<>();
        for (final Found f : all) {
            if (onlyPrograms.isEmpty() ? !quick || chosen.size() < QUICK_PROGRAMS : onlyPrograms.contains(f.program())) {
                chosen.add(f);
            }
        }
        final long total = accessesOverride != null ? accessesOverride : quick ? QUICK_ACCESSES : FULL_ACCESSES;
        final long warm = total / 2;
        final long counted = total - warm;
        final SystemSpec chip = SystemSpec.named("chip1024");
        final List<Comparison.RunSpec> runs = Comparison.comparisonRuns(chip, Comparison.defaultFormats(chip));
        final Provenance provenance = Provenance.current(version);
        final List<List<String>> rows = new ArrayList<>();
        final List<List<String>> verdicts = new ArrayList<>();
        md.append(String.format(Locale.ROOT, "chip1024; each workload %,d accesses: %,d of warm-up, %,d counted, every "
                + "configuration on the same stream. Traces: `%s`. Real programs are composed into VM, application "
                + "and page domains (docs/traces.md); the synthetic workloads beside them use the same warm-up and "
                + "length.%n%n", total, warm, counted, traces));
        final Table table = new Table("workload", "domains", "miss rate", "global/full-map", "best baseline", "sr",
                "sr+hr", "sr+hr / best", "sr broadcasts", "sr energy / global").rightAlign(2, 3, 5, 6, 7, 8, 9);
        final int steps = chosen.size() * DOMAINS.size() + DOMAINS.size();
        int step = 0;
        final Path work = TempFiles.createStaging(dir.toAbsolutePath());
        try {
            for (final Found f : chosen) {
                final int instances = chip.cores() / f.threads();
                for (final TraceComposer.Domains d : DOMAINS) {
                    final Path composed = work.resolve(f.program() + "-p" + f.threads() + "-" + d.id() + ".sbt");
                    final TraceComposer.Summary s = TraceComposer.compose(new TraceComposer.Plan(List.of(f.file()),
                            chip, d, instances, f.threads(), total, seed), composed);
                    final String workload = f.program() + "-p" + f.threads();
                    if (BinaryTrace.records(composed) < total) {
                        throw new IllegalStateException(composed + ": shorter than its plan");
                    }
                    final List<SimulationResult> results = compare(CompareStudy.single(chip, runs,
                            WorkloadSpec.trace(composed), null, counted, Warmup.fixed(warm), seed, provenance), jobs,
                            Progress.step(progress, 1000L * step++, 1000, 1000L * steps));
                    Files.delete(composed);
                    add(table, rows, verdicts, workload, d.id() + (s.fallbackPages() > 0 ? " (" + s.fallbackPages()
                            + " pages fell back)" : ""), results);
                }
            }
        } finally {
            TempFiles.delete(work);
        }
        for (final TraceComposer.Domains d : DOMAINS) {
            // the same plan as the traces, which count every record after their warm-up: no settling, or the synthetic
            // rows would run millions of timed accesses more than the programs beside them
            final List<SimulationResult> results = compare(CompareStudy.single(chip, runs,
                    new WorkloadSpec(d.id(), null, null, null), null, counted, Warmup.fixed(warm).withoutSettling(), seed,
                    provenance),
                    jobs, Progress.step(progress, 1000L * step++, 1000, 1000L * steps));
            add(table, rows, verdicts, "synthetic", d.id(), results);
        }
        final List<String> header = new ArrayList<>(List.of("workload", "domains", "scheme", "format", "miss_rate",
                "avg_access_latency_cycles", "avg_miss_latency_cycles", "energy_nj", "broadcasts",
                "directory_bits_with_tags", "warmup_accesses", "warmup_steady", "accesses"));
        CsvFiles.write(dir.resolve("splash3-compare.csv"), header, rows);
        CsvFiles.write(dir.resolve("splash3-verdicts.csv"), List.of("workload", "domains", "scheme",
                "beaten_on_latency_by", "beaten_on_energy_by", "beaten_on_storage_by"), verdicts);
        md.append(table.markdown());
        md.append("\nVerdicts (a baseline listed beats the CDR scheme on that measure):\n\n");
        for (final List<String> v : verdicts) {
            md.append(String.format(Locale.ROOT, "- %s, %s: %s is beaten on access latency by %s; on energy by %s; on "
                    + "storage by %s.%n", v.get(0), v.get(1), v.get(2), v.get(3), v.get(4), v.get(5)));
        }
        final List<Claim> claims = List.of(new Claim("CDR on real multi-threaded programs (SPLASH-3, chip1024)",
                "evaluated on PARSEC and VM mixes (the paper's own traces are not public)",
                chosen.size() + " SPLASH-3 programs x VM, application and page domains; verdicts in splash3-verdicts.csv",
                "see the table: real traces have no accesses from outside a VM or application domain"));
        return new PartResult(md.toString(), claims, List.of("splash3-compare.csv", "splash3-verdicts.csv"));
    }

    private static List<SimulationResult> compare(final CompareStudy study, final int jobs, final Progress progress)
            throws Exception {
        return CompareStudy.results(ParallelPoints.runAll(study, jobs, progress));
    }

    private static void add(final Table table, final List<List<String>> rows, final List<List<String>> verdicts,
            final String workload, final String domains, final List<SimulationResult> results) {
        for (final SimulationResult r : results) {
            rows.add(List.of(workload, domains, r.scheme(), r.format(), Numbers.sixDigits(r.missRate()),
                    Numbers.sixDigits(r.avgAccessLatencyCycles()), Numbers.sixDigits(r.avgMissLatencyCycles()),
                    Numbers.sixDigits(r.energyNanojoules()),
                    Long.toString(r.broadcasts()), Long.toString(r.directoryBitsWithTags()),
                    Long.toString(r.warmupAccesses()), Boolean.toString(r.warmupSteady()), Long.toString(r.accesses())));
        }
        final SimulationResult global = Comparison.find(results, "global", "full-map");
        final SimulationResult best = Comparison.bestBaseline(results);
        final SimulationResult sr = Comparison.find(results, "sr", "cdr-sr");
        final SimulationResult both = Comparison.find(results, "sr+hr", "cdr-sr");
        table.row(workload, domains, String.format(Locale.ROOT, "%.3f", global.missRate()),
                Numbers.cycles(global.avgAccessLatencyCycles()), Comparison.label(best) + " "
                        + Numbers.cycles(best.avgAccessLatencyCycles()), Numbers.cycles(sr.avgAccessLatencyCycles()),
                Numbers.cycles(both.avgAccessLatencyCycles()),
                Numbers.times(both.avgAccessLatencyCycles() / best.avgAccessLatencyCycles()),
                Numbers.count(sr.broadcasts()), Numbers.times(sr.energyNanojoules() / global.energyNanojoules()));
        for (final Comparison.Verdict v : Comparison.verdicts(results)) {
            verdicts.add(List.of(workload, domains, v.scheme(), names(v.latency()), names(v.energy()),
                    names(v.storage())));
        }
    }

    private static String names(final List<String> labels) {
        return labels.isEmpty() ? "no baseline" : String.join(" ", labels);
    }
}
