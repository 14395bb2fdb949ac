package org.scalebench.bench.train;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.scalebench.bench.io.AtomicFiles;
import org.scalebench.core.data.DataTable;
import org.scalebench.bench.io.CsvFiles;
import org.scalebench.bench.io.Table;
import org.scalebench.bench.plot.Charts;
import org.scalebench.training.cluster.Cluster;
import org.scalebench.training.cluster.ClusterCatalog;
import org.scalebench.training.llm.CriticalBatch;
import org.scalebench.training.llm.Execution;
import org.scalebench.training.llm.ExecutionPart;
import org.scalebench.training.llm.GpuCatalog;
import org.scalebench.training.llm.GpuSpec;
import org.scalebench.training.llm.HalfFormat;
import org.scalebench.training.llm.LlmCostModel;
import org.scalebench.training.llm.LlmEstimate;
import org.scalebench.training.llm.LlmSearch;
import org.scalebench.training.llm.LlmValidation;
import org.scalebench.training.llm.ParallelConfig;
import org.scalebench.training.llm.TransformerCatalog;
import org.scalebench.training.llm.TransformerProfile;

/**
 * The question of Pal et al. at today's scale: for each built-in transformer and 8 to 8,192 GPUs, the fastest
 * tensor x pipeline x data-parallel configuration that fits (global batch {@link #REFERENCE_BATCH} sequences),
 * and the configuration and global batch that reach a target loss soonest (the critical batch of Kaplan et al.
 * makes a larger batch cost more tokens). Runs on dgx-a100 links with A100 80GB GPUs (the validated hardware)
 * and on dgx-h100; validates against the published Megatron-LM runs ({@link LlmValidation}: the GEMM efficiency
 * fitted on the calibration rows, the validation rows beside Calculon, {@link LlmValidationReport}). Writes
 * {@code llm.csv}, {@code llm-validation.csv}, {@code llm-parallelism.png}, {@code llm-time-to-loss.png} and
 * {@code llm.md}. Closed-form and deterministic. Immutable.
 */
public final class LlmReproduction {

    /** GPU counts swept. */
    public static final int[] GPUS = {8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192};
    /** Global batches (sequences) the time-to-loss search chooses from. */
    public static final int[] BATCHES = {64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384};
    /** The global batch of the throughput search: 2048 sequences of 2048 tokens, 4.2M tokens. */
    public static final int REFERENCE_BATCH = 2048;
    /** The target loss is this far above the model's loss floor (nats per token); swept in the sensitivity table. */
    public static final double LOSS_MARGIN = 0.25;
    /** The 16-bit format of every run. */
    public static final HalfFormat PRECISION = HalfFormat.BF16;
    /** Published MFU of runs set beside the search (resource of the training module). */
    static final String SCALING_CHECKS = "/org/scalebench/training/llm/scaling-checks.csv";

    /**
     * The models the sweep searches, smallest first: one of each size class the papers trained. The other built-in
     * profiles (Narayanan et al.'s Table 1 between them) are validation rows and stay out of the sweep's figures.
     */
    public static final List<String> MODELS = List.of("megatron-1.7b", "megatron-22b", "gpt3-175b", "mt-nlg-530b",
            "megatron-1t");

    private static final double DAY = 86_400;

    /**
     * One best configuration.
     *
     * @param objective {@code throughput} (at the reference batch) or {@code time_to_loss}
     * @param estimate the configuration's estimate
     * @param loss the target loss
     * @param candidates candidates the searches evaluated
     */
    public record Best(String objective, LlmEstimate estimate, double loss, long candidates) {
    }

    /**
     * What a run produced.
     *
     * @param best every best configuration
     * @param validation the validation rows
     * @param markdown the report text
     * @param files the files written
     */
    public record Result(List<Best> best, List<LlmValidation.Row> validation, String markdown, List<Path> files) {
    }

    /**
     * A cluster with the GPU type the sweep projects on it.
     *
     * @param cluster the cluster (links, NCCL fabric, node size)
     * @param gpu the GPU type
     */
    record Hardware(Cluster cluster, GpuSpec gpu) {
    }

    /**
     * The clusters and GPUs of the sweep: dgx-a100 links with 80 GB A100s (as on Selene), dgx-h100 as built in.
     *
     * @return the hardware, A100 first
     */
    static List<Hardware> hardware() {
        final Cluster h100 = ClusterCatalog.builtIn("dgx-h100");
        return List.of(new Hardware(ClusterCatalog.builtIn("dgx-a100"), GpuCatalog.resolve("a100-sxm4-80gb")),
                new Hardware(h100, GpuCatalog.forCluster(h100)));
    }

    /**
     * Searches one model on one cluster.
     *
     * @param cost the cost model
     * @param efficiency the critical-batch model
     * @param margin the target loss above the model's floor
     * @return the best configurations, two per GPU count
     */
    public static List<Best> sweep(final LlmCostModel cost, final CriticalBatch efficiency, final double margin) {
        final LlmSearch search = new LlmSearch(cost, LlmSearch.Space.ALL);
        final LlmSearch.Result r = new LlmSearch.Result();
        final double loss = efficiency.lossFloor(cost.model().nonEmbeddingParameters()) + margin;
        final List<Best> out = new ArrayList<>();
        for (final int n : GPUS) {
            if (search.search(n, REFERENCE_BATCH, r)) {
                out.add(new Best("throughput", cost.evaluate(r.toConfig(n, REFERENCE_BATCH, PRECISION)), loss,
                        r.candidates()));
            }
            LlmEstimate best = null;
            double bestTime = Double.POSITIVE_INFINITY;
            long candidates = 0;
            for (final int b : BATCHES) {
                if (!search.search(n, b, r) || !r.fits()) {
                    continue;
                }
                candidates += r.candidates();
                final LlmEstimate e = cost.evaluate(r.toConfig(n, b, PRECISION));
                final double time = LlmReport.secondsToLoss(e, efficiency, loss);
                if (time < bestTime) {
                    bestTime = time;
                    best = e;
                }
            }
            if (best != null) {
                out.add(new Best("time_to_loss", best, loss, candidates));
            }
        }
        return out;
    }

    /**
     * Narayanan et al.'s rule of thumb as a baseline (their takeaways: the model-parallel size {@code t x p} just
     * large enough to fit, tensor parallelism first up to the GPUs of a node, then pipeline parallelism, data
     * parallelism for the rest), with their 2021 settings: microbatch 1, full recomputation, no interleaving, no
     * sequence parallelism, no ZeRO.
     *
     * @param cost the cost model
     * @param gpus GPUs
     * @param batch global batch
     * @return the baseline's estimate, or null when no model-parallel size makes it fit
     */
    public static LlmEstimate megatronRule(final LlmCostModel cost, final int gpus, final int batch) {
        final LlmSearch.Result r = new LlmSearch.Result();
        final int node = cost.cluster().gpusPerNode();
        for (int t = 1; t <= node; t *= 2) {
            for (int p = 1; p <= (t == node ? cost.model().layers() : 1); p++) {
                if (cost.model().layers() % p != 0) {
                    continue;
                }
                final LlmSearch.Space space = new LlmSearch.Space(new int[] {t}, new int[] {p}, new int[] {1}, 1,
                        new boolean[] {false, false, true}, new boolean[] {true, false},
                        new boolean[] {true, false, false, false});
                if (new LlmSearch(cost, space).search(gpus, batch, r) && r.fits()) {
                    return cost.evaluate(r.toConfig(gpus, batch, PRECISION));
                }
            }
        }
        return null;
    }

    /**
     * Runs the sweep and the validation and writes the files.
     *
     * @param dir output directory
     * @param progress where to print progress and tables
     * @return what was produced
     * @throws IOException when a file cannot be written
     */
    public Result run(final Path dir, final PrintWriter progress) throws IOException {
        final CriticalBatch efficiency = CriticalBatch.kaplan();
        final List<Best> all = new ArrayList<>();
        final List<List<String>> rows = new ArrayList<>();
        for (final Hardware hw : hardware()) {
            final Cluster cluster = hw.cluster();
            final GpuSpec gpu = hw.gpu();
            for (final String name : MODELS) {
                progress.println("searching " + name + " on " + cluster.name() + " (" + gpu.name() + "), 8 to 8192 GPUs");
                final TransformerProfile model = TransformerCatalog.builtIn(name);
                for (final Best b : sweep(new LlmCostModel(model, cluster, gpu, null), efficiency, LOSS_MARGIN)) {
                    all.add(b);
                    final List<String> row = new ArrayList<>(List.of(b.objective(), gpu.name()));
                    row.addAll(LlmReport.row(b.estimate(), 300e9, efficiency, b.loss()));
                    row.add(Long.toString(b.candidates()));
                    rows.add(row);
                }
            }
        }
        final List<String> header = new ArrayList<>(List.of("objective", "gpu"));
        header.addAll(LlmReport.header(true));
        header.add("candidates");
        final Path csv = dir.resolve("llm.csv");
        CsvFiles.write(csv, header, rows);

        progress.println("validating against published Megatron-LM runs (calibrating the GEMM efficiency first)");
        final List<LlmValidation.Row> validation = LlmValidation.run();
        final Map<String, Double> calculon = LlmValidationReport.calculon(validation);
        final Path validationCsv = dir.resolve("llm-validation.csv");
        CsvFiles.write(validationCsv, List.of("id", "set", "metric", "published", "projected", "error_percent",
                "calculon_projected", "calculon_error_percent", "tp", "pp", "dp", "micro_batch", "interleave",
                "recompute", "sequence_parallel", "fits_memory", "source"),
                validation.stream().map(v -> {
                    final Double peer = calculon.get(v.id());
                    return List.of(v.id(), v.set(), v.metric(), fmt(v.published()), fmt(v.projected()),
                            String.format(Locale.ROOT, "%+.1f", 100 * v.error()), peer == null ? "" : fmt(peer),
                            peer == null ? "" : String.format(Locale.ROOT, "%+.1f",
                                    100 * (peer - v.published()) / v.published()),
                            Integer.toString(v.config().tp()), Integer.toString(v.config().pp()),
                            Integer.toString(v.config().dp()), Integer.toString(v.config().microBatch()),
                            Integer.toString(v.config().interleave()), v.config().recompute().id(),
                            v.config().sequenceParallel() ? "1" : "0", Boolean.toString(v.fits()), v.source());
                }).toList());

        final String cluster = "dgx-a100";
        final Path parallelism = dir.resolve("llm-parallelism.png");
        final Path timeToLoss = dir.resolve("llm-time-to-loss.png");
        final List<JFreeChart> sizes = new ArrayList<>();
        final List<JFreeChart> times = new ArrayList<>();
        for (final String name : MODELS) {
            sizes.add(sizesChart(all, cluster, name));
            times.add(timeChart(all, cluster, name));
        }
        Charts.savePng(parallelism, 360, 420, sizes.toArray(JFreeChart[]::new));
        Charts.savePng(timeToLoss, 360, 420, times.toArray(JFreeChart[]::new));

        final String markdown = markdown(all, validation, calculon, efficiency);
        final Path md = dir.resolve("llm.md");
        AtomicFiles.writeText(md, w -> w.write("# 3D-parallel transformer training\n\n" + markdown));
        progress.print(markdown);
        return new Result(all, validation, markdown, List.of(csv, validationCsv, parallelism, timeToLoss, md));
    }

    private static String fmt(final double x) {
        return String.format(Locale.ROOT, "%.4g", x);
    }

    private static List<Best> select(final List<Best> all, final String cluster, final String model,
            final String objective) {
        return all.stream().filter(b -> b.estimate().costModel().cluster().name().equals(cluster)
                && b.estimate().costModel().model().name().equals(model) && b.objective().equals(objective)).toList();
    }

    private static JFreeChart sizesChart(final List<Best> all, final String cluster, final String model) {
        final List<Best> rows = select(all, cluster, model, "throughput").stream()
                .filter(b -> b.estimate().fitsMemory()).toList();
        final double[] x = rows.stream().mapToDouble(b -> b.estimate().config().gpus()).toArray();
        return Charts.lines(model + " (batch " + REFERENCE_BATCH + ")", "GPUs", "parallel size", true, true, List.of(
                new Charts.Series("tp", x, rows.stream().mapToDouble(b -> b.estimate().config().tp()).toArray()),
                new Charts.Series("pp", x, rows.stream().mapToDouble(b -> b.estimate().config().pp()).toArray()),
                new Charts.Series("dp", x, rows.stream().mapToDouble(b -> b.estimate().config().dp()).toArray())));
    }

    private static JFreeChart timeChart(final List<Best> all, final String cluster, final String model) {
        final CriticalBatch efficiency = CriticalBatch.kaplan();
        final List<Charts.Series> series = new ArrayList<>();
        for (final String objective : List.of("throughput", "time_to_loss")) {
            final List<Best> rows = select(all, cluster, model, objective).stream()
                    .filter(b -> b.estimate().fitsMemory()).toList();
            series.add(new Charts.Series(objective.equals("throughput") ? "fastest at batch " + REFERENCE_BATCH
                    : "best batch for the loss", rows.stream().mapToDouble(b -> b.estimate().config().gpus()).toArray(),
                    rows.stream().mapToDouble(b -> LlmReport.secondsToLoss(b.estimate(), efficiency, b.loss()) / DAY)
                            .toArray()));
        }
        return Charts.lines(model + ": days to loss floor + " + LOSS_MARGIN, "GPUs", "days", true, true, series);
    }

    private static String markdown(final List<Best> all, final List<LlmValidation.Row> validation,
            final Map<String, Double> calculon, final CriticalBatch efficiency) {
        final StringBuilder b = new StringBuilder();
        b.append(LlmValidationReport.markdown(validation, calculon));
        b.append("### Best TP x PP x DP per GPU count (dgx-a100, A100 80GB, batch ").append(REFERENCE_BATCH)
                .append(" sequences)\n\n![parallelism](llm-parallelism.png)\n\n");
        final Table fastest = new Table("model", "GPUs", "tp x pp x dp", "micro batch", "chunks", "recompute", "SP",
                "ZeRO", "iteration", "MFU", "memory").rightAlign(1, 3, 4, 7, 8, 9, 10);
        for (final Best best : all) {
            if (!best.objective().equals("throughput") || !best.estimate().costModel().cluster().name().equals("dgx-a100")
                    || Integer.bitCount(best.estimate().config().gpus()) != 1
                    || Integer.numberOfTrailingZeros(best.estimate().config().gpus()) % 2 != 1) {
                continue;
            }
            final LlmEstimate e = best.estimate();
            fastest.row(e.costModel().model().name(), Integer.toString(e.config().gpus()), degrees(e.config()),
                    Integer.toString(e.config().microBatch()), Integer.toString(e.config().interleave()),
                    e.config().recompute().id(), e.config().sequenceParallel() ? "yes" : "no",
                    Integer.toString(e.config().zero().number()),
                    String.format(Locale.ROOT, "%.3g s", e.iterationSeconds()),
                    String.format(Locale.ROOT, "%.1f%%", 100 * e.modelFlopsUtilization()),
                    String.format(Locale.ROOT, "%.1f GiB%s", e.memoryBytes() / (1L << 30),
                            e.fitsMemory() ? "" : " (does not fit)"));
        }
        b.append(fastest.markdown());
        b.append("\n### Against the rule of thumb\n\nNarayanan et al.'s rule (the smallest model-parallel size that fits,"
                + " tensor parallelism first up to a node, then pipeline; data parallelism for the rest; microbatch 1,"
                + " full recomputation) against the search,"
                + " dgx-a100 (A100 80 GB), batch ").append(REFERENCE_BATCH).append(":\n\n");
        b.append(ruleTable(all));
        b.append("\n### With data parallelism overlapped\n\nThe runs above expose data-parallel communication after"
                + " the pipeline flush, as the Megatron-LM of the validation runs did. Megatron-LM since 2023"
                + " (`--overlap-grad-reduce`, `--overlap-param-gather`; `--with dp-overlap`) reduces each model chunk's"
                + " gradients once its last round of the schedule ends, while later rounds still compute, and gathers"
                + " the parameters ahead of the next iteration's first rounds. The search with it,"
                + " dgx-a100 (A100 80 GB), batch ").append(REFERENCE_BATCH).append(":\n\n");
        b.append(overlapTable(all));
        b.append("\n### Against Megatron-LM's measured strong scaling\n\nMegatron-LM's published MFU of runs whose"
                + " splits are not published (`scaling-checks.csv`; not validation rows: they were looked at while the"
                + " 2023 overlaps were modelled), beside the search's best split under each execution:\n\n");
        b.append(scalingChecks());
        b.append("\n### Time to a target loss: the global batch chosen with the critical batch\n\n"
                + "![time to loss](llm-time-to-loss.png)\n\n");
        final Table toLoss = new Table("model", "GPUs", "fastest at batch " + REFERENCE_BATCH + ": days", "best batch",
                "its tp x pp x dp", "days", "target loss", "critical batch (tokens)").rightAlign(1, 2, 3, 5, 6, 7);
        final List<Best> a100 = all.stream().filter(x -> x.estimate().costModel().cluster().name().equals("dgx-a100"))
                .toList();
        for (final Best loss : a100) {
            if (!loss.objective().equals("time_to_loss") || (loss.estimate().config().gpus() != 64
                    && loss.estimate().config().gpus() != 1024 && loss.estimate().config().gpus() != 8192)) {
                continue;
            }
            final LlmEstimate e = loss.estimate();
            final Best reference = a100.stream().filter(x -> x.objective().equals("throughput")
                    && x.estimate().costModel().model().name().equals(e.costModel().model().name())
                    && x.estimate().config().gpus() == e.config().gpus()).findFirst().orElse(null);
            toLoss.row(e.costModel().model().name(), Integer.toString(e.config().gpus()),
                    reference == null || !reference.estimate().fitsMemory() ? "-" : String.format(Locale.ROOT, "%.3g",
                            LlmReport.secondsToLoss(reference.estimate(), efficiency, loss.loss()) / DAY),
                    Integer.toString(e.config().globalBatch()), degrees(e.config()),
                    String.format(Locale.ROOT, "%.3g", LlmReport.secondsToLoss(e, efficiency, loss.loss()) / DAY),
                    String.format(Locale.ROOT, "%.3f", loss.loss()),
                    String.format(Locale.ROOT, "%.3g", efficiency.criticalBatchTokens(loss.loss())));
        }
        b.append(toLoss.markdown());
        b.append("\nTarget loss: the model's loss floor under Kaplan et al.'s fit plus ").append(LOSS_MARGIN)
                .append(" nats per token (an assumption, swept below for gpt3-175b).\n\n");
        b.append(sensitivity(efficiency));
        return b.toString();
    }

    private static String ruleTable(final List<Best> all) {
        final Table table = new Table("model", "GPUs", "rule: tp x pp x dp", "rule MFU", "search: tp x pp x dp",
                "search MFU", "search / rule").rightAlign(1, 3, 5, 6);
        for (final Best best : all) {
            if (!comparedAtScale(best)) {
                continue;
            }
            final LlmEstimate e = best.estimate();
            final int n = e.config().gpus();
            final LlmEstimate rule = megatronRule(e.costModel(), n, REFERENCE_BATCH);
            table.row(e.costModel().model().name(), Integer.toString(n),
                    rule == null ? "does not fit" : degrees(rule.config()),
                    rule == null ? "-" : String.format(Locale.ROOT, "%.1f%%", 100 * rule.modelFlopsUtilization()),
                    degrees(e.config()), String.format(Locale.ROOT, "%.1f%%", 100 * e.modelFlopsUtilization()),
                    rule == null ? "-" : String.format(Locale.ROOT, "%.2fx", rule.iterationSeconds()
                            / e.iterationSeconds()));
        }
        return table.markdown();
    }

    /** The rows the baselines are set beside: the fastest at the reference batch on dgx-a100, fitting, at scale. */
    private static boolean comparedAtScale(final Best best) {
        final LlmEstimate e = best.estimate();
        final int n = e.config().gpus();
        return best.objective().equals("throughput") && e.costModel().cluster().name().equals("dgx-a100")
                && e.fitsMemory() && (n == 512 || n == 2048 || n == 8192);
    }

    private static String overlapTable(final List<Best> all) {
        final Table table = new Table("model", "GPUs", "exposed: tp x pp x dp", "exposed DP", "iteration",
                "overlapped: tp x pp x dp", "overlapped DP", "iteration", "exposed / overlapped").rightAlign(1, 3, 4, 6,
                7, 8);
        final Execution overlapped = Execution.defaults().with(EnumSet.of(ExecutionPart.DP_OVERLAP));
        for (final Best best : all) {
            if (!comparedAtScale(best)) {
                continue;
            }
            final LlmEstimate e = best.estimate();
            final int n = e.config().gpus();
            final LlmCostModel cost = new LlmCostModel(e.costModel().model(), e.costModel().cluster(),
                    e.costModel().gpu(), null, overlapped, PRECISION);
            final LlmSearch.Result r = new LlmSearch.Result();
            if (!new LlmSearch(cost, LlmSearch.Space.ALL).search(n, REFERENCE_BATCH, r) || !r.fits()) {
                continue;
            }
            final LlmEstimate o = cost.evaluate(r.toConfig(n, REFERENCE_BATCH, PRECISION));
            table.row(e.costModel().model().name(), Integer.toString(n), degrees(e.config()),
                    String.format(Locale.ROOT, "%.3g s", e.part(LlmCostModel.DATA_PARALLEL)),
                    String.format(Locale.ROOT, "%.3g s", e.iterationSeconds()), degrees(o.config()),
                    String.format(Locale.ROOT, "%.3g s", o.part(LlmCostModel.DATA_PARALLEL)),
                    String.format(Locale.ROOT, "%.3g s", o.iterationSeconds()),
                    String.format(Locale.ROOT, "%.3fx", e.iterationSeconds() / o.iterationSeconds()));
        }
        return table.markdown();
    }

    /** The executions the strong-scaling checks are run under: as validated, each 2023 overlap, and both. */
    private static final List<List<ExecutionPart>> CHECKED = List.of(List.of(), List.of(ExecutionPart.DP_OVERLAP),
            List.of(ExecutionPart.TP_COMM_OVERLAP), List.of(ExecutionPart.DP_OVERLAP, ExecutionPart.TP_COMM_OVERLAP));

    private static String scalingChecks() {
        final Table table = new Table("check", "model", "GPUs", "batch", "measured MFU", "as validated",
                "dp-overlap", "tp-comm-overlap", "both", "split with both").rightAlign(2, 3, 4, 5, 6, 7, 8);
        for (final DataTable.Row row : DataTable.resource(LlmValidation.class, SCALING_CHECKS).rows()) {
            final TransformerProfile model = TransformerCatalog.builtIn(row.require("model"));
            final Cluster cluster = ClusterCatalog.builtIn(row.require("cluster"));
            final int gpus = (int) row.number("gpus", 1, 1 << 20);
            final int batch = (int) row.number("global_batch", 1, 1 << 24);
            final List<String> cells = new ArrayList<>(List.of(row.require("check"), model.name(),
                    Integer.toString(gpus), Integer.toString(batch),
                    String.format(Locale.ROOT, "%.0f%%", 100 * row.number("mfu", 0, 1))));
            String split = "-";
            for (final List<ExecutionPart> parts : CHECKED) {
                final Execution execution = parts.isEmpty() ? Execution.defaults()
                        : Execution.defaults().with(EnumSet.copyOf(parts));
                final LlmCostModel cost = new LlmCostModel(model, cluster, GpuCatalog.forCluster(cluster), null,
                        execution, PRECISION);
                final LlmSearch.Result r = new LlmSearch.Result();
                if (!new LlmSearch(cost, LlmSearch.Space.ALL).search(gpus, batch, r) || !r.fits()) {
                    cells.add("does not fit");
                    continue;
                }
                final LlmEstimate e = cost.evaluate(r.toConfig(gpus, batch, PRECISION));
                cells.add(String.format(Locale.ROOT, "%.1f%%", 100 * e.modelFlopsUtilization()));
                split = degrees(e.config()) + ", " + e.config().interleave() + " chunks";
            }
            cells.add(split);
            table.row(cells.toArray(String[]::new));
        }
        return table.markdown();
    }

    private static String sensitivity(final CriticalBatch efficiency) {
        final Table table = new Table("gpt3-175b, dgx-a100", "GPUs", "target loss", "best batch", "days")
                .rightAlign(1, 2, 3, 4);
        final TransformerProfile model = TransformerCatalog.builtIn("gpt3-175b");
        final LlmCostModel cost = new LlmCostModel(model, ClusterCatalog.builtIn("dgx-a100"),
                GpuCatalog.resolve("a100-sxm4-80gb"), null);
        for (final double margin : new double[] {0.1, 0.25, 0.5}) {
            for (final Best best : sweep(cost, efficiency, margin)) {
                final int n = best.estimate().config().gpus();
                if (best.objective().equals("time_to_loss") && (n == 1024 || n == 8192)) {
                    table.row(String.format(Locale.ROOT, "floor + %.2f", margin), Integer.toString(n),
                            String.format(Locale.ROOT, "%.3f", best.loss()),
                            Integer.toString(best.estimate().config().globalBatch()),
                            String.format(Locale.ROOT, "%.3g",
                                    LlmReport.secondsToLoss(best.estimate(), efficiency, best.loss()) / DAY));
                }
            }
        }
        return table.markdown();
    }

    /** The parallel degrees as "tp x pp x dp". */
    private static String degrees(final ParallelConfig c) {
        return c.tp() + " x " + c.pp() + " x " + c.dp();
    }
}
