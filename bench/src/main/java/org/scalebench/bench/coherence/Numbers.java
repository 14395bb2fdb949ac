package org.scalebench.bench.coherence;

import java.math.BigDecimal;
import java.util.Locale;
import org.scalebench.bench.perf.MeasurementFormat;

/**
 * How the CDR experiments write numbers: six significant digits in CSV files (so that a row read back and
 * written again is the same text), and cycles, microjoules and mebibytes rounded for people in tables and
 * sentences. Every format uses {@link Locale#ROOT}, so the files do not depend on the host's locale. Stateless.
 */
final class Numbers {

    private Numbers() {
    }

    /**
     * A number in a CSV cell.
     *
     * @param v the value
     * @return six significant digits, e.g. {@code 127.645}
     */
    static String sixDigits(final double v) {
        return String.format(Locale.ROOT, "%.6g", v);
    }

    /**
     * A share for people, as a percentage: the share as CSV files write it ({@link MeasurementFormat#plain}: six
     * significant digits, no trailing zeros), times 100.
     *
     * @param share the share (a fraction)
     * @return e.g. {@code 0%}, {@code 0.01%}, {@code 1%}
     */
    static String percent(final double share) {
        return new BigDecimal(MeasurementFormat.plain(share)).movePointRight(2).toPlainString() + "%";
    }

    /**
     * Cycles for people: three significant digits in scientific notation from a million up, whole cycles with
     * thousands separators from 100 up, one decimal below.
     *
     * @param v cycles
     * @return e.g. {@code 1.67e+08}, {@code 2,273} or {@code 17.3}
     */
    static String cycles(final double v) {
        if (v >= 1e6) {
            return String.format(Locale.ROOT, "%.3g", v);
        }
        return v >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.1f", v);
    }

    /**
     * Energy in microjoules for people, rounded as {@link #cycles} from 100,000 up.
     *
     * @param nanojoules the energy in nanojoules
     * @return e.g. {@code 798} or {@code 3.39e+09}
     */
    static String microjoules(final double nanojoules) {
        final double uj = nanojoules / 1000;
        if (uj >= 1e5) {
            return String.format(Locale.ROOT, "%.3g", uj);
        }
        return uj >= 100 ? String.format(Locale.ROOT, "%,.0f", uj) : String.format(Locale.ROOT, "%.1f", uj);
    }

    /**
     * Bits as mebibytes.
     *
     * @param bits a bit count
     * @return MiB
     */
    static double mib(final long bits) {
        return bits / 8.0 / (1 << 20);
    }

    /**
     * A ratio for people, two decimals and an {@code x}.
     *
     * @param v the ratio
     * @return e.g. {@code 2.24x}
     */
    static String times(final double v) {
        return String.format(Locale.ROOT, "%.2fx", v);
    }

    /**
     * A count with thousands separators.
     *
     * @param n the count
     * @return e.g. {@code 2,813}
     */
    static String count(final long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
