package org.scalebench.bench.perf;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The gate's judgement of one floor: what was measured and why it failed, if it did. Immutable.
 *
 * @param floor the floor
 * @param kernelNs the kernel's time per operation (NaN when not measured)
 * @param referenceNs the reference's time per operation (NaN when not measured)
 * @param bytesPerOp the kernel's allocation per operation (NaN when not measured or the profiler failed)
 * @param failures why the floor is not met; empty when it is
 */
public record GateVerdict(PerfFloor floor, double kernelNs, double referenceNs, double bytesPerOp,
        Set<Failure> failures) {

    /** Why a floor is not met. */
    public enum Failure {
        /** The kernel's speedup over the reference fell under {@code min_speedup}. */
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
        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /**
     * Copies the failure set.
     *
     * @param floor the floor
     * @param kernelNs the kernel's time per operation
     * @param referenceNs the reference's time per operation
     * @param bytesPerOp the kernel's allocation per operation
     * @param failures why the floor is not met
     */
    public GateVerdict {
        failures = failures.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(failures));
    }

    /**
     * Reference time / kernel time.
     *
     * @return the speedup (NaN when not measured)
     */
    public double speedup() {
        return referenceNs / kernelNs;
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
     * (e.g. {@code fail:speedup+allocation}).
     *
     * @return the status
     */
    public String status() {
        return passed() ? "pass" : "fail:" + EnumSet.copyOf(failures).stream().map(Failure::label)
                .collect(Collectors.joining("+"));
    }
}
