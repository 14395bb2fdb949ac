package org.scalebench.bench.train;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.IntStream;
import org.scalebench.bench.io.AtomicFiles;
import org.scalebench.bench.io.Table;
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
import org.scalebench.training.projection.OptimizerSharding;
import org.scalebench.training.projection.ProjectionOptions;
import org.scalebench.training.projection.ProjectionTable;
import org.scalebench.training.projection.Projector;
import org.scalebench.core.data.DataTable;
import org.scalebench.training.model.ScalingTerms;
import org.scalebench.training.parallel.ScaledMpSpeedup;
import org.scalebench.training.projection.ScalingEffect;
import org.scalebench.training.validation.CorpusValidation;
import org.scalebench.training.validation.ScalingCorpus;

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
    private CorpusValidation.Report corpus;
    private Map<String, ScalingTerms> scaling;

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
     * @param breakEvenMarkdown the break-even inputs of each claim
     * @param sensitivityMarkdown the sensitivity table
     * @param validationMarkdown the validation table
     * @param csv the CSV written
     * @param png the plot written
     * @param markdown the Markdown file written
     */
    public record Result(List<ModelOutcome> outcomes, String claimsMarkdown, String breakEvenMarkdown,
            String sensitivityMarkdown, String validationMarkdown, Path csv, Path png, Path markdown) {
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

    /** The files {@link #run} writes: every projection, the speedup plot, the claims report. */
    public static final List<String> OUTPUTS = List.of("hybrid.csv", "speedup.png", "claims.md");

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
            final ModelProfile model = variant.apply(fitted(ModelCatalog.builtIn(claim.model())));
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
     * The scaling corpus's validation with every effect on (computed once).
     *
     * @return the report
     */
    public synchronized CorpusValidation.Report corpus() {
        if (corpus == null) {
            corpus = CorpusValidation.run(ScalingCorpus.builtIn(), Set.of());
        }
        return corpus;
    }

    /**
     * A built-in profile with the multi-GPU step costs of its scaling-corpus family ({@code paper-scaling.csv}): the
     * synchronisation overhead and straggler spread fitted on that family's calibration rows, and mixed precision's
     * loss-scaling bytes. A profile the file does not name is returned unchanged.
     *
     * @param m the profile
     * @return the profile with its terms
     */
    public synchronized ModelProfile fitted(final ModelProfile m) {
        final ScalingTerms terms = fittedTerms().get(m.name());
        return terms == null ? m : m.withScaling(terms);
    }

    /**
     * The models {@link #fitted} gives terms to.
     *
     * @return their names, sorted
     */
    public synchronized java.util.SortedSet<String> fittedModels() {
        return new java.util.TreeSet<>(fittedTerms().keySet());
    }

    private Map<String, ScalingTerms> fittedTerms() {
        if (scaling == null) {
            final Map<String, CorpusValidation.Constants> byFamily = new HashMap<>();
            for (final CorpusValidation.Fit f : corpus().fits()) {
                byFamily.put(f.family(), f.constants());
            }
            final DataTable t = DataTable.resource(ModelCatalog.class, "/org/scalebench/training/paper-scaling.csv");
            t.requireColumns("model", "scaling_family", "loss_scaling_bytes_per_parameter", "source");
            final Map<String, ScalingTerms> terms = new HashMap<>();
            for (final DataTable.Row row : t.rows()) {
                row.require("source");
                final CorpusValidation.Constants c = byFamily.get(row.require("scaling_family"));
                if (c == null) {
                    throw row.error("scaling_family = '" + row.get("scaling_family") + "': not a family of the corpus");
                }
                terms.put(row.require("model"), new ScalingTerms(c.syncOverheadSeconds(), c.stragglerCv(), 0,
                        row.number("loss_scaling_bytes_per_parameter", 0, 64)));
            }
            scaling = terms;
        }
        return scaling;
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
        final Path csv = dir.resolve(OUTPUTS.get(0));
        ProjectionReport.writeCsv(csv, true, reports);
        final Path png = dir.resolve(OUTPUTS.get(1));
        SpeedupChart.writePng(png, SpeedupChart.chart("Projected speedup over one " + cluster.device() + ", "
                + cluster.name() + " (data parallel vs hybrid)", reports), 900, 1150);
        final String claims = claimsTable(outcomes);
        progress.println("running sensitivity variants");
        final String sensitivity = sensitivityTable(outcomes);
        progress.println("comparing with published throughput (scaling corpus)");
        final String validation = validationTable(corpus());
        progress.println("searching break-even inputs");
        final List<BreakEven> evens = breakEven(outcomes);
        final String breakEven = breakEvenTable(evens);
        final String claimsWithBreakEven = claimsTable(outcomes, evens);
        final Path markdown = dir.resolve(OUTPUTS.get(2));
        AtomicFiles.writeText(markdown, w -> {
            w.write("# Hybrid-parallel training: the paper's claims against scalebench's projections\n\n");
            w.write(claimsWithBreakEven);
            w.write("\n## Break-even: the value of each deciding input at which the paper's number would hold\n\n");
            w.write(breakEven);
            w.write("\n## Sensitivity: the projection when one input or choice changes\n\n");
            w.write(sensitivity);
            w.write("\n## Validation: the data-parallel step against the scaling corpus\n\n");
            w.write(validation);
            w.write("\n## Models behind the numbers\n\n");
            for (final ModelOutcome o : outcomes) {
                w.write("- " + o.model() + ": SU_MP by " + o.report().projector().model().mpSpeedup().name()
                        + "; epochs by " + o.report().projector().model().efficiency().describe()
                        + "; communication by " + o.report().communication() + "\n");
            }
        });
        progress.print(claimsWithBreakEven);
        progress.println();
        progress.print(breakEven);
        progress.println();
        progress.print(sensitivity);
        progress.println();
        progress.print(validation);
        return new Result(outcomes, claimsWithBreakEven, breakEven, sensitivity, validation, csv, png, markdown);
    }

    /**
     * The Markdown table: model, paper's claim, projection, gap, crossover N, and where each strategy is at its
     * best.
     *
     * @param outcomes the outcomes
     * @return Markdown
     */
    public static String claimsTable(final List<ModelOutcome> outcomes) {
        return claimsTable(outcomes, List.of());
    }

    /**
     * The claims table with a break-even column: per claim, the input that needs the smallest change to make the
     * paper's number hold, and its value.
     *
     * @param outcomes the outcomes
     * @param evens the break-even rows ({@link #breakEven}); empty for no column
     * @return Markdown
     */
    public static String claimsTable(final List<ModelOutcome> outcomes, final List<BreakEven> evens) {
        final List<String> header = new ArrayList<>(List.of("model", "paper's claim", "scalebench's projection", "gap",
                "crossover N", "best DP", "best hybrid"));
        if (!evens.isEmpty()) {
            header.add("break-even (smallest change)");
        }
        final Table table = new Table(header.toArray(String[]::new)).rightAlign(1, 2, 3, 4);
        for (final ModelOutcome o : outcomes) {
            final ProjectionTable t = o.report().table();
            final int dpRow = t.bestDataParallelRow();
            final int cell = t.bestHybridCell();
            final int[] degrees = t.degrees();
            final List<String> cells = new ArrayList<>(List.of(o.model(),
                    String.format(Locale.ROOT, "at least %.1f%%", o.claimPercent()),
                    String.format(Locale.ROOT, "%+.1f%%", o.projectedPercent()),
                    String.format(Locale.ROOT, "%+.1f pp", o.gapPoints()), crossover(o),
                    String.format(Locale.ROOT, "N = %d, %.3g h", t.devices(dpRow),
                            t.trainSeconds(dpRow, t.dataParallelColumn()) / 3600),
                    String.format(Locale.ROOT, "N = %d, M = %d, %.3g h", t.devices(cell / degrees.length),
                            degrees[cell % degrees.length],
                            t.trainSeconds(cell / degrees.length, cell % degrees.length) / 3600)));
            if (!evens.isEmpty()) {
                cells.add(deciding(o.model(), evens));
            }
            table.row(cells.toArray(String[]::new));
        }
        return table.markdown();
    }

    /**
     * The value of one input at which a claim would hold.
     *
     * @param model the model
     * @param claimPercent the paper's number
     * @param input the input varied
     * @param evidence the input's value in the projection, and where it comes from
     * @param value the value at which the projection reaches the claim, or a note that it does not in the range
     * @param change the break-even value over the baseline's (NaN if not reached; the overhead over the fitted one,
     *     at least 1 ms)
     */
    public record BreakEven(String model, double claimPercent, String input, String evidence, String value,
            double change) {
    }

    /** A projection of one model with one input changed to {@code x}. */
    private interface Probe {
        double percent(double x);
    }

    /** Factors tried, nearest the evidence first, to bracket the break-even point. */
    private static final double[] FACTORS = {1.0 / 64, 1.0 / 16, 1.0 / 4, 0.5, 1, 2, 4, 16, 64};
    /** Synchronisation overheads tried, seconds. */
    private static final double[] OVERHEADS = {0, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0};
    private static final int BISECTIONS = 12;

    /**
     * For each claim, the value of each deciding input at which the projection would reach the paper's number,
     * everything else as in the baseline: the critical batch (the epochs curve stretched along the batch axis), the
     * MP speedup (every {@code SU_MP(M > 1)} times a factor), the synchronisation overhead of a multi-GPU step, and
     * the network bandwidth per node. Each is found by scanning a range and bisecting the first bracket.
     *
     * @param outcomes the baseline outcomes
     * @return one row per claim and input
     */
    public List<BreakEven> breakEven(final List<ModelOutcome> outcomes) {
        final List<BreakEven> rows = new ArrayList<>();
        for (final ModelOutcome o : outcomes) {
            final ModelProfile base = fitted(ModelCatalog.builtIn(o.model()));
            final double target = o.claimPercent();
            final ProjectionTable t = o.report().table();
            final int hybrid = t.bestHybridCell();
            final double su = t.mpSpeedup(hybrid / t.degrees().length, hybrid % t.degrees().length);
            rows.add(search(o, "critical batch (epochs curve x factor along the batch)", base.efficiency().describe(),
                    FACTORS, true, x -> percent(base.withEfficiency(base.efficiency().withBatchScale(x)), options,
                            cluster), target, "x%.3g", 1.0));
            rows.add(search(o, "MP speedup (every SU_MP(M > 1) x factor)", String.format(Locale.ROOT,
                    "SU_MP %.2f at the best hybrid (M = %d), from %s", su, t.degrees()[hybrid % t.degrees().length],
                    base.mpSpeedup().name()), FACTORS, true, x -> percent(base.withMpSpeedup(
                            new ScaledMpSpeedup(base.mpSpeedup(), x)), options, cluster), target, "x%.3g", 1.0));
            rows.add(search(o, "synchronisation overhead per multi-GPU step", String.format(Locale.ROOT,
                    "%.1f ms, fitted on the scaling corpus", 1000 * base.scaling().syncOverheadSeconds()), OVERHEADS,
                    false, x -> percent(base.withScaling(base.scaling().withFitted(x, base.scaling().stragglerCv())),
                            options, cluster), target, "%.3g s", Math.max(0.001, base.scaling().syncOverheadSeconds())));
            rows.add(search(o, "network bandwidth per node (x factor)", String.format(Locale.ROOT,
                    "%.0f GB/s per node (%s)", cluster.interLinkPerNode().bandwidth() / 1e9, cluster.name()), FACTORS,
                    true, x -> percent(base, options, cluster.withNetworkBandwidthScale(x)), target, "x%.3g", 1.0));
        }
        return rows;
    }

    private static String deciding(final String model, final List<BreakEven> evens) {
        BreakEven best = null;
        for (final BreakEven e : evens) {
            if (e.model().equals(model) && !Double.isNaN(e.change()) && (best == null
                    || Math.abs(Math.log(e.change())) < Math.abs(Math.log(best.change())))) {
                best = e;
            }
        }
        return best == null ? "no input reaches it in range" : best.input() + ": " + best.value();
    }

    private double percent(final ModelProfile m, final ProjectionOptions o, final Cluster on) {
        final ProjectionTable t = ProjectionReport.of(new Projector(m, on, o, MP_DEGREES), DEVICES).table();
        return 100 * (t.hybridOverBestDataParallel() - 1);
    }

    private static BreakEven search(final ModelOutcome o, final String input, final String evidence,
            final double[] grid, final boolean factor, final Probe probe, final double target, final String format,
            final double baseline) {
        final double[] values = new double[grid.length];
        for (int i = 0; i < grid.length; i++) {
            values[i] = probe.percent(grid[i]) - target;
        }
        final double origin = factor ? 1.0 : grid[0];
        int best = -1;
        double bestDistance = Double.POSITIVE_INFINITY;
        for (int i = 0; i + 1 < grid.length; i++) {
            if (Math.signum(values[i]) != Math.signum(values[i + 1]) || values[i] == 0) {
                final double mid = Math.sqrt(Math.max(grid[i], 1e-6) * grid[i + 1]);
                final double distance = Math.abs(Math.log(mid / Math.max(origin, 1e-6)));
                if (distance < bestDistance) {
                    bestDistance = distance;
                    best = i;
                }
            }
        }
        if (best < 0) {
            return new BreakEven(o.model(), target, input, evidence, String.format(Locale.ROOT,
                    "not reached in [" + format + ", " + format + "] (%+.1f%% to %+.1f%%)", grid[0],
                    grid[grid.length - 1], values[0] + target, values[grid.length - 1] + target), Double.NaN);
        }
        double lo = grid[best];
        double hi = grid[best + 1];
        double fLo = values[best];
        for (int k = 0; k < BISECTIONS; k++) {
            final double mid = factor || lo > 0 ? Math.sqrt(lo * hi) : 0.5 * (lo + hi);
            final double f = probe.percent(mid) - target;
            if (Math.signum(f) == Math.signum(fLo)) {
                lo = mid;
                fLo = f;
            } else {
                hi = mid;
            }
        }
        final double x = factor || lo > 0 ? Math.sqrt(lo * hi) : 0.5 * (lo + hi);
        return new BreakEven(o.model(), target, input, evidence, String.format(Locale.ROOT, format, x), x / baseline);
    }

    /**
     * The break-even table.
     *
     * @param evens the break-even rows
     * @return Markdown
     */
    public static String breakEvenTable(final List<BreakEven> evens) {
        final StringBuilder b = new StringBuilder("Each row changes one input, everything else as in the baseline,"
                + " until hybrid at its best beats data parallelism at its best by the paper's number.\n\n");
        final Table table = new Table("model", "paper's claim", "input", "evidence (baseline value)", "break-even")
                .rightAlign(1);
        for (final BreakEven e : evens) {
            table.row(e.model(), String.format(Locale.ROOT, "at least %.1f%%", e.claimPercent()), e.input(),
                    e.evidence(), e.value());
        }
        return b.append(table.markdown()).toString();
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
        v.add(new Variant("without the corpus-fitted multi-GPU terms (synchronisation overhead, straggler, loss scaling)",
                options, same, m -> m.withScaling(ScalingTerms.NONE)));
        v.add(new Variant("straggler wait off", options.withDisabledEffects(Set.of(ScalingEffect.STRAGGLER)), same,
                UnaryOperator.identity()));
        v.add(new Variant("NCCL rings on DGX-1's cube-mesh off (every group at the node's channels)",
                options.withDisabledEffects(Set.of(ScalingEffect.CUBE_MESH)), same, UnaryOperator.identity()));
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
        v.add(new Variant("overlap 1 with 25 MiB buckets all-reduced as the backward pass makes them ready",
                options.withOverlap(1.0).withBucketBytes(DDP_BUCKET), same, UnaryOperator.identity()));
        v.add(new Variant("gradients all-reduced in 25 MiB buckets (PyTorch DDP's default)",
                options.withBucketBytes(DDP_BUCKET), same, UnaryOperator.identity()));
        v.add(new Variant("optimizer state sharded over the data-parallel workers (ZeRO-1: gradients reduce-scattered,"
                + " parameters all-gathered after the update)", options.withOptimizerSharding(OptimizerSharding.WORKERS),
                same, UnaryOperator.identity()));
        v.add(new Variant("optimizer state sharded over the workers with both overlaps (Megatron-LM's distributed"
                + " optimizer: 25 MiB buckets reduce-scattered during the backward pass, the parameters all-gathered"
                + " in them during the next forward pass)", options.withOverlap(1.0).withBucketBytes(DDP_BUCKET)
                        .withOptimizerSharding(OptimizerSharding.WORKERS).withParameterGatherOverlapped(true), same,
                UnaryOperator.identity()));
        v.add(new Variant("optimizer state sharded in each node, each shard all-reduced across nodes (Apex"
                + " DistributedFusedAdam)", options.withOptimizerSharding(OptimizerSharding.NODE), same,
                UnaryOperator.identity()));
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
        final List<String> header = new ArrayList<>();
        header.add("variant");
        baseline.forEach(o -> header.add(o.model() + " (crossover N)"));
        final Table table = new Table(header.toArray(String[]::new))
                .rightAlign(IntStream.rangeClosed(1, baseline.size()).toArray());
        for (int v = 0; v < names.size(); v++) {
            final List<String> cells = new ArrayList<>();
            cells.add(names.get(v));
            for (final ModelOutcome o : results.get(v)) {
                cells.add(o == null ? "n/a" : String.format(Locale.ROOT, "%+.1f%% (%s)", o.projectedPercent(),
                        crossover(o)));
            }
            table.row(cells.toArray(String[]::new));
        }
        return table.markdown();
    }

    /** The crossover device count, or "none". */
    private static String crossover(final ModelOutcome o) {
        return o.crossoverDevices() < 0 ? "none" : Integer.toString(o.crossoverDevices());
    }

    /**
     * The validation summary: the errors on the scaling corpus's validation rows per family and overall, and the
     * fitted constants.
     *
     * @param report the corpus validation
     * @return Markdown
     */
    public static String validationTable(final CorpusValidation.Report report) {
        return "The data-parallel step model against published multi-GPU throughput (`./scalebench train validate`;"
                + " every row in the scaling-corpus part of the report). Errors on validation rows only:\n\n"
                + ScalingValidationReport.summary(report).markdown() + "\nConstants fitted on the calibration rows:\n\n"
                + ScalingValidationReport.fits(report).markdown();
    }

}
