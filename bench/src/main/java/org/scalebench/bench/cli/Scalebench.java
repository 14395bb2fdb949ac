package org.scalebench.bench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.scalebench.bench.io.OutputLocation;
import org.scalebench.core.data.TextLimits;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code scalebench} command line (run through the {@code ./scalebench} launcher).
 *
 * <p>Exit codes: 0 success, 1 a failed check or gate (or an internal error), 2 bad input — a usage error,
 * a missing or malformed file, an out-of-range value. Bad input prints one line naming what is wrong and
 * what is allowed, never a stack trace ({@code SCALEBENCH_DEBUG=1} prints it for internal errors).
 */
@Command(name = "scalebench",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Kernels, the CDR coherence simulator and the hybrid-parallel training projector.",
        subcommands = {ReproduceCommand.class, CoherenceCommand.class, TrainCommand.class, BenchCommand.class,
            GateCommand.class, MergeCommand.class, SlurmCommand.class})
public final class Scalebench implements Runnable {

    /** Exit code of a successful run. */
    public static final int OK = 0;
    /** Exit code of a run that completed but failed its checks (violations, gate failures). */
    public static final int FAILED = 1;
    /** Exit code of bad input. */
    public static final int BAD_INPUT = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required: "
                + String.join(", ", spec.subcommands().keySet()) + " (scalebench --help lists them)");
    }

    /**
     * Entry point.
     *
     * @param args command-line arguments
     */
    public static void main(final String[] args) {
        System.setProperty("java.awt.headless", "true");
        // an interrupted run (SIGINT, SIGTERM) takes its child processes with it: JMH's forked benchmark JVMs
        // would otherwise run on, orphaned, and skew whatever runs next
        // ... and, once they have ended, the directories its output checks created stay only if something was
        // written to them (an interrupted bench run left an empty target/ behind)
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            end(ProcessHandle.current().descendants().toList(), CHILD_GRACE_NANOS);
            if (!FINISHED.get()) {
                org.scalebench.bench.io.OutputLocation.removeCreatedIfEmpty();
            }
        }, "scalebench-children-cleanup"));
        final PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        final PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        int code;
        try {
            code = run(args, out, err);
        } catch (final OutOfMemoryError e) {
            final long maxMiB = Runtime.getRuntime().maxMemory() >> 20;
            err.println("scalebench: out of memory (max heap " + maxMiB + " MiB): give the JVM more, e.g. "
                    + "SCALEBENCH_JAVA_OPTS=-Xmx" + Math.max(2, (2 * maxMiB + 1023) >> 10) + "g if the machine has "
                    + "the memory, or simulate fewer cores or accesses");
            code = FAILED;
        }
        out.flush();
        err.flush();
        FINISHED.set(true);
        System.exit(code);
    }

    /** Set when a run returns, so that the shutdown hook can tell an interrupted run from a finished one. */
    private static final java.util.concurrent.atomic.AtomicBoolean FINISHED =
            new java.util.concurrent.atomic.AtomicBoolean();

    /** How long the children of an interrupted run get to end on SIGTERM before they are killed. */
    static final long CHILD_GRACE_NANOS = TimeUnit.SECONDS.toNanos(3);

    /**
     * Ends the given processes and returns only when each has ended: SIGTERM first, then, for any still alive
     * after {@code graceNanos}, SIGKILL. Waiting matters: a JMH fork given SIGTERM runs its own shutdown, and a
     * gate that exited before it would leave it running for a moment beside whatever comes next.
     *
     * @param children the processes to end (the shutdown hook passes every descendant of this one)
     * @param graceNanos time they get to end on SIGTERM
     */
    static void end(final List<ProcessHandle> children, final long graceNanos) {
        children.forEach(ProcessHandle::destroy);
        final long deadline = System.nanoTime() + graceNanos;
        for (final ProcessHandle child : children) {
            awaitExit(child, deadline - System.nanoTime());
        }
        for (final ProcessHandle child : children) {
            if (child.isAlive()) {
                child.destroyForcibly();
                awaitExit(child, graceNanos);
            }
        }
    }

    private static void awaitExit(final ProcessHandle child, final long nanos) {
        try {
            child.onExit().get(Math.max(0, nanos), TimeUnit.NANOSECONDS);
        } catch (final TimeoutException | ExecutionException e) {
            // still alive (or not observable): the caller kills it or gives up
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Runs the command line with the given streams; used by {@link #main} and by tests.
     *
     * @param args command-line arguments
     * @param out standard output
     * @param err standard error
     * @return the exit code
     */
    public static int run(final String[] args, final PrintWriter out, final PrintWriter err) {
        final CommandLine cli = new CommandLine(new Scalebench());
        cli.setOut(out);
        cli.setErr(err);
        cli.registerConverter(Double.class, Scalebench::number);
        cli.registerConverter(double.class, Scalebench::number);
        cli.setParameterExceptionHandler((ex, unused) -> {
            final CommandLine failing = ex.getCommandLine();
            err.println("scalebench: " + TextLimits.oneLine(cutQuotedValues(ex.getMessage())
                    + " (see 'scalebench " + subcommandPath(failing) + "--help')"));
            err.flush();
            return BAD_INPUT;
        });
        cli.setExecutionExceptionHandler((ex, failing, unused) -> {
            err.println("scalebench: " + TextLimits.oneLine(describe(ex)));
            final boolean badInput = isBadInput(ex);
            if (!badInput && System.getenv("SCALEBENCH_DEBUG") != null) {
                ex.printStackTrace(err);
            }
            err.flush();
            return badInput ? BAD_INPUT : FAILED;
        });
        cli.setExecutionStrategy(parsed -> {
            refuseEmptyListEntries(parsed);
            return new CommandLine.RunLast().execute(parsed);
        });
        OutputLocation.forgetCreated();
        final int code = cli.execute(args);
        if (code != OK) {
            OutputLocation.removeCreatedIfEmpty();
        }
        out.flush();
        err.flush();
        return code;
    }

    /**
     * A number option's value as picocli parses it, but with {@code -0} read as 0: the two are the same share, overlap
     * or time, and a -0 would otherwise be echoed into outputs as {@code -0.0} and slip past duplicate checks
     * ({@code --outsides 0,-0}).
     *
     * @param text the value as given
     * @return the number
     * @throws CommandLine.TypeConversionException when the value is not a number
     */
    static Double number(final String text) {
        final double value;
        try {
            value = Double.parseDouble(text);
        } catch (final NumberFormatException e) {
            throw new CommandLine.TypeConversionException("'" + text + "' is not a double");
        }
        return value == 0 ? 0.0 : value;
    }

    /**
     * Refuses an empty entry in a list option's value ({@code --cores 1024,}, {@code --formats ,}, {@code --without
     * kernel-launch,}): picocli splits a value as {@link String#split(String)} does, which drops empty entries at the
     * end, so {@code 1024,} read as {@code 1024} and {@code ,} as no value at all, while {@code 1024,,4096} was
     * refused. Every option declared with {@code split} is checked here, on the values as typed.
     *
     * @param parsed the parse result of the whole command line
     * @throws CommandLine.ParameterException naming the option and the value
     */
    static void refuseEmptyListEntries(final CommandLine.ParseResult parsed) {
        for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) {
            for (final CommandLine.Model.OptionSpec option : p.matchedOptions()) {
                final String regex = option.splitRegex();
                if (regex.isEmpty()) {
                    continue;
                }
                for (final String typed : option.originalStringValues()) {
                    if (List.of(typed.split(regex, -1)).contains("")) {
                        throw new CommandLine.ParameterException(p.commandSpec().commandLine(), "Invalid value for option '"
                                + option.longestName() + "' (" + option.paramLabel() + "): '" + typed
                                + "' has an empty entry: give the values separated by single commas");
                    }
                }
            }
        }
    }

    /** A value picocli quotes in its messages ({@code Invalid value for option '--seed': 'abc' is not a long}). */
    private static final Pattern PICOCLI_QUOTED = Pattern.compile("'([^']*)'");

    /**
     * Picocli's message with every value it quotes shown as {@link TextLimits#quoted} shows values (cut, escaped).
     *
     * @param message picocli's message
     * @return the message
     */
    static String cutQuotedValues(final String message) {
        final Matcher m = PICOCLI_QUOTED.matcher(String.valueOf(message));
        final StringBuilder cut = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(cut, Matcher.quoteReplacement(TextLimits.quoted(m.group(1))));
        }
        m.appendTail(cut);
        return cut.toString();
    }

    private static String subcommandPath(final CommandLine failing) {
        final StringBuilder path = new StringBuilder();
        for (CommandLine c = failing; c != null && c.getParent() != null; c = c.getParent()) {
            path.insert(0, c.getCommandName() + " ");
        }
        return path.toString();
    }

    static boolean isBadInput(final Throwable ex) {
        return ex instanceof UsageException || ex instanceof IllegalArgumentException
                || ex instanceof IOException || ex instanceof UncheckedIOException;
    }

    static String describe(final Throwable ex) {
        if (ex instanceof NoSuchFileException) {
            return "no such file: " + TextLimits.quoted(((NoSuchFileException) ex).getFile());
        }
        if (ex instanceof AccessDeniedException) {
            return "cannot access: " + TextLimits.quoted(((AccessDeniedException) ex).getFile());
        }
        if (ex instanceof UncheckedIOException && ex.getCause() != null) {
            return describe(ex.getCause());
        }
        if (isBadInput(ex)) {
            return ex.getMessage() == null ? ex.getClass().getSimpleName() : ex.getMessage();
        }
        return "internal error: " + ex + " (set SCALEBENCH_DEBUG=1 for the stack trace)";
    }
}
