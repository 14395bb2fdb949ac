package org.scalebench.training.llm;

import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.scalebench.core.data.DataFileException;
import org.scalebench.core.data.DataTable;
import org.scalebench.core.data.TextLimits;

/**
 * How an iteration runs on the GPUs beyond its FLOPs and bytes: the inputs of every {@link ExecutionPart} (resource
 * {@code llm/execution.csv}, one sourced number per row) and which parts are on. The Megatron-LM version decides
 * two of them: whether backward tensor-parallel collectives overlap the GEMMs ({@link ExecutionPart#TP_OVERLAP},
 * since September 2021) and whether weight gradients are accumulated by a separate pass
 * ({@link ExecutionPart#GRADIENT_ACCUMULATION}, until February 2022). {@link #ideal()} has every part off.
 *
 * <p>The GEMM efficiency is 1 unless {@link #withGemmEfficiency} sets a fitted value ({@link #defaults()} uses the
 * one {@link LlmValidation} fits on its calibration rows).
 *
 * <p>Immutable and thread-safe.
 */
public final class Execution {

    /** The Megatron-LM version of Korthikanti et al. 2022 and of {@code train llm} by default. */
    public static final String MEGATRON_2022 = "megatron-2022";
    /** The Megatron-LM version of Narayanan et al. 2021. */
    public static final String MEGATRON_2021 = "megatron-2021";

    private static final String RESOURCE = "/org/scalebench/training/llm/execution.csv";
    private static final List<String> NUMBERS = List.of("elementwise_bandwidth_fraction", "kernel_launch_us",
            "optimizer_unscale_bytes", "optimizer_grad_norm_bytes", "optimizer_adam_bytes", "optimizer_copy_bytes",
            "optimizer_zero_grad_bytes", "loss_bytes_per_logit", "unfused_accumulation_bytes", "ddp_bucket_min_parameters",
            "ddp_bucket_parameters_per_rank", "userbuffers_scatter_splits");
    private static final List<String> FEATURES = List.of("tp_overlap", "fused_gradient_accumulation", "dp_overlap",
            "tp_comm_overlap");
    private static final List<String> SOFTWARE = List.of(MEGATRON_2021, MEGATRON_2022);

    /** Bytes the ideal Adam step moves per parameter: reads master, gradient, m, v; writes master, m, v, half weight. */
    static final double IDEAL_OPTIMIZER_BYTES = 30;
    /** Bytes per logit of the ideal loss: softmax cross-entropy in half precision, forward and backward. */
    static final double IDEAL_LOSS_BYTES = 12;

    private static final class BuiltIn {
        static final Execution TABLE = read(DataTable.resource(Execution.class, RESOURCE));
    }

    private final Map<String, Double> numbers;
    private final Map<String, String> sources;
    private final Map<String, Boolean> features;
    private final String software;
    private final Set<ExecutionPart> parts;
    private final double gemmEfficiency;

    private Execution(final Map<String, Double> numbers, final Map<String, String> sources,
            final Map<String, Boolean> features, final String software, final Set<ExecutionPart> parts,
            final double gemmEfficiency) {
        this.numbers = numbers;
        this.sources = sources;
        this.features = features;
        this.software = software;
        this.parts = Collections.unmodifiableSet(parts.isEmpty() ? EnumSet.noneOf(ExecutionPart.class)
                : EnumSet.copyOf(parts));
        this.gemmEfficiency = gemmEfficiency;
    }

    /**
     * Every part on that the Megatron-LM version has, except the fitted GEMM efficiency.
     *
     * @param software {@link #MEGATRON_2021} or {@link #MEGATRON_2022}
     * @return the execution
     * @throws IllegalArgumentException naming the value and what is allowed
     */
    public static Execution megatron(final String software) {
        final Execution table = BuiltIn.TABLE;
        final String version = software.trim().toLowerCase(Locale.ROOT);
        if (!SOFTWARE.contains(version)) {
            throw new IllegalArgumentException("software = " + TextLimits.quoted(software) + ": must be one of "
                    + String.join(", ", SOFTWARE));
        }
        final EnumSet<ExecutionPart> on = EnumSet.allOf(ExecutionPart.class);
        on.remove(ExecutionPart.GEMM_EFFICIENCY);
        if (!table.features.get(version + ".tp_overlap")) {
            on.remove(ExecutionPart.TP_OVERLAP);
        }
        if (table.features.get(version + ".fused_gradient_accumulation")) {
            on.remove(ExecutionPart.GRADIENT_ACCUMULATION);
        }
        if (!table.features.get(version + ".dp_overlap")) {
            on.remove(ExecutionPart.DP_OVERLAP);
        }
        if (!table.features.get(version + ".tp_comm_overlap")) {
            on.remove(ExecutionPart.TP_COMM_OVERLAP);
        }
        return new Execution(table.numbers, table.sources, table.features, version, on, 1);
    }

    /**
     * The execution of {@code train llm} by default: every part of {@link #MEGATRON_2022} and the GEMM efficiency
     * fitted on the calibration rows ({@link LlmValidation#calibration()}, A100 80GB; taken for every GPU).
     *
     * @return the execution
     */
    public static Execution defaults() {
        return megatron(MEGATRON_2022, true);
    }

    /**
     * Every part of a Megatron-LM version, with or without the fitted GEMM efficiency.
     *
     * @param software {@link #MEGATRON_2021} or {@link #MEGATRON_2022}
     * @param fitted whether GEMMs run at the efficiency fitted on the calibration rows
     * @return the execution
     */
    public static Execution megatron(final String software, final boolean fitted) {
        final Execution e = megatron(software);
        return fitted ? e.withGemmEfficiency(LlmValidation.calibration().gemmEfficiency()) : e;
    }

    /**
     * Every part off: kernels at the measured matmul maximum and the datasheet bandwidth, nothing else.
     *
     * @return the ideal execution
     */
    public static Execution ideal() {
        final Execution table = BuiltIn.TABLE;
        return new Execution(table.numbers, table.sources, table.features, "ideal",
                EnumSet.noneOf(ExecutionPart.class), 1);
    }

    /**
     * The same with some parts switched off.
     *
     * @param off the parts to switch off
     * @return a new execution
     */
    public Execution without(final Set<ExecutionPart> off) {
        final EnumSet<ExecutionPart> on = parts.isEmpty() ? EnumSet.noneOf(ExecutionPart.class) : EnumSet.copyOf(parts);
        on.removeAll(off);
        return new Execution(numbers, sources, features, software, on, gemmEfficiency);
    }

    /**
     * The same with some parts switched on (a part the software version did not have, e.g.
     * {@link ExecutionPart#DP_OVERLAP}; {@link ExecutionPart#GEMM_EFFICIENCY} only through
     * {@link #withGemmEfficiency}).
     *
     * @param extra the parts to switch on
     * @return a new execution
     * @throws IllegalArgumentException for the GEMM efficiency, which needs a value
     */
    public Execution with(final Set<ExecutionPart> extra) {
        if (extra.contains(ExecutionPart.GEMM_EFFICIENCY)) {
            throw new IllegalArgumentException("part " + ExecutionPart.GEMM_EFFICIENCY.id() + ": is switched on with"
                    + " a fitted efficiency, not by name");
        }
        final EnumSet<ExecutionPart> on = parts.isEmpty() ? EnumSet.noneOf(ExecutionPart.class) : EnumSet.copyOf(parts);
        on.addAll(extra);
        return new Execution(numbers, sources, features, software, on, gemmEfficiency);
    }

    /**
     * The same with GEMMs at a fraction of the measured matmul maximum ({@link ExecutionPart#GEMM_EFFICIENCY} on).
     *
     * @param efficiency in (0, 1]
     * @return a new execution
     * @throws IllegalArgumentException when the efficiency is outside (0, 1]
     */
    public Execution withGemmEfficiency(final double efficiency) {
        if (!(efficiency > 0 && efficiency <= 1)) {
            throw new IllegalArgumentException("gemm efficiency = " + efficiency + ": must be in (0, 1]");
        }
        final EnumSet<ExecutionPart> on = parts.isEmpty() ? EnumSet.noneOf(ExecutionPart.class) : EnumSet.copyOf(parts);
        on.add(ExecutionPart.GEMM_EFFICIENCY);
        return new Execution(numbers, sources, features, software, on, efficiency);
    }

    /**
     * Whether a part is on.
     *
     * @param part the part
     * @return true when on
     */
    public boolean has(final ExecutionPart part) {
        return parts.contains(part);
    }

    /**
     * The parts that are on.
     *
     * @return an unmodifiable set
     */
    public Set<ExecutionPart> parts() {
        return parts;
    }

    /**
     * The software version, or {@code ideal}.
     *
     * @return e.g. {@code megatron-2022}
     */
    public String software() {
        return software;
    }

    /**
     * Fraction of the datasheet HBM bandwidth memory-bound kernels reach.
     *
     * @return in (0, 1]
     */
    public double memoryEfficiency() {
        return has(ExecutionPart.ELEMENTWISE_BANDWIDTH) ? numbers.get("elementwise_bandwidth_fraction") : 1;
    }

    /**
     * The shortest time any kernel takes.
     *
     * @return seconds (0 with the part off)
     */
    public double kernelFloorSeconds() {
        return has(ExecutionPart.KERNEL_LAUNCH) ? numbers.get("kernel_launch_us") * 1e-6 : 0;
    }

    /**
     * Bytes the optimizer step moves per parameter it updates.
     *
     * @param lossScaled whether a loss scaler unscales the gradients first (FP16)
     * @return bytes
     */
    public double optimizerBytesPerParameter(final boolean lossScaled) {
        if (!has(ExecutionPart.OPTIMIZER_PASSES)) {
            return IDEAL_OPTIMIZER_BYTES;
        }
        return (lossScaled ? numbers.get("optimizer_unscale_bytes") : 0) + numbers.get("optimizer_grad_norm_bytes")
                + numbers.get("optimizer_adam_bytes") + numbers.get("optimizer_copy_bytes")
                + numbers.get("optimizer_zero_grad_bytes");
    }

    /**
     * Bytes the loss moves per logit, forward and backward.
     *
     * @return bytes
     */
    public double lossBytesPerLogit() {
        return has(ExecutionPart.FP32_LOSS) ? numbers.get("loss_bytes_per_logit") : IDEAL_LOSS_BYTES;
    }

    /**
     * Bytes the separate gradient accumulation moves per parameter and microbatch.
     *
     * @return bytes (0 with the part off)
     */
    public double accumulationBytesPerParameter() {
        return has(ExecutionPart.GRADIENT_ACCUMULATION) ? numbers.get("unfused_accumulation_bytes") : 0;
    }

    /**
     * Parameters per data-parallel gradient bucket when {@link ExecutionPart#DP_OVERLAP} is on: Megatron-LM's default,
     * {@code max(min, perRank x d)}.
     *
     * @param dataParallel data-parallel size {@code d}
     * @return parameters per bucket (infinite with the part off: one bucket holds everything)
     */
    public double bucketParameters(final int dataParallel) {
        return has(ExecutionPart.DP_OVERLAP) ? Math.max(numbers.get("ddp_bucket_min_parameters"),
                numbers.get("ddp_bucket_parameters_per_rank") * dataParallel) : Double.POSITIVE_INFINITY;
    }

    /**
     * Pieces a forward reduce-scatter is pipelined in with its row-parallel GEMM when
     * {@link ExecutionPart#TP_COMM_OVERLAP} is on (Transformer Engine's userbuffers, "pipeline" method; the
     * all-gathers' "ring exchange" moves one piece per tensor-parallel rank instead).
     *
     * @return pieces, at least 1
     */
    public int scatterSplits() {
        return (int) (double) numbers.get("userbuffers_scatter_splits");
    }

    /**
     * Fraction of the measured matmul maximum GEMMs reach.
     *
     * @return in (0, 1]
     */
    public double gemmEfficiency() {
        return has(ExecutionPart.GEMM_EFFICIENCY) ? gemmEfficiency : 1;
    }

    /**
     * An input as read, whether its part is on or not.
     *
     * @param parameter e.g. {@code kernel_launch_us}
     * @return the value
     * @throws IllegalArgumentException for an unknown parameter
     */
    double number(final String parameter) {
        final Double v = numbers.get(parameter);
        if (v == null) {
            throw new IllegalArgumentException("parameter '" + parameter + "': unknown");
        }
        return v;
    }

    /**
     * The source of an input.
     *
     * @param parameter e.g. {@code kernel_launch_us}
     * @return the source, or an empty string
     */
    public String source(final String parameter) {
        return sources.getOrDefault(parameter, "");
    }

    /**
     * The software version and the parts on, for a CSV cell: e.g. {@code megatron-2022
     * elementwise-bandwidth+kernel-launch+...+gemm-efficiency}.
     *
     * @return the label, without commas
     */
    public String label() {
        final StringBuilder b = new StringBuilder(software).append(' ');
        for (final ExecutionPart p : parts) {
            b.append(b.charAt(b.length() - 1) == ' ' ? "" : "+").append(p.id());
        }
        return b.toString().strip();
    }

    @Override
    public String toString() {
        final StringBuilder b = new StringBuilder(software).append(" [");
        for (final ExecutionPart p : parts) {
            b.append(b.charAt(b.length() - 1) == '[' ? "" : ", ").append(p.id());
        }
        return b.append(']').toString();
    }

    /**
     * Reads and checks an execution table.
     *
     * @param table columns {@code parameter,value,source}
     * @return the execution with every part of {@link #MEGATRON_2022} on
     * @throws DataFileException naming the file and line of the first error
     */
    static Execution read(final DataTable table) {
        table.requireColumns("parameter", "value", "source");
        final Map<String, Double> numbers = new LinkedHashMap<>();
        final Map<String, String> sources = new LinkedHashMap<>();
        final Map<String, Boolean> features = new LinkedHashMap<>();
        for (final DataTable.Row row : table.rows()) {
            final String parameter = row.require("parameter").toLowerCase(Locale.ROOT);
            row.require("source");
            if (sources.put(parameter, row.require("source")) != null) {
                throw row.error("parameter '" + parameter + "' given twice");
            }
            final int dot = parameter.indexOf('.');
            if (dot > 0 && SOFTWARE.contains(parameter.substring(0, dot))
                    && FEATURES.contains(parameter.substring(dot + 1))) {
                features.put(parameter, row.number("value", 0, 1) == 1);
            } else if (NUMBERS.contains(parameter)) {
                numbers.put(parameter, switch (parameter) {
                    case "elementwise_bandwidth_fraction" -> row.number("value", 0.01, 1);
                    case "ddp_bucket_min_parameters" -> row.number("value", 1, 1e15);
                    case "ddp_bucket_parameters_per_rank" -> row.number("value", 0, 1e15);
                    case "userbuffers_scatter_splits" -> (double) row.whole("value", 1, 1024);
                    default -> row.number("value", 0, 1e6);
                });
            } else {
                throw row.error("parameter = '" + parameter + "': must be one of " + String.join(", ", NUMBERS)
                        + " or <software>.<feature> with software " + String.join(" or ", SOFTWARE) + " and feature "
                        + String.join(" or ", FEATURES));
            }
        }
        for (final String p : NUMBERS) {
            if (!numbers.containsKey(p)) {
                throw new DataFileException(table.file(), 0, "no '" + p + "' row");
            }
        }
        for (final String s : SOFTWARE) {
            for (final String f : FEATURES) {
                if (!features.containsKey(s + "." + f)) {
                    throw new DataFileException(table.file(), 0, "no '" + s + "." + f + "' row");
                }
            }
        }
        return new Execution(Collections.unmodifiableMap(numbers), Collections.unmodifiableMap(sources),
                Collections.unmodifiableMap(features), "table", EnumSet.noneOf(ExecutionPart.class), 1);
    }
}
