package org.scalebench.bench.train;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.scalebench.core.data.TextLimits;

/**
 * Message sizes as written on the command line: a number of bytes with an optional binary suffix, as nccl-tests
 * uses ({@code K} = 1024, {@code M} = 1024^2, {@code G} = 1024^3, {@code T} = 1024^4), optionally followed by
 * {@code B} or {@code iB}: {@code 1024}, {@code 1K}, {@code 64M}, {@code 1.5GiB}. Stateless.
 */
public final class ByteSize {

    private static final Pattern SIZE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([KMGT]?)(?:I?B)?",
            Pattern.CASE_INSENSITIVE);

    private ByteSize() {
    }

    /**
     * Parses one size.
     *
     * @param option the option name for messages, e.g. {@code --bytes}
     * @param text the size
     * @return bytes
     * @throws IllegalArgumentException naming the option, the value and the accepted forms
     */
    public static long parse(final String option, final String text) {
        final Matcher m = SIZE.matcher(text.trim());
        if (m.matches()) {
            final String suffix = m.group(2).toUpperCase(Locale.ROOT);
            final long unit = suffix.isEmpty() ? 1 : 1L << (10 * ("KMGT".indexOf(suffix) + 1));
            // exact decimal arithmetic: through a double, sizes above 2^53 lost their last bytes (2^53 + 1 read as
            // 2^53) and a fraction below a double's precision was dropped (1.0000000000000001K read as 1024)
            final BigDecimal bytes = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(unit));
            if (bytes.signum() == 0) {
                return 0;
            }
            if (bytes.stripTrailingZeros().scale() <= 0 && bytes.compareTo(LARGEST) <= 0) {
                return bytes.longValueExact();
            }
        }
        throw new IllegalArgumentException(option + " = " + TextLimits.quoted(text) + ": must be a whole number of bytes in"
                + " [0, 2^63 - 1], like 1024, 1K, 64M or 2G (K = 1024 bytes)");
    }

    private static final BigDecimal LARGEST = BigDecimal.valueOf(Long.MAX_VALUE);

    /**
     * Parses a comma-separated list of sizes.
     *
     * @param option the option name for messages
     * @param list the sizes, e.g. {@code 1K,1M,100M}
     * @return bytes, in the order given
     * @throws IllegalArgumentException naming the option when a size is malformed or given twice
     */
    public static long[] parseList(final String option, final String list) {
        final String[] parts = list.split(",", -1);
        final long[] out = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            out[i] = parse(option, parts[i]);
            for (int j = 0; j < i; j++) {
                if (out[j] == out[i]) {
                    throw new IllegalArgumentException(option + ": " + TextLimits.quoted(parts[i].strip())
                            + (parts[j].strip().equals(parts[i].strip()) ? " is given twice"
                            : " and " + TextLimits.quoted(parts[j].strip()) + " are the same size (" + out[i]
                            + " bytes)"));
                }
            }
        }
        return out;
    }

    /**
     * Formats bytes with the largest binary unit that divides them, e.g. {@code 100M}.
     *
     * @param bytes the size
     * @return the text
     */
    public static String format(final long bytes) {
        final String[] units = {"", "K", "M", "G", "T"};
        int u = 0;
        long v = bytes;
        while (u < units.length - 1 && v >= 1024 && v % 1024 == 0) {
            v /= 1024;
            u++;
        }
        return v + units[u];
    }
}
