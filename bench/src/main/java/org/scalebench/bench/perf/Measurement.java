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
 */
public record Measurement(String benchmark, String method, ParamSet params, double nsPerOp, double nsPerOpError,
        double bytesPerOp) {

    /** The GC profiler's normalized allocation metric. */
    public static final String ALLOCATION_METRIC = "gc.alloc.rate.norm";

    /**
     * Reads JMH results (average time; any time unit is converted to nanoseconds).
     *
     * <p>JMH leaves {@value #ALLOCATION_METRIC} out when every iteration allocated exactly 0 bytes, so an absent
     * key reads as 0 B/op; results of a run without the GC profiler read as NaN.
     *
     * @param results JMH's run results
     * @param gcProfiled whether the run had the GC profiler
     * @return one measurement per result
     * @throws IllegalArgumentException for a result in a mode other than average time
     */
    public static List<Measurement> fromJmh(final Collection<RunResult> results, final boolean gcProfiled) {
        final List<Measurement> measurements = new ArrayList<>();
        for (final RunResult r : results) {
            final BenchmarkParams p = r.getParams();
            if (p.getMode() != Mode.AverageTime) {
                throw new IllegalArgumentException(p.getBenchmark() + ": mode " + p.getMode()
                        + ", expected average time");
            }
            final String name = p.getBenchmark();
            final int dot = name.lastIndexOf('.');
            final String qualifiedClass = name.substring(0, dot);
            final Map<String, String> values = new TreeMap<>();
            for (final String key : p.getParamsKeys()) {
                values.put(key, p.getParam(key));
            }
            final double nanosPerUnit = TimeUnit.NANOSECONDS.convert(1, p.getTimeUnit());
            final Result<?> primary = r.getPrimaryResult();
            final Result<?> allocation = r.getSecondaryResults().get(ALLOCATION_METRIC);
            final double bytes = !gcProfiled ? Double.NaN : allocation == null ? 0.0 : allocation.getScore();
            measurements.add(new Measurement(qualifiedClass.substring(qualifiedClass.lastIndexOf('.') + 1),
                    name.substring(dot + 1), ParamSet.of(values), primary.getScore() * nanosPerUnit,
                    primary.getScoreError() * nanosPerUnit, bytes));
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
