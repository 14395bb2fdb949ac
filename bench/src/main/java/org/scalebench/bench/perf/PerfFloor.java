package org.scalebench.bench.perf;

/**
 * One row of the committed floors file. Usually a <em>floor</em>: on one parameter combination of a benchmark
 * class, the kernel must be at least {@code minSpeedup} times as fast as a reference measured in the same run, and
 * allocate at most {@code maxBytesPerOp} bytes per operation. A row whose reference is {@value #NO_REFERENCE}
 * names an <em>absolute-time</em> benchmark (a whole simulator or projector, with no reference doing the same
 * work): its time is reported, never gated, because absolute times differ between CPUs far more than ratios do;
 * its allocation is gated when {@code maxBytesPerOp} is a number. Immutable.
 *
 * @param benchmark the class's simple name, e.g. {@code RangeReductionBench}
 * @param reference the reference method, e.g. {@code modulo}, or {@value #NO_REFERENCE}
 * @param params the parameter combination (every {@code @Param} of the class)
 * @param minSpeedup lowest accepted reference time / kernel time, finite and positive; NaN for an absolute row
 * @param maxBytesPerOp highest accepted kernel allocation per operation, finite and at least 0; NaN when
 *     allocation is not gated (absolute rows only)
 * @param source where the floor was read, {@code file:line}, for messages
 */
public record PerfFloor(String benchmark, String reference, ParamSet params, double minSpeedup,
        double maxBytesPerOp, String source) {

    /** The reference of a row that reports an absolute time and gates no ratio. */
    public static final String NO_REFERENCE = "-";

    /**
     * Validates the floor.
     *
     * @param benchmark the class's simple name
     * @param reference the reference method, or {@value #NO_REFERENCE}
     * @param params the parameter combination
     * @param minSpeedup finite and positive; NaN exactly when the reference is {@value #NO_REFERENCE}
     * @param maxBytesPerOp finite and at least 0; NaN (not gated) only without a reference
     * @param source where the floor was read
     */
    public PerfFloor {
        if (benchmark.isBlank() || reference.isBlank()) {
            throw new IllegalArgumentException(source + ": benchmark and reference must not be empty");
        }
        if (BenchmarkClass.KERNEL.equals(reference)) {
            throw new IllegalArgumentException(source + ": reference = kernel: must name a reference or peer method, "
                    + "or " + NO_REFERENCE + " for an absolute time that is reported, not gated");
        }
        final boolean absolute = NO_REFERENCE.equals(reference);
        if (absolute) {
            if (!Double.isNaN(minSpeedup)) {
                throw new IllegalArgumentException(source + ": min_speedup = " + minSpeedup + ": a row without a "
                        + "reference gates no speedup; write " + NO_REFERENCE);
            }
        } else if (!(minSpeedup > 0) || Double.isInfinite(minSpeedup)) {
            throw new IllegalArgumentException(source + ": min_speedup = " + minSpeedup + ": must be a finite number > 0");
        }
        if (!(maxBytesPerOp >= 0) || Double.isInfinite(maxBytesPerOp)) {
            if (!(absolute && Double.isNaN(maxBytesPerOp))) {
                throw new IllegalArgumentException(source + ": max_bytes_per_op = " + maxBytesPerOp
                        + ": must be a finite number >= 0" + (absolute ? " or " + NO_REFERENCE : ""));
            }
        }
    }

    /**
     * Whether this row gates a speedup over a reference (false: an absolute time, reported only).
     *
     * @return true for a floor with a reference
     */
    public boolean gatesSpeedup() {
        return !NO_REFERENCE.equals(reference);
    }

    /**
     * Whether the kernel's allocation is gated.
     *
     * @return true when {@code maxBytesPerOp} is a number
     */
    public boolean gatesAllocation() {
        return !Double.isNaN(maxBytesPerOp);
    }

    /**
     * The row's identity: benchmark, reference and parameters.
     *
     * @return e.g. {@code RangeReductionBench modulo n=1000}
     */
    public String key() {
        return benchmark + " " + reference + " " + params;
    }
}
