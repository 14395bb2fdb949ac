package org.scalebench.bench.perf;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Turns floors into JMH invocations: per gate round, the kernel and the references the floors name, on exactly the
 * floors' parameter combinations, in the order that pairs them in time. Checks every floor against the benchmark
 * classes first, naming the floor's file and line.
 */
public final class GatePlan {

    private GatePlan() {
    }

    /**
     * The invocations of one gate round: per class and parameter combination (in the floors' order), the kernel and
     * the references the floors name, each as its own one-method invocation so that they run back to back: the
     * kernel first in even rounds and last in odd ones. Combinations whose floors all lack a reference (absolute
     * times) are measured in round 0 only.
     *
     * @param floors the floors
     * @param catalog the benchmark classes on the class path
     * @param round the round, from 0
     * @return the invocations, in run order
     * @throws IllegalArgumentException naming a floor's file and line when it names an unknown class, a method
     *     the class lacks, parameters other than exactly the class's, or a value that does not fit its type
     */
    public static List<RunRequest> round(final List<PerfFloor> floors, final BenchmarkCatalog catalog,
            final int round) {
        final Map<String, Map<ParamSet, TreeSet<String>>> methods = new LinkedHashMap<>();
        for (final PerfFloor floor : floors) {
            check(floor, catalog);
            final TreeSet<String> names = methods.computeIfAbsent(floor.benchmark(), k -> new LinkedHashMap<>())
                    .computeIfAbsent(floor.params(), k -> new TreeSet<>());
            if (floor.gatesSpeedup()) {
                names.add(floor.reference());
            }
        }
        final List<RunRequest> requests = new ArrayList<>();
        methods.forEach((name, byParams) -> {
            final BenchmarkClass benchmark = catalog.find(name).orElseThrow();
            byParams.forEach((params, references) -> {
                if (references.isEmpty() && round > 0) {
                    return;
                }
                final List<String> order = new ArrayList<>();
                order.add(BenchmarkClass.KERNEL);
                order.addAll(references);
                if ((round & 1) == 1) {
                    Collections.reverse(order);
                }
                for (final String method : order) {
                    requests.addAll(RunRequest.ofCombinations(benchmark, List.of(method), List.of(params)));
                }
            });
        });
        return requests;
    }

    private static void check(final PerfFloor floor, final BenchmarkCatalog catalog) {
        final BenchmarkClass benchmark = catalog.find(floor.benchmark()).orElseThrow(() -> new IllegalArgumentException(
                floor.source() + ": no benchmark class " + floor.benchmark() + " (known: " + catalog.names() + ")"));
        if (!benchmark.hasKernel()) {
            throw new IllegalArgumentException(floor.source() + ": " + floor.benchmark() + " has no '"
                    + BenchmarkClass.KERNEL + "' method (methods: " + String.join(", ", benchmark.methods()) + ")");
        }
        if (floor.gatesSpeedup() && !benchmark.references().contains(floor.reference())) {
            throw new IllegalArgumentException(floor.source() + ": " + floor.benchmark() + " has no reference method "
                    + floor.reference() + " (references: " + String.join(", ", benchmark.references()) + ")");
        }
        if (!floor.params().values().keySet().equals(benchmark.params().keySet())) {
            throw new IllegalArgumentException(floor.source() + ": params '" + floor.params() + "' must set every @Param of "
                    + floor.benchmark() + " and no other: " + (benchmark.params().isEmpty() ? "(none)"
                    : String.join(", ", benchmark.params().keySet())));
        }
        floor.params().values().forEach((name, value) -> ParamTypes.problem(benchmark, name, value).ifPresent(problem -> {
            throw new IllegalArgumentException(floor.source() + ": " + problem);
        }));
    }

    /**
     * A representative, short selection of a suite: every method of each class, on the parameter combinations
     * the floors give for it (checked as for {@link #requests}), or on its first declared combination when the
     * floors have none.
     *
     * @param classes the classes to run
     * @param floors the floors (may be empty)
     * @param catalog every benchmark class, to check the floors against
     * @return the invocations, by class
     */
    public static List<RunRequest> representative(final List<BenchmarkClass> classes, final List<PerfFloor> floors,
            final BenchmarkCatalog catalog) {
        floors.forEach(f -> check(f, catalog));
        final List<RunRequest> requests = new ArrayList<>();
        for (final BenchmarkClass benchmark : classes) {
            final List<ParamSet> combinations = floors.stream()
                    .filter(f -> f.benchmark().equals(benchmark.simpleName())).map(PerfFloor::params).toList();
            if (combinations.isEmpty()) {
                requests.add(RunRequest.firstCombination(benchmark));
            } else {
                requests.addAll(RunRequest.ofCombinations(benchmark, benchmark.methods(), combinations));
            }
        }
        return requests;
    }
}
