package org.scalebench.bench.coherence;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.scalebench.bench.coherence.CoherenceExperiments.WorkloadSpec;
import org.scalebench.bench.io.CsvFiles;
import org.scalebench.bench.io.Progress;
import org.scalebench.bench.io.TempFiles;
import org.scalebench.bench.report.Claim;
import org.scalebench.bench.report.PartResult;
import org.scalebench.bench.report.ReproductionPart;
import org.scalebench.bench.trace.TraceComposer;
import org.scalebench.coherence.sim.BinaryTrace;
import org.scalebench.coherence.sim.SimulationResult;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.sim.Warmup;

/**
 * CDR against every baseline on real programs: each SPLASH-3 trace found in a traces directory (made by
 * {@code scalebench coherence trace splash3}) is composed into VM-, application- and page-level workloads for
 * chip1024 ({@link TraceComposer}: one program instance per domain-sized group of cores, the machine filled), and
 * each is compared as {@code coherence compare} does; the synthetic {@code vm}, {@code app} and {@code page}
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

    /**
     * A part over the traces of {@code dir/traces}.
     *
     * @param dir the output directory of {@code trace splash3}
     */
    public RealTraceReproduction(final Path dir) {
        this(dir, List.of(), null);
    }

    /**
     * A part over some programs' traces with a chosen length.
     *
     * @param dir the output directory of {@code trace splash3}
     * @param programs the programs to compare (empty: as quick or full says)
     * @param accesses composed accesses per workload (half warm-up, half counted), or null for quick/full's
     */
    public RealTraceReproduction(final Path dir, final List<String> programs, final Long accesses) {
        this.traces = dir.resolve("traces");
        this.onlyPrograms = List.copyOf(programs);
        this.accessesOverride = accesses;
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
    public PartResult run(final Path dir, final boolean quick, final long seed, final Progress progress)
            throws IOException {
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
        final List<CoherenceExperiments.RunSpec> runs = CoherenceExperiments.comparisonRuns(
                CoherenceExperiments.defaultFormats(chip));
        final List<List<String>> rows = new ArrayList<>();
        final List<List<String>> verdicts = new ArrayList<>();
        md.append(String.format(Locale.ROOT, "chip1024; each workload %,d accesses: %,d of warm-up, %,d counted, every "
                + "configuration on the same stream. Traces: `%s`. Real programs are composed into VM, application "
                + "and page domains (docs/traces.md); the synthetic workloads beside them use the same warm-up and "
                + "length.%n%n", total, warm, counted, traces));
        md.append("| workload | domains | miss rate | global/full-map | best baseline | sr | sr+hr | sr+hr / best | "
                + "sr broadcasts | sr energy / global |\n|---|---|---:|---:|---|---:|---:|---:|---:|---:|\n");
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
                    final List<SimulationResult> results = compareOne(chip, runs, composed, counted, warm, seed,
                            progress, step++, steps);
                    Files.delete(composed);
                    add(md, rows, verdicts, workload, d.id() + (s.fallbackPages() > 0 ? " (" + s.fallbackPages()
                            + " pages fell back)" : ""), results);
                }
            }
        } finally {
            TempFiles.delete(work);
        }
        for (final TraceComposer.Domains d : DOMAINS) {
            final List<SimulationResult> results = CoherenceExperiments.compare(chip, runs,
                    new WorkloadSpec(d.id(), null, null, null), null, counted, Warmup.fixed(warm), seed,
                    scaled(progress, step++, steps));
            add(md, rows, verdicts, "synthetic", d.id(), results);
        }
        final List<String> header = new ArrayList<>(List.of("workload", "domains", "scheme", "format", "miss_rate",
                "avg_access_latency_cycles", "avg_miss_latency_cycles", "energy_nj", "broadcasts",
                "directory_bits_with_tags", "warmup_accesses", "warmup_steady", "accesses"));
        CsvFiles.write(dir.resolve("splash3-compare.csv"), header, rows);
        CsvFiles.write(dir.resolve("splash3-verdicts.csv"), List.of("workload", "domains", "scheme",
                "beaten_on_latency_by", "beaten_on_energy_by", "beaten_on_storage_by"), verdicts);
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

    private static List<SimulationResult> compareOne(final SystemSpec chip, final List<CoherenceExperiments.RunSpec> runs,
            final Path composed, final long counted, final long warm, final long seed, final Progress progress,
            final int step, final int steps) throws IOException {
        if (BinaryTrace.records(composed) < counted + warm) {
            throw new IllegalStateException(composed + ": shorter than its plan");
        }
        return CoherenceExperiments.compare(chip, runs, new WorkloadSpec("trace:" + composed, null, null, null), null,
                counted, Warmup.fixed(warm), seed, scaled(progress, step, steps));
    }

    /** Maps one comparison's progress onto its share of the part. */
    private static Progress scaled(final Progress progress, final int step, final int steps) {
        return (done, total) -> progress.update((long) step * 1000 + (total == 0 ? 0 : 1000 * done / total),
                (long) steps * 1000);
    }

    private static void add(final StringBuilder md, final List<List<String>> rows, final List<List<String>> verdicts,
            final String workload, final String domains, final List<SimulationResult> results) {
        for (final SimulationResult r : results) {
            rows.add(List.of(workload, domains, r.scheme(), r.format(), num(r.missRate()),
                    num(r.avgAccessLatencyCycles()), num(r.avgMissLatencyCycles()), num(r.energyNanojoules()),
                    Long.toString(r.broadcasts()), Long.toString(r.directoryBitsWithTags()),
                    Long.toString(r.warmupAccesses()), Boolean.toString(r.warmupSteady()), Long.toString(r.accesses())));
        }
        final SimulationResult global = CoherenceExperiments.find(results, "global", "full-map");
        final SimulationResult best = CoherenceExperiments.bestBaseline(results);
        final SimulationResult sr = CoherenceExperiments.find(results, "sr", "cdr-sr");
        final SimulationResult both = CoherenceExperiments.find(results, "sr+hr", "cdr-sr");
        md.append(String.format(Locale.ROOT, "| %s | %s | %.3f | %s | %s %s | %s | %s | %.2fx | %,d | %.2fx |%n",
                workload, domains, global.missRate(), CoherenceExperiments.cycles(global.avgAccessLatencyCycles()),
                CoherenceExperiments.label(best), CoherenceExperiments.cycles(best.avgAccessLatencyCycles()),
                CoherenceExperiments.cycles(sr.avgAccessLatencyCycles()),
                CoherenceExperiments.cycles(both.avgAccessLatencyCycles()),
                both.avgAccessLatencyCycles() / best.avgAccessLatencyCycles(), sr.broadcasts(),
                sr.energyNanojoules() / global.energyNanojoules()));
        for (final CoherenceExperiments.Verdict v : CoherenceExperiments.verdicts(results)) {
            verdicts.add(List.of(workload, domains, v.scheme(), names(v.latency()), names(v.energy()),
                    names(v.storage())));
        }
    }

    private static String names(final List<String> labels) {
        return labels.isEmpty() ? "no baseline" : String.join(" ", labels);
    }

    private static String num(final double v) {
        return String.format(Locale.ROOT, "%.6g", v);
    }
}
