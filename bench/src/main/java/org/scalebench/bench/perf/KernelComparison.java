package org.scalebench.bench.perf;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The kernel of one benchmark class against its references and peers on one parameter combination, all
 * measured in the same JMH invocation. Immutable.
 *
 * @param benchmark the class's simple name
 * @param params the parameter combination
 * @param kernel the kernel's measurement, or null when the class (against the naming contract) has none
 * @param references the other methods' measurements, by method name
 * @param mode JMH's benchmark mode label of all these measurements (e.g. {@code avgt})
 */
public record KernelComparison(String benchmark, ParamSet params, Measurement kernel, List<Measurement> references,
        String mode) {

    /**
     * Copies the reference list.
     *
     * @param benchmark the class's simple name
     * @param params the parameter combination
     * @param kernel the kernel's measurement, or null
     * @param references the other methods' measurements
     * @param mode JMH's benchmark mode label
     */
    public KernelComparison {
        references = List.copyOf(references);
    }

    /**
     * The parameter combination as shown in tables: with the mode when it is not average time.
     *
     * @return e.g. {@code n=1000}, or {@code n=1000 [thrpt]}
     */
    public String paramsLabel() {
        final String shown = params.toString();
        return Measurement.AVERAGE_TIME.equals(mode) ? shown : (shown.isEmpty() ? "" : shown + " ") + "[" + mode + "]";
    }

    /**
     * Groups measurements by class, parameter combination and mode, sorted in that order; references
     * are sorted by method name.
     *
     * @param measurements any measurements
     * @return the comparisons
     */
    public static List<KernelComparison> group(final List<Measurement> measurements) {
        final Map<String, Map<ParamSet, Map<String, List<Measurement>>>> groups = new TreeMap<>();
        for (final Measurement m : measurements) {
            groups.computeIfAbsent(m.benchmark(), k -> new TreeMap<>())
                    .computeIfAbsent(m.params(), k -> new TreeMap<>())
                    .computeIfAbsent(m.mode(), k -> new ArrayList<>()).add(m);
        }
        final List<KernelComparison> comparisons = new ArrayList<>();
        groups.forEach((benchmark, byParams) -> byParams.forEach((params, byMode) -> byMode.forEach((mode, group) ->
                comparisons.add(new KernelComparison(benchmark, params,
                        group.stream().filter(Measurement::isKernel).findFirst().orElse(null),
                        group.stream().filter(m -> !m.isKernel())
                                .sorted(Comparator.comparing(Measurement::method)).toList(), mode)))));
        return comparisons;
    }

    /**
     * The reference measured by a given method.
     *
     * @param method the method name
     * @return its measurement, if measured
     */
    public Optional<Measurement> reference(final String method) {
        return references.stream().filter(r -> r.method().equals(method)).findFirst();
    }

    /**
     * Speedup of the kernel over a reference: reference time / kernel time (above 1: the kernel is faster).
     *
     * @param reference a measurement of this comparison
     * @return the ratio, NaN without a kernel
     */
    public double speedupOver(final Measurement reference) {
        return kernel == null ? Double.NaN : reference.nsPerOp() / kernel.nsPerOp();
    }
}
