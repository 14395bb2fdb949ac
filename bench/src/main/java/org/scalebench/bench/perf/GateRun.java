package org.scalebench.bench.perf;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * The performance gate's procedure: one pass over every floor, then up to {@value #EXTRA_RUNS} more runs of
 * just the failing floors' classes and parameter combinations (same settings), each floor judged on the median
 * of its runs. A floor that fails once because the machine was busy, or because the JIT chose another plan in
 * that fork, passes when most of its runs meet it; a real regression fails every run and still fails. Not
 * thread-safe.
 */
public final class GateRun {

    /** How many more times a failing floor is measured. */
    public static final int EXTRA_RUNS = 2;

    /** Measures JMH invocations (the gate's seam: the CLI runs JMH, tests give synthetic results). */
    @FunctionalInterface
    public interface Measurer {
        /**
         * Runs the invocations.
         *
         * @param requests the invocations
         * @return their results
         */
        JmhResults measure(List<RunRequest> requests);
    }

    /**
     * What the gate did: the verdicts and every pass of JMH results, in run order. Immutable.
     *
     * @param verdicts one per floor, in floor order
     * @param passes the first pass, then the re-measurement passes
     */
    public record Outcome(List<GateVerdict> verdicts, List<JmhResults> passes) {

        /**
         * Copies the lists.
         *
         * @param verdicts one per floor
         * @param passes every pass
         */
        public Outcome {
            verdicts = List.copyOf(verdicts);
            passes = List.copyOf(passes);
        }

        /**
         * The number of failed floors.
         *
         * @return the count
         */
        public long failed() {
            return verdicts.stream().filter(v -> !v.passed()).count();
        }
    }

    private GateRun() {
    }

    /**
     * Runs the gate.
     *
     * @param floors the floors (checked against the catalog first)
     * @param catalog the benchmark classes
     * @param measurer runs JMH
     * @param log told, in one line each, which floors are re-measured
     * @return the verdicts and the raw results
     */
    public static Outcome run(final List<PerfFloor> floors, final BenchmarkCatalog catalog, final Measurer measurer,
            final Consumer<String> log) {
        final List<JmhResults> passes = new ArrayList<>();
        final JmhResults first = measurer.measure(GatePlan.requests(floors, catalog));
        passes.add(first);
        final List<GateVerdict> firstVerdicts = PerfGate.evaluate(first.measurements(), floors);
        final Map<PerfFloor, List<FloorRun>> runs = new LinkedHashMap<>();
        final List<PerfFloor> failing = new ArrayList<>();
        for (final GateVerdict v : firstVerdicts) {
            runs.put(v.floor(), new ArrayList<>(v.runs()));
            if (!v.passed()) {
                failing.add(v.floor());
            }
        }
        if (!failing.isEmpty()) {
            final List<RunRequest> again = remeasurement(failing, catalog);
            log.accept("re-measuring " + failing.size() + " failing floor" + (failing.size() == 1 ? "" : "s") + " "
                    + EXTRA_RUNS + " more times (" + again.size() + " invocation" + (again.size() == 1 ? "" : "s")
                    + " per run), judged on the median of the runs");
            for (int round = 0; round < EXTRA_RUNS; round++) {
                final JmhResults pass = measurer.measure(again);
                passes.add(pass);
                final List<KernelComparison> comparisons = pass.comparisons();
                for (final PerfFloor floor : failing) {
                    PerfGate.run(comparisons, floor).ifPresent(runs.get(floor)::add);
                }
            }
        }
        final List<GateVerdict> verdicts = new ArrayList<>();
        runs.forEach((floor, floorRuns) -> verdicts.add(PerfGate.judge(floor, floorRuns)));
        return new Outcome(verdicts, passes);
    }

    /**
     * The invocations that measure the failing floors again: per class and parameter combination, the kernel and
     * the failing floors' references, on that combination only.
     *
     * @param failing the failing floors
     * @param catalog the benchmark classes
     * @return the invocations
     */
    static List<RunRequest> remeasurement(final List<PerfFloor> failing, final BenchmarkCatalog catalog) {
        final Map<String, Map<ParamSet, TreeSet<String>>> methods = new LinkedHashMap<>();
        for (final PerfFloor floor : failing) {
            final TreeSet<String> names = methods.computeIfAbsent(floor.benchmark(), k -> new LinkedHashMap<>())
                    .computeIfAbsent(floor.params(), k -> new TreeSet<>());
            names.add(BenchmarkClass.KERNEL);
            if (floor.gatesSpeedup()) {
                names.add(floor.reference());
            }
        }
        final List<RunRequest> requests = new ArrayList<>();
        methods.forEach((benchmark, byParams) -> byParams.forEach((params, names) -> requests.addAll(
                RunRequest.ofCombinations(catalog.find(benchmark).orElseThrow(), List.copyOf(names),
                        List.of(params)))));
        return requests;
    }
}
