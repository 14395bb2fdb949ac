package org.scalebench.bench.coherence;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.scalebench.bench.io.CsvFiles;
import org.scalebench.bench.study.Provenance;
import org.scalebench.bench.study.Study;
import org.scalebench.coherence.sim.CoherenceSimulator;
import org.scalebench.coherence.sim.Scheme;
import org.scalebench.coherence.sim.SharedWarmup;
import org.scalebench.coherence.sim.SimulationResult;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.sim.Warmup;

/**
 * {@code coherence compare} as a study: one point per configuration ({@link Comparison#comparisonRuns}),
 * outside share and seed, each a whole simulation. The configurations of one share and seed form a group that runs
 * on the same access stream: the group's first configuration warms as the warm-up plan says, and the others warm
 * exactly as long ({@link SharedWarmup}), so every run of the group counts the same stretch of the stream. That one
 * shared number is handed over by the group's first point when it runs in this process (the others wait for the
 * end of its warm-up), and is otherwise found by replaying that point's warm-up first ({@link #prepare}). The files
 * are {@code compare.csv} (one row per point with the settings and provenance), {@code compare.png} (the first
 * group), and, the verdicts over the groups ({@link CdrVerdicts}), {@code verdicts.csv} and {@code crossovers.csv}.
 * Points may run concurrently.
 */
public final class CompareStudy implements Study {

    /** Columns after {@link SimulationResult#COLUMNS}. */
    public static final List<String> EXTRA = List.of("group_size", "active", "scalebench_version", "commit", "jdk");

    private final SystemSpec machine;
    private final List<Comparison.RunSpec> runs;
    private final WorkloadSpec workload;
    private final String homes;
    private final long accesses;
    private final Warmup warmup;
    private final List<Double> outsides;
    private final List<Long> seeds;
    private final String baselineFormat;
    private final Provenance provenance;
    /** Per group (seed, then share): the warm-up its first point leads. */
    private final List<SharedWarmup> sharedWarmup = new ArrayList<>();

    /**
     * Creates the study.
     *
     * @param machine the machine
     * @param runs the configurations, in point order
     * @param workload the workload
     * @param homes the restricted mapping of hr and sr+hr, or null for the default
     * @param accesses counted accesses per run
     * @param warmup each group's first point's warm-up plan
     * @param outsides the outside shares, or empty for the workload's own
     * @param seeds the seeds, at least one
     * @param provenance the provenance every row carries
     */
    public CompareStudy(final SystemSpec machine, final List<Comparison.RunSpec> runs, final WorkloadSpec workload,
            final String homes, final long accesses, final Warmup warmup, final List<Double> outsides,
            final List<Long> seeds, final Provenance provenance) {
        if (seeds.isEmpty()) {
            throw new IllegalArgumentException("a comparison needs at least one seed");
        }
        this.machine = machine;
        this.runs = List.copyOf(runs);
        this.workload = workload;
        this.homes = homes;
        this.accesses = accesses;
        this.warmup = warmup;
        this.outsides = List.copyOf(outsides);
        this.seeds = List.copyOf(seeds);
        this.baselineFormat = Comparison.defaultFormats(machine).get(0);
        this.provenance = provenance;
        for (int g = 0; g < groups(); g++) {
            sharedWarmup.add(new SharedWarmup(warmup));
        }
    }

    /**
     * One comparison of the configurations on one stream (one seed, the workload's outside share).
     *
     * @param machine the machine
     * @param runs the configurations
     * @param workload the workload
     * @param homes the restricted mapping, or null
     * @param accesses counted accesses per run
     * @param warmup the first run's warm-up plan
     * @param seed the seed
     * @param provenance the provenance
     * @return the study
     */
    public static CompareStudy single(final SystemSpec machine, final List<Comparison.RunSpec> runs,
            final WorkloadSpec workload, final String homes, final long accesses, final Warmup warmup, final long seed,
            final Provenance provenance) {
        return new CompareStudy(machine, runs, workload, homes, accesses, warmup, List.of(), List.of(seed),
                provenance);
    }

    /**
     * The configurations of each group, in run order.
     *
     * @return the runs
     */
    public List<Comparison.RunSpec> runs() {
        return runs;
    }

    /**
     * Counted accesses per run.
     *
     * @return accesses
     */
    public long accesses() {
        return accesses;
    }

    /**
     * The warm-up of each group's first run (the others warm as long).
     *
     * @return the plan
     */
    public Warmup warmup() {
        return warmup;
    }

    private int shares() {
        return Math.max(1, outsides.size());
    }

    private int groups() {
        return seeds.size() * shares();
    }

    private int group(final int point) {
        return point / runs.size();
    }

    private long seedOf(final int point) {
        return seeds.get(group(point) / shares());
    }

    private WorkloadSpec workloadOf(final int point) {
        return outsides.isEmpty() ? workload : workload.withOutside(outsides.get(group(point) % shares()));
    }

    @Override
    public String name() {
        return "coherence compare";
    }

    @Override
    public List<String> columns() {
        final List<String> columns = new ArrayList<>(Arrays.asList(SimulationResult.COLUMNS));
        columns.addAll(EXTRA);
        return columns;
    }

    @Override
    public List<String> timingColumns() {
        return SimulationResult.WALL_CLOCK_COLUMNS;
    }

    @Override
    public int points() {
        return runs.size() * groups();
    }

    @Override
    public String describe(final int point) {
        return machine.name() + " " + runs.get(point % runs.size()).label()
                + (outsides.isEmpty() ? "" : " outside " + outsides.get(group(point) % shares()))
                + (seeds.size() == 1 ? "" : " seed " + seedOf(point));
    }

    @Override
    public long heapBytesPerPoint() {
        return Comparison.heapBytesPerRun(machine);
    }

    @Override
    public void prepare(final int[] points) throws Exception {
        for (int g = 0; g < groups(); g++) {
            final int leader = g * runs.size();
            final boolean needed = Arrays.stream(points).anyMatch(p -> p / runs.size() == leader / runs.size());
            final boolean here = Arrays.stream(points).anyMatch(p -> p == leader);
            if (needed && !here) {
                // another shard runs this group's first point: find its warm-up length the same way (a replay)
                WarmupHandOver.replay(sharedWarmup.get(g), (plan, progress) -> simulate(leader, plan, 1, progress));
            }
        }
    }

    @Override
    public List<List<String>> run(final int point) throws Exception {
        final SimulationResult r;
        final SharedWarmup shared = sharedWarmup.get(group(point));
        if (point % runs.size() == 0) {
            r = WarmupHandOver.lead(shared, (plan, progress) -> simulate(point, plan, accesses, progress));
        } else {
            final Warmup plan = WarmupHandOver.follow(shared, "the first point of its group", describe(point));
            r = simulate(point, plan, accesses, CoherenceSimulator.Progress.NONE);
        }
        return List.of(row(r, workloadOf(point)));
    }

    private SimulationResult simulate(final int point, final Warmup plan, final long counted,
            final CoherenceSimulator.Progress progress) throws IOException {
        final Comparison.RunSpec run = runs.get(point % runs.size());
        final long seed = seedOf(point);
        return CoherenceSimulator.run(machine, run.scheme(),
                run.scheme().sharerRestricted() || run.scheme() == Scheme.HIER ? null : run.format(),
                run.scheme().homeRestricted() ? homes : null, workloadOf(point).build(machine, seed), plan, counted,
                seed, progress);
    }

    private List<String> row(final SimulationResult r, final WorkloadSpec w) {
        final List<String> row = Comparison.cells(r);
        row.add(w.groupSize() == null ? "default" : Integer.toString(w.groupSize()));
        row.add(w.active() == null || w.active() == 0 ? "all" : Integer.toString(w.active()));
        row.addAll(provenance.values());
        return row;
    }

    /**
     * The results written in rows.
     *
     * @param rows rows of this study
     * @return one result per row
     */
    public static List<SimulationResult> results(final List<List<String>> rows) {
        return rows.stream().map(SimulationResult::fromRow).toList();
    }

    @Override
    public List<String> outputs() {
        return List.of("compare.csv", "compare.png", "verdicts.csv", "crossovers.csv");
    }

    @Override
    public List<String> publish(final Path dir, final List<List<String>> rows) throws IOException {
        final List<SimulationResult> results = results(rows);
        CsvFiles.write(dir.resolve("compare.csv"), columns(), rows);
        Comparison.plotCompare(dir.resolve("compare.png"), results.subList(0, Math.min(runs.size(),
                results.size())));
        final List<CdrVerdicts.Point> points = CdrVerdicts.points(results, CdrVerdicts.standard(baselineFormat));
        CsvFiles.write(dir.resolve("verdicts.csv"), CdrVerdicts.COLUMNS,
                points.stream().map(CdrVerdicts.Point::cells).toList());
        CsvFiles.write(dir.resolve("crossovers.csv"), CdrVerdicts.CROSSOVER_COLUMNS, CdrVerdicts.crossovers(points));
        return outputs();
    }

    /**
     * The verdicts of a finished comparison's rows.
     *
     * @param rows rows of this study
     * @return the verdicts' points
     */
    public List<CdrVerdicts.Point> verdicts(final List<List<String>> rows) {
        return CdrVerdicts.points(results(rows), CdrVerdicts.standard(baselineFormat));
    }
}
