package org.scalebench.bench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.profile.ProfilerFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.ProfilerConfig;
import org.scalebench.bench.io.TempFiles;
import org.scalebench.bench.perf.BenchmarkCatalog;
import org.scalebench.bench.perf.JmhFailure;
import org.scalebench.bench.perf.JmhResults;
import org.scalebench.bench.perf.JmhRunner;
import org.scalebench.bench.perf.RunRequest;
import org.scalebench.bench.perf.RunSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import org.scalebench.core.data.TextLimits;

/** {@code scalebench bench}: runs the JMH suite and prints each kernel against its references. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Run the JMH suite, or the benchmark classes matching REGEX, with -prof gc. Prints, per class "
                + "and parameter combination, ns/op of the kernel and of each reference or peer, the speedup "
                + "(reference time / kernel time, same run) and bytes per operation; writes JMH's JSON results.",
            "Everything after '--' goes to JMH unchanged (-f, -wi, -i, -w, -r, -bm, -tu, -t, -prof, -jvmArgsAppend, "
                + "-p, -rf/-rff, ...) and wins over scalebench's defaults (average time in ns, -prof gc, --quick's "
                + "settings); JMH's own output is then shown. Give the benchmark pattern as REGEX, before '--'.",
            "Exit codes: 0 done, 1 a benchmark failed, 2 bad input."})
public final class BenchCommand implements Callable<Integer> {

    private static final String JMH_ARGS = "--";

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..*", paramLabel = "REGEX [-- JMH-OPTIONS...]",
            description = "Only classes whose name contains a match, e.g. RangeReduction or '^RangeReductionBench$'; "
                    + "then, after '--', options for JMH itself, e.g. -- -f 1 -i 3 -bm thrpt -prof stack.")
    List<String> positional = new ArrayList<>();

    @Option(names = "--quick", description = "Short run: " + "1 fork, 2 x 200 ms warm-up, 3 x 200 ms measurement "
            + "(default: each class's own @Fork, @Warmup and @Measurement).")
    boolean quick;

    @Option(names = {"-p", "--param"}, paramLabel = "NAME=V[,V...]",
            description = "Run only these @Param values (repeatable), e.g. -p n=1000.")
    List<String> params = new ArrayList<>();

    @Option(names = "--json", paramLabel = "FILE", description = "JMH's JSON results (default: ${DEFAULT-VALUE}).")
    Path json = Path.of("target", "bench.json");

    @Option(names = "--verbose", description = "Also show JMH's own output (on standard error).")
    boolean verbose;

    @Override
    public Integer call() throws Exception {
        final PrintWriter out = spec.commandLine().getOut();
        final PrintWriter err = spec.commandLine().getErr();
        final List<String> jmhArgs = jmhArgs(spec.commandLine().getParseResult().originalArgs());
        if (positional.size() - jmhArgs.size() > 1) {
            throw new UsageException("REGEX: give one pattern before '--' (got " + TextLimits.quoted(String.join(" ",
                    positional.subList(0, positional.size() - jmhArgs.size()))) + "); JMH options go after '--'");
        }
        final String regex = positional.size() > jmhArgs.size() ? positional.get(0) : null;
        if (regex != null && regex.isBlank()) {
            throw new UsageException("REGEX " + TextLimits.quoted(regex)
                    + ": empty; give a pattern, or none to run the whole suite");
        }
        final CommandLineOptions jmhOptions = jmhOptions(jmhArgs);
        checkForkJvm(jmhOptions);
        OutputPaths.checkFile(json, "--json", "json");
        final Path resultFile = JmhRunner.resultFile(jmhOptions);
        if (resultFile != null) {
            OutputPaths.checkFile(resultFile, "JMH's -rff");
            if (resultFile.toAbsolutePath().normalize().equals(json.toAbsolutePath().normalize())) {
                throw new UsageException("JMH's -rff " + TextLimits.quoted(resultFile.toString()) + ": the same file"
                        + " as --json; give another");
            }
        }
        final BenchmarkCatalog catalog = BenchmarkCatalog.fromClassPath();
        final List<RunRequest> requests = BenchmarkSelection.requests(
                BenchmarkSelection.classes(catalog, regex, "REGEX"), BenchmarkSelection.params(params));
        final RunSettings settings = quick ? RunSettings.QUICK : RunSettings.OWN;
        out.println("bench: " + JmhConsole.plan(requests, settings)
                + (jmhArgs.isEmpty() ? "" : "; JMH options: " + String.join(" ", jmhArgs)));
        out.flush();
        final JmhResults results;
        try {
            results = JmhConsole.run(requests, settings, jmhOptions, out, err, verbose || !jmhArgs.isEmpty());
        } catch (final JmhFailure shown) {
            return Scalebench.FAILED;
        }
        out.print(JmhConsole.table(results.comparisons()));
        results.writeJson(json);
        out.println("JMH results: " + json);
        if (resultFile != null) {
            // each class ran as its own JMH run: every run's results go to the file at once, atomically
            final ResultFormatType format = JmhRunner.resultFormat(jmhOptions);
            JmhResults.write(resultFile, format, List.of(results));
            out.println("JMH results (-rf " + format.toString().toLowerCase(Locale.ROOT) + "): " + resultFile);
        }
        return Scalebench.OK;
    }

    /**
     * The arguments after the first {@code --}: JMH's own options.
     *
     * @param originalArgs the command line as typed
     * @return the JMH arguments, empty without {@code --}
     */
    static List<String> jmhArgs(final List<String> originalArgs) {
        final int dash = originalArgs.indexOf(JMH_ARGS);
        return dash < 0 ? List.of() : List.copyOf(originalArgs.subList(dash + 1, originalArgs.size()));
    }

    /**
     * Parses JMH's options with JMH's own parser.
     *
     * @param args the arguments after {@code --}
     * @return the options, or null when there are none
     * @throws UsageException when JMH rejects them, when they select benchmarks (REGEX does that), or when they
     *     ask JMH to list or help instead of running
     */
    static CommandLineOptions jmhOptions(final List<String> args) {
        if (args.isEmpty()) {
            return null;
        }
        final CommandLineOptions options;
        try {
            options = new CommandLineOptions(args.toArray(String[]::new));
        } catch (final CommandLineOptionException | RuntimeException e) {
            // JMH throws IllegalStateException for a bad -bm, and names an enum's class for a bad -rf or -wm
            throw new UsageException("JMH options after '--' " + TextLimits.quoted(String.join(" ", args)) + ": "
                    + OptionValues.echoed(jmhMessage(e), args.get(args.size() - 1)));
        }
        for (final ProfilerConfig profiler : options.getProfilers()) {
            try {
                ProfilerFactory.getProfilerOrException(profiler);
            } catch (final ProfilerException e) {
                final String why = e.getCause() instanceof ClassNotFoundException ? "no such profiler"
                        : firstLine(String.valueOf(e.getMessage()));
                throw new UsageException("JMH options after '--': -prof " + TextLimits.quoted(profiler.getKlass())
                        + ": " + why + " (java -jar bench/target/benchmarks.jar -lprof lists the profilers)");
            }
        }
        if (!options.getIncludes().isEmpty()) {
            throw new UsageException("JMH options after '--': " + TextLimits.quoted(String.join(" ",
                    options.getIncludes())) + " selects benchmarks; give the pattern as REGEX before '--' (scalebench "
                    + "bench REGEX -- ...)");
        }
        if (options.getOutput().hasValue()) {
            throw new UsageException("JMH options after '--': -o " + TextLimits.quoted(options.getOutput().get())
                    + ": scalebench prints JMH's output itself (its table on standard output, JMH's own log on"
                    + " standard error with --verbose); redirect those, or use -rf/-rff for a result file");
        }
        if (options.shouldHelp() || options.shouldList() || options.shouldListWithParams()
                || options.shouldListProfilers() || options.shouldListResultFormats()) {
            throw new UsageException("JMH options after '--': -h, -l, -lp, -lprof and -lrf list instead of running; "
                    + "use java -jar bench/target/benchmarks.jar with them");
        }
        return options;
    }

    /**
     * Starts the JVM JMH would fork ({@code -jvm}, or this one) with the user's {@code -jvmArgs},
     * {@code -jvmArgsPrepend} and {@code -jvmArgsAppend} and {@code -version}: a JVM that does not start (a heap of
     * 1 KiB, an unknown option, no such executable) is bad input before any benchmark runs, not a JMH failure after
     * the first one.
     *
     * @param options the JMH options, or null
     * @throws UsageException naming the options and the JVM's complaint
     */
    static void checkForkJvm(final CommandLineOptions options) {
        if (options == null) {
            return;
        }
        final List<String> args = new ArrayList<>();
        for (final org.openjdk.jmh.util.Optional<java.util.Collection<String>> part : List.of(
                options.getJvmArgsPrepend(), options.getJvmArgs(), options.getJvmArgsAppend())) {
            if (part.hasValue()) {
                args.addAll(part.get());
            }
        }
        if (args.isEmpty() && !options.getJvm().hasValue()) {
            return;
        }
        final String jvm = options.getJvm().hasValue() ? options.getJvm().get()
                : Path.of(System.getProperty("java.home"), "bin", "java").toString();
        final List<String> command = new ArrayList<>(List.of(jvm));
        command.addAll(args);
        command.add("-version");
        final String what = "JMH options after '--': the benchmark JVM" + (options.getJvm().hasValue() ? " -jvm "
                + TextLimits.quoted(jvm) : "") + (args.isEmpty() ? "" : " with " + TextLimits.quoted(String.join(" ",
                args)));
        final String output;
        final int exit;
        Path log = null;
        try {
            // the JVM's answer goes to a file: a pipe would block a JVM that prints more than its buffer holds
            log = TempFiles.createFile(Path.of(System.getProperty("java.io.tmpdir"), "scalebench-jvm-check.txt")
                    .toAbsolutePath());
            final Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
                    .start();
            if (!p.waitFor(JVM_CHECK_SECONDS, java.util.concurrent.TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new UsageException(what + " did not answer -version within " + JVM_CHECK_SECONDS + " s");
            }
            exit = p.exitValue();
            output = java.nio.file.Files.readString(log, java.nio.charset.StandardCharsets.ISO_8859_1);
        } catch (final java.io.IOException e) {
            throw new UsageException(what + ": cannot run it (" + firstLine(String.valueOf(e.getMessage())) + ")");
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UsageException(what + ": interrupted while checking it");
        } finally {
            if (log != null) {
                try {
                    TempFiles.delete(log);
                } catch (final java.io.IOException left) {
                    // a hidden temporary file; the next run writing there removes it
                }
            }
        }
        if (exit != 0) {
            throw new UsageException(what + " does not start: " + String.join("; ", output.strip().lines()
                    .map(String::strip).filter(l -> !l.isEmpty()).limit(3).toList()));
        }
    }

    /** How long the fork JVM's {@code -version} may take. */
    private static final int JVM_CHECK_SECONDS = 60;

    private static final Pattern NO_ENUM_CONSTANT = Pattern.compile("No enum constant ([\\w.$]+)\\.(\\w*)");

    /**
     * JMH's complaint about its options, on one line, with an unknown enum constant said as the values allowed.
     *
     * @param e what JMH threw
     * @return the message
     */
    static String jmhMessage(final Exception e) {
        final String message = String.join("; ", String.valueOf(e.getMessage()).strip().split("\\s*\n\\s*"));
        final Matcher m = NO_ENUM_CONSTANT.matcher(message);
        if (m.matches()) {
            try {
                final Object[] constants = Class.forName(m.group(1)).getEnumConstants();
                if (constants != null) {
                    final List<String> names = new ArrayList<>();
                    for (final Object c : constants) {
                        names.add(((Enum<?>) c).name());
                    }
                    return "'" + m.group(2) + "': must be one of " + String.join(", ", names);
                }
            } catch (final ClassNotFoundException unknown) {
                return message;
            }
        }
        return message;
    }

    private static String firstLine(final String text) {
        final int end = text.indexOf('\n');
        return (end < 0 ? text : text.substring(0, end)).strip();
    }
}
