package org.scalebench.training.llm;

import java.util.ArrayList;
import java.util.List;
import org.scalebench.training.cluster.Cluster;
import org.scalebench.training.cluster.ClusterCatalog;
import org.scalebench.core.data.DataTable;

/**
 * Published Megatron-LM iteration times, throughputs and training durations (resource
 * {@code llm/validation.csv}) beside what the projector gives for the same configuration on the same hardware
 * ({@code dgx-a100} links with {@code a100-sxm4-80gb} GPUs, as on Selene). Fields a paper did not publish
 * (marked {@code search}) are chosen by {@link LlmSearch} with every published field held fixed. Nothing here
 * feeds back into any input: the errors are reported, not tuned away.
 *
 * <p>Stateless; allocates freely (not a hot path).
 */
public final class LlmValidation {

    private static final String RESOURCE = "/org/scalebench/training/llm/validation.csv";
    private static final String SEARCH = "search";
    private static final double SECONDS_PER_DAY = 86_400;

    /**
     * One published number beside the projection.
     *
     * @param id the row's id
     * @param metric {@code iteration_s}, {@code tflops_per_gpu} or {@code train_days}
     * @param published the published number
     * @param projected scalebench's number
     * @param config the configuration projected
     * @param fits whether it fits in memory
     * @param source where the published number comes from
     */
    public record Row(String id, String metric, double published, double projected, ParallelConfig config,
            boolean fits, String source) {

        /**
         * Signed relative error of the projection.
         *
         * @return {@code (projected - published) / published}
         */
        public double error() {
            return (projected - published) / published;
        }
    }

    private LlmValidation() {
    }

    /**
     * The cluster of the published runs: DGX A100 links, A100 80GB GPUs.
     *
     * @return the cluster
     */
    public static Cluster cluster() {
        return ClusterCatalog.builtIn("dgx-a100");
    }

    /**
     * The GPU of the published runs.
     *
     * @return A100 SXM4 80GB
     */
    public static GpuSpec gpu() {
        return GpuCatalog.resolve("a100-sxm4-80gb");
    }

    /**
     * Projects every published row.
     *
     * @return the rows, in file order
     */
    public static List<Row> run() {
        return run(gpu());
    }

    /**
     * Projects every published row with another GPU description (for sensitivity studies: the datasheet peak in
     * place of the measured matmul maximum, another GEMM tile).
     *
     * @param gpu the GPU data to project with
     * @return the rows, in file order
     */
    public static List<Row> run(final GpuSpec gpu) {
        final List<Row> rows = new ArrayList<>();
        for (final DataTable.Row r : DataTable.resource(LlmValidation.class, RESOURCE).rows()) {
            rows.add(project(r, gpu));
        }
        return rows;
    }

    private static int[] choice(final DataTable.Row r, final String column) {
        final String text = r.require(column);
        return text.equals(SEARCH) ? null : new int[] {(int) r.number(column)};
    }

    private static Row project(final DataTable.Row r, final GpuSpec gpu) {
        final TransformerProfile model = TransformerCatalog.builtIn(r.require("model"));
        final LlmCostModel cost = new LlmCostModel(model, cluster(), gpu, null);
        final int gpus = (int) r.number("gpus");
        final int batch = (int) r.number("global_batch");
        final Recompute recompute = Recompute.parse(r.require("recompute"));
        final boolean sp = r.number("sequence_parallel") == 1;
        final int[] micro = choice(r, "micro_batch");
        final int[] interleave = choice(r, "interleave");
        final boolean[] recomputes = new boolean[3];
        recomputes[recompute.ordinal()] = true;
        final LlmSearch.Space space = new LlmSearch.Space(choice(r, "tp"), choice(r, "pp"),
                micro == null ? LlmSearch.Space.ALL.microBatches() : micro,
                interleave == null ? LlmSearch.Space.ALL.maxInterleave() : interleave[0], recomputes,
                new boolean[] {!sp, sp}, new boolean[] {true, false, false, false});
        ParallelConfig config;
        if (micro != null && interleave != null && choice(r, "pp") != null) {
            final int t = choice(r, "tp")[0];
            final int p = choice(r, "pp")[0];
            config = new ParallelConfig(gpus, t, p, gpus / (t * p), batch, micro[0], interleave[0],
                    interleave[0] > 1 ? Schedule.INTERLEAVED : Schedule.ONE_F_ONE_B, recompute, sp, 0,
                    Precision.FP16);
        } else {
            final LlmSearch.Result best = new LlmSearch.Result();
            if (!new LlmSearch(cost, space).search(gpus, batch, best)) {
                throw r.error("no configuration of the published fields exists");
            }
            config = best.toConfig(gpus, batch, Precision.FP16);
        }
        config.check(model, cost.cluster().gpusPerNode());
        final LlmEstimate e = cost.evaluate(config);
        final String metric = r.require("metric");
        final double projected = switch (metric) {
            case "iteration_s" -> e.iterationSeconds();
            case "tflops_per_gpu" -> e.flopsPerGpu(recompute) / 1e12;
            case "train_days" -> e.timeToTrainSeconds(r.number("tokens")) / SECONDS_PER_DAY;
            default -> throw r.error("metric = '" + metric + "': must be iteration_s, tflops_per_gpu or train_days");
        };
        return new Row(r.require("id"), metric, r.number("published"), projected, config, e.fitsMemory(),
                r.require("source"));
    }
}
