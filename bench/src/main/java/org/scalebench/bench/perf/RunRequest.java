package org.scalebench.bench.perf;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * One JMH invocation: some methods of one benchmark class, on the cartesian product of some {@code @Param}
 * values. Every method of one class runs in the same invocation, so kernel and references are measured under
 * the same conditions and their ratio is meaningful. Immutable.
 *
 * @param benchmark the class
 * @param methods the methods to run (a subset of the class's)
 * @param params parameter values to run; a parameter absent here keeps the class's declared values
 */
public record RunRequest(BenchmarkClass benchmark, List<String> methods, Map<String, List<String>> params) {

    /**
     * Validates the request (collections are copied).
     *
     * @param benchmark the class
     * @param methods methods of the class, at least one
     * @param params values of parameters the class declares
     */
    public RunRequest {
        if (methods.isEmpty() || !benchmark.methods().containsAll(methods)) {
            throw new IllegalArgumentException("methods " + methods + ": must be a non-empty subset of "
                    + benchmark.simpleName() + "'s " + benchmark.methods());
        }
        for (final Map.Entry<String, List<String>> p : params.entrySet()) {
            if (!benchmark.params().containsKey(p.getKey()) || p.getValue().isEmpty()) {
                throw new IllegalArgumentException("param " + p.getKey() + "=" + p.getValue() + ": "
                        + benchmark.simpleName() + " declares " + benchmark.params().keySet());
            }
        }
        methods = benchmark.methods().stream().filter(methods::contains).toList();
        final Map<String, List<String>> copy = new LinkedHashMap<>();
        params.forEach((k, v) -> copy.put(k, List.copyOf(v)));
        params = Collections.unmodifiableMap(copy);
    }

    /**
     * Every method of a class on its declared parameter values.
     *
     * @param benchmark the class
     * @return the request
     */
    public static RunRequest everything(final BenchmarkClass benchmark) {
        return new RunRequest(benchmark, benchmark.methods(), Map.of());
    }

    /**
     * Every method of a class on the first declared value of each parameter.
     *
     * @param benchmark the class
     * @return the request
     */
    public static RunRequest firstCombination(final BenchmarkClass benchmark) {
        final Map<String, List<String>> first = new LinkedHashMap<>();
        benchmark.params().forEach((k, v) -> first.put(k, v.subList(0, Math.min(1, v.size()))));
        first.values().removeIf(List::isEmpty);
        return new RunRequest(benchmark, benchmark.methods(), first);
    }

    /**
     * Every method of a class on exactly the given parameter combinations: one request when the combinations
     * form a cartesian product, else one request per combination (so no combination outside the list runs).
     *
     * @param benchmark the class
     * @param methods the methods to run
     * @param combinations the combinations, each setting every parameter of the class
     * @return the requests
     */
    public static List<RunRequest> ofCombinations(final BenchmarkClass benchmark, final List<String> methods,
            final List<ParamSet> combinations) {
        final Map<String, List<String>> union = new LinkedHashMap<>();
        for (final ParamSet combination : combinations) {
            combination.values().forEach((k, v) -> {
                final List<String> values = union.computeIfAbsent(k, unused -> new ArrayList<>());
                if (!values.contains(v)) {
                    values.add(v);
                }
            });
        }
        final long product = union.values().stream().mapToLong(List::size).reduce(1L, (a, b) -> a * b);
        final long distinct = combinations.stream().distinct().count();
        final boolean sameKeys = combinations.stream().map(c -> c.values().keySet()).distinct().count() <= 1;
        if (sameKeys && product == distinct) {
            return List.of(new RunRequest(benchmark, methods, union));
        }
        final List<RunRequest> requests = new ArrayList<>();
        for (final ParamSet combination : combinations.stream().distinct().sorted().toList()) {
            final Map<String, List<String>> single = new LinkedHashMap<>();
            combination.values().forEach((k, v) -> single.put(k, List.of(v)));
            requests.add(new RunRequest(benchmark, methods, single));
        }
        return requests;
    }

    /**
     * The JMH include pattern selecting exactly these methods of this class.
     *
     * @return the regular expression
     */
    public String includeRegex() {
        return "^" + Pattern.quote(benchmark.qualifiedName()) + "\\.("
                + methods.stream().map(Pattern::quote).collect(Collectors.joining("|")) + ")$";
    }

    /**
     * The parameter values that will run: overrides, else the class's declared values.
     *
     * @return parameter name to values
     */
    public Map<String, List<String>> effectiveParams() {
        final Map<String, List<String>> effective = new LinkedHashMap<>(benchmark.params());
        effective.putAll(params);
        return effective;
    }

    /**
     * How many benchmark runs (method x parameter combination) this invocation makes.
     *
     * @return the count
     */
    public int runCount() {
        final long combinations = effectiveParams().values().stream().mapToLong(List::size).reduce(1L, (a, b) -> a * b);
        return Math.toIntExact(methods.size() * combinations);
    }

    /** Returns e.g. {@code RangeReductionBench [kernel, modulo] n=[1000]}. */
    @Override
    public String toString() {
        final String shown = effectiveParams().entrySet().stream()
                .map(e -> e.getKey() + "=" + String.join(",", e.getValue())).collect(Collectors.joining(" "));
        return benchmark.simpleName() + " " + methods + (shown.isEmpty() ? "" : " " + shown);
    }
}
