package org.scalebench.bench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.scalebench.bench.io.CsvFiles;
import org.scalebench.bench.train.LlmReport;
import org.scalebench.training.cluster.Cluster;
import org.scalebench.training.cluster.ClusterCatalog;
import org.scalebench.training.collective.NcclGeneration;
import org.scalebench.training.llm.CriticalBatch;
import org.scalebench.training.llm.Execution;
import org.scalebench.training.llm.ExecutionPart;
import org.scalebench.training.llm.GpuCatalog;
import org.scalebench.training.llm.GpuSpec;
import org.scalebench.training.llm.LlmCostModel;
import org.scalebench.training.llm.LlmEstimate;
import org.scalebench.training.llm.LlmSearch;
import org.scalebench.training.llm.ParallelConfig;
import org.scalebench.training.llm.HalfFormat;
import org.scalebench.training.llm.Recompute;
import org.scalebench.training.llm.Schedule;
import org.scalebench.training.llm.TransformerCatalog;
import org.scalebench.training.llm.TransformerProfile;
import org.scalebench.training.llm.ZeroStage;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import org.scalebench.core.data.TextLimits;

/** {@code scalebench train llm}: 3D-parallel (TP x PP x DP) projection of one transformer configuration, or a search. */
@Command(name = "llm", mixinStandardHelpOptions = true, sortOptions = false,
        subcommands = {TrainLlmReproduceCommand.class},
        description = {"Project one iteration of a transformer under tensor x pipeline x data parallelism (Megatron-LM"
                + " style): print the breakdown (compute, tensor parallel, pipeline bubble and transfers, exposed data"
                + " parallel, optimizer), tokens/s, model FLOPs utilization, memory per GPU, time to train and, with"
                + " --target-loss, time to that loss (critical batch of Kaplan et al. 2020); write one CSV row."
                + " --search finds the fastest configuration that fits, per GPU count. The model is described in"
                + " docs/llm-model.md."})
public final class TrainLlmCommand implements Callable<Integer> {

    /** The most training tokens accepted. */
    static final double MAX_TOKENS = 1e15;

    @Spec
    CommandSpec spec;

    /** The options that give each parameter {@link ParallelConfig#check} names. */
    private static final Map<String, String> CONFIG_OPTIONS = Map.of("gpus", "--gpus", "tp", "--tp", "pp", "--pp",
            "dp", "--dp", "global batch", "--global-batch", "micro batch", "--micro-batch", "interleave",
            "--interleave", "sequence parallel", "--sequence-parallel");

    @Option(names = "--model", paramLabel = "NAME|FILE",
            description = "megatron-1.7b, megatron-22b, gpt3-175b, mt-nlg-530b, megatron-1t, Narayanan et al.'s "
                    + "megatron-3.6b, -7.5b, -18.4b, -39.1b, -76.1b, -145.6b and -310.1b, or a profile CSV file.")
    String model;

    @Option(names = "--cluster", paramLabel = "NAME|FILE",
            description = "dgx-a100, dgx-h100, dgx1 or a cluster CSV file (default: ${DEFAULT-VALUE}).")
    String cluster = "dgx-a100";

    @Option(names = "--gpu", paramLabel = "NAME|FILE",
            description = "a100-sxm4-40gb, a100-sxm4-80gb, h100-sxm5-80gb or a GPU CSV file (default: the"
                    + " cluster's own device).")
    String gpu;

    @Option(names = "--gpus", split = ",", paramLabel = "N", description = "GPUs (with --search: a list).")
    int[] gpus;

    @Option(names = "--tp", paramLabel = "T", description = "Tensor-parallel size (with --search: fixes it).")
    Integer tp;

    @Option(names = "--pp", paramLabel = "P", description = "Pipeline-parallel size (with --search: fixes it).")
    Integer pp;

    @Option(names = "--dp", paramLabel = "D", description = "Data-parallel size (default: --gpus / (--tp x --pp)).")
    Integer dp;

    @Option(names = "--global-batch", split = ",", paramLabel = "B",
            description = "Sequences per iteration (with --search: a list; the best per GPU count is kept).")
    int[] globalBatch;

    @Option(names = "--micro-batch", paramLabel = "b",
            description = "Sequences per microbatch (default 1; with --search: fixes it).")
    Integer microBatch;

    @Option(names = "--interleave", paramLabel = "V",
            description = "Model chunks per pipeline device: interleaved 1F1B above 1 (default 1; with --search: the"
                    + " largest tried, default 8).")
    Integer interleave;

    @Option(names = "--schedule", paramLabel = "gpipe|1f1b",
            description = "Pipeline schedule when --interleave is 1 (default: 1f1b).")
    String schedule;

    @Option(names = "--recompute", paramLabel = "full|selective|none",
            description = "Activation recomputation (default: none; with --search: fixes it).")
    String recompute;

    @Option(names = "--sequence-parallel", description = "Shard LayerNorm and dropout over the tensor-parallel group"
            + " (with --search: always on).")
    boolean sequenceParallel;

    @Option(names = "--zero", paramLabel = "0|1|2|3", description = "ZeRO stage (default 0; with --search: fixes it).")
    Integer zero;

    @Option(names = "--half-format", paramLabel = "fp16|bf16", description = "The 16-bit format of mixed precision:"
            + " the GPU's peak rate for it, and FP16's loss-scaling pass (default: ${DEFAULT-VALUE}).")
    String halfFormat = "bf16";

    /** {@code train project}'s word, refused here with the option to use instead. */
    @Option(names = "--precision", hidden = true)
    String precision;

    @Option(names = "--tokens", paramLabel = "T", description = "Training tokens for time to train"
            + " (default: ${DEFAULT-VALUE}).")
    double tokens = 300e9;

    @Option(names = "--target-loss", paramLabel = "L",
            description = "Target loss in nats per token (Kaplan et al.'s data): adds time to that loss.")
    Double targetLoss;

    @Option(names = "--nccl", paramLabel = "2019|current", description = "NCCL constants (default: the cluster's).")
    String nccl;

    @Option(names = "--software", paramLabel = "megatron-2021|megatron-2022",
            description = "Megatron-LM version: backward tensor-parallel overlap and fused gradient accumulation"
                    + " (2022) or neither (2021) (default: ${DEFAULT-VALUE}).")
    String software = Execution.MEGATRON_2022;

    @Option(names = "--without", split = ",", paramLabel = "PART",
            description = "Switch execution parts off: elementwise-bandwidth, kernel-launch, optimizer-passes,"
                    + " fp32-loss, embedding-sync, tp-overlap, gradient-accumulation, gemm-efficiency, dp-overlap,"
                    + " tp-comm-overlap (all of them: the ideal model; a part already off may be named).")
    String[] without;

    @Option(names = "--with", split = ",", paramLabel = "PART",
            description = "Switch on execution parts the --software version lacks: dp-overlap (Megatron-LM's"
                    + " --overlap-grad-reduce and --overlap-param-gather, 2023), tp-comm-overlap (its --tp-comm-overlap,"
                    + " Transformer Engine's userbuffers, with --sequence-parallel), tp-overlap, gradient-accumulation.")
    String[] with;

    @Option(names = "--search", description = "Find the fastest configuration that fits, per GPU count.")
    boolean search;

    @Option(names = "--out", paramLabel = "FILE.csv", description = "Write the row(s) to this CSV.")
    Path out;

    @Override
    public Integer call() throws Exception {
        if (model == null) {
            throw new UsageException("--model: missing (give a built-in name such as gpt3-175b, or a CSV file)");
        }
        if (gpus == null) {
            throw new UsageException("--gpus: missing (the GPU count" + (search ? "s to search)" : ")"));
        }
        if (globalBatch == null) {
            throw new UsageException("--global-batch: missing (sequences per iteration)");
        }
        final int[] counts = TrainOptions.devices("--gpus", gpus);
        final int[] batches = TrainOptions.devices("--global-batch", globalBatch);
        if (!(tokens >= 1 && tokens <= MAX_TOKENS)) {
            throw new UsageException("--tokens = " + tokens + ": must be in [1, 1e15] (far beyond any training run: "
                    + "the times printed stay meaningful)");
        }
        if (targetLoss != null && (!(targetLoss > 0) || targetLoss.isInfinite())) {
            throw new UsageException("--target-loss = " + targetLoss + ": must be finite and positive");
        }
        if (out != null) {
            OutputPaths.checkFile(out, "--out", "csv");
            OptionValues.refuseOverwriting("--out", out, "--model", model);
            OptionValues.refuseOverwriting("--out", out, "--cluster", cluster);
            if (gpu != null) {
                OptionValues.refuseOverwriting("--out", out, "--gpu", gpu);
            }
        }
        final TransformerProfile profile = OptionValues.named("--model", model, () -> TransformerCatalog.resolve(model));
        final Cluster c = OptionValues.named("--cluster", cluster, () -> ClusterCatalog.resolve(cluster));
        final GpuSpec g = gpu == null ? GpuCatalog.forCluster(c)
                : OptionValues.named("--gpu", gpu, () -> GpuCatalog.resolve(gpu));
        if (precision != null) {
            throw new UsageException("--precision " + TextLimits.quoted(precision) + ": train llm always trains in mixed"
                    + " precision; its 16-bit format is --half-format fp16|bf16 (--precision fp32|mixed is train"
                    + " project's)");
        }
        final HalfFormat prec = OptionValues.named("--half-format", halfFormat, () -> HalfFormat.parse(halfFormat));
        final LlmCostModel cost = new LlmCostModel(profile, c, g, nccl == null ? null
                : OptionValues.named("--nccl", nccl, () -> NcclGeneration.parse(nccl)), execution(), prec);
        final CriticalBatch efficiency = targetLoss == null ? null : CriticalBatch.kaplan();
        final double loss = targetLoss == null ? 0 : targetLoss;
        if (efficiency != null) {
            // Kaplan et al.'s fit holds between the model's floor (unlimited steps) and the loss of a uniform guess
            // over the vocabulary, ln V nats, which an untrained model already has
            final double floor = efficiency.lossFloor(profile.nonEmbeddingParameters());
            final double uniform = Math.log(profile.vocab());
            if (!(floor < uniform)) {
                throw new UsageException(String.format(Locale.ROOT, "--target-loss = %s: no loss is reachable for %s:"
                        + " the floor of Kaplan et al.'s fit for its %.3g non-embedding parameters, %.3f nats per token,"
                        + " is not below ln(%d) = %.3f, the loss of a uniform guess over its vocabulary (the fit does"
                        + " not cover a model this small)", TextLimits.quoted(String.valueOf(targetLoss)).replace("'",
                        ""), profile.name(), profile.nonEmbeddingParameters(), floor, profile.vocab(), uniform));
            }
            if (!(loss > floor && loss < uniform)) {
                throw new UsageException(String.format(Locale.ROOT, "--target-loss = %s: must be in (%.3f, %.3f) "
                        + "nats per token for %s: above the floor of Kaplan et al.'s fit for its %.3g non-embedding "
                        + "parameters (reached only after unlimited steps) and below ln(%d) = %.3f, the loss of a "
                        + "uniform guess over its vocabulary (reached with no training)", TextLimits.quoted(
                        String.valueOf(targetLoss)).replace("'", ""), floor, uniform, profile.name(),
                        profile.nonEmbeddingParameters(), profile.vocab(), uniform));
            }
        }
        final PrintWriter stdout = spec.commandLine().getOut();
        final List<List<String>> rows = new ArrayList<>();
        if (search) {
            for (final LlmEstimate e : search(cost, counts, batches, prec, efficiency, loss, stdout)) {
                rows.add(LlmReport.row(e, tokens, efficiency, loss));
            }
        } else {
            if (counts.length != 1 || batches.length != 1) {
                throw new UsageException("--gpus and --global-batch: give one value each (lists need --search)");
            }
            final ParallelConfig config = single(profile, c, counts[0], batches[0], prec);
            final LlmEstimate e = cost.evaluate(config);
            LlmReport.print(stdout, e, tokens, efficiency, loss);
            rows.add(LlmReport.row(e, tokens, efficiency, loss));
        }
        if (out != null) {
            CsvFiles.write(out, LlmReport.header(efficiency != null), rows);
            stdout.println("wrote " + out + " (" + rows.size() + (rows.size() == 1 ? " row)" : " rows)"));
        }
        return Scalebench.OK;
    }

    private Execution execution() {
        final Execution version = OptionValues.named("--software", software, () -> Execution.megatron(software, true));
        final Set<ExecutionPart> off = EnumSet.noneOf(ExecutionPart.class);
        if (without != null) {
            for (final String part : without) {
                off.add(OptionValues.named("--without", part, () -> ExecutionPart.parse("--without", part)));
            }
            OptionValues.distinct("--without", List.of(without));
        }
        final Set<ExecutionPart> on = EnumSet.noneOf(ExecutionPart.class);
        if (with != null) {
            for (final String part : with) {
                final ExecutionPart p = OptionValues.named("--with", part, () -> ExecutionPart.parse("--with", part));
                if (p == ExecutionPart.GEMM_EFFICIENCY) {
                    throw new UsageException("--with = " + TextLimits.quoted(part) + ": the GEMM efficiency is on by"
                            + " default (fitted); --with takes the parts a --software version lacks");
                }
                if (off.contains(p)) {
                    throw new UsageException("--with = " + TextLimits.quoted(part) + ": also given to --without");
                }
                if (version.has(p)) {
                    throw new UsageException("--with = " + TextLimits.quoted(part) + ": already on in "
                            + version.software() + "; --with takes the parts a --software version lacks");
                }
                if (p == ExecutionPart.TP_COMM_OVERLAP && !search && !sequenceParallel) {
                    throw new UsageException("--with = " + TextLimits.quoted(part) + ": Transformer Engine's userbuffers"
                            + " pipeline sequence parallelism's all-gathers and reduce-scatters; give --sequence-parallel"
                            + " (and --tp above 1)");
                }
                on.add(p);
            }
            OptionValues.distinct("--with", List.of(with));
        }
        return version.without(off).with(on);
    }

    private ParallelConfig single(final TransformerProfile profile, final Cluster c, final int n, final int batch,
            final HalfFormat prec) {
        final int t = tp == null ? 1 : tp;
        final int p = pp == null ? 1 : pp;
        if (t < 1 || p < 1) {
            throw new UsageException((t < 1 ? "--tp = " + t : "--pp = " + p) + ": must be at least 1");
        }
        final int d = dp != null ? dp : (int) Math.max(1, n / ((long) t * p));
        if (zero != null && zero > 0 && zero <= 3 && d == 1) {
            throw new UsageException("--zero = " + zero + " with dp = 1: ZeRO shards the optimizer state over the"
                    + " data-parallel ranks, and one rank has nothing to share it with (the option would change"
                    + " nothing; --search tries ZeRO only where dp > 1)");
        }
        final int v = interleave == null ? 1 : interleave;
        final Schedule s = v > 1 ? Schedule.INTERLEAVED : schedule == null ? Schedule.ONE_F_ONE_B
                : OptionValues.named("--schedule", schedule, () -> Schedule.parse(schedule));
        if (v > 1 && schedule != null && s != OptionValues.named("--schedule", schedule, () -> Schedule.parse(schedule))) {
            throw new UsageException("--schedule = " + TextLimits.quoted(schedule) + " with --interleave = " + v
                    + ": an interleaved schedule runs 1F1B over the chunks");
        }
        final ParallelConfig config = new ParallelConfig(n, t, p, d, batch, microBatch == null ? 1 : microBatch, v, s,
                recompute == null ? Recompute.NONE : OptionValues.named("--recompute", recompute, () -> Recompute.parse(recompute)), sequenceParallel,
                zero == null ? ZeroStage.NONE : OptionValues.named("--zero", String.valueOf(zero), () -> ZeroStage.of(zero)), prec);
        OptionValues.parameters(CONFIG_OPTIONS, () -> config.check(profile, c.gpusPerNode()));
        return config;
    }

    private List<LlmEstimate> search(final LlmCostModel cost, final int[] counts, final int[] batches,
            final HalfFormat prec, final CriticalBatch efficiency, final double loss, final PrintWriter stdout) {
        if (dp != null || schedule != null) {
            throw new UsageException((dp != null ? "--dp" : "--schedule") + " with --search: the search chooses it");
        }
        if (zero != null && (zero < 0 || zero > 3)) {
            throw new UsageException("--zero = " + zero + ": must be 0, 1, 2 or 3");
        }
        final boolean[] recomputes = {true, true, true};
        if (recompute != null) {
            java.util.Arrays.fill(recomputes, false);
            recomputes[OptionValues.named("--recompute", recompute, () -> Recompute.parse(recompute)).ordinal()] = true;
        }
        final boolean[] zeros = {true, true, true, true};
        if (zero != null) {
            java.util.Arrays.fill(zeros, false);
            zeros[zero] = true;
        }
        final LlmSearch.Space space = new LlmSearch.Space(tp == null ? null : new int[] {tp},
                pp == null ? null : new int[] {pp},
                microBatch == null ? LlmSearch.Space.ALL.microBatches() : new int[] {microBatch},
                interleave == null ? LlmSearch.Space.ALL.maxInterleave() : interleave, recomputes,
                new boolean[] {!sequenceParallel, true}, zeros);
        if (space.maxInterleave() < 1 || microBatch != null && microBatch < 1) {
            throw new UsageException(space.maxInterleave() < 1 ? "--interleave = " + interleave + ": must be at least 1"
                    : "--micro-batch = " + microBatch + ": must be at least 1");
        }
        final TransformerProfile m = cost.model();
        final int node = cost.cluster().gpusPerNode();
        if (tp != null && (tp < 1 || tp > node && tp % node != 0 || m.heads() % tp != 0
                || m.kvHeads() % tp != 0 || m.ffnHidden() % tp != 0 || m.vocab() % tp != 0)) {
            throw new UsageException("--tp = " + tp + ": must be at most the " + node + " GPUs of a node or a"
                    + " multiple of it, and divide the heads, MLP width and vocabulary of " + m.name());
        }
        if (pp != null && (pp < 1 || m.layers() % pp != 0)) {
            throw new UsageException("--pp = " + pp + ": must divide the " + m.layers() + " layers of " + m.name());
        }
        // the search prices every --micro-batch up front: a microbatch too large for the model is refused by name
        final LlmSearch searcher = OptionValues.parameters(CONFIG_OPTIONS, () -> new LlmSearch(cost, space));
        final LlmSearch.Result result = new LlmSearch.Result();
        final List<LlmEstimate> best = new ArrayList<>();
        for (final int n : counts) {
            LlmEstimate chosen = null;
            double chosenScore = Double.POSITIVE_INFINITY;
            long candidates = 0;
            final long start = System.nanoTime();
            for (final int b : batches) {
                if (!searcher.search(n, b, result)) {
                    continue;
                }
                candidates += result.candidates();
                final LlmEstimate e = cost.evaluate(result.toConfig(n, b, prec));
                final double score = efficiency != null ? LlmReport.secondsToLoss(e, efficiency, loss)
                        : 1 / e.tokensPerSecond();
                final boolean better = chosen == null || (e.fitsMemory() && !chosen.fitsMemory())
                        || (e.fitsMemory() == chosen.fitsMemory() && score < chosenScore);
                if (better) {
                    chosen = e;
                    chosenScore = score;
                }
            }
            final double ms = (System.nanoTime() - start) / 1e6;
            if (chosen == null) {
                stdout.printf(Locale.ROOT, "%d GPUs: no configuration (tp x pp x dp = %d with dp dividing the global"
                        + " batch and pp the %d layers)%n%n", n, n, m.layers());
                continue;
            }
            stdout.printf(Locale.ROOT, "%d GPUs: best of %,d candidates (%.1f ms)%n", n, candidates, ms);
            LlmReport.print(stdout, chosen, tokens, efficiency, loss);
            stdout.println();
            best.add(chosen);
        }
        if (best.isEmpty()) {
            throw new UsageException("--gpus " + java.util.Arrays.toString(counts) + " with --global-batch "
                    + java.util.Arrays.toString(batches) + ": no tp x pp x dp divides a GPU count with dp dividing the"
                    + " global batch and pp the " + m.layers() + " layers of " + m.name() + " (the search splits the"
                    + " layers evenly over the stages)");
        }
        return best;
    }
}
