package org.scalebench.bench.train;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.scalebench.training.llm.CriticalBatch;
import org.scalebench.training.llm.LlmCostModel;
import org.scalebench.training.llm.LlmEstimate;
import org.scalebench.training.llm.ParallelConfig;

/**
 * The rows and the printed breakdown of {@code train llm}: one CSV row per configuration with the columns of
 * {@link #HEADER} (and the time-to-loss columns of {@link #LOSS_HEADER} when a target loss is given). Stateless.
 */
public final class LlmReport {

    /** The columns of a {@code train llm} row. */
    public static final List<String> HEADER = List.of("model", "cluster", "gpus", "tp", "pp", "dp", "global_batch",
            "micro_batch", "interleave", "recompute", "sequence_parallel", "zero", "iteration_s", "tokens_per_s",
            "model_flops_utilization", "memory_gib_per_gpu", "fits_memory", "time_to_train_days", "execution");
    /** The columns added when a target loss is given. */
    public static final List<String> LOSS_HEADER = List.of("target_loss", "tokens_to_loss", "time_to_loss_days");

    private static final double GIB = 1L << 30;
    private static final double DAY = 86_400;

    private LlmReport() {
    }

    /**
     * The header, with the loss columns when {@code withLoss}.
     *
     * @param withLoss whether a target loss is given
     * @return the columns
     */
    public static List<String> header(final boolean withLoss) {
        final List<String> h = new ArrayList<>(HEADER);
        if (withLoss) {
            h.addAll(LOSS_HEADER);
        }
        return h;
    }

    /**
     * Tokens to reach a loss at an estimate's global batch.
     *
     * @param e the estimate
     * @param efficiency the critical-batch model
     * @param loss target loss, nats per token
     * @return tokens (infinity when out of reach)
     */
    public static double tokensToLoss(final LlmEstimate e, final CriticalBatch efficiency, final double loss) {
        return efficiency.tokens(e.costModel().model().nonEmbeddingParameters(), loss, batchTokens(e));
    }

    /**
     * Time to reach a loss at an estimate's throughput and global batch.
     *
     * @param e the estimate
     * @param efficiency the critical-batch model
     * @param loss target loss
     * @return seconds (infinity when out of reach)
     */
    public static double secondsToLoss(final LlmEstimate e, final CriticalBatch efficiency, final double loss) {
        return tokensToLoss(e, efficiency, loss) / e.tokensPerSecond();
    }

    private static double batchTokens(final LlmEstimate e) {
        return (double) e.config().globalBatch() * e.costModel().model().seqLength();
    }

    /**
     * One row.
     *
     * @param e the estimate
     * @param tokens the token budget for {@code time_to_train_days}
     * @param efficiency the critical-batch model, or null without a target loss
     * @param loss the target loss (ignored without a model)
     * @return the cells, in header order
     */
    public static List<String> row(final LlmEstimate e, final double tokens, final CriticalBatch efficiency,
            final double loss) {
        final ParallelConfig c = e.config();
        final List<String> row = new ArrayList<>(List.of(e.costModel().model().name(), e.costModel().cluster().name(),
                Integer.toString(c.gpus()), Integer.toString(c.tp()), Integer.toString(c.pp()),
                Integer.toString(c.dp()), Integer.toString(c.globalBatch()), Integer.toString(c.microBatch()),
                Integer.toString(c.interleave()), c.recompute().id(), c.sequenceParallel() ? "1" : "0",
                Integer.toString(c.zero().number()), num(e.iterationSeconds()), num(e.tokensPerSecond()),
                num(e.modelFlopsUtilization()), num(e.memoryBytes() / GIB), Boolean.toString(e.fitsMemory()),
                num(e.timeToTrainSeconds(tokens) / DAY), e.costModel().execution().label()));
        if (efficiency != null) {
            row.add(num(loss));
            row.add(num(tokensToLoss(e, efficiency, loss)));
            row.add(num(secondsToLoss(e, efficiency, loss) / DAY));
        }
        return row;
    }

    private static String num(final double x) {
        return Double.isInfinite(x) ? "inf" : String.format(Locale.ROOT, "%.6g", x);
    }

    /**
     * Prints an estimate: the configuration, the iteration breakdown, throughput, memory and times.
     *
     * @param out where to print
     * @param e the estimate
     * @param tokens the token budget
     * @param efficiency the critical-batch model, or null
     * @param loss the target loss
     */
    public static void print(final PrintWriter out, final LlmEstimate e, final double tokens,
            final CriticalBatch efficiency, final double loss) {
        final ParallelConfig c = e.config();
        out.printf(Locale.ROOT, "%s on %d x %s (%s): tp %d x pp %d x dp %d, global batch %d, micro batch %d"
                + " (%d microbatches), %s%s, recompute %s%s, ZeRO-%d, %s%n", e.costModel().model().name(), c.gpus(),
                e.costModel().gpu().name(), e.costModel().cluster().name(), c.tp(), c.pp(), c.dp(), c.globalBatch(),
                c.microBatch(), c.microbatches(), c.schedule().id(),
                c.interleave() > 1 ? " x " + c.interleave() + " chunks" : "", c.recompute().id(),
                c.sequenceParallel() ? ", sequence parallel" : "", c.zero().number(), c.halfFormat().id());
        final double t = e.iterationSeconds();
        out.printf(Locale.ROOT, "  execution %s, GEMM efficiency %.3f of the measured matmul maximum%n",
                e.costModel().execution(), e.costModel().execution().gemmEfficiency());
        out.printf(Locale.ROOT, "  iteration %.4g s:%n", t);
        final String[] names = {"compute", "tensor parallel", "pipeline bubble", "pipeline transfers",
            "data parallel (exposed)", "optimizer step"};
        for (int i = 0; i < names.length; i++) {
            out.printf(Locale.ROOT, "    %-24s %10.4g s  %5.1f%%%n", names[i], e.part(i), 100 * e.part(i) / t);
        }
        out.printf(Locale.ROOT, "  %.4g tokens/s, model FLOPs utilization %.1f%%%n", e.tokensPerSecond(),
                100 * e.modelFlopsUtilization());
        out.printf(Locale.ROOT, "  memory per GPU %.1f GiB of %.0f GiB: weights %.1f, gradients %.1f, optimizer %.1f,"
                + " activations %.1f%s%n", e.memoryBytes() / GIB, e.costModel().gpu().memoryBytes() / GIB,
                e.part(LlmCostModel.MEM_WEIGHTS) / GIB, e.part(LlmCostModel.MEM_GRADIENTS) / GIB,
                e.part(LlmCostModel.MEM_OPTIMIZER) / GIB, e.part(LlmCostModel.MEM_ACTIVATIONS) / GIB,
                e.fitsMemory() ? "" : "  ** DOES NOT FIT **");
        out.printf(Locale.ROOT, "  time to train on %.3g tokens: %.3g days%n", tokens, e.timeToTrainSeconds(tokens)
                / DAY);
        if (efficiency != null) {
            final double n = e.costModel().model().nonEmbeddingParameters();
            final double tokensToLoss = tokensToLoss(e, efficiency, loss);
            if (Double.isInfinite(tokensToLoss)) {
                out.printf(Locale.ROOT, "  loss %.3f is out of reach for %s (floor %.3f nats/token)%n", loss,
                        e.costModel().model().name(), efficiency.lossFloor(n));
            } else {
                out.printf(Locale.ROOT, "  time to loss %.3f: %.3g days, %.3g tokens (critical batch %.3g tokens, global"
                        + " batch %.3g tokens: x%.2f the tokens of a small batch)%n", loss,
                        secondsToLoss(e, efficiency, loss) / DAY, tokensToLoss, efficiency.criticalBatchTokens(loss),
                        batchTokens(e), 1 + batchTokens(e) / efficiency.criticalBatchTokens(loss));
            }
        }
    }
}
