package org.scalebench.training.projection;

/**
 * The expected maximum of {@code n} independent standard normal variables, by Blom's approximation
 * {@code Phi^-1((n - 0.375) / (n + 0.25))} (Blom 1958; within 0.5% of the exact value from {@code n = 2} to
 * {@code 10^6}: 0.5642 exact against 0.5695 for 2, 1.4236 against 1.4238 for 8), with the inverse normal by
 * Acklam's rational approximation (relative error below 1.2e-9). A synchronous step of {@code N} GPUs whose step
 * compute has mean {@code mu} and standard deviation {@code sigma} ends, in expectation, at
 * {@code mu + sigma * expectedMax(N)}.
 *
 * <p>Stateless, allocation-free, thread-safe.
 */
public final class SlowestOfN {

    private static final double[] A = {-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
        1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00};
    private static final double[] B = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
        6.680131188771972e+01, -1.328068155288572e+01};
    private static final double[] C = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
        -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00};
    private static final double[] D = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
        3.754408661907416e+00};
    private static final double LOW = 0.02425;

    private SlowestOfN() {
    }

    /**
     * The expected maximum of {@code n} standard normal variables.
     *
     * @param n how many, at least 1 (1 gives 0)
     * @return the expectation
     */
    public static double expectedMax(final double n) {
        if (n <= 1) {
            return 0.0;
        }
        return inverseNormal((n - 0.375) / (n + 0.25));
    }

    /**
     * The standard normal quantile.
     *
     * @param p a probability in {@code (0, 1)}
     * @return {@code Phi^-1(p)}
     */
    public static double inverseNormal(final double p) {
        if (p < LOW) {
            final double q = Math.sqrt(-2 * Math.log(p));
            return (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
                    / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1);
        }
        if (p > 1 - LOW) {
            final double q = Math.sqrt(-2 * Math.log(1 - p));
            return -(((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
                    / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1);
        }
        final double q = p - 0.5;
        final double r = q * q;
        return (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
                / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1);
    }
}
