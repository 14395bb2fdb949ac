package org.scalebench.bench.train;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.scalebench.bench.io.CsvFiles;
import org.scalebench.bench.study.Provenance;
import org.scalebench.bench.study.Study;
import org.scalebench.training.cluster.Cluster;
import org.scalebench.training.model.ModelProfile;
import org.scalebench.training.projection.ProjectionOptions;
import org.scalebench.training.projection.Projector;

/**
 * {@code train project} as a study: one point per (model, cluster), model-major; each point is a full projection
 * sweep over the device counts and MP degrees, its rows those of {@code projection.csv} (every strategy at every
 * N, with the breakdown), followed by the settings that define it and the provenance. Immutable; points may run
 * concurrently (each builds its own projector).
 */
public final class ProjectionStudy implements Study {

    /** The settings columns, after the projection's detailed columns. */
    public static final List<String> SETTINGS = List.of("overlap", "allreduce", "shard_mode", "nic_sharing",
            "bucket_bytes", "step_overhead_s", "nccl", "batch_choice", "accumulation", "without", "scaling",
            "optimizer", "param_gather");
    /** The output file. */
    public static final String FILE = "projection.csv";

    private final List<ModelProfile> models;
    private final List<Cluster> clusters;
    private final ProjectionOptions options;
    private final int[] degrees;
    private final int[] devices;
    private final List<String> settings;
    private final Provenance provenance;

    /**
     * Creates the study.
     *
     * @param models the models
     * @param clusters the clusters
     * @param options the projection options
     * @param degrees the MP degrees
     * @param devices the device counts, ascending
     * @param settings the values of {@link #SETTINGS}
     * @param provenance the provenance every row carries
     */
    public ProjectionStudy(final List<ModelProfile> models, final List<Cluster> clusters,
            final ProjectionOptions options, final int[] degrees, final int[] devices, final List<String> settings,
            final Provenance provenance) {
        if (settings.size() != SETTINGS.size()) {
            throw new IllegalArgumentException("settings " + settings + ": expected values of " + SETTINGS);
        }
        this.models = List.copyOf(models);
        this.clusters = List.copyOf(clusters);
        this.options = options;
        this.degrees = degrees.clone();
        this.devices = devices.clone();
        this.settings = List.copyOf(settings);
        this.provenance = provenance;
    }

    @Override
    public String name() {
        return "train project";
    }

    @Override
    public List<String> columns() {
        final List<String> columns = new ArrayList<>(List.of(ProjectionReport.DETAILED_COLUMNS));
        columns.addAll(SETTINGS);
        columns.addAll(Provenance.COLUMNS);
        return columns;
    }

    @Override
    public List<String> timingColumns() {
        return List.of();
    }

    @Override
    public int points() {
        return models.size() * clusters.size();
    }

    @Override
    public String describe(final int point) {
        return model(point).name() + " on " + cluster(point).name();
    }

    @Override
    public long heapBytesPerPoint() {
        return 64L << 20;
    }

    private ModelProfile model(final int point) {
        return models.get(point / clusters.size());
    }

    private Cluster cluster(final int point) {
        return clusters.get(point % clusters.size());
    }

    /**
     * The projection of one point.
     *
     * @param point the point
     * @return its report
     */
    public ProjectionReport report(final int point) {
        return ProjectionReport.of(new Projector(model(point), cluster(point), options, degrees), devices);
    }

    @Override
    public List<List<String>> run(final int point) {
        final List<List<String>> rows = new ArrayList<>();
        for (final List<String> row : report(point).rows(true)) {
            final List<String> full = new ArrayList<>(row);
            full.addAll(settings);
            full.addAll(provenance.values());
            rows.add(full);
        }
        return rows;
    }

    @Override
    public List<String> outputs() {
        return List.of(FILE);
    }

    @Override
    public List<String> publish(final Path dir, final List<List<String>> rows) throws IOException {
        CsvFiles.write(dir.resolve(FILE), columns(), rows);
        return outputs();
    }
}
