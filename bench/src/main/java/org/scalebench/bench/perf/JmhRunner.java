package org.scalebench.bench.perf;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Defaults;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.scalebench.bench.io.TempFiles;
import org.scalebench.core.Progress;

/**
 * Runs JMH invocations from Java ({@link Runner} with {@link OptionsBuilder}): average time in nanoseconds per
 * operation, the GC profiler ({@code -prof gc}) for bytes per operation, fail on the first benchmark error, at
 * least one fork. JMH's own console output is kept (its tail is shown on failure) and echoed when verbose.
 *
 * <p>JMH allows one run per machine at a time (a lock file in {@code java.io.tmpdir}); when another run holds
 * it, this runner says so and waits for it, up to {@link #LOCK_WAIT}, instead of failing at once.
 *
 * <p>Not thread-safe; one runner per command.
 */
public final class JmhRunner {

    /** The longest wait for another JMH run to release the machine-wide JMH lock. */
    public static final Duration LOCK_WAIT = Duration.ofMinutes(15);

    private static final int TAIL_LINES = 40;
    private static final String LOCK_MESSAGE = "Unable to acquire the JMH lock";

    /** One call of JMH (a seam for tests of the lock wait). */
    @FunctionalInterface
    interface Invocation {
        Collection<RunResult> run(Options options, OutputFormat format) throws RunnerException;
    }

    private final RunSettings settings;
    private final Options jmhOptions;
    private final PrintWriter log;
    private final boolean verbose;
    private final Invocation invocation;
    private final LongSupplier nanoClock;
    private final Duration lockWait;
    private final Duration lockPoll;

    /**
     * Creates a runner.
     *
     * @param settings how long each benchmark runs
     * @param log where to say that the runner waits for the JMH lock, and where JMH's output goes when verbose
     * @param verbose echo JMH's own console output to {@code log}
     */
    public JmhRunner(final RunSettings settings, final PrintWriter log, final boolean verbose) {
        this(settings, null, log, verbose);
    }

    /**
     * Creates a runner that also applies the user's own JMH command-line options.
     *
     * @param settings how long each benchmark runs where {@code jmhOptions} does not say
     * @param jmhOptions the user's JMH options (e.g. from {@code bench -- -f 1 -bm thrpt}), or null; they win over
     *     every default of this runner (mode, time unit, profilers, forks, iterations, fail-on-error), and their
     *     include patterns must be empty (the runner selects benchmarks per request)
     * @param log where to say that the runner waits for the JMH lock, and where JMH's output goes when verbose
     * @param verbose echo JMH's own console output to {@code log}
     */
    public JmhRunner(final RunSettings settings, final Options jmhOptions, final PrintWriter log,
            final boolean verbose) {
        this(settings, jmhOptions, log, verbose, (options, format) -> new Runner(options, format).run(),
                System::nanoTime, LOCK_WAIT, Duration.ofSeconds(2));
    }

    JmhRunner(final RunSettings settings, final PrintWriter log, final boolean verbose, final Invocation invocation,
            final LongSupplier nanoClock, final Duration lockWait, final Duration lockPoll) {
        this(settings, null, log, verbose, invocation, nanoClock, lockWait, lockPoll);
    }

    JmhRunner(final RunSettings settings, final Options jmhOptions, final PrintWriter log, final boolean verbose,
            final Invocation invocation, final LongSupplier nanoClock, final Duration lockWait,
            final Duration lockPoll) {
        if (jmhOptions != null && !jmhOptions.getIncludes().isEmpty()) {
            throw new IllegalArgumentException("JMH options must not select benchmarks (includes "
                    + jmhOptions.getIncludes() + "): the runner selects them per request");
        }
        this.settings = settings;
        this.jmhOptions = jmhOptions;
        this.log = log;
        this.verbose = verbose;
        this.invocation = invocation;
        this.nanoClock = nanoClock;
        this.lockWait = lockWait;
        this.lockPoll = lockPoll;
    }

    /**
     * The settings this runner uses.
     *
     * @return the settings
     */
    public RunSettings settings() {
        return settings;
    }

    /**
     * Runs the invocations one after the other.
     *
     * @param requests the invocations
     * @param progress told after each benchmark run (method x parameter combination)
     * @return every result
     * @throws JmhFailure when a benchmark fails or the JMH lock stays taken
     */
    public JmhResults run(final List<RunRequest> requests, final Progress progress) {
        final long total = requests.stream().mapToLong(RunRequest::runCount).sum();
        final long[] done = {0};
        progress.update(0, total);
        final List<RunResult> results = new ArrayList<>();
        final Path scratch = scratchResultFile();
        try {
            runEach(requests, progress, done, total, scratch, results);
        } finally {
            deleteScratch(scratch);
        }
        progress.update(total, total);
        return new JmhResults(results, Measurement.fromJmh(results, gcProfiled()), settings);
    }

    /**
     * Where JMH's {@code -rf}/{@code -rff} ask for a result file: {@code -rff}, or JMH's default name
     * {@code jmh-result.FORMAT} for {@code -rf} alone (JMH's default format, CSV, for {@code -rff} alone).
     *
     * @param options the JMH options, or null
     * @return the file, or null when none is asked for
     */
    public static Path resultFile(final Options options) {
        if (options == null || !(options.getResult().hasValue() || options.getResultFormat().hasValue())) {
            return null;
        }
        return Path.of(options.getResult().orElse(Defaults.RESULT_FILE_PREFIX + "."
                + resultFormat(options).toString().toLowerCase(Locale.ROOT)));
    }

    /**
     * The format of {@link #resultFile}.
     *
     * @param options the JMH options
     * @return {@code -rf}, or JMH's default
     */
    public static ResultFormatType resultFormat(final Options options) {
        return options.getResultFormat().orElse(Defaults.RESULT_FORMAT);
    }

    /**
     * A temporary file beside the user's result file for JMH's own result writing, when the options ask for one:
     * each request is one JMH run, and each would replace the user's file with its own results; the caller writes
     * every request's results there instead ({@link JmhResults#write}).
     */
    private Path scratchResultFile() {
        final Path result = resultFile(jmhOptions);
        if (result == null) {
            return null;
        }
        try {
            return TempFiles.createFile(result.toAbsolutePath());
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot create a scratch file for JMH's results beside " + result, e);
        }
    }

    private static void deleteScratch(final Path scratch) {
        if (scratch != null) {
            try {
                TempFiles.delete(scratch);
            } catch (final IOException left) {
                // a hidden temporary file; the next run writing beside it removes it
            }
        }
    }

    private void runEach(final List<RunRequest> requests, final Progress progress, final long[] done,
            final long total, final Path scratch, final List<RunResult> results) {
        for (final RunRequest request : requests) {
            final OutputTail tail = new OutputTail(TAIL_LINES, verbose ? log : null);
            final OutputFormat format = new ProgressOutputFormat(
                    OutputFormatFactory.createFormatInstance(new PrintStream(tail, true, StandardCharsets.UTF_8),
                            VerboseMode.NORMAL),
                    () -> progress.update(Math.min(++done[0], total), total));
            try {
                results.addAll(runHoldingLock(options(request, scratch), format));
            } catch (final RunnerException e) {
                throw new JmhFailure("JMH failed on " + request + ": " + oneLine(e), tail.lines(), e);
            }
        }
    }

    private Options options(final RunRequest request, final Path scratchResult) {
        final ChainedOptionsBuilder options = new OptionsBuilder();
        if (jmhOptions != null) {
            options.parent(jmhOptions);
        }
        options.include(request.includeRegex());
        if (jmhOptions == null || jmhOptions.getBenchModes().isEmpty()) {
            options.mode(Mode.AverageTime);
        }
        if (jmhOptions == null || !jmhOptions.getTimeUnit().hasValue()) {
            options.timeUnit(TimeUnit.NANOSECONDS);
        }
        if (jmhOptions == null || jmhOptions.getProfilers().isEmpty()) {
            options.addProfiler(GCProfiler.class);
        }
        if (jmhOptions == null || !jmhOptions.shouldFailOnError().hasValue()) {
            options.shouldFailOnError(true);
        }
        if (scratchResult != null) {
            options.result(scratchResult.toString());
        }
        request.params().forEach((key, values) -> options.param(key, values.toArray(String[]::new)));
        return settings.applyTo(options, jmhOptions).build();
    }

    private boolean gcProfiled() {
        return jmhOptions == null || jmhOptions.getProfilers().isEmpty() || jmhOptions.getProfilers().stream()
                .anyMatch(p -> p.getKlass().equals(GCProfiler.class.getName()) || "gc".equals(p.getKlass()));
    }

    private Collection<RunResult> runHoldingLock(final Options options, final OutputFormat format)
            throws RunnerException {
        final long deadline = nanoClock.getAsLong() + lockWait.toNanos();
        boolean announced = false;
        while (true) {
            try {
                return invocation.run(options, format);
            } catch (final RunnerException e) {
                if (!isLockTaken(e) || nanoClock.getAsLong() - deadline > 0) {
                    throw e;
                }
                if (!announced) {
                    log.println("waiting for another JMH run to finish (it holds " + lockFile() + "; at most "
                            + lockWait.toMinutes() + " min)");
                    log.flush();
                    announced = true;
                }
                pause();
            }
        }
    }

    private void pause() throws RunnerException {
        try {
            Thread.sleep(lockPoll.toMillis());
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunnerException("interrupted while waiting for the JMH lock", e);
        }
    }

    static boolean isLockTaken(final Throwable e) {
        return e.getMessage() != null && e.getMessage().contains(LOCK_MESSAGE);
    }

    private static String lockFile() {
        return System.getProperty("java.io.tmpdir") + File.separator + "jmh.lock";
    }

    private String oneLine(final Throwable e) {
        final StringBuilder text = new StringBuilder(String.valueOf(e.getMessage()));
        for (Throwable c = e.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
            text.append(": ").append(c.getMessage() == null ? c.getClass().getSimpleName() : c.getMessage());
        }
        if (isLockTaken(e)) {
            text.append(" (waited ").append(lockWait.toMinutes()).append(" min)");
        }
        return text.toString().replaceAll("\\s*\\R\\s*", " ").strip();
    }
}
