package org.scalebench.bench.perf;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

/**
 * The measured time and allocation of one benchmark method on one parameter combination. Immutable.
 *
 * @param benchmark the class's simple name, e.g. {@code RangeReductionBench}
 * @param method the method, e.g. {@code kernel} or {@code modulo}
 * @param params the parameter combination
 * @param nsPerOp average time per operation in nanoseconds
 * @param nsPerOpError JMH's 99.9% confidence half-width of {@code nsPerOp} (NaN with a single sample)
 * @param bytesPerOp bytes allocated per operation ({@code gc.alloc.rate.norm}); NaN when the GC profiler
 *     failed, which judges treat as an error, never as zero
 * @param mode JMH's benchmark mode label ({@code avgt}, {@code thrpt}, {@code sample}, {@code ss}); a throughput
 *     is converted to its time per operation, so that speedups read the same way in every mode
 */
public record Measurement(String benchmark, String method, ParamSet params, double nsPerOp, double nsPerOpError,
        double bytesPerOp, String mode) {

    /** The GC profiler's normalized allocation metric. */
    public static final String ALLOCATION_METRIC = "gc.alloc.rate.norm";

    /** JMH's label of average-time mode, the one the gate and the report use. */
    public static final String AVERAGE_TIME = Mode.AverageTime.shortLabel();

    /**
     * A measurement in average-time mode.
     *
     * @param benchmark the class's simple name
     * @param method the method
     * @param params the parameter combination
     * @param nsPerOp average time per operation in nanoseconds
     * @param nsPerOpError JMH's 99.9% confidence half-width of {@code nsPerOp}
     * @param bytesPerOp bytes allocated per operation
     */
    public Measurement(final String benchmark, final String method, final ParamSet params, final double nsPerOp,
            final double nsPerOpError, final double bytesPerOp) {
        this(benchmark, method, params, nsPerOp, nsPerOpError, bytesPerOp, AVERAGE_TIME);
    }

    /**
     * Reads JMH results in any mode. Times in any unit become nanoseconds per operation; a throughput
     * ({@code ops/unit}) becomes {@code 1 / throughput} nanoseconds per operation, its error by the first-order
     * propagation {@code error / throughput^2} (with several threads, a throughput is the threads' sum, so its
     * inverse is wall time per operation, not one thread's latency).
     *
     * <p>JMH leaves {@value #ALLOCATION_METRIC} out when every iteration allocated exactly 0 bytes, so an absent
     * key reads as 0 B/op; results of a run without the GC profiler read as NaN.
     *
     * @param results JMH's run results
     * @param gcProfiled whether the run had the GC profiler
     * @return one measurement per result
     */
    public static List<Measurement> fromJmh(final Collection<RunResult> results, final boolean gcProfiled) {
        final List<Measurement> measurements = new ArrayList<>();
        for (final RunResult r : results) {
            final BenchmarkParams p = r.getParams();
            final String name = p.getBenchmark();
            final int dot = name.lastIndexOf('.');
            final String qualifiedClass = name.substring(0, dot);
            final Map<String, String> values = new TreeMap<>();
            for (final String key : p.getParamsKeys()) {
                values.put(key, p.getParam(key));
            }
            final double nanosPerUnit = TimeUnit.NANOSECONDS.convert(1, p.getTimeUnit());
            final Result<?> primary = r.getPrimaryResult();
            final double score = primary.getScore();
            final double error = primary.getScoreError();
            final boolean throughput = p.getMode() == Mode.Throughput;
            final double ns = throughput ? nanosPerUnit / score : score * nanosPerUnit;
            final double nsError = throughput ? nanosPerUnit * error / (score * score) : error * nanosPerUnit;
            final Result<?> allocation = r.getSecondaryResults().get(ALLOCATION_METRIC);
            final double bytes = !gcProfiled ? Double.NaN : allocation == null ? 0.0 : allocation.getScore();
            measurements.add(new Measurement(qualifiedClass.substring(qualifiedClass.lastIndexOf('.') + 1),
                    name.substring(dot + 1), ParamSet.of(values), ns, nsError, bytes, p.getMode().shortLabel()));
        }
        return measurements;
    }

    /**
     * Whether this measures scalebench's kernel.
     *
     * @return true for method {@value BenchmarkClass#KERNEL}
     */
    public boolean isKernel() {
        return BenchmarkClass.KERNEL.equals(method);
    }
}
