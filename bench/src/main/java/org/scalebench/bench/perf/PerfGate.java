package org.scalebench.bench.perf;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;

/**
 * The performance gate's comparison, a pure function of measured results and committed floors: a floor fails
 * when the kernel's speedup over its reference (both from the same run) is under {@code min_speedup}, when the
 * kernel allocates more than {@code max_bytes_per_op} or its allocation is unknown, or when either was not
 * measured. A speedup equal to the floor passes.
 */
public final class PerfGate {

    private PerfGate() {
    }

    /**
     * Judges every floor against the measurements.
     *
     * @param measured measurements from one or more JMH runs (kernel and reference of a floor from the same run)
     * @param floors the floors
     * @return one verdict per floor, in floor order
     */
    public static List<GateVerdict> evaluate(final List<Measurement> measured, final List<PerfFloor> floors) {
        final List<KernelComparison> comparisons = KernelComparison.group(measured);
        final List<GateVerdict> verdicts = new ArrayList<>();
        for (final PerfFloor floor : floors) {
            final Optional<KernelComparison> comparison = comparisons.stream()
                    .filter(c -> c.benchmark().equals(floor.benchmark()) && c.params().equals(floor.params()))
                    .findFirst();
            final Measurement kernel = comparison.map(KernelComparison::kernel).orElse(null);
            final Measurement reference = comparison.flatMap(c -> c.reference(floor.reference())).orElse(null);
            if (kernel == null || reference == null) {
                verdicts.add(new GateVerdict(floor, kernel == null ? Double.NaN : kernel.nsPerOp(),
                        reference == null ? Double.NaN : reference.nsPerOp(),
                        kernel == null ? Double.NaN : kernel.bytesPerOp(), EnumSet.of(GateVerdict.Failure.NOT_MEASURED)));
                continue;
            }
            final EnumSet<GateVerdict.Failure> failures = EnumSet.noneOf(GateVerdict.Failure.class);
            final double speedup = reference.nsPerOp() / kernel.nsPerOp();
            if (!(speedup >= floor.minSpeedup())) {
                failures.add(GateVerdict.Failure.SPEEDUP);
            }
            if (!(kernel.bytesPerOp() <= floor.maxBytesPerOp())) {
                failures.add(GateVerdict.Failure.ALLOCATION);
            }
            verdicts.add(new GateVerdict(floor, kernel.nsPerOp(), reference.nsPerOp(), kernel.bytesPerOp(), failures));
        }
        return verdicts;
    }
}
