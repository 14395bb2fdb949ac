package org.scalebench.bench.cli;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Checks every command applies to option values: names as typed in messages, no value given twice. */
final class OptionValues {

    private OptionValues() {
    }

    /** A library message that names its value: {@code scheme 'snoop': must be one of ...}. */
    private static final Pattern QUOTED_VALUE = Pattern.compile("[a-z][a-z -]*'([^']*)'(: .*)", Pattern.DOTALL);

    /**
     * Parses or resolves an option's value with a library parser, naming the option as the user typed it in the
     * message: the library's {@code model = 'resnet': must be one of ...} becomes {@code --model = 'resnet': ...}
     * and {@code scheme 'snoop': must be one of ...} becomes {@code --scheme snoop: must be one of ...}. Messages
     * that already name an option, and errors of data files (their own {@code file:line:} message), pass unchanged.
     *
     * @param option the option name, e.g. {@code --model}
     * @param parse the parser
     * @param <T> the parsed type
     * @return the parsed value
     * @throws UsageException naming the option
     */
    static <T> T named(final String option, final Supplier<T> parse) {
        try {
            return parse.get();
        } catch (final org.scalebench.core.data.DataFileException e) {
            throw e;
        } catch (final IllegalArgumentException e) {
            throw new UsageException(rename(option, String.valueOf(e.getMessage())));
        }
    }

    /**
     * A library message with the option's name in front of the value.
     *
     * @param option the option
     * @param message the library's message
     * @return the message for the command line
     */
    static String rename(final String option, final String message) {
        if (message.startsWith("--")) {
            return message;
        }
        final Matcher quoted = QUOTED_VALUE.matcher(message);
        if (quoted.matches()) {
            return option + " " + quoted.group(1) + quoted.group(2);
        }
        final int eq = message.indexOf(" = ");
        return option + (eq >= 0 && eq < 40 ? message.substring(eq) : ": " + message);
    }

    /**
     * A list option's values, refusing a value given twice (a study would run and write it twice).
     *
     * @param option the option name for messages
     * @param values the values as given
     * @return the values, in the order given
     * @throws UsageException naming the option and the repeated value
     */
    static List<String> distinct(final String option, final List<String> values) {
        final Set<String> seen = new HashSet<>();
        for (final String v : values) {
            if (!seen.add(v.strip().toLowerCase(Locale.ROOT))) {
                throw new UsageException(option + ": '" + v + "' is given twice");
            }
        }
        return values;
    }

    /**
     * A numeric list option's values, refusing a value given twice (1e-3 and 0.001 are the same value).
     *
     * @param option the option name for messages
     * @param values the values as given
     * @return the values, in the order given
     * @throws UsageException naming the option and the repeated value
     */
    static List<Double> distinctNumbers(final String option, final List<Double> values) {
        final Set<Double> seen = new HashSet<>();
        for (final double v : values) {
            if (!seen.add(v)) {
                throw new UsageException(option + ": " + v + " is given twice");
            }
        }
        return values;
    }
}
