package org.scalebench.bench.perf;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/** How times, ratios and allocations are written in tables and CSV files (locale-independent). */
public final class MeasurementFormat {

    private MeasurementFormat() {
    }

    /**
     * A time per operation with three significant digits: {@code 0.559}, {@code 2.88}, {@code 28.8}, {@code 1234}.
     *
     * @param ns nanoseconds
     * @return the text, {@code NaN} when unknown
     */
    public static String nanos(final double ns) {
        if (Double.isNaN(ns)) {
            return "NaN";
        }
        final double magnitude = Math.abs(ns);
        final String pattern = magnitude < 1 ? "%.3f" : magnitude < 10 ? "%.2f" : magnitude < 100 ? "%.1f" : "%.0f";
        return String.format(Locale.ROOT, pattern, ns);
    }

    /**
     * A speedup: {@code 2.67x}.
     *
     * @param ratio reference time / kernel time
     * @return the text, {@code NaN} when unknown
     */
    public static String ratio(final double ratio) {
        return Double.isNaN(ratio) ? "NaN" : String.format(Locale.ROOT, "%.2fx", ratio);
    }

    /**
     * A ratio as a plain number for CSV files: {@code 2.671}.
     *
     * @param ratio the ratio
     * @return the text
     */
    public static String plainRatio(final double ratio) {
        return Double.isNaN(ratio) ? "NaN" : String.format(Locale.ROOT, "%.3f", ratio);
    }

    /**
     * Bytes per operation: {@code 0} for exactly none, three significant digits otherwise ({@code 6.10e-05},
     * {@code 24.0}, {@code 1040}).
     *
     * @param bytes bytes per operation
     * @return the text, {@code NaN} when unknown
     */
    public static String bytes(final double bytes) {
        if (Double.isNaN(bytes)) {
            return "NaN";
        }
        if (bytes == 0) {
            return "0";
        }
        if (bytes < 0.01) {
            return String.format(Locale.ROOT, "%.2e", bytes);
        }
        return String.format(Locale.ROOT, bytes < 100 ? "%.3g" : "%.0f", bytes);
    }

    /**
     * A number for CSV files: six significant digits, plain decimal, no trailing zeros ({@code 1.06123},
     * {@code 0.0000610234}, {@code 2}, {@code 0.01}).
     *
     * @param value the number
     * @return the text, {@code NaN} when unknown
     */
    public static String plain(final double value) {
        if (!Double.isFinite(value)) {
            return Double.toString(value);
        }
        return value == 0 ? "0" : new BigDecimal(value).round(new MathContext(6)).stripTrailingZeros().toPlainString();
    }
}
