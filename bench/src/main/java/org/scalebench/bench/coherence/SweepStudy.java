package org.scalebench.bench.coherence;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.scalebench.bench.io.CsvFiles;
import org.scalebench.bench.study.Provenance;
import org.scalebench.bench.study.Study;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.sim.Warmup;
import org.scalebench.coherence.storage.StorageModel;

/**
 * {@code coherence sweep} as a study: one point per domain size of the Home Restriction sweep (a global run and a
 * restricted run warmed as long, {@link CoherenceExperiments#sweepPoint}); its rows are those of
 * {@code home-restriction.csv} with the seed, the counted accesses and the provenance. The storage figure is a
 * pure function of the machine's storage model and is drawn when the files are published. Points may run
 * concurrently.
 */
public final class SweepStudy implements Study {

    /** Columns after {@link CoherenceExperiments#SWEEP_COLUMNS}. */
    public static final List<String> EXTRA = List.of("seed", "accesses", "warmup", "scalebench_version", "commit",
            "jdk");

    private final SystemSpec machine;
    private final List<Integer> sizes;
    private final long accesses;
    private final Warmup warmup;
    private final String warmupSpec;
    private final long seed;
    private final Provenance provenance;

    /**
     * Creates the study.
     *
     * @param machine the machine
     * @param sizes cores per domain, one point each, in point order
     * @param accesses counted accesses per run
     * @param warmup the warm-up plan of each point's global run
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
    }

    @Override
    public String name() {
        return "coherence sweep";
    }

    @Override
    public List<String> columns() {
        final List<String> columns = new ArrayList<>(CoherenceExperiments.SWEEP_COLUMNS);
        columns.addAll(EXTRA);
        return columns;
    }

    @Override
    public List<String> timingColumns() {
        return List.of();
    }

    @Override
    public int points() {
        return sizes.size();
    }

    @Override
    public String describe(final int point) {
        return machine.name() + " domains of " + sizes.get(point) + " cores";
    }

    @Override
    public long heapBytesPerPoint() {
        return CoherenceExperiments.heapBytesPerRun(machine);
    }

    @Override
    public List<List<String>> run(final int point) {
        final List<String> row = new ArrayList<>(CoherenceExperiments.sweepRow(
                CoherenceExperiments.sweepPoint(machine, sizes.get(point), accesses, warmup, seed)));
        row.add(Long.toString(seed));
        row.add(Long.toString(accesses));
        row.add(warmupSpec);
        row.addAll(provenance.values());
        return List.of(row);
    }

    @Override
    public List<String> publish(final Path dir, final List<List<String>> rows) throws IOException {
        final StorageModel model = machine.storageModel();
        final var storage = CoherenceExperiments.storage(model, CoherenceExperiments.STORAGE_FORMATS,
                CoherenceExperiments.STORAGE_CORES);
        CoherenceExperiments.writeStorage(dir.resolve("storage.csv"), storage);
        CoherenceExperiments.plotStorage(dir.resolve("storage.png"), storage, CoherenceExperiments.storageByDomains(
                model, machine.cores(), CoherenceExperiments.STORAGE_DOMAINS), model);
        CsvFiles.write(dir.resolve("home-restriction.csv"), columns(), rows);
        CoherenceExperiments.plotSweepRows(dir.resolve("home-restriction.png"), rows);
        return List.of("storage.csv", "storage.png", "home-restriction.csv", "home-restriction.png");
    }
}
