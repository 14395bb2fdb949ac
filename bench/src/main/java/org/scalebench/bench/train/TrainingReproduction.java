package org.scalebench.bench.train;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.scalebench.bench.io.AtomicFiles;
import org.scalebench.training.PaperClaims;
import org.scalebench.training.cluster.Cluster;
import org.scalebench.training.cluster.ClusterCatalog;
import org.scalebench.training.cluster.NicSharing;
import org.scalebench.training.collective.NcclCorrection;
import org.scalebench.training.collective.NcclGeneration;
import org.scalebench.training.efficiency.McCandlishEfficiency;
import org.scalebench.training.model.ModelCatalog;
import org.scalebench.training.model.ModelProfile;
import org.scalebench.training.model.Precision;
import org.scalebench.training.projection.ProjectionOptions;
import org.scalebench.training.projection.ProjectionTable;
import org.scalebench.training.projection.Projector;
import org.scalebench.training.validation.ThroughputValidation;

/**
 * Reproduces the projections of Pal et al. (IEEE Micro 2019) from cited public inputs: Inception-V3, GNMT and
 * BigLSTM on DGX-1 clusters of 1 to 8192 V100 GPUs, data parallelism against hybrid parallelism with 2, 4 and 8
 * GPUs per worker. {@link #run} writes {@code hybrid.csv} (every strategy at every device count, with its
 * breakdown and the models behind it), {@code speedup.png} (speedup over one GPU, one panel per model) and
 * {@code claims.md} (the paper's claims beside scalebench's projections, the gaps, the crossover device counts,
 * how the projections move when one input or modelling choice changes, one row per change, and the projector
 * against published multi-GPU and multi-node throughput), and returns the tables.
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
     * @param validationMarkdown the validation table
     * @param csv the CSV written
     * @param png the plot written
     * @param markdown the Markdown file written
     */
    public record Result(List<ModelOutcome> outcomes, String claimsMarkdown, String sensitivityMarkdown,
            String validationMarkdown, Path csv, Path png, Path markdown) {
    }

    /**
     * One row of the sensitivity table: a change to the options, the cluster or a model profile.
     *
     * @param name what changes, as printed
     * @param options the projection options of the row
     * @param cluster a change to the cluster (identity for none)
     * @param profile a change to each model profile; null where the change does not apply to a model
     */
    public record Variant(String name, ProjectionOptions options, UnaryOperator<Cluster> cluster,
            UnaryOperator<ModelProfile> profile) {
    }

    /** GNMT's and BigLSTM's former flat floor: the step time held at batch 35 below it. */
    private static final double OLD_FLAT_FLOOR_BATCH = 35;
    /** The fixed part added in the sensitivity sweep, seconds. */
    private static final double EXTRA_OVERHEAD = 0.010;
    /** PyTorch DDP's default bucket, 25 MiB (bucket_cap_mb = 25, pytorch.org docs 1.7.0). */
    private static final long DDP_BUCKET = 25L << 20;

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
        return project(projectionOptions, cluster, variant);
    }

    private List<ModelOutcome> project(final ProjectionOptions projectionOptions, final Cluster on,
            final UnaryOperator<ModelProfile> variant) {
        final List<ModelOutcome> outcomes = new ArrayList<>();
        for (final PaperClaims.Claim claim : PaperClaims.all()) {
            final ModelProfile model = variant.apply(ModelCatalog.builtIn(claim.model()));
            if (model == null) {
                outcomes.add(null);
                continue;
            }
            final ProjectionReport report = ProjectionReport.of(new Projector(model, on, projectionOptions,
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
        progress.println("comparing with published throughput");
        final String validation = validationTable(ThroughputValidation.run());
        final Path markdown = dir.resolve("claims.md");
        AtomicFiles.writeText(markdown, w -> {
            w.write("# Hybrid-parallel training: the paper's claims against scalebench's projections\n\n");
            w.write(claims);
            w.write("\n## Sensitivity: the projection when one input or choice changes\n\n");
            w.write(sensitivity);
            w.write("\n## Validation: data-parallel scaling against published throughput\n\n");
            w.write(validation);
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
        progress.println();
        progress.print(validation);
        progress.println("wrote " + csv + ", " + png + ", " + markdown);
        return new Result(outcomes, claims, sensitivity, validation, csv, png, markdown);
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

    /**
     * The sensitivity rows: each reverts one change of the current model to its first version's choice, or sweeps
     * one assumed default, everything else as in the baseline.
     *
     * @return the variants, in table order
     */
    public List<Variant> variants() {
        final UnaryOperator<Cluster> same = UnaryOperator.identity();
        final List<Variant> v = new ArrayList<>();
        v.add(new Variant("flat step floor: t(35) held below batch 35 (GNMT, BigLSTM) instead of the byte floor",
                options, same, m -> Double.isNaN(m.stepTime().floorSeconds()) ? null
                        : m.withStepTime(m.stepTime().withFlatBelow(OLD_FLAT_FLOOR_BATCH))));
        v.add(new Variant("no fixed step part (optimizer update and per-step overhead 0)", options, same,
                m -> m.withFixedParts(0, 0)));
        v.add(new Variant("10 ms more fixed per step (launches, input pipeline; swept)", options, same,
                m -> m.withFixedParts(m.stepOverheadSeconds() + EXTRA_OVERHEAD, m.optimizerSeconds())));
        v.add(new Variant("epochs by log-log interpolation of the measured points, constant steps beyond the last,"
                + " instead of the least-squares fit", options, same,
                m -> m.measuredEpochs() == null ? null : m.withEfficiency(m.measuredEpochs())));
        v.add(new Variant("Inception-V3 epochs as before: through Szegedy et al.'s 100 epochs at 1,600 (asynchronous),"
                + " B_crit = 31,623", options, same, m -> !m.name().equals("inception-v3") ? null
                        : m.withEfficiency(McCandlishEfficiency.through(1600, 100, 31_623))));
        v.add(new Variant("epochs-vs-batch curve at half the batch (critical batch / 2)", options, same,
                m -> m.withEfficiency(m.efficiency().withBatchScale(0.5))));
        v.add(new Variant("epochs-vs-batch curve at twice the batch (critical batch x 2)", options, same,
                m -> m.withEfficiency(m.efficiency().withBatchScale(2.0))));
        v.add(new Variant("even G / M shards instead of the placement's largest shard", options.withEvenShards(true),
                same, UnaryOperator.identity()));
        v.add(new Variant("NICs pooled per node instead of one NIC per GPU pair (rails)",
                options.withNicSharing(NicSharing.PER_NODE), same, UnaryOperator.identity()));
        v.add(new Variant("whole-gradient all-reduce (one GPU per worker; no sharding)",
                options.withShardedAllReduce(false), same, UnaryOperator.identity()));
        v.add(new Variant("NCCL: multi-node rings and trees at the NVLink per-channel bandwidth (correction off)",
                options.withDisabledNcclCorrections(Set.of(NcclCorrection.MULTI_NODE_INTRA_BANDWIDTH)), same,
                UnaryOperator.identity()));
        v.add(new Variant("NCCL 2.5.6 with HEAD's NVLink width, 20 GB/s instead of 21", options,
                c -> c.withNcclIntraBandwidth(c.ncclFabric(NcclGeneration.CURRENT).bwIntraPerChannel()),
                UnaryOperator.identity()));
        v.add(new Variant("NCCL HEAD constants instead of 2.5.6", options.withNcclGeneration(NcclGeneration.CURRENT),
                same, UnaryOperator.identity()));
        v.add(new Variant("NCCL HEAD, its CPU-vendor, tree-pattern and tree-range corrections off",
                options.withNcclGeneration(NcclGeneration.CURRENT).withDisabledNcclCorrections(Set.of(
                        NcclCorrection.LL_CAP_BY_CPU_VENDOR, NcclCorrection.NET_OVERHEAD_BY_CPU_VENDOR,
                        NcclCorrection.TREE_FACTOR_PLAIN_PATTERN_ONLY, NcclCorrection.TREE_CORRECTION_RANGE)), same,
                UnaryOperator.identity()));
        v.add(new Variant("overlap 1 (exchange hidden under the backward pass, up to its length)",
                options.withOverlap(1.0), same, UnaryOperator.identity()));
        v.add(new Variant("gradients all-reduced in 25 MiB buckets (PyTorch DDP's default)",
                options.withBucketBytes(DDP_BUCKET), same, UnaryOperator.identity()));
        v.add(new Variant("mixed precision where measured (GNMT: DeepLearningExamples' step, FP16 gradients)", options,
                same, m -> m.precisions().contains(Precision.MIXED) ? m.withPrecision(Precision.MIXED) : null));
        return v;
    }

    private String sensitivityTable(final List<ModelOutcome> baseline) {
        final List<String> names = new ArrayList<>();
        final List<List<ModelOutcome>> results = new ArrayList<>();
        names.add("baseline (as above)");
        results.add(baseline);
        for (final Variant variant : variants()) {
            names.add(variant.name());
            results.add(project(variant.options(), variant.cluster().apply(cluster), variant.profile()));
        }
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
                b.append(o == null ? " n/a |" : String.format(Locale.ROOT, " %+.1f%% (%s) |", o.projectedPercent(),
                        o.crossoverDevices() < 0 ? "none" : Integer.toString(o.crossoverDevices())));
            }
            b.append('\n');
        }
        return b.toString();
    }

    /**
     * The validation table: each published case, the measured and projected scaling efficiency, the error and
     * whether it is within the stated tolerance.
     *
     * @param results the comparison
     * @return Markdown
     */
    public static String validationTable(final List<ThroughputValidation.Result> results) {
        final StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "Scaling efficiency: throughput per GPU"
                + " over the reference case's, measured and projected (data parallelism on DGX-1, the measured"
                + " per-GPU batch, overlap and gradient buckets). Stated tolerance: %.0f%%.%n%n",
                100 * ThroughputValidation.TOLERANCE));
        b.append("| case | model, precision | GPUs x batch | against | measured | projected | error | within |\n");
        b.append("|---|---|---:|---|---:|---:|---:|---|\n");
        for (final ThroughputValidation.Result r : results) {
            b.append(String.format(Locale.ROOT, "| %s | %s, %s | %d x %d | %s | %.3f | %.3f | %+.1f%% | %s |%n",
                    r.name(), r.model(), r.precision().key(), r.devices(), r.batch(), r.reference(), r.measured(),
                    r.projected(), 100 * r.error(), r.withinTolerance() ? "yes" : "no"));
        }
        return b.toString();
    }
}
