package org.scalebench.bench.coherence;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import org.scalebench.bench.io.CsvFiles;
import org.scalebench.bench.study.Provenance;
import org.scalebench.bench.study.Study;
import org.scalebench.coherence.sim.CoherenceSimulator;
import org.scalebench.coherence.sim.Scheme;
import org.scalebench.coherence.sim.SimulationResult;
import org.scalebench.coherence.sim.SyntheticWorkload;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.sim.Warmup;
import org.scalebench.coherence.storage.StorageModel;

/**
 * {@code coherence sweep} as a study. Each domain size of the Home Restriction sweep takes two points: for
 * {@code n} sizes, points {@code 0..n-1} are the global-homes runs in size order and points {@code n..2n-1} the
 * restricted runs in the same order. A restricted run is warmed exactly as long as its global run (the sweep's
 * rule, {@link CoherenceExperiments#sweepPoint}), so it waits for that length: in one process the global runs are
 * started first and hand it over; in a shard without the global run, {@link #prepare} replays its warm-up (a
 * deterministic replay, the same length). A point's row is its simulation row with the domain's cores and homes
 * and the provenance of the process that ran it; {@code home-restriction.csv} pairs the two runs of each size
 * into one row, with the seed, the counted accesses and the global run's provenance. The storage figure is a
 * pure function of the machine's storage model and is drawn when the files are published.
 */
public final class SweepStudy implements Study {

    /** Columns after {@link CoherenceExperiments#SWEEP_COLUMNS} in {@code home-restriction.csv}. */
    public static final List<String> EXTRA = List.of("seed", "accesses", "warmup", "scalebench_version", "commit",
            "jdk");

    private final SystemSpec machine;
    private final List<Integer> sizes;
    private final long accesses;
    private final Warmup warmup;
    private final String warmupSpec;
    private final long seed;
    private final Provenance provenance;
    /** The warm-up length of each size's global run, once known. */
    private final List<CompletableFuture<Long>> warmups;

    /**
     * Creates the study.
     *
     * @param machine the machine
     * @param sizes cores per domain, in the order of the rows
     * @param accesses counted accesses per run
     * @param warmup the warm-up plan of each size's global run
     * @param warmupSpec the warm-up as the user gave it (for the rows)
     * @param seed the seed
     * @param provenance the provenance every row carries
     */
    public SweepStudy(final SystemSpec machine, final List<Integer> sizes, final long accesses, final Warmup warmup,
            final String warmupSpec, final long seed, final Provenance provenance) {
        this.machine = machine;
        this.sizes = List.copyOf(sizes);
        this.accesses = accesses;
        this.warmup = warmup;
        this.warmupSpec = warmupSpec;
        this.seed = seed;
        this.provenance = provenance;
        this.warmups = sizes.stream().map(s -> new CompletableFuture<Long>()).toList();
    }

    @Override
    public String name() {
        return "coherence sweep";
    }

    @Override
    public List<String> columns() {
        final List<String> columns = new ArrayList<>(Arrays.asList(SimulationResult.COLUMNS));
        columns.addAll(List.of("domain_cores", "domain_homes"));
        columns.addAll(Provenance.COLUMNS);
        return columns;
    }

    @Override
    public List<String> timingColumns() {
        return SimulationResult.WALL_CLOCK_COLUMNS;
    }

    @Override
    public int points() {
        return 2 * sizes.size();
    }

    @Override
    public String describe(final int point) {
        return machine.name() + " domains of " + sizes.get(point % sizes.size()) + " cores, "
                + (point < sizes.size() ? "global homes" : "Home Restriction");
    }

    @Override
    public long heapBytesPerPoint() {
        return CoherenceExperiments.heapBytesPerRun(machine);
    }

    @Override
    public void prepare(final int[] points) {
        final Set<Integer> here = Arrays.stream(points).boxed().collect(Collectors.toSet());
        for (int i = 0; i < sizes.size(); i++) {
            if (here.contains(sizes.size() + i) && !here.contains(i)) {
                // another shard runs this size's global run: find its warm-up length the same way
                warmups.get(i).complete(global(i, 1, warmups.get(i)).warmupAccesses());
            }
        }
    }

    @Override
    public List<List<String>> run(final int point) throws Exception {
        final int n = sizes.size();
        final SimulationResult r;
        if (point < n) {
            final CompletableFuture<Long> length = warmups.get(point);
            try {
                // the restricted run of this size may start as soon as the warm-up length is known
                r = global(point, accesses, length);
            } catch (final Exception | Error e) {
                length.completeExceptionally(e);
                throw e;
            }
            length.complete(r.warmupAccesses());
        } else {
            final long length;
            try {
                length = warmups.get(point - n).get();
            } catch (final ExecutionException e) {
                throw new IllegalStateException(describe(point - n) + " failed, so " + describe(point)
                        + " has no warm-up length", e.getCause());
            }
            r = CoherenceSimulator.run(machine, Scheme.HR, null, null, workload(point - n), warmup.fixedAt(length),
                    accesses, seed, CoherenceSimulator.Progress.NONE);
        }
        final List<String> row = new ArrayList<>();
        for (final Object cell : r.row()) {
            row.add(String.valueOf(cell));
        }
        final int size = sizes.get(point % n);
        row.add(Integer.toString(size));
        row.add(Integer.toString(CoherenceExperiments.sweepHomes(machine, size, seed)));
        row.addAll(provenance.values());
        return List.of(row);
    }

    private SimulationResult global(final int index, final long counted, final CompletableFuture<Long> warmed) {
        return CoherenceSimulator.run(machine, Scheme.GLOBAL, null, null, workload(index), warmup, counted, seed,
                new WarmupHandover(warmed));
    }

    private SyntheticWorkload workload(final int index) {
        return CoherenceExperiments.sweepWorkload(machine, sizes.get(index), seed);
    }

    /**
     * The sweep's rows ({@link CoherenceExperiments#SWEEP_COLUMNS}) from the study's rows: for {@code n} sizes,
     * rows {@code i} and {@code n + i} are the global and restricted runs of size {@code i}.
     *
     * @param rows every point's row, in point order
     * @return one row per size
     */
    public static List<List<String>> sweepRows(final List<List<String>> rows) {
        final int n = rows.size() / 2;
        final int cores = SimulationResult.COLUMNS.length;
        final List<List<String>> sweep = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            final List<String> global = rows.get(i);
            sweep.add(CoherenceExperiments.sweepRow(new CoherenceExperiments.SweepPoint(
                    Integer.parseInt(global.get(cores)), Integer.parseInt(global.get(cores + 1)),
                    SimulationResult.fromRow(global), SimulationResult.fromRow(rows.get(n + i)))));
        }
        return sweep;
    }

    @Override
    public List<String> publish(final Path dir, final List<List<String>> rows) throws IOException {
        final StorageModel model = machine.storageModel();
        final var storage = CoherenceExperiments.storage(model, CoherenceExperiments.STORAGE_FORMATS,
                CoherenceExperiments.STORAGE_CORES);
        CoherenceExperiments.writeStorage(dir.resolve("storage.csv"), storage);
        CoherenceExperiments.plotStorage(dir.resolve("storage.png"), storage, CoherenceExperiments.storageByDomains(
                model, machine.cores(), CoherenceExperiments.STORAGE_DOMAINS), model);
        final int cores = SimulationResult.COLUMNS.length;
        final List<List<String>> pairs = sweepRows(rows);
        final List<List<String>> sweep = new ArrayList<>();
        for (int i = 0; i < pairs.size(); i++) {
            final List<String> row = new ArrayList<>(pairs.get(i));
            row.add(Long.toString(seed));
            row.add(Long.toString(accesses));
            row.add(warmupSpec);
            row.addAll(rows.get(i).subList(cores + 2, cores + 2 + Provenance.COLUMNS.size()));
            sweep.add(row);
        }
        final List<String> columns = new ArrayList<>(CoherenceExperiments.SWEEP_COLUMNS);
        columns.addAll(EXTRA);
        CsvFiles.write(dir.resolve("home-restriction.csv"), columns, sweep);
        CoherenceExperiments.plotSweepRows(dir.resolve("home-restriction.png"), sweep);
        return List.of("storage.csv", "storage.png", "home-restriction.csv", "home-restriction.png");
    }
}
