package org.scalebench.bench.perf;

import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.scalebench.core.data.Named;

/**
 * The gate's judgement of one floor: every run (one per gate round) that measured it and why it failed, if it
 * did. A floor is judged on the median of its runs: the median speedup, and the median allocation; the spread of
 * the run speedups decides whether the comparison is {@link #unstable()}. Immutable.
 *
 * @param floor the floor
 * @param runs the runs that measured it, in run order; empty when it was not measured
 * @param failures why the floor is not met; empty when it is
 */
public record GateVerdict(PerfFloor floor, List<FloorRun> runs, Set<Failure> failures) {

    /** Why a floor is not met. */
    public enum Failure implements Named {
        /** The median speedup of the kernel over the reference fell under {@code min_speedup}. */
        SPEEDUP,
        /** The kernel allocated more than {@code max_bytes_per_op}, or its allocation is unknown (NaN). */
        ALLOCATION,
        /** The kernel or the reference was not in the results. */
        NOT_MEASURED;

        /**
         * The failure as written in the status column.
         *
         * @return e.g. {@code not-measured}
         */
        @Override
        public String id() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /**
     * Copies the run list and the failure set.
     *
     * @param floor the floor
     * @param runs the runs that measured it
     * @param failures why the floor is not met
     */
    public GateVerdict {
        runs = List.copyOf(runs);
        failures = failures.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(failures));
    }

    /**
     * The median of the runs' speedups (reference time / kernel time, each from one run).
     *
     * @return the speedup (NaN when not measured or without a reference)
     */
    public double speedup() {
        return median(runs.stream().mapToDouble(FloorRun::speedup).toArray());
    }

    /**
     * The median of the runs' kernel allocations.
     *
     * @return bytes per operation (NaN when not measured or the profiler failed)
     */
    public double bytesPerOp() {
        return median(runs.stream().mapToDouble(r -> r.kernel().bytesPerOp()).toArray());
    }

    /**
     * The run whose speedup is the median (the lower middle one for an even count; for an absolute-time row, the
     * run with the median kernel time): the run whose times and error bounds are reported.
     *
     * @return the run, or null when not measured
     */
    public FloorRun medianRun() {
        if (runs.isEmpty()) {
            return null;
        }
        final Comparator<FloorRun> order = floor.gatesSpeedup() ? Comparator.comparingDouble(FloorRun::speedup)
                : Comparator.comparingDouble(r -> r.kernel().nsPerOp());
        return runs.stream().sorted(order).toList().get((runs.size() - 1) / 2);
    }

    /**
     * The kernel's time per operation in the median run.
     *
     * @return nanoseconds (NaN when not measured)
     */
    public double kernelNs() {
        final FloorRun run = medianRun();
        return run == null ? Double.NaN : run.kernel().nsPerOp();
    }

    /**
     * The reference's time per operation in the median run.
     *
     * @return nanoseconds (NaN when not measured or without a reference)
     */
    public double referenceNs() {
        final FloorRun run = medianRun();
        return run == null || run.reference() == null ? Double.NaN : run.reference().nsPerOp();
    }

    /**
     * The lowest speedup over the runs.
     *
     * @return the minimum, NaN without runs or without a reference
     */
    public double speedupMin() {
        return runs.stream().mapToDouble(FloorRun::speedup).min().orElse(Double.NaN);
    }

    /**
     * The highest speedup over the runs.
     *
     * @return the maximum, NaN without runs or without a reference
     */
    public double speedupMax() {
        return runs.stream().mapToDouble(FloorRun::speedup).max().orElse(Double.NaN);
    }

    /**
     * Whether the runs of a speedup floor disagree by more than the verdict's distance from the floor: the spread
     * {@code max - min} of the run speedups exceeds {@code |median - floor|}, so another draw of forks could have
     * given the other verdict. Such a comparison is to be fixed (in the kernel or the benchmark), not tolerated.
     *
     * @return true for an unstable speedup floor with at least two runs
     */
    public boolean unstable() {
        return floor.gatesSpeedup() && runs.size() > 1 && speedupMax() - speedupMin() > Math.abs(speedup()
                - floor.minSpeedup());
    }

    /**
     * Whether the floor is met.
     *
     * @return true when nothing failed
     */
    public boolean passed() {
        return failures.isEmpty();
    }

    /**
     * The status column: {@code pass}, or {@code fail:} and the failures joined by {@code +}
     * (e.g. {@code fail:speedup+allocation}); {@code reported} for a met absolute-time row.
     *
     * @return the status
     */
    public String status() {
        if (passed()) {
            return floor.gatesSpeedup() ? "pass" : "reported";
        }
        return "fail:" + EnumSet.copyOf(failures).stream().map(Failure::id).collect(Collectors.joining("+"));
    }

    /**
     * The median of some values: the middle one, or the mean of the two middle ones; NaN when empty or when any
     * value is NaN (an unknown never reads as a good value).
     *
     * @param values the values
     * @return the median
     */
    static double median(final double[] values) {
        if (values.length == 0 || Arrays.stream(values).anyMatch(Double::isNaN)) {
            return Double.NaN;
        }
        final double[] sorted = values.clone();
        Arrays.sort(sorted);
        final int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }
}
