package org.scalebench.bench.train;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import org.scalebench.bench.io.Table;
import org.scalebench.core.data.DataTable;
import org.scalebench.training.llm.Execution;
import org.scalebench.training.llm.ExecutionPart;
import org.scalebench.training.llm.GpuSpec;
import org.scalebench.training.llm.LlmValidation;

/**
 * The validation section of the 3D-parallel reproduction: the GEMM efficiency fitted on the calibration rows with
 * those rows, every validation row beside the strongest peer (Calculon, {@code llm/calculon.csv}), the mean absolute
 * error of each set of rows against the target, how each execution part moves those errors (switched off, the
 * efficiency fitted again), and how the GPU inputs move them. Stateless.
 */
final class LlmValidationReport {

    /** The target mean absolute error of each set. */
    static final double TARGET = 0.02;

    private static final String CALCULON = "/org/scalebench/training/llm/calculon.csv";

    /**
     * A named set of validation rows.
     *
     * @param name what the rows are
     * @param members which rows belong
     */
    record RowSet(String name, Predicate<LlmValidation.Row> members) {
    }

    /** The sets the errors are summarised over (validation rows only). */
    static final List<RowSet> SETS = List.of(
            new RowSet("Korthikanti Table 5, full recomputation (4 runs)",
                    r -> r.id().startsWith("korthikanti-") && r.id().endsWith("-full") && r.validation()),
            new RowSet("Korthikanti Table 5, all eight runs",
                    r -> r.id().startsWith("korthikanti-") && r.metric().equals("iteration_s") && r.validation()
                            && r.config().dp() == 1),
            new RowSet("Korthikanti Table 5 without the 22B model of the calibration (6 runs)",
                    r -> r.id().startsWith("korthikanti-") && r.config().dp() == 1 && r.validation()
                            && !r.id().contains("22b")),
            new RowSet("Narayanan throughputs (11 runs)",
                    r -> r.id().startsWith("narayanan-") && r.metric().equals("tflops_per_gpu")),
            new RowSet("Narayanan training durations (2 estimates)", r -> r.metric().equals("train_days")),
            new RowSet("Korthikanti 530B with 8-way data parallelism (1 run)", r -> r.id().equals("korthikanti-530b-2240")),
            new RowSet("MT-NLG 530B on Megatron-DeepSpeed, 2,240 to 3,360 GPUs (3 runs)",
                    r -> r.id().startsWith("mtnlg-")),
            new RowSet("BLOOM-176B on Megatron-DeepSpeed, Jean Zay, 384 GPUs (1 run)",
                    r -> r.id().startsWith("bloom-")));

    private LlmValidationReport() {
    }

    /**
     * Calculon's number for each row it was run on, in the row's metric: iteration seconds as run; throughput per
     * GPU and training days scaled from scalebench's by the ratio of the iteration times (the same FLOPs and tokens).
     *
     * @param rows the projected rows
     * @return Calculon's value by row id
     */
    static Map<String, Double> calculon(final List<LlmValidation.Row> rows) {
        final Map<String, Double> out = new LinkedHashMap<>();
        final Map<String, DataTable.Row> peer = new LinkedHashMap<>();
        for (final DataTable.Row r : DataTable.resource(LlmValidation.class, CALCULON).rows()) {
            peer.put(r.require("id"), r);
        }
        for (final LlmValidation.Row row : rows) {
            final DataTable.Row p = peer.get(row.id());
            if (p == null) {
                continue;
            }
            final var c = row.config();
            if (p.number("tp") != c.tp() || p.number("pp") != c.pp() || p.number("dp") != c.dp()
                    || p.number("micro_batch") != c.microBatch() || p.number("interleave") != c.interleave()) {
                throw p.error("Calculon was run on " + (int) p.number("tp") + " x " + (int) p.number("pp") + " x "
                        + (int) p.number("dp") + ", microbatch " + (int) p.number("micro_batch") + ", "
                        + (int) p.number("interleave") + " chunks; scalebench projects " + c.tp() + " x " + c.pp()
                        + " x " + c.dp() + ", microbatch " + c.microBatch() + ", " + c.interleave() + " chunks: run"
                        + " Calculon again on the new configuration");
            }
            final double seconds = p.number("iteration_s");
            final double value = switch (row.metric()) {
                case "iteration_s" -> seconds;
                case "tflops_per_gpu" -> row.projected() * row.iterationSeconds() / seconds;
                case "train_days" -> row.projected() * seconds / row.iterationSeconds();
                default -> Double.NaN;
            };
            out.put(row.id(), value);
        }
        return out;
    }

    /**
     * Mean absolute error of a set.
     *
     * @param rows projected rows
     * @param set the set
     * @return the mean of |error|, NaN when the set is empty
     */
    static double meanAbsoluteError(final List<LlmValidation.Row> rows, final RowSet set) {
        return rows.stream().filter(set.members()).mapToDouble(r -> Math.abs(r.error())).average().orElse(Double.NaN);
    }

    private static double peerMeanAbsoluteError(final List<LlmValidation.Row> rows, final Map<String, Double> calculon,
            final RowSet set) {
        return rows.stream().filter(set.members()).filter(r -> calculon.containsKey(r.id()))
                .mapToDouble(r -> Math.abs(calculon.get(r.id()) - r.published()) / r.published()).average()
                .orElse(Double.NaN);
    }

    /**
     * The whole validation section.
     *
     * @param rows the projected rows ({@link LlmValidation#run()})
     * @param calculon Calculon's values by row id
     * @return Markdown
     */
    static String markdown(final List<LlmValidation.Row> rows, final Map<String, Double> calculon) {
        final StringBuilder b = new StringBuilder("### Validation: published Megatron-LM runs, Calculon beside\n\n");
        final LlmValidation.Fit fit = LlmValidation.calibration();
        b.append(String.format(Locale.ROOT, "Fitted constant: GEMM efficiency **%.4f** of the measured matmul maximum"
                + " (%.1f of 271.2 TFLOP/s), least squares of log(projected / published) over the %d calibration rows"
                + " below and no other row. Every other input is sourced in `execution.csv`, `gpus.csv` and"
                + " `clusters.csv`.%n%n", fit.gemmEfficiency(), 271.2 * fit.gemmEfficiency(), fit.rows().size()));
        final Table calibration = new Table("calibration row (Korthikanti Table 4, 22B layer, t 8, microbatch 4)",
                "published", "projected", "error").rightAlign(1, 2, 3);
        for (final LlmValidation.Row r : fit.rows()) {
            calibration.row(r.id(), String.format(Locale.ROOT, "%.4g ms", r.published()),
                    String.format(Locale.ROOT, "%.4g ms", r.projected()),
                    String.format(Locale.ROOT, "%+.1f%%", 100 * r.error()));
        }
        b.append(calibration.markdown());
        b.append("\nValidation rows (never fitted on):\n\n");
        b.append(table(rows, calculon)).append('\n');
        b.append("Mean absolute error per set of validation rows (target ").append(percent(TARGET)).append("):\n\n");
        final Table errors = new Table("set", "scalebench", "Calculon", "target met").rightAlign(1, 2);
        for (final RowSet set : SETS) {
            final double mae = meanAbsoluteError(rows, set);
            errors.row(set.name(), percent(mae), percent(peerMeanAbsoluteError(rows, calculon, set)),
                    mae <= TARGET ? "yes" : "no");
        }
        b.append(errors.markdown());
        b.append("\nHow each execution part moves the errors: the part switched off, the GEMM efficiency fitted again"
                + " on the calibration rows (mean absolute error of validation rows):\n\n");
        b.append(ablation(rows)).append('\n');
        b.append("How the GPU inputs move the errors (the GEMM efficiency fitted again for each):\n\n");
        b.append(gpuSensitivity(rows)).append('\n');
        return b.toString();
    }

    private static String percent(final double x) {
        return Double.isNaN(x) ? "-" : String.format(Locale.ROOT, "%.2f%%", 100 * x);
    }

    /**
     * The validation rows with Calculon's number beside.
     *
     * @param rows projected rows
     * @param calculon Calculon's values by id
     * @return Markdown
     */
    static String table(final List<LlmValidation.Row> rows, final Map<String, Double> calculon) {
        final Table table = new Table("run", "metric", "published", "scalebench", "error", "Calculon", "error",
                "tp x pp x dp, micro batch, chunks, recompute").rightAlign(2, 3, 4, 5, 6);
        for (final LlmValidation.Row v : rows) {
            if (!v.validation()) {
                continue;
            }
            final Double peer = calculon.get(v.id());
            table.row(v.id(), v.metric(), String.format(Locale.ROOT, "%.4g", v.published()),
                    String.format(Locale.ROOT, "%.4g", v.projected()),
                    String.format(Locale.ROOT, "%+.1f%%", 100 * v.error()),
                    peer == null ? "-" : String.format(Locale.ROOT, "%.4g", peer),
                    peer == null ? "-" : String.format(Locale.ROOT, "%+.1f%%", 100 * (peer - v.published())
                            / v.published()),
                    String.format(Locale.ROOT, "%d x %d x %d, %d, %d, %s%s", v.config().tp(), v.config().pp(),
                            v.config().dp(), v.config().microBatch(), v.config().interleave(),
                            v.config().recompute().id(), v.config().sequenceParallel() ? " + SP" : ""));
        }
        return table.markdown();
    }

    private static String ablation(final List<LlmValidation.Row> baseline) {
        final List<RowSet> shown = SETS.subList(0, 4);
        final Table table = errorTable("execution", shown);
        row(table, "every part on", baseline, shown, LlmValidation.calibration().gemmEfficiency());
        for (final ExecutionPart part : ExecutionPart.values()) {
            if (part != ExecutionPart.GEMM_EFFICIENCY && !Execution.megatron(Execution.MEGATRON_2021).has(part)
                    && !Execution.megatron(Execution.MEGATRON_2022).has(part)) {
                continue; // in neither version the validation runs used: switching it off changes nothing
            }
            final Set<ExecutionPart> off = EnumSet.of(part);
            final List<LlmValidation.Row> rows = LlmValidation.run(LlmValidation.gpu(), off);
            row(table, "without " + part.id(), rows, shown, part == ExecutionPart.GEMM_EFFICIENCY ? 1
                    : LlmValidation.fitted(LlmValidation.gpu(), off));
        }
        row(table, "every part off (the ideal model)", LlmValidation.run(LlmValidation.gpu(),
                EnumSet.allOf(ExecutionPart.class)), shown, 1);
        return table.markdown();
    }

    /** A table of mean absolute errors: a name, one column per set, the fitted GEMM efficiency. */
    private static Table errorTable(final String title, final List<RowSet> sets) {
        final List<String> header = new ArrayList<>();
        header.add(title);
        sets.forEach(set -> header.add(set.name()));
        header.add("fitted GEMM efficiency");
        return new Table(header.toArray(String[]::new)).rightAlign(IntStream.rangeClosed(1, sets.size() + 1)
                .toArray());
    }

    private static void row(final Table table, final String name, final List<LlmValidation.Row> rows,
            final List<RowSet> sets, final double efficiency) {
        final List<String> cells = new ArrayList<>();
        cells.add(name);
        for (final RowSet set : sets) {
            cells.add(percent(meanAbsoluteError(rows, set)));
        }
        cells.add(String.format(Locale.ROOT, "%.4f", efficiency));
        table.row(cells.toArray(String[]::new));
    }

    private static String gpuSensitivity(final List<LlmValidation.Row> baseline) {
        final GpuSpec g = LlmValidation.gpu();
        final GpuSpec peak = new GpuSpec(g.name(), g.device(), g.peakFp16(), g.peakBf16(), g.memoryBytes(),
                g.memoryBandwidth(), g.sms(), g.peakFp16(), g.tileM(), g.tileN(), g.sources());
        final GpuSpec tile = new GpuSpec(g.name(), g.device(), g.peakFp16(), g.peakBf16(), g.memoryBytes(),
                g.memoryBandwidth(), g.sms(), g.maxMatmul(), 128, 128, g.sources());
        final List<RowSet> shown = SETS.subList(0, 4);
        final Table table = errorTable("GPU input", shown);
        row(table, "as built: measured matmul maximum 271.2 TFLOP/s, 256 x 128 tile", baseline, shown,
                LlmValidation.calibration().gemmEfficiency());
        row(table, "datasheet peak 312 TFLOP/s in place of the measured maximum", LlmValidation.run(peak, Set.of()),
                shown, LlmValidation.fitted(peak, Set.of()));
        row(table, "128 x 128 GEMM tile", LlmValidation.run(tile, Set.of()), shown,
                LlmValidation.fitted(tile, Set.of()));
        return table.markdown();
    }
}
