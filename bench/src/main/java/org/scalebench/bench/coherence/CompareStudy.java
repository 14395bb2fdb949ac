package org.scalebench.bench.coherence;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.scalebench.bench.io.CsvFiles;
import org.scalebench.bench.study.Provenance;
import org.scalebench.bench.study.Study;
import org.scalebench.coherence.sim.CoherenceSimulator;
import org.scalebench.coherence.sim.SimulationResult;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.sim.Warmup;

/**
 * {@code coherence compare} as a study: one point per configuration ({@link CoherenceExperiments#comparisonRuns}),
 * each a whole simulation on the same access stream. Point 0 warms as the warm-up plan says; every other point warms
 * exactly as long as point 0 did, so every run counts the same stretch of the stream. That one shared number is
 * taken from point 0 when it runs in this process (the others wait for it), and otherwise by running point 0's
 * warm-up first ({@link #prepare}). The files are {@code compare.csv} (one row per configuration with the settings
 * and provenance) and {@code compare.png}, both drawn from the rows. Points may run concurrently.
 */
public final class CompareStudy implements Study {

    /** Columns after {@link SimulationResult#COLUMNS}. */
    public static final List<String> EXTRA = List.of("group_size", "active", "scalebench_version", "commit", "jdk");

    private final SystemSpec machine;
    private final List<CoherenceExperiments.RunSpec> runs;
    private final CoherenceExperiments.WorkloadSpec workload;
    private final String homes;
    private final long accesses;
    private final Warmup warmup;
    private final long seed;
    private final Provenance provenance;
    private final CompletableFuture<Long> sharedWarmup = new CompletableFuture<>();

    /**
     * Creates the study.
     *
     * @param machine the machine
     * @param runs the configurations, in point order
     * @param workload the workload
     * @param homes the restricted mapping of hr and sr+hr, or null for the default
     * @param accesses counted accesses per run
     * @param warmup point 0's warm-up plan
     * @param seed the seed
     * @param provenance the provenance every row carries
     */
    public CompareStudy(final SystemSpec machine, final List<CoherenceExperiments.RunSpec> runs,
            final CoherenceExperiments.WorkloadSpec workload, final String homes, final long accesses,
            final Warmup warmup, final long seed, final Provenance provenance) {
        this.machine = machine;
        this.runs = List.copyOf(runs);
        this.workload = workload;
        this.homes = homes;
        this.accesses = accesses;
        this.warmup = warmup;
        this.seed = seed;
        this.provenance = provenance;
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
        return runs.size();
    }

    @Override
    public String describe(final int point) {
        return machine.name() + " " + runs.get(point).label();
    }

    @Override
    public long heapBytesPerPoint() {
        return CoherenceExperiments.heapBytesPerRun(machine);
    }

    @Override
    public void prepare(final int[] points) throws IOException {
        if (Arrays.stream(points).noneMatch(p -> p == 0) && points.length > 0) {
            // another shard runs point 0: find its warm-up length the same way (a deterministic replay)
            sharedWarmup.complete(simulate(0, warmup, 1, new WarmupHandover(sharedWarmup)).warmupAccesses());
        }
    }

    @Override
    public List<List<String>> run(final int point) throws Exception {
        final SimulationResult r;
        if (point == 0) {
            try {
                r = simulate(0, warmup, accesses, new WarmupHandover(sharedWarmup));
            } catch (final Exception | Error e) {
                sharedWarmup.completeExceptionally(e);
                throw e;
            }
            sharedWarmup.complete(r.warmupAccesses());
        } else {
            final long length;
            try {
                length = sharedWarmup.get();
            } catch (final ExecutionException e) {
                throw new IllegalStateException("point 0 (" + describe(0) + ") failed, so " + describe(point)
                        + " has no warm-up length", e.getCause());
            }
            r = simulate(point, warmup.fixedAt(length), accesses, CoherenceSimulator.Progress.NONE);
        }
        return List.of(row(r));
    }

    private SimulationResult simulate(final int point, final Warmup plan, final long counted,
            final CoherenceSimulator.Progress progress) throws IOException {
        final CoherenceExperiments.RunSpec run = runs.get(point);
        return CoherenceSimulator.run(machine, run.scheme(), run.scheme().sharerRestricted() ? null : run.format(),
                run.scheme().homeRestricted() ? homes : null, workload.build(machine, seed), plan, counted, seed,
                progress);
    }

    private List<String> row(final SimulationResult r) {
        final List<String> row = new ArrayList<>();
        for (final Object cell : r.row()) {
            row.add(String.valueOf(cell));
        }
        row.add(workload.groupSize() == null ? "default" : Integer.toString(workload.groupSize()));
        row.add(workload.active() == null || workload.active() == 0 ? "all" : Integer.toString(workload.active()));
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
    public List<String> publish(final Path dir, final List<List<String>> rows) throws IOException {
        CsvFiles.write(dir.resolve("compare.csv"), columns(), rows);
        CoherenceExperiments.plotCompare(dir.resolve("compare.png"), results(rows));
        return List.of("compare.csv", "compare.png");
    }
}
