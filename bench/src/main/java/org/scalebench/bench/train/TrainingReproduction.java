package org.scalebench.bench.train;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import org.scalebench.bench.io.AtomicFiles;
import org.scalebench.training.PaperClaims;
import org.scalebench.training.cluster.Cluster;
import org.scalebench.training.cluster.ClusterCatalog;
import org.scalebench.training.collective.NcclGeneration;
import org.scalebench.training.model.ModelCatalog;
import org.scalebench.training.model.ModelProfile;
import org.scalebench.training.projection.ProjectionOptions;
import org.scalebench.training.projection.ProjectionTable;
import org.scalebench.training.projection.Projector;

/**
 * Reproduces the projections of Pal et al. (IEEE Micro 2019) from cited public inputs: Inception-V3, GNMT and
 * BigLSTM on DGX-1 clusters of 1 to 8192 V100 GPUs, data parallelism against hybrid parallelism with 2, 4 and 8
 * GPUs per worker. {@link #run} writes {@code hybrid.csv} (every strategy at every device count, with its
 * breakdown and the models behind it), {@code speedup.png} (speedup over one GPU, one panel per model) and
 * {@code claims.md} (the paper's claims beside scalebench's projections, the gaps, the crossover device counts,
 * and how the projections move when one input or modelling choice changes), and returns the tables.
 *
 * <p>The projection at scale is hybrid at its best over data parallelism at its best across the sweep
 * ({@link ProjectionTable#hybridOverBestDataParallel()}), which is how the paper phrases its claims ("compared to
 * what DP alone can achieve at scale").
 *
 * <p>Immutable; each call projects afresh.
 */
public final class TrainingReproduction {

    /** The device counts swept: 1 to 8192 GPUs (1 to 1024 DGX-1 nodes). */
    public static final int[] DEVICES = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192};
    /** The MP degrees compared; 1 is data parallelism. */
    public static final int[] MP_DEGREES = {1, 2, 4, 8};

    private final Cluster cluster;
    private final ProjectionOptions options;

    /**
     * One model's outcome.
     *
     * @param model the model
     * @param claimPercent the paper's claimed lower bound, percent
     * @param claimSource where the claim comes from
     * @param projectedPercent scalebench's hybrid-over-best-DP speedup, percent
     * @param crossoverDevices the first device count where hybrid wins, or -1
     * @param report the projection behind the numbers
     */
    public record ModelOutcome(String model, double claimPercent, String claimSource, double projectedPercent,
            int crossoverDevices, ProjectionReport report) {

        /**
         * Projection minus claim, percentage points.
         *
         * @return the gap
         */
        public double gapPoints() {
            return projectedPercent - claimPercent;
        }
    }

    /**
     * What a run produced.
     *
     * @param outcomes one per model, in the paper's order
     * @param claimsMarkdown the table of claims against projections
     * @param sensitivityMarkdown the sensitivity table
     * @param csv the CSV written
     * @param png the plot written
     * @param markdown the Markdown file written
     */
    public record Result(List<ModelOutcome> outcomes, String claimsMarkdown, String sensitivityMarkdown, Path csv,
            Path png, Path markdown) {
    }

    /** The paper's setting: DGX-1 with V100, NCCL 2.5.6, sharded all-reduce, no overlap. */
    public TrainingReproduction() {
        this(ClusterCatalog.builtIn("dgx1"), ProjectionOptions.DEFAULTS);
    }

    /**
     * A reproduction on another cluster or with other options.
     *
     * @param cluster the cluster
     * @param options the projection options
     */
    public TrainingReproduction(final Cluster cluster, final ProjectionOptions options) {
        this.cluster = cluster;
        this.options = options;
    }

    /**
     * Projects the three models.
     *
     * @param projectionOptions the options
     * @param variant a change applied to each model profile (identity for the baseline)
     * @return one outcome per claim
     */
    public List<ModelOutcome> project(final ProjectionOptions projectionOptions, final UnaryOperator<ModelProfile> variant) {
        final List<ModelOutcome> outcomes = new ArrayList<>();
        for (final PaperClaims.Claim claim : PaperClaims.all()) {
            final ModelProfile model = variant.apply(ModelCatalog.builtIn(claim.model()));
            final ProjectionReport report = ProjectionReport.of(new Projector(model, cluster, projectionOptions,
                    MP_DEGREES), DEVICES);
            final ProjectionTable t = report.table();
            final int crossover = t.crossoverRow();
            outcomes.add(new ModelOutcome(claim.model(), claim.atLeastPercent(), claim.source(),
                    100 * (t.hybridOverBestDataParallel() - 1), crossover < 0 ? -1 : t.devices(crossover), report));
        }
        return outcomes;
    }

    /**
     * Runs the reproduction and writes its files.
     *
     * @param dir the output directory (created if missing)
     * @param progress where to print progress and tables
     * @return the tables and the files written
     * @throws IOException if writing fails
     */
    public Result run(final Path dir, final PrintWriter progress) throws IOException {
        progress.println("projecting Inception-V3, GNMT, BigLSTM on " + cluster.name() + " (N = 1 .. 8192, M = 1, 2,"
                + " 4, 8)");
        final List<ModelOutcome> outcomes = project(options, UnaryOperator.identity());
        final List<ProjectionReport> reports = new ArrayList<>();
        for (final ModelOutcome o : outcomes) {
            reports.add(o.report());
            o.report().print(progress);
            progress.println();
        }
        final Path csv = dir.resolve("hybrid.csv");
        ProjectionReport.writeCsv(csv, true, reports);
        final Path png = dir.resolve("speedup.png");
        SpeedupChart.writePng(png, SpeedupChart.chart("Projected speedup over one " + cluster.device() + ", "
                + cluster.name() + " (data parallel vs hybrid)", reports), 900, 1150);
        final String claims = claimsTable(outcomes);
        progress.println("running sensitivity variants");
        final String sensitivity = sensitivityTable(outcomes);
        final Path markdown = dir.resolve("claims.md");
        AtomicFiles.writeText(markdown, w -> {
            w.write("# Hybrid-parallel training: the paper's claims against scalebench's projections\n\n");
            w.write(claims);
            w.write("\n## Sensitivity: the projection when one input or choice changes\n\n");
            w.write(sensitivity);
            w.write("\n## Models behind the numbers\n\n");
            for (final ModelOutcome o : outcomes) {
                w.write("- " + o.model() + ": SU_MP by " + o.report().projector().model().mpSpeedup().name()
                        + "; epochs by " + o.report().projector().model().efficiency().describe()
                        + "; communication by " + o.report().communication() + "\n");
            }
        });
        progress.print(claims);
        progress.println();
        progress.print(sensitivity);
        progress.println("wrote " + csv + ", " + png + ", " + markdown);
        return new Result(outcomes, claims, sensitivity, csv, png, markdown);
    }

    /**
     * The Markdown table: model, paper's claim, projection, gap, crossover N, and where each strategy is at its
     * best.
     *
     * @param outcomes the outcomes
     * @return Markdown
     */
    public static String claimsTable(final List<ModelOutcome> outcomes) {
        final StringBuilder b = new StringBuilder();
        b.append("| model | paper's claim | scalebench's projection | gap | crossover N | best DP | best hybrid |\n");
        b.append("|---|---:|---:|---:|---:|---|---|\n");
        for (final ModelOutcome o : outcomes) {
            final ProjectionTable t = o.report().table();
            final int dpRow = t.bestDataParallelRow();
            final int cell = t.bestHybridCell();
            final int[] degrees = t.degrees();
            b.append(String.format(Locale.ROOT, "| %s | at least %.1f%% | %+.1f%% | %+.1f pp | %s | N = %d, %.3g h |"
                    + " N = %d, M = %d, %.3g h |%n", o.model(), o.claimPercent(), o.projectedPercent(), o.gapPoints(),
                    o.crossoverDevices() < 0 ? "none" : Integer.toString(o.crossoverDevices()), t.devices(dpRow),
                    t.trainSeconds(dpRow, t.dataParallelColumn()) / 3600, t.devices(cell / degrees.length),
                    degrees[cell % degrees.length], t.trainSeconds(cell / degrees.length, cell % degrees.length)
                            / 3600));
        }
        return b.toString();
    }

    private String sensitivityTable(final List<ModelOutcome> baseline) {
        final List<String> names = new ArrayList<>();
        final List<List<ModelOutcome>> results = new ArrayList<>();
        names.add("baseline (as above)");
        results.add(baseline);
        names.add("overlap 1 (exchange hidden under backward up to its length)");
        results.add(project(options.withOverlap(1.0), UnaryOperator.identity()));
        names.add("whole-gradient all-reduce (no sharding across a worker's GPUs)");
        results.add(project(options.withShardedAllReduce(false), UnaryOperator.identity()));
        names.add("NCCL HEAD constants instead of 2.5.6");
        results.add(project(options.withNcclGeneration(NcclGeneration.CURRENT), UnaryOperator.identity()));
        names.add("epochs-vs-batch curve at half the batch (critical batch / 2)");
        results.add(project(options, m -> m.withEfficiency(m.efficiency().withBatchScale(0.5))));
        names.add("epochs-vs-batch curve at twice the batch (critical batch x 2)");
        results.add(project(options, m -> m.withEfficiency(m.efficiency().withBatchScale(2.0))));
        final StringBuilder b = new StringBuilder("| variant |");
        for (final ModelOutcome o : baseline) {
            b.append(' ').append(o.model()).append(" (crossover N) |");
        }
        b.append("\n|---|");
        b.append("---:|".repeat(baseline.size()));
        b.append('\n');
        for (int v = 0; v < names.size(); v++) {
            b.append("| ").append(names.get(v)).append(" |");
            for (final ModelOutcome o : results.get(v)) {
                b.append(String.format(Locale.ROOT, " %+.1f%% (%s) |", o.projectedPercent(),
                        o.crossoverDevices() < 0 ? "none" : Integer.toString(o.crossoverDevices())));
            }
            b.append('\n');
        }
        return b.toString();
    }
}
