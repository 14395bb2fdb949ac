package org.scalebench.bench.perf;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the gate's results in Bencher Metric Format (BMF), the JSON that Bencher and github-action-benchmark
 * style dashboards track over time:
 *
 * <pre>
 * {"RangeReductionBench/modulo/n=1000": {"speedup": {"value": 2.7, "lower_value": 2.5, "upper_value": 2.9},
 *                                        "kernel_ns_per_op": {...}, "kernel_bytes_per_op": {...},
 *                                        "unstable": {"value": 0}, "min_speedup": {"value": 1.9},
 *                                        "ratio_gated": {"value": 1}},
 *  "SimulatorBench/scheme=global": {"kernel_ns_per_op": {...}, "kernel_bytes_per_op": {...},
 *                                   "ratio_gated": {"value": 0}}}
 * </pre>
 *
 * <p>One entry per row of the floors file, keyed {@code <class>/<reference>/<params>} for a floor and
 * {@code <class>/<params>} for an absolute-time row. The speedup is the median over the gate's rounds, bounded by
 * the lowest and the highest round; {@code unstable} is 1 when that spread is wider than the median's distance from
 * the floor. Kernel times come from the floor's median run, bounded by JMH's 99.9% score errors of that run (a
 * single run's speedup is bounded the same way, combining the kernel's and the reference's errors; a lower bound
 * under 0 is written as 0). A measure whose
 * value is unknown is left out, as are bounds that are not finite (JSON has no NaN). {@code ratio_gated} is 1 for a
 * floor and 0 for an absolute time, which is reported but never gated.
 */
public final class BencherMetricFormat {

    private BencherMetricFormat() {
    }

    /**
     * The benchmark id of a row.
     *
     * @param floor the row
     * @return e.g. {@code RangeReductionBench/modulo/n=1000}, {@code SimulatorBench/scheme=global} or
     *     {@code ProjectorBench} (a class without parameters)
     */
    public static String id(final PerfFloor floor) {
        final String params = floor.params().toString();
        return floor.benchmark() + (floor.gatesSpeedup() ? "/" + floor.reference() : "")
                + (params.isEmpty() ? "" : "/" + params);
    }

    /**
     * The JSON document.
     *
     * @param verdicts the gate's verdicts
     * @return the document, ending with a line break
     */
    public static String json(final List<GateVerdict> verdicts) {
        return json(verdicts, List.of());
    }

    /**
     * The JSON document with the physical limits: one more entry per measured limit, keyed
     * {@code <class>/<method>/<params>/over-floor}, with {@code over_floor} (kernel time over the floor's), the
     * floor's time and the target ({@code over_floor_target}, left out when the row has none).
     *
     * @param verdicts the gate's verdicts
     * @param limits the kernels' times over their floors
     * @return the document, ending with a line break
     */
    public static String json(final List<GateVerdict> verdicts, final List<KernelLimits.Ratio> limits) {
        final StringBuilder out = new StringBuilder("{");
        String separator = "\n";
        for (final KernelLimits.Ratio r : limits) {
            final KernelLimits.Limit l = r.limit();
            final String params = l.params().toString();
            out.append(separator).append("  ").append(string(l.benchmark() + "/" + l.method()
                    + (params.isEmpty() ? "" : "/" + params) + "/over-floor")).append(": {\"over_floor\": ")
                    .append(metric(new double[] {r.overFloor(), Double.NaN, Double.NaN}))
                    .append(", \"floor_ns_per_op\": ").append(metric(new double[] {r.floorNs(), Double.NaN, Double.NaN}));
            if (!Double.isNaN(l.target())) {
                out.append(", \"over_floor_target\": ").append(metric(new double[] {l.target(), Double.NaN, Double.NaN}));
            }
            out.append('}');
            separator = ",\n";
        }
        for (final GateVerdict v : verdicts) {
            final Map<String, double[]> measures = measures(v);
            out.append(separator).append("  ").append(string(id(v.floor()))).append(": {");
            String inner = "";
            for (final Map.Entry<String, double[]> m : measures.entrySet()) {
                out.append(inner).append(string(m.getKey())).append(": ").append(metric(m.getValue()));
                inner = ", ";
            }
            out.append('}');
            separator = ",\n";
        }
        return out.append("\n}\n").toString();
    }

    private static Map<String, double[]> measures(final GateVerdict v) {
        final Map<String, double[]> measures = new LinkedHashMap<>();
        final FloorRun run = v.medianRun();
        if (v.floor().gatesSpeedup() && run != null) {
            measures.put("speedup", v.runs().size() > 1 ? new double[] {v.speedup(), v.speedupMin(), v.speedupMax()}
                    : new double[] {v.speedup(), Math.max(0, run.speedupLower()), run.speedupUpper()});
            measures.put("unstable", new double[] {v.unstable() ? 1 : 0, Double.NaN, Double.NaN});
        }
        if (run != null) {
            final Measurement k = run.kernel();
            measures.put("kernel_ns_per_op", new double[] {k.nsPerOp(), Math.max(0, k.nsPerOp() - k.nsPerOpError()),
                    k.nsPerOp() + k.nsPerOpError()});
            measures.put("kernel_bytes_per_op", new double[] {v.bytesPerOp(), Double.NaN, Double.NaN});
        }
        if (v.floor().gatesSpeedup()) {
            measures.put("min_speedup", new double[] {v.floor().minSpeedup(), Double.NaN, Double.NaN});
        }
        measures.put("ratio_gated", new double[] {v.floor().gatesSpeedup() ? 1 : 0, Double.NaN, Double.NaN});
        measures.values().removeIf(m -> !Double.isFinite(m[0]));
        return measures;
    }

    private static String metric(final double[] valueLowerUpper) {
        final StringBuilder m = new StringBuilder("{\"value\": ").append(number(valueLowerUpper[0]));
        if (Double.isFinite(valueLowerUpper[1])) {
            m.append(", \"lower_value\": ").append(number(valueLowerUpper[1]));
        }
        if (Double.isFinite(valueLowerUpper[2])) {
            m.append(", \"upper_value\": ").append(number(valueLowerUpper[2]));
        }
        return m.append('}').toString();
    }

    private static String number(final double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value)
                : MeasurementFormat.plain(value);
    }

    /**
     * A JSON string literal.
     *
     * @param text the text
     * @return the quoted, escaped text
     */
    static String string(final String text) {
        final StringBuilder s = new StringBuilder("\"");
        for (int i = 0; i < text.length(); i++) {
            final char c = text.charAt(i);
            switch (c) {
                case '"' -> s.append("\\\"");
                case '\\' -> s.append("\\\\");
                case '\n' -> s.append("\\n");
                case '\r' -> s.append("\\r");
                case '\t' -> s.append("\\t");
                default -> {
                    if (c < 0x20) {
                        s.append(String.format("\\u%04x", (int) c));
                    } else {
                        s.append(c);
                    }
                }
            }
        }
        return s.append('"').toString();
    }
}
