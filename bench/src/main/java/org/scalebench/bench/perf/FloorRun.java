package org.scalebench.bench.perf;

/**
 * One measurement of a floor: the kernel and the floor's reference from the same JMH invocation. Immutable.
 *
 * @param kernel the kernel's measurement
 * @param reference the reference's measurement; null for an absolute-time row, which has none
 */
public record FloorRun(Measurement kernel, Measurement reference) {

    /**
     * Validates the run.
     *
     * @param kernel the kernel's measurement, not null
     * @param reference the reference's measurement, or null
     */
    public FloorRun {
        if (kernel == null) {
            throw new IllegalArgumentException("a floor run needs the kernel's measurement");
        }
    }

    /**
     * Reference time / kernel time.
     *
     * @return the speedup, NaN without a reference
     */
    public double speedup() {
        return reference == null ? Double.NaN : reference.nsPerOp() / kernel.nsPerOp();
    }

    /**
     * The speedup's lower bound from JMH's 99.9% score errors: the fastest reference time over the slowest kernel
     * time.
     *
     * @return {@code (ref - refError) / (kernel + kernelError)}, NaN without a reference or without errors
     */
    public double speedupLower() {
        return reference == null ? Double.NaN
                : (reference.nsPerOp() - reference.nsPerOpError()) / (kernel.nsPerOp() + kernel.nsPerOpError());
    }

    /**
     * The speedup's upper bound from JMH's 99.9% score errors.
     *
     * @return {@code (ref + refError) / (kernel - kernelError)}; infinite when the kernel's error reaches its
     *     score; NaN without a reference or without errors
     */
    public double speedupUpper() {
        if (reference == null) {
            return Double.NaN;
        }
        final double fastestKernel = kernel.nsPerOp() - kernel.nsPerOpError();
        return fastestKernel <= 0 ? Double.POSITIVE_INFINITY
                : (reference.nsPerOp() + reference.nsPerOpError()) / fastestKernel;
    }
}
