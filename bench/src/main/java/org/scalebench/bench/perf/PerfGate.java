package org.scalebench.bench.perf;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;

/**
 * The performance gate's comparison, a pure function of measured results and committed floors: a floor fails
 * when the median of its runs' speedups (each run pairs the kernel and the reference
 * measured back to back in one gate round) is under
 * {@code min_speedup}, when the median of the kernel's allocations exceeds {@code max_bytes_per_op} or is
 * unknown, or when a run lacks the kernel or the reference. A speedup equal to the floor passes. An
 * absolute-time row fails only on allocation (when it gates it) or when not measured.
 */
public final class PerfGate {

    private PerfGate() {
    }

    /**
     * Judges every floor against the measurements of one round (each floor then has at most one run).
     *
     * @param measured measurements from one pass of JMH invocations
     * @param floors the floors
     * @return one verdict per floor, in floor order
     */
    public static List<GateVerdict> evaluate(final List<Measurement> measured, final List<PerfFloor> floors) {
        final List<KernelComparison> comparisons = KernelComparison.group(measured);
        final List<GateVerdict> verdicts = new ArrayList<>();
        for (final PerfFloor floor : floors) {
            verdicts.add(judge(floor, run(comparisons, floor).map(List::of).orElse(List.of())));
        }
        return verdicts;
    }

    /**
     * The floor's run in one pass of measurements: its kernel and its reference on its parameters.
     *
     * @param comparisons the pass's measurements, grouped
     * @param floor the floor
     * @return the run, empty when the kernel or (for a floor with a reference) the reference is missing
     */
    public static Optional<FloorRun> run(final List<KernelComparison> comparisons, final PerfFloor floor) {
        final Optional<KernelComparison> comparison = comparisons.stream()
                .filter(c -> c.benchmark().equals(floor.benchmark()) && c.params().equals(floor.params())
                        && Measurement.AVERAGE_TIME.equals(c.mode()))
                .findFirst();
        final Measurement kernel = comparison.map(KernelComparison::kernel).orElse(null);
        if (kernel == null) {
            return Optional.empty();
        }
        if (!floor.gatesSpeedup()) {
            return Optional.of(new FloorRun(kernel, null));
        }
        return comparison.flatMap(c -> c.reference(floor.reference())).map(r -> new FloorRun(kernel, r));
    }

    /**
     * Judges one floor on all its runs: on the median speedup and the median allocation.
     *
     * @param floor the floor
     * @param runs every run that measured it (empty: not measured)
     * @return the verdict
     */
    public static GateVerdict judge(final PerfFloor floor, final List<FloorRun> runs) {
        if (runs.isEmpty()) {
            return new GateVerdict(floor, runs, EnumSet.of(GateVerdict.Failure.NOT_MEASURED));
        }
        final GateVerdict unjudged = new GateVerdict(floor, runs, EnumSet.noneOf(GateVerdict.Failure.class));
        final EnumSet<GateVerdict.Failure> failures = EnumSet.noneOf(GateVerdict.Failure.class);
        if (floor.gatesSpeedup() && !(unjudged.speedup() >= floor.minSpeedup())) {
            failures.add(GateVerdict.Failure.SPEEDUP);
        }
        if (floor.gatesAllocation() && !(unjudged.bytesPerOp() <= floor.maxBytesPerOp())) {
            failures.add(GateVerdict.Failure.ALLOCATION);
        }
        return new GateVerdict(floor, runs, failures);
    }
}
