package org.scalebench.bench.perf;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The performance gate's procedure: up to {@code rounds} rounds, each measuring gated kernels and their references
 * once (one fork each), the kernel and the references of one parameter combination back to back, in alternating
 * order from round to round (kernel first in even rounds, last in odd ones) so that a slow spell of the host falls
 * on both sides of a comparison alike. Each round gives one paired ratio per floor; a floor is judged on the median
 * of its rounds, so one slow fork cannot decide a verdict. A floor leaves the later rounds as soon as a majority of
 * the planned rounds agree on its verdict (with 3 rounds: when its first two agree), since the remaining rounds
 * could not change that median's side of the floor; the spread of its rounds is reported beside it
 * ({@link GateVerdict#unstable()}). Absolute-time rows are measured in the first round only (their time is
 * reported, their allocation gated).
 *
 * <p><b>Confirmation.</b> A floor that fails after the planned rounds is measured again, in up to {@code confirm}
 * further rounds (the order still alternating), until a majority of all {@code rounds + confirm} rounds agree on its
 * side, and is judged on the median of every round it took: a host's slow spell of a minute or two, which can put two
 * of three rounds under a floor on unchanged code, must then last through most of seven. A regression that puts the
 * kernel under its floor in every round still fails, after {@code confirm / 2 + 1} more rounds at most. The rule errs
 * one way, on purpose: a floor that passes is not measured again. Not thread-safe.
 */
public final class GateRun {

    /** Rounds of a gate run: the fewest for which a median is decided by the majority of the forks. */
    public static final int DEFAULT_ROUNDS = 3;
    /** Most rounds {@code --rounds} accepts. */
    public static final int MAX_ROUNDS = 15;
    /**
     * Confirmation rounds a failing floor may take by default: with {@link #DEFAULT_ROUNDS} planned, a floor that
     * fails is judged on the median of up to seven rounds, decided once four agree.
     */
    public static final int DEFAULT_CONFIRM = 4;
    /** Most confirmation rounds {@code --confirm} accepts. */
    public static final int MAX_CONFIRM = 15;

    /** Measures JMH invocations (the gate's seam: the CLI runs JMH, tests give synthetic results). */
    @FunctionalInterface
    public interface Measurer {
        /**
         * Runs the invocations, in order.
         *
         * @param requests the invocations
         * @return their results
         */
        JmhResults measure(List<RunRequest> requests);
    }

    /**
     * What the gate did: the verdicts and every round of JMH results, in run order. Immutable.
     *
     * @param verdicts one per floor, in floor order
     * @param passes one per round
     */
    public record Outcome(List<GateVerdict> verdicts, List<JmhResults> passes) {

        /**
         * Copies the lists.
         *
         * @param verdicts one per floor
         * @param passes every round
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

        /**
         * The number of floors whose rounds disagree by more than their margin over the floor.
         *
         * @return the count
         */
        public long unstable() {
            return verdicts.stream().filter(GateVerdict::unstable).count();
        }
    }

    private GateRun() {
    }

    /**
     * Whether a floor's verdict is settled: a majority of the planned rounds already agree on the speedup's side of
     * the floor and on the allocation's side of its bound, so the median of every planned round is on that side too.
     *
     * @param floor the floor
     * @param runs its runs so far
     * @param rounds the planned rounds
     * @return true when no further round can change the verdict
     */
    static boolean decided(final PerfFloor floor, final List<FloorRun> runs, final int rounds) {
        final int majority = rounds / 2 + 1;
        final long fast = runs.stream().filter(r -> r.speedup() >= floor.minSpeedup()).count();
        final long slow = runs.stream().filter(r -> r.speedup() < floor.minSpeedup()).count();
        if (fast < majority && slow < majority) {
            return false;
        }
        if (!floor.gatesAllocation()) {
            return true;
        }
        final long lean = runs.stream().filter(r -> r.kernel().bytesPerOp() <= floor.maxBytesPerOp()).count();
        final long heavy = runs.stream().filter(r -> r.kernel().bytesPerOp() > floor.maxBytesPerOp()).count();
        return lean >= majority || heavy >= majority;
    }

    /**
     * Runs the gate without confirmation rounds: every floor is judged on the planned rounds alone.
     *
     * @param floors the floors (checked against the catalog first)
     * @param catalog the benchmark classes
     * @param measurer runs JMH
     * @param rounds rounds, in {@code [1, MAX_ROUNDS]}
     * @param log told, in one line each, when a round ends
     * @return the verdicts and the raw results
     */
    public static Outcome run(final List<PerfFloor> floors, final BenchmarkCatalog catalog, final Measurer measurer,
            final int rounds, final Consumer<String> log) {
        return run(floors, catalog, measurer, rounds, 0, log);
    }

    /**
     * Runs the gate: the planned rounds, then confirmation rounds for the floors that failed them.
     *
     * @param floors the floors (checked against the catalog first)
     * @param catalog the benchmark classes
     * @param measurer runs JMH
     * @param rounds rounds, in {@code [1, MAX_ROUNDS]}
     * @param confirm further rounds a failing floor may take, in {@code [0, MAX_CONFIRM]}
     * @param log told, in one line each, when a round ends
     * @return the verdicts and the raw results
     */
    public static Outcome run(final List<PerfFloor> floors, final BenchmarkCatalog catalog, final Measurer measurer,
            final int rounds, final int confirm, final Consumer<String> log) {
        if (rounds < 1 || rounds > MAX_ROUNDS) {
            throw new IllegalArgumentException("rounds = " + rounds + ": must be in [1, " + MAX_ROUNDS + "]");
        }
        if (confirm < 0 || confirm > MAX_CONFIRM) {
            throw new IllegalArgumentException("confirm = " + confirm + ": must be in [0, " + MAX_CONFIRM + "]");
        }
        final Map<PerfFloor, List<FloorRun>> runs = new LinkedHashMap<>();
        floors.forEach(f -> runs.put(f, new ArrayList<>()));
        final List<JmhResults> passes = new ArrayList<>();
        int round = 0;
        for (; round < rounds; round++) {
            final int r = round;
            final List<PerfFloor> measured = floors.stream()
                    .filter(f -> r == 0 || f.gatesSpeedup() && !decided(f, runs.get(f), rounds)).toList();
            if (measured.isEmpty()) {
                log.accept("every verdict decided after " + round + " of " + rounds + " rounds");
                break;
            }
            measure(measured, catalog, measurer, round, runs, passes);
            if (rounds > 1) {
                log.accept("round " + (round + 1) + " of " + rounds + " measured (" + measured.size() + " floor"
                        + (measured.size() == 1 ? "" : "s") + ")");
            }
        }
        final int total = rounds + confirm;
        final List<PerfFloor> confirming = floors.stream()
                .filter(f -> f.gatesSpeedup() && !runs.get(f).isEmpty() && !PerfGate.judge(f, runs.get(f)).passed())
                .toList();
        if (confirm > 0 && !confirming.isEmpty()) {
            log.accept("confirming " + confirming.size() + " failing floor" + (confirming.size() == 1 ? "" : "s")
                    + " in up to " + confirm + " more round" + (confirm == 1 ? "" : "s") + " (judged on the median of "
                    + "up to " + total + ")");
            for (int extra = 1; extra <= confirm; extra++, round++) {
                final List<PerfFloor> measured = confirming.stream().filter(f -> !decided(f, runs.get(f), total))
                        .toList();
                if (measured.isEmpty()) {
                    break;
                }
                measure(measured, catalog, measurer, round, runs, passes);
                log.accept("confirmation round " + extra + " of " + confirm + " measured (" + measured.size()
                        + " floor" + (measured.size() == 1 ? "" : "s") + ")");
            }
        }
        final List<GateVerdict> verdicts = new ArrayList<>();
        runs.forEach((floor, floorRuns) -> verdicts.add(PerfGate.judge(floor, floorRuns)));
        return new Outcome(verdicts, passes);
    }

    /** Measures one round of the given floors and adds each floor's run. */
    private static void measure(final List<PerfFloor> measured, final BenchmarkCatalog catalog,
            final Measurer measurer, final int round, final Map<PerfFloor, List<FloorRun>> runs,
            final List<JmhResults> passes) {
        final JmhResults pass = measurer.measure(GatePlan.round(measured, catalog, round));
        passes.add(pass);
        final List<KernelComparison> comparisons = pass.comparisons();
        for (final PerfFloor floor : measured) {
            PerfGate.run(comparisons, floor).ifPresent(runs.get(floor)::add);
        }
    }
}
