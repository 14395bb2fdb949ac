package org.scalebench.bench.trace;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.scalebench.bench.io.CsvFiles;
import org.scalebench.core.data.DataTable;

/**
 * The SPLASH-3 workload set: builds the programs of a SPLASH-3 checkout the user provides (github
 * SakalisC/Splash-3; none of its code is in this repository) twice, once for capture ({@code -fsanitize=thread},
 * linked with the tracer runtime) and once plain, runs each at every thread count asked for, untraced and then
 * captured, and writes per run: the trace ({@code traces/PROGRAM-pT.sbt}), the capture's cost (the median wall
 * time of three untraced runs, the wall time of the captured run without the merge, the trace's size raw and
 * gzip-compressed: {@code capture.csv}), the sharing profile ({@code profile.csv},
 * {@link SharingProfile}) and the outside shares of first-touch domains ({@code outside.csv}); every row carries
 * the checkout's commit. Programs, arguments and inputs are in {@code splash3-programs.csv} with their source.
 *
 * <p>Builds happen in a copy of the checkout's {@code codes} tree under {@code bench/target/splash3} (SPLASH-3
 * builds in place), with the system's C compiler and {@code m4}. Not thread-safe.
 */
public final class Splash3Set {

    /** Untraced runs per program and thread count; their median is the baseline of the capture's slowdown. */
    private static final int PLAIN_RUNS = 3;
    /** How long one build or run may take. */
    private static final long STEP_MINUTES = 30;

    private Splash3Set() {
    }

    /**
     * One program of the set.
     *
     * @param name e.g. {@code fft}
     * @param directory its directory under {@code codes/}
     * @param binary the executable its Makefile builds
     * @param arguments its arguments, {@code {threads}} replaced
     * @param stdin a file of its directory fed to its standard input, or empty
     * @param stdinLines lines of that file replaced: {@code LINE=TEXT;...}
     */
    public record Program(String name, String directory, String binary, String arguments, String stdin,
            String stdinLines) {

        /**
         * The command-line arguments at a thread count.
         *
         * @param threads the threads
         * @return the arguments
         */
        public List<String> argumentsFor(final int threads) {
            final String a = arguments.replace("{threads}", Integer.toString(threads)).strip();
            return a.isEmpty() ? List.of() : Arrays.asList(a.split("\\s+"));
        }

        /**
         * The standard input at a thread count: the checkout's file with its lines replaced.
         *
         * @param programDir the program's directory
         * @param threads the threads
         * @return the text, or null when the program reads no input
         * @throws IOException when the file cannot be read
         */
        public String stdinFor(final Path programDir, final int threads) throws IOException {
            if (stdin.isEmpty()) {
                return null;
            }
            final List<String> lines = new ArrayList<>(Files.readAllLines(programDir.resolve(stdin),
                    StandardCharsets.UTF_8));
            if (!stdinLines.isEmpty()) {
                for (final String edit : stdinLines.split(";")) {
                    final int eq = edit.indexOf('=');
                    final int line = Integer.parseInt(edit.substring(0, eq).strip());
                    if (line < 1 || line > lines.size()) {
                        throw new IllegalArgumentException(programDir.resolve(stdin) + " has " + lines.size()
                                + " lines; splash3-programs.csv replaces line " + line);
                    }
                    lines.set(line - 1, edit.substring(eq + 1).replace("{threads}", Integer.toString(threads)));
                }
            }
            return String.join("\n", lines) + "\n";
        }
    }

    /**
     * The programs of the set, from {@code splash3-programs.csv}.
     *
     * @return the programs, in file order
     */
    public static List<Program> programs() {
        final DataTable t = DataTable.resource(Splash3Set.class, "splash3-programs.csv");
        t.requireColumns("program", "directory", "binary", "arguments", "stdin", "stdin_lines", "source");
        final List<Program> programs = new ArrayList<>();
        for (final DataTable.Row r : t.rows()) {
            programs.add(new Program(r.require("program"), r.require("directory"), r.require("binary"),
                    r.get("arguments"), r.get("stdin"), r.get("stdin_lines")));
        }
        return programs;
    }

    /**
     * What to run.
     *
     * @param checkout the SPLASH-3 checkout (holding {@code codes/})
     * @param programs the programs
     * @param threads the thread counts
     * @param settings the capture's cap and yield interval
     */
    public record Plan(Path checkout, List<Program> programs, List<Integer> threads, TraceCapture.Settings settings) {
    }

    /**
     * Checks that a directory is a SPLASH-3 checkout.
     *
     * @param checkout the directory
     * @return null when it is one, else why not
     */
    public static String checkoutProblem(final Path checkout) {
        if (!Files.isDirectory(checkout)) {
            return "not a directory";
        }
        if (!Files.isRegularFile(checkout.resolve("codes").resolve("Makefile.config"))) {
            return "not a SPLASH-3 checkout (no codes/Makefile.config)";
        }
        return null;
    }

    /**
     * The checkout's git commit.
     *
     * @param checkout the checkout
     * @return the commit, or {@code unknown} when it is not a git checkout
     */
    public static String commit(final Path checkout) {
        try {
            final Process p = new ProcessBuilder("git", "-C", checkout.toString(), "rev-parse", "HEAD")
                    .redirectErrorStream(true).start();
            final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return p.waitFor() == 0 && out.matches("[0-9a-f]{40}") ? out : "unknown";
        } catch (final IOException e) {
            return "unknown";
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }

    /**
     * Builds, runs and captures every program at every thread count, writing into {@code dir}.
     *
     * @param plan what to run
     * @param dir where to write (a staging directory: {@code traces/} and the CSV files)
     * @param log progress, one line per step
     * @return the runs that failed, each with why (their programs' other runs go on; they have no rows)
     * @throws IOException when the set cannot be prepared (no compiler, make or m4; the tree cannot be copied)
     * @throws InterruptedException when interrupted
     */
    public static List<String> run(final Plan plan, final Path dir, final PrintWriter log) throws IOException,
            InterruptedException {
        final String commit = commit(plan.checkout());
        final Path library = TracerRuntime.library();
        final String cc = TracerRuntime.compiler().orElseThrow();
        for (final String tool : List.of("make", "m4")) {
            if (TracerRuntime.onPath(tool).isEmpty()) {
                throw new TracerRuntime.Unavailable("no '" + tool + "' on the PATH: SPLASH-3 builds with make and m4 "
                        + "(Debian: apt-get install make m4)");
            }
        }
        final Path build = TracerRuntime.buildDirectory().resolveSibling("splash3");
        final Path traced = build.resolve("traced");
        final Path plain = build.resolve("plain");
        for (final Path tree : List.of(traced, plain)) {
            deleteTree(tree);
            copyTree(plan.checkout().resolve("codes"), tree);
        }
        final List<String> failures = new ArrayList<>();
        final List<Program> built = new ArrayList<>();
        for (final Program p : plan.programs()) {
            log.println("building " + p.name() + " (" + p.directory() + ") for capture and plain");
            log.flush();
            try {
                make(traced.resolve(p.directory()), List.of("CC=" + cc + " -fsanitize=thread",
                        "LDFLAGS=-fno-sanitize=thread " + library + " -lm"), build.resolve(p.name() + "-traced.log"));
                make(plain.resolve(p.directory()), List.of("CC=" + cc), build.resolve(p.name() + "-plain.log"));
                built.add(p);
            } catch (final IOException e) {
                failures.add(p.name() + ": " + e.getMessage());
                log.println(p.name() + ": FAILED: " + e.getMessage());
            }
        }
        final Path traces = Files.createDirectories(dir.resolve("traces"));
        final List<List<String>> capture = new ArrayList<>();
        final List<List<String>> profile = new ArrayList<>();
        final List<List<String>> outside = new ArrayList<>();
        for (final Program p : built) {
            for (final int threads : plan.threads()) {
                final String run = p.name() + "-p" + threads;
                try {
                    captureOne(p, threads, run, plan, build, traces, commit, log, capture, profile, outside);
                } catch (final IOException e) {
                    failures.add(run + ": " + e.getMessage());
                    log.println(run + ": FAILED: " + e.getMessage());
                }
            }
        }
        writeTables(dir, capture, profile, outside);
        return failures;
    }

    private static void captureOne(final Program p, final int threads, final String run, final Plan plan,
            final Path build, final Path traces, final String commit, final PrintWriter log,
            final List<List<String>> capture, final List<List<String>> profile, final List<List<String>> outside)
            throws IOException, InterruptedException {
        final Path traced = build.resolve("traced");
        final Path plain = build.resolve("plain");
        final Path programDir = plain.resolve(p.directory());
        final String input = p.stdinFor(programDir, threads);
        final Path stdin = build.resolve(run + ".in");
        Files.writeString(stdin, input == null ? "" : input, StandardCharsets.UTF_8);
        final List<String> command = new ArrayList<>();
        command.add("./" + p.binary());
        command.addAll(p.argumentsFor(threads));
        log.println(run + ": running plain");
        log.flush();
        final double[] plainRuns = new double[PLAIN_RUNS];
        for (int i = 0; i < PLAIN_RUNS; i++) {
            plainRuns[i] = runPlain(command, programDir, stdin, build.resolve(run + "-plain.out"), run);
        }
        Arrays.sort(plainRuns);
        final double plainSeconds = plainRuns[PLAIN_RUNS / 2];
        log.println(run + ": capturing");
        log.flush();
        final Path trace = traces.resolve(run + ".sbt");
        final ProcessBuilder pb = new ProcessBuilder(command).directory(traced.resolve(p.directory()).toFile())
                .redirectInput(stdin.toFile()).redirectErrorStream(true)
                .redirectOutput(build.resolve(run + "-traced.out").toFile());
        final TraceCapture.Result r;
        try {
            r = TraceCapture.run(pb, run, trace, plan.settings(), TimeUnit.MINUTES.toSeconds(STEP_MINUTES));
        } catch (final TraceCapture.Failed e) {
            throw new IOException(e.getMessage() + " (its output: " + build.resolve(run + "-traced.out") + ")",
                    e);
        }
        if (r.exitStatus() != 0) {
            throw new IOException(run + " exited with status " + r.exitStatus() + " under capture (its output: "
                    + build.resolve(run + "-traced.out") + ")");
        }
        log.println(String.format(Locale.ROOT, "%s: %,d accesses, %.2f s plain, %.2f s traced; profiling", run,
                r.footer().kept(), plainSeconds, r.seconds()));
        log.flush();
        final SharingProfile sp = SharingProfile.of(trace);
        final long gzip = gzipBytes(trace);
        capture.add(List.of(p.name(), Integer.toString(threads), String.join(" ", command),
                Long.toString(r.footer().kept()), Long.toString(r.footer().tickets()),
                Boolean.toString(r.footer().capped()), Integer.toString(r.footer().threads()),
                seconds(plainSeconds), seconds(r.seconds()), ratio(r.seconds() / plainSeconds),
                Long.toString(r.bytes()), Long.toString(gzip),
                ratio((double) gzip / Math.max(1, r.footer().kept())), commit));
        final List<String> row = new ArrayList<>(List.of(p.name(), Integer.toString(threads)));
        row.addAll(sp.row());
        row.add(commit);
        profile.add(row);
        for (final List<String> o : sp.outsideRows()) {
            final List<String> orow = new ArrayList<>(List.of(p.name(), Integer.toString(threads)));
            orow.addAll(o);
            orow.add(commit);
            outside.add(orow);
        }
    }

    private static void writeTables(final Path dir, final List<List<String>> capture, final List<List<String>> profile,
            final List<List<String>> outside) throws IOException {
        CsvFiles.write(dir.resolve("capture.csv"), List.of("program", "threads", "command", "accesses",
                "program_accesses", "capped", "cores", "plain_seconds", "traced_seconds", "slowdown", "trace_bytes",
                "gzip_bytes", "gzip_bytes_per_access", "splash3_commit"), capture);
        final List<String> profileHeader = new ArrayList<>(List.of("program", "threads"));
        profileHeader.addAll(SharingProfile.header());
        profileHeader.add("splash3_commit");
        CsvFiles.write(dir.resolve("profile.csv"), profileHeader, profile);
        final List<String> outsideHeader = new ArrayList<>(List.of("program", "threads"));
        outsideHeader.addAll(SharingProfile.outsideHeader());
        outsideHeader.add("splash3_commit");
        CsvFiles.write(dir.resolve("outside.csv"), outsideHeader, outside);
    }

    private static String seconds(final double s) {
        return String.format(Locale.ROOT, "%.3f", s);
    }

    private static String ratio(final double r) {
        return String.format(Locale.ROOT, "%.2f", r);
    }

    private static double runPlain(final List<String> command, final Path dir, final Path stdin, final Path output,
            final String run) throws IOException, InterruptedException {
        final long start = System.nanoTime();
        final Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectInput(stdin.toFile())
                .redirectErrorStream(true).redirectOutput(output.toFile()).start();
        try {
            if (!p.waitFor(STEP_MINUTES, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IOException(run + " (plain) ran longer than " + STEP_MINUTES + " minutes");
            }
        } catch (final InterruptedException e) {
            p.destroyForcibly();
            throw e;
        }
        final double seconds = (System.nanoTime() - start) / 1e9;
        if (p.exitValue() != 0) {
            throw new IOException(run + " (plain) exited with status " + p.exitValue() + " (its output: " + output
                    + ")");
        }
        return seconds;
    }

    private static void make(final Path dir, final List<String> variables, final Path logFile) throws IOException,
            InterruptedException {
        final List<String> command = new ArrayList<>(List.of("make", "-C", dir.toString()));
        command.addAll(variables);
        final Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(logFile.toFile())
                .start();
        try {
            if (!p.waitFor(STEP_MINUTES, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IOException("building " + dir + " took longer than " + STEP_MINUTES + " minutes");
            }
        } catch (final InterruptedException e) {
            p.destroyForcibly();
            throw e;
        }
        if (p.exitValue() != 0) {
            final List<String> lines = Files.readAllLines(logFile, StandardCharsets.UTF_8);
            throw new IOException("building " + dir + " failed (make exited with " + p.exitValue() + "; log: "
                    + logFile + ")" + (lines.isEmpty() ? "" : ": " + lines.get(lines.size() - 1)));
        }
    }

    /** Bytes of the gzip-compressed trace (level 6, as {@code gzip}). */
    static long gzipBytes(final Path file) throws IOException {
        final long[] count = {0};
        final OutputStream counter = new OutputStream() {
            @Override
            public void write(final int b) {
                count[0]++;
            }

            @Override
            public void write(final byte[] b, final int off, final int len) {
                count[0] += len;
            }
        };
        try (InputStream in = Files.newInputStream(file); GZIPOutputStream gz = new GZIPOutputStream(counter, 1 << 16)) {
            in.transferTo(gz);
        }
        return count[0];
    }

    private static void copyTree(final Path from, final Path to) throws IOException {
        try (Stream<Path> tree = Files.walk(from)) {
            for (final Path p : tree.toList()) {
                final Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else if (Files.isRegularFile(p)) {
                    Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }

    private static void deleteTree(final Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> tree = Files.walk(dir)) {
            for (final Path p : tree.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
