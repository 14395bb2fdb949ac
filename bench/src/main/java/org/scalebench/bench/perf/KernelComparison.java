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
 */
public record KernelComparison(String benchmark, ParamSet params, Measurement kernel, List<Measurement> references) {

    /**
     * Copies the reference list.
     *
     * @param benchmark the class's simple name
     * @param params the parameter combination
     * @param kernel the kernel's measurement, or null
     * @param references the other methods' measurements
     */
    public KernelComparison {
        references = List.copyOf(references);
    }

    /**
     * Groups measurements by class and parameter combination, sorted by class then combination; references
     * are sorted by method name.
     *
     * @param measurements any measurements
     * @return the comparisons
     */
    public static List<KernelComparison> group(final List<Measurement> measurements) {
        final Map<String, Map<ParamSet, List<Measurement>>> groups = new TreeMap<>();
        for (final Measurement m : measurements) {
            groups.computeIfAbsent(m.benchmark(), k -> new TreeMap<>())
                    .computeIfAbsent(m.params(), k -> new ArrayList<>()).add(m);
        }
        final List<KernelComparison> comparisons = new ArrayList<>();
        groups.forEach((benchmark, byParams) -> byParams.forEach((params, group) -> comparisons.add(
                new KernelComparison(benchmark, params,
                        group.stream().filter(Measurement::isKernel).findFirst().orElse(null),
                        group.stream().filter(m -> !m.isKernel())
                                .sorted(Comparator.comparing(Measurement::method)).toList()))));
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
