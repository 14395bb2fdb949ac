package org.scalebench.training.collective;

/**
 * The Hockney-style cost of one point-to-point message plus reduction: a message of {@code n} bytes costs
 * {@code alpha + n * beta}, and reducing {@code n} bytes costs {@code n * gamma} (Thakur, Rabenseifner and
 * Gropp, IJHPCA 2005, section 3).
 *
 * @param alpha latency per message, seconds, finite and at least 0
 * @param beta transfer time per byte, seconds per byte, finite and positive ({@code 1 / bandwidth})
 * @param gamma reduction time per byte, seconds per byte, finite and at least 0
 */
public record AlphaBetaGamma(double alpha, double beta, double gamma) {

    /**
     * Validates the three costs.
     *
     * @throws IllegalArgumentException naming the parameter, its value and what is allowed
     */
    public AlphaBetaGamma {
        if (!(alpha >= 0) || Double.isInfinite(alpha)) {
            throw new IllegalArgumentException("alpha = " + alpha + " s: must be finite and at least 0");
        }
        if (!(beta > 0) || Double.isInfinite(beta)) {
            throw new IllegalArgumentException("beta = " + beta + " s/B: must be finite and positive");
        }
        if (!(gamma >= 0) || Double.isInfinite(gamma)) {
            throw new IllegalArgumentException("gamma = " + gamma + " s/B: must be finite and at least 0");
        }
    }

    /**
     * Builds the costs from a latency and a bandwidth.
     *
     * @param latencySeconds alpha, seconds
     * @param bytesPerSecond link bandwidth, bytes per second, positive
     * @param gammaSecondsPerByte reduction cost, seconds per byte
     * @return the costs
     * @throws IllegalArgumentException if the bandwidth is not positive and finite
     */
    public static AlphaBetaGamma of(final double latencySeconds, final double bytesPerSecond,
            final double gammaSecondsPerByte) {
        if (!(bytesPerSecond > 0) || Double.isInfinite(bytesPerSecond)) {
            throw new IllegalArgumentException("bandwidth = " + bytesPerSecond + " B/s: must be finite and positive");
        }
        return new AlphaBetaGamma(latencySeconds, 1.0 / bytesPerSecond, gammaSecondsPerByte);
    }

    /**
     * The link bandwidth {@code 1 / beta}.
     *
     * @return bytes per second
     */
    public double bandwidth() {
        return 1.0 / beta;
    }
}
