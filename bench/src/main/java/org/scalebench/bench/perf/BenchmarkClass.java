package org.scalebench.bench.perf;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One JMH benchmark class as the naming contract sees it: a class {@code org.scalebench.bench.jmh.<K>Bench} whose
 * method {@value #KERNEL} measures scalebench's kernel, and whose every other {@code @Benchmark} method
 * measures a reference or peer doing the same work on the same {@code @Param} inputs. Immutable.
 *
 * @param qualifiedName the class's fully qualified name
 * @param methods its {@code @Benchmark} method names, sorted, the kernel first
 * @param params its {@code @Param} names and their declared values, in declaration order of the values
 */
public record BenchmarkClass(String qualifiedName, List<String> methods, Map<String, List<String>> params) {

    /** Name of the method measuring scalebench's kernel. */
    public static final String KERNEL = "kernel";

    /**
     * Creates the description (collections are copied; methods are sorted with the kernel first).
     *
     * @param qualifiedName the class's fully qualified name
     * @param methods its {@code @Benchmark} method names
     * @param params its {@code @Param} names and declared values
     */
    public BenchmarkClass {
        final List<String> sorted = new ArrayList<>(methods);
        sorted.sort((a, b) -> KERNEL.equals(a) ? (KERNEL.equals(b) ? 0 : -1)
                : KERNEL.equals(b) ? 1 : a.compareTo(b));
        methods = List.copyOf(sorted);
        final Map<String, List<String>> copy = new LinkedHashMap<>();
        params.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> copy.put(e.getKey(), List.copyOf(e.getValue())));
        params = Collections.unmodifiableMap(copy);
    }

    /**
     * The class name without its package, as used in reports and in the floors file.
     *
     * @return e.g. {@code RangeReductionBench}
     */
    public String simpleName() {
        return qualifiedName.substring(qualifiedName.lastIndexOf('.') + 1);
    }

    /**
     * Whether the class has a {@value #KERNEL} method.
     *
     * @return true when it does
     */
    public boolean hasKernel() {
        return methods.contains(KERNEL);
    }

    /**
     * The reference and peer methods: every method but {@value #KERNEL}.
     *
     * @return the method names, sorted
     */
    public List<String> references() {
        return methods.stream().filter(m -> !KERNEL.equals(m)).toList();
    }
}
