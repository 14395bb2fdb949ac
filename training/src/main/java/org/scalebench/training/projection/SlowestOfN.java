package org.scalebench.training.projection;

/**
 * The expected maximum of {@code n} independent standard normal variables: for {@code n} up to {@value #EXACT} the
 * integral {@code n * integral of x phi(x) Phi(x)^(n-1) dx}, evaluated once by Simpson's rule when the class loads
 * (0.5642 for 2, 1.0294 for 4, 1.4236 for 8); above, Blom's approximation {@code Phi^-1((n - 0.375) / (n + 0.25))}
 * (Blom 1958), whose error falls with {@code n}, with the inverse normal by Acklam's rational approximation
 * (relative error below 1.2e-9). A synchronous step of {@code N} GPUs whose step compute has mean {@code mu} and
 * standard deviation {@code sigma} ends, in expectation, at {@code mu + sigma * expectedMax(N)}.
 *
 * <p>{@link #expectedMax} is allocation-free; thread-safe.
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
    /** The largest {@code n} evaluated by integration. */
    public static final int EXACT = 64;
    private static final double[] TABLE = integrate();

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
        if (n <= EXACT && n == Math.rint(n)) {
            return TABLE[(int) n];
        }
        return inverseNormal((n - 0.375) / (n + 0.25));
    }

    /** {@code E[max of n]} for {@code n <= EXACT}, by Simpson's rule on [-10, 10]. */
    private static double[] integrate() {
        final double[] table = new double[EXACT + 1];
        final int steps = 8000;
        final double lo = -10;
        final double h = 20.0 / steps;
        for (int n = 2; n <= EXACT; n++) {
            double sum = 0;
            for (int i = 0; i <= steps; i++) {
                final double x = lo + i * h;
                final double f = x * Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI) * Math.pow(normalCdf(x), n - 1);
                sum += (i == 0 || i == steps ? 1 : (i & 1) == 1 ? 4 : 2) * f;
            }
            table[n] = n * sum * h / 3;
        }
        return table;
    }

    /** The standard normal distribution function, by the complementary error function (W. H. Press et al.). */
    private static double normalCdf(final double x) {
        final double z = Math.abs(x) / Math.sqrt(2);
        final double t = 1 / (1 + 0.5 * z);
        final double erfc = t * Math.exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418
                + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223
                + t * 0.17087277)))))))));
        return x >= 0 ? 1 - 0.5 * erfc : 0.5 * erfc;
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
