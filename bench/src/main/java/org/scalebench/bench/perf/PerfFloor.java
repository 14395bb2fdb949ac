package org.scalebench.bench.perf;

/**
 * One committed performance floor: on one parameter combination of a benchmark class, the kernel must be at
 * least {@code minSpeedup} times as fast as a reference measured in the same run, and allocate at most
 * {@code maxBytesPerOp} bytes per operation. Immutable.
 *
 * @param benchmark the class's simple name, e.g. {@code RangeReductionBench}
 * @param reference the reference method, e.g. {@code modulo}
 * @param params the parameter combination (every {@code @Param} of the class)
 * @param minSpeedup lowest accepted reference time / kernel time, finite and positive
 * @param maxBytesPerOp highest accepted kernel allocation per operation, finite and at least 0
 * @param source where the floor was read, {@code file:line}, for messages
 */
public record PerfFloor(String benchmark, String reference, ParamSet params, double minSpeedup,
        double maxBytesPerOp, String source) {

    /**
     * Validates the floor.
     *
     * @param benchmark the class's simple name
     * @param reference the reference method
     * @param params the parameter combination
     * @param minSpeedup finite and positive
     * @param maxBytesPerOp finite and at least 0
     * @param source where the floor was read
     */
    public PerfFloor {
        if (benchmark.isBlank() || reference.isBlank()) {
            throw new IllegalArgumentException(source + ": benchmark and reference must not be empty");
        }
        if (BenchmarkClass.KERNEL.equals(reference)) {
            throw new IllegalArgumentException(source + ": reference = kernel: must name a reference or peer method");
        }
        if (!(minSpeedup > 0) || Double.isInfinite(minSpeedup)) {
            throw new IllegalArgumentException(source + ": min_speedup = " + minSpeedup + ": must be a finite number > 0");
        }
        if (!(maxBytesPerOp >= 0) || Double.isInfinite(maxBytesPerOp)) {
            throw new IllegalArgumentException(source + ": max_bytes_per_op = " + maxBytesPerOp
                    + ": must be a finite number >= 0");
        }
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
