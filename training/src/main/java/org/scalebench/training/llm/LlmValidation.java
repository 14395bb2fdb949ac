package org.scalebench.training.llm;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.scalebench.training.cluster.Cluster;
import org.scalebench.training.cluster.ClusterCatalog;
import org.scalebench.core.data.DataTable;

/**
 * Published Megatron-LM iteration times, per-layer times, throughputs and training durations (resource
 * {@code llm/validation.csv}) beside what the projector gives for the same configuration on the same hardware
 * ({@code dgx-a100} links with {@code a100-sxm4-80gb} GPUs, as on Selene) and the same Megatron-LM version
 * ({@link Execution#megatron}). Fields a paper did not publish (marked {@code search}) are chosen by
 * {@link LlmSearch} with every published field held fixed.
 *
 * <p>Each row belongs to a set declared in the file: one constant, the GEMM efficiency
 * ({@link ExecutionPart#GEMM_EFFICIENCY}), is fitted on the {@code calibration} rows only (least squares of the log
 * ratio projected / published, golden-section search over (0.5, 1]); the {@code validation} rows are projected with
 * it and never feed the fit. Nothing else is tuned.
 *
 * <p>Stateless; allocates freely (not a hot path). The fit on the built-in rows is computed once and cached.
 */
public final class LlmValidation {

    /** The set whose rows a constant may be fitted on. */
    public static final String CALIBRATION = "calibration";
    /** The set whose errors are reported. */
    public static final String VALIDATION = "validation";

    private static final String RESOURCE = "/org/scalebench/training/llm/validation.csv";
    private static final String SEARCH = "search";
    private static final double SECONDS_PER_DAY = 86_400;
    private static final double FIT_LOW = 0.5;
    private static final double FIT_HIGH = 1.0;
    private static final double FIT_TOLERANCE = 1e-6;

    /**
     * One published number beside the projection.
     *
     * @param id the row's id
     * @param set {@link #CALIBRATION} or {@link #VALIDATION}
     * @param metric {@code iteration_s}, {@code tflops_per_gpu}, {@code train_days}, {@code layer_forward_ms} or
     *               {@code layer_backward_ms}
     * @param published the published number
     * @param projected scalebench's number
     * @param iterationSeconds scalebench's iteration time for the row's configuration
     * @param config the configuration projected
     * @param fits whether it fits in memory
     * @param source where the published number comes from
     */
    public record Row(String id, String set, String metric, double published, double projected,
            double iterationSeconds, ParallelConfig config, boolean fits, String source) {

        /**
         * Signed relative error of the projection.
         *
         * @return {@code (projected - published) / published}
         */
        public double error() {
            return (projected - published) / published;
        }

        /**
         * Whether the row is a validation row.
         *
         * @return true for {@link #VALIDATION}
         */
        public boolean validation() {
            return VALIDATION.equals(set);
        }
    }

    /**
     * The fitted GEMM efficiency and the rows it came from.
     *
     * @param gemmEfficiency the fitted fraction of the measured matmul maximum
     * @param rows the calibration rows, projected with the fitted value
     */
    public record Fit(double gemmEfficiency, List<Row> rows) {
    }

    private static final class BuiltIn {
        static final DataTable TABLE = DataTable.resource(LlmValidation.class, RESOURCE);
        static final Fit FIT = fit(TABLE, gpu());
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
     * The GEMM efficiency fitted on the built-in calibration rows, and those rows.
     *
     * @return the fit (cached)
     */
    public static Fit calibration() {
        return BuiltIn.FIT;
    }

    /**
     * Projects every published row, calibration and validation, with every execution part on and the fitted GEMM
     * efficiency.
     *
     * @return the rows, in file order
     */
    public static List<Row> run() {
        return run(gpu(), Set.of());
    }

    /**
     * Projects every published row with another GPU description or some execution parts off; the GEMM efficiency
     * is fitted again on the calibration rows under the same conditions (unless {@code off} holds it).
     *
     * @param gpu the GPU data to project with
     * @param off execution parts switched off
     * @return the rows, in file order
     */
    public static List<Row> run(final GpuSpec gpu, final Set<ExecutionPart> off) {
        final double efficiency = fitted(gpu, off);
        final List<Row> rows = new ArrayList<>();
        for (final DataTable.Row r : BuiltIn.TABLE.rows()) {
            rows.add(project(r, gpu, off, efficiency));
        }
        return rows;
    }

    /**
     * The GEMM efficiency fitted on the built-in calibration rows under other conditions.
     *
     * @param gpu the GPU data to project with
     * @param off execution parts switched off
     * @return the fitted efficiency (1 when {@code off} holds {@link ExecutionPart#GEMM_EFFICIENCY})
     */
    public static double fitted(final GpuSpec gpu, final Set<ExecutionPart> off) {
        if (off.contains(ExecutionPart.GEMM_EFFICIENCY)) {
            return 1;
        }
        return off.isEmpty() && gpu.equals(gpu()) ? BuiltIn.FIT.gemmEfficiency()
                : fit(BuiltIn.TABLE, gpu, off).gemmEfficiency();
    }

    private static Fit fit(final DataTable table, final GpuSpec gpu) {
        return fit(table, gpu, Set.of());
    }

    /**
     * Fits the GEMM efficiency on the calibration rows of a table.
     *
     * @param table the validation table
     * @param gpu the GPU
     * @param off execution parts switched off
     * @return the fit
     */
    static Fit fit(final DataTable table, final GpuSpec gpu, final Set<ExecutionPart> off) {
        final List<DataTable.Row> calibration = new ArrayList<>();
        for (final DataTable.Row r : table.rows()) {
            final String set = r.require("set");
            if (!set.equals(CALIBRATION) && !set.equals(VALIDATION)) {
                throw r.error("set = '" + set + "': must be " + CALIBRATION + " or " + VALIDATION);
            }
            if (set.equals(CALIBRATION)) {
                calibration.add(r);
            }
        }
        if (calibration.isEmpty()) {
            throw new org.scalebench.core.data.DataFileException(table.file(), 0, "holds no calibration rows");
        }
        final double golden = (Math.sqrt(5) - 1) / 2;
        double lo = FIT_LOW;
        double hi = FIT_HIGH;
        double a = hi - golden * (hi - lo);
        double b = lo + golden * (hi - lo);
        double fa = logSquares(calibration, gpu, off, a);
        double fb = logSquares(calibration, gpu, off, b);
        while (hi - lo > FIT_TOLERANCE) {
            if (fa <= fb) {
                hi = b;
                b = a;
                fb = fa;
                a = hi - golden * (hi - lo);
                fa = logSquares(calibration, gpu, off, a);
            } else {
                lo = a;
                a = b;
                fa = fb;
                b = lo + golden * (hi - lo);
                fb = logSquares(calibration, gpu, off, b);
            }
        }
        final double best = (lo + hi) / 2;
        final List<Row> rows = new ArrayList<>();
        for (final DataTable.Row r : calibration) {
            rows.add(project(r, gpu, off, best));
        }
        return new Fit(best, List.copyOf(rows));
    }

    private static double logSquares(final List<DataTable.Row> rows, final GpuSpec gpu, final Set<ExecutionPart> off,
            final double efficiency) {
        double sum = 0;
        for (final DataTable.Row r : rows) {
            final Row p = project(r, gpu, off, efficiency);
            final double log = Math.log(p.projected() / p.published());
            sum += log * log;
        }
        return sum;
    }

    private static boolean[] zeroStages(final ZeroStage zero) {
        final boolean[] out = new boolean[ZeroStage.values().length];
        out[zero.number()] = true;
        return out;
    }

    private static int[] choice(final DataTable.Row r, final String column) {
        final String text = r.require(column);
        return text.equals(SEARCH) ? null : new int[] {(int) r.whole(column, 1, Integer.MAX_VALUE)};
    }

    private static Row project(final DataTable.Row r, final GpuSpec gpu, final Set<ExecutionPart> off,
            final double efficiency) {
        final TransformerProfile model = TransformerCatalog.builtIn(r.require("model"));
        Execution execution;
        try {
            execution = Execution.megatron(r.require("software"));
        } catch (final IllegalArgumentException e) {
            throw r.error(e.getMessage());
        }
        execution = execution.withGemmEfficiency(efficiency).without(off);
        final HalfFormat half;
        try {
            half = HalfFormat.parse(r.require("half_format"));
        } catch (final IllegalArgumentException e) {
            throw r.error(e.getMessage());
        }
        final Cluster cluster;
        final ZeroStage zero;
        final PipelinePartition partition;
        try {
            cluster = ClusterCatalog.builtIn(r.require("cluster"));
            zero = ZeroStage.of((int) r.whole("zero", 0, 3));
            partition = PipelinePartition.parse(r.require("pipeline_partition"));
        } catch (final IllegalArgumentException e) {
            throw r.error(e.getMessage());
        }
        final LlmCostModel cost = new LlmCostModel(model, cluster, gpu, null, execution, half, partition);
        final int gpus = (int) r.whole("gpus", 1, Integer.MAX_VALUE);
        final int batch = (int) r.whole("global_batch", 1, Integer.MAX_VALUE);
        final Recompute recompute = Recompute.parse(r.require("recompute"));
        final boolean sp = r.number("sequence_parallel") == 1;
        final int[] micro = choice(r, "micro_batch");
        final int[] interleave = choice(r, "interleave");
        final boolean[] recomputes = new boolean[3];
        recomputes[recompute.ordinal()] = true;
        final LlmSearch.Space space = new LlmSearch.Space(choice(r, "tp"), choice(r, "pp"),
                micro == null ? LlmSearch.Space.ALL.microBatches() : micro,
                interleave == null ? LlmSearch.Space.ALL.maxInterleave() : interleave[0], recomputes,
                new boolean[] {!sp, sp}, zeroStages(zero));
        ParallelConfig config;
        if (micro != null && interleave != null && choice(r, "pp") != null) {
            final int t = choice(r, "tp")[0];
            final int p = choice(r, "pp")[0];
            config = new ParallelConfig(gpus, t, p, gpus / (t * p), batch, micro[0], interleave[0],
                    interleave[0] > 1 ? Schedule.INTERLEAVED : Schedule.ONE_F_ONE_B, recompute, sp, zero, half);
        } else {
            if (partition != PipelinePartition.UNIFORM) {
                throw r.error("pipeline_partition = " + partition.id() + ": the search divides the layers evenly;"
                        + " publish tp, pp, micro_batch and interleave for this row");
            }
            final LlmSearch.Result best = new LlmSearch.Result();
            if (!new LlmSearch(cost, space).search(gpus, batch, best)) {
                throw r.error("no configuration of the published fields exists");
            }
            config = best.toConfig(gpus, batch, half);
        }
        try {
            config.check(model, cost.cluster().gpusPerNode(), partition);
        } catch (final IllegalArgumentException e) {
            throw r.error(e.getMessage());
        }
        final LlmEstimate e = cost.evaluate(config);
        final String metric = r.require("metric");
        final double projected = switch (metric) {
            case "iteration_s" -> e.iterationSeconds();
            case "tflops_per_gpu" -> e.flopsPerGpu(recompute) / 1e12;
            case "train_days" -> e.timeToTrainSeconds(r.number("tokens")) / SECONDS_PER_DAY;
            case "layer_forward_ms" -> 1e3 * e.layerForwardSeconds();
            case "layer_backward_ms" -> 1e3 * e.layerBackwardSeconds();
            default -> throw r.error("metric = '" + metric + "': must be iteration_s, tflops_per_gpu, train_days,"
                    + " layer_forward_ms or layer_backward_ms");
        };
        return new Row(r.require("id"), r.require("set"), metric, r.number("published"), projected,
                e.iterationSeconds(), config, e.fitsMemory(), r.require("source"));
    }
}
