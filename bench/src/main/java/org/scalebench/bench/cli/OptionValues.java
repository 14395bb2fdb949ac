package org.scalebench.bench.cli;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.scalebench.bench.io.OutputLocation;
import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.core.data.TextLimits;

/** Checks every command applies to option values: names as typed in messages, no value given twice. */
final class OptionValues {

    private OptionValues() {
    }

    /** A library message that names its value: {@code scheme 'snoop': must be one of ...}. */
    private static final Pattern QUOTED_VALUE = Pattern.compile("[a-z][a-z -]*('[^']*'(?: \\(\\d+ characters\\))?)(: .*)",
            Pattern.DOTALL);

    /**
     * Parses or resolves an option's value with a library parser, naming the option as the user typed it in the
     * message: the library's {@code model = 'resnet': must be one of ...} becomes {@code --model = 'resnet': ...}
     * and {@code scheme 'snoop': must be one of ...} becomes {@code --scheme 'snoop': must be one of ...}; the value
     * is shown as {@link TextLimits#quoted} shows every echoed value. Messages that already name an option, and
     * errors of data files (their own {@code file:line:} message), pass unchanged.
     *
     * @param option the option name, e.g. {@code --model}
     * @param value the value as given, for the message
     * @param parse the parser
     * @param <T> the parsed type
     * @return the parsed value
     * @throws UsageException naming the option
     */
    static <T> T named(final String option, final String value, final Supplier<T> parse) {
        try {
            return parse.get();
        } catch (final org.scalebench.core.data.DataFileException e) {
            throw e;
        } catch (final IllegalArgumentException e) {
            throw new UsageException(rename(option, echoed(String.valueOf(e.getMessage()), value)));
        }
    }

    /**
     * Runs a library check that names several parameters, naming each as the command's option: in the library's
     * {@code global batch = 63: must be a multiple of dp x micro batch = ...}, every parameter the map knows becomes
     * its option ({@code --global-batch = 63: must be a multiple of --dp x --micro-batch = ...}). Other messages
     * pass unchanged.
     *
     * @param options each library parameter's option
     * @param check the check
     * @throws UsageException naming the options
     */
    static void parameters(final Map<String, String> options, final Runnable check) {
        parameters(options, () -> {
            check.run();
            return null;
        });
    }

    /**
     * Builds a library object whose checks name several parameters, naming each as the command's option, as
     * {@link #parameters(Map, Runnable)} does.
     *
     * @param <T> what is built
     * @param options each library parameter's option
     * @param build builds it
     * @return what was built
     * @throws UsageException naming the options
     */
    static <T> T parameters(final Map<String, String> options, final Supplier<T> build) {
        try {
            return build.get();
        } catch (final org.scalebench.core.data.DataFileException e) {
            throw e;
        } catch (final IllegalArgumentException e) {
            String message = String.valueOf(e.getMessage());
            for (final Map.Entry<String, String> p : options.entrySet()) {
                message = message.replaceAll("(?<![-\\w])" + Pattern.quote(p.getKey()) + "(?![-\\w])",
                        Matcher.quoteReplacement(p.getValue()));
            }
            throw new UsageException(message);
        }
    }

    /**
     * A library's message with the value it echoes shown as {@link TextLimits#quoted} shows it (cut, escaped,
     * quoted once), whether the library quoted it, trimmed it or lower-cased it. A short plain value the library
     * wrote bare is left as it is (it may be a word of the message, as {@code vm} in {@code vm size = 3}).
     *
     * @param message the library's message
     * @param value the value given
     * @return the message
     */
    static String echoed(final String message, final String value) {
        if (value == null || value.isEmpty()) {
            return message;
        }
        final String shown = TextLimits.quoted(value);
        final boolean unsafe = !shown.equals("'" + value + "'"); // long, or holding control characters
        final String mark = "\u0000"; // no message holds a NUL: it marks where the value was
        String m = message.replace(mark, "");
        for (final String form : new String[] {value, value.strip(), value.strip().toLowerCase(Locale.ROOT)}) {
            if (!form.isEmpty()) {
                m = m.replace("'" + form + "'", mark);
                if (unsafe) {
                    m = m.replace(form, mark); // also where the library wrote it bare
                }
            }
        }
        return m.replace(mark, shown);
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
                throw new UsageException(option + ": " + TextLimits.quoted(v) + " is given twice");
            }
        }
        return values;
    }

    /**
     * Input files given as a list, refusing one given twice by any name ({@code t.sbt}, {@code ./t.sbt}, a link to
     * it): it would be read, counted or replayed twice.
     *
     * @param label the parameter's label for messages, e.g. {@code TRACE}
     * @param files the files as given
     * @throws UsageException {@code LABEL 'PATH' is given twice}
     */
    static void distinctFiles(final String label, final List<Path> files) {
        final Set<Path> seen = new HashSet<>();
        for (final Path f : files) {
            Path key;
            try {
                key = f.toRealPath();
            } catch (final java.io.IOException | SecurityException missing) {
                key = f.toAbsolutePath().normalize(); // reading it will say what is wrong with it
            }
            if (!seen.add(key)) {
                throw new UsageException(label + " " + TextLimits.quoted(f.toString()) + " is given twice");
            }
        }
    }

    /**
     * Directory formats given as a list, each checked, refusing two spellings of one format
     * ({@code coarse-vector} and {@code coarse-vector-4}, {@code dir-b-4} and {@code dir-b-04}).
     *
     * @param option the option name for messages
     * @param values the formats as given
     * @return the formats' canonical ids, in the order given
     * @throws UsageException naming the option and the value
     */
    static List<String> formats(final String option, final List<String> values) {
        final Map<String, String> byId = new LinkedHashMap<>();
        for (final String v : values) {
            final String id = named(option, v, () -> FormatSpec.parse(v)).id();
            final String earlier = byId.putIfAbsent(id, v);
            if (earlier != null) {
                throw new UsageException(option + ": " + TextLimits.quoted(v) + (earlier.equals(v) ? " is given twice"
                        : " and " + TextLimits.quoted(earlier) + " are the same format (" + id + ")"));
            }
        }
        return List.copyOf(byId.keySet());
    }

    /**
     * Refuses a second value of a list option that names the same thing as an earlier one (a built-in model and a
     * copy of its file, two files of one cluster): their rows would carry the same name and could not be told
     * apart.
     *
     * @param option the option name for messages
     * @param value the value as given
     * @param name the name the value resolved to
     * @param seen names seen so far, to the value that named each; updated
     * @throws UsageException naming both values
     */
    static void namedOnce(final String option, final String value, final String name, final Map<String, String> seen) {
        final String key = name.strip().toLowerCase(Locale.ROOT);
        final String earlier = seen.putIfAbsent(key, value);
        if (earlier != null) {
            throw new UsageException(option + " " + TextLimits.quoted(value) + ": names " + TextLimits.quoted(name)
                    + ", as " + TextLimits.quoted(earlier) + " does; its rows could not be told apart (give each once)");
        }
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

    /**
     * An input file an option names, checked before it is read so that the message names the option: an empty path,
     * a missing file, a directory, a device, FIFO or socket are refused.
     *
     * @param option the option, for the message
     * @param value the path as given
     * @return the path
     * @throws UsageException {@code OPTION 'PATH': reason}
     */
    static Path inputFile(final String option, final String value) {
        final String shown = option + " " + TextLimits.quoted(value) + ": ";
        if (value.isBlank()) {
            throw new UsageException(shown + "an empty path");
        }
        final Path file;
        try {
            file = Path.of(value);
        } catch (final InvalidPathException e) {
            throw new UsageException(shown + "not a path (" + e.getReason() + ")");
        }
        if (!Files.exists(file)) {
            throw new UsageException(shown + "no such file");
        }
        if (!Files.isRegularFile(file)) {
            throw new UsageException(shown + (Files.isDirectory(file) ? "is a directory" : OutputLocation.kind(file))
                    + ", expected a file");
        }
        return file;
    }

    /**
     * Refuses an output that is one of the command's own input files (the same file, by any path or link): writing it
     * would replace what the command reads. A value that names no existing file (a built-in name) is not an input
     * file and passes.
     *
     * @param outOption the output's option, for the message
     * @param out the output path
     * @param inOption the input's option, for the message
     * @param in the input as given (a path or a name)
     * @throws UsageException {@code OUT 'PATH': is the IN file 'PATH'; ...}
     */
    static void refuseOverwriting(final String outOption, final Path out, final String inOption, final String in) {
        final Path input;
        try {
            input = Path.of(in);
        } catch (final InvalidPathException notAPath) {
            return;
        }
        try {
            if (Files.isRegularFile(out) && Files.isRegularFile(input) && Files.isSameFile(out, input)) {
                throw new UsageException(outOption + " " + TextLimits.quoted(out.toString()) + ": is the " + inOption
                        + " file " + TextLimits.quoted(in) + "; writing it would replace what the command reads (choose"
                        + " another path)");
            }
        } catch (final java.io.IOException cannotTell) {
            // the write reports what is wrong with the path
        }
    }
}
