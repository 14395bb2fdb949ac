package org.scalebench.core.data;

/**
 * The number syntax of scalebench's data files: a decimal number, optionally with {@code _} digit separators,
 * or an exact fraction {@code a/b} (as NCCL writes its constants, e.g. {@code 120/128}). Stateless.
 */
public final class DataValues {

    private DataValues() {
    }

    /**
     * Parses a finite number or fraction.
     *
     * @param text the text
     * @return the value
     * @throws NumberFormatException if the text is not a finite number or a fraction with a non-zero denominator
     */
    public static double parseDouble(final String text) {
        final String t = text.trim().replace("_", "");
        final int slash = t.indexOf('/');
        final double value;
        if (slash >= 0) {
            final double num = Double.parseDouble(t.substring(0, slash));
            final double den = Double.parseDouble(t.substring(slash + 1));
            if (den == 0) {
                throw new NumberFormatException("zero denominator in " + text);
            }
            value = num / den;
        } else {
            value = Double.parseDouble(t);
        }
        if (!Double.isFinite(value)) {
            throw new NumberFormatException("not finite: " + text);
        }
        return value;
    }

    /**
     * A bound as a message shows it: an integer without a fraction, else the shortest decimal.
     *
     * @param value the value
     * @return e.g. {@code 1024}, {@code 0.5}, {@code 1.0E12}
     */
    public static String format(final double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value)
                : Double.toString(value);
    }
}
