package org.scalebench.bench.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.scalebench.bench.io.AtomicFiles;
import org.scalebench.bench.study.Shard;
import org.scalebench.bench.study.Study;
import org.scalebench.core.data.InputFiles;
import org.scalebench.core.data.TextLimits;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code scalebench slurm}: runs a study command as a Slurm job array of its shards, then merges them in a job
 * that depends on the array.
 *
 * <p>Every value that reaches a script is made safe for it: words on a shell line are quoted for bash, the log
 * path in {@code #SBATCH --output} is quoted for sbatch's own parser with {@code %} doubled (sbatch's filename
 * patterns), input files named relative to the current directory are written as absolute paths (the job runs from
 * the checkout), and values a script cannot hold (line breaks, control characters; a backslash in the output
 * directory, which turns sbatch's filename patterns off) are refused. Time and memory limits are checked as Slurm
 * and the JVM would take them.
 */
@Command(name = "slurm", mixinStandardHelpOptions = true,
        description = {"Write Slurm batch scripts that run a study command (coherence compare, coherence sweep, "
                + "train project) as an array of N tasks, task I running --shard I/N into DIR/shards/shard-I, and a "
                + "merge job (--dependency=afterok:<array>) that writes the full run's files into the command's "
                + "--out DIR. The scripts are plain and editable: add module loads and account lines where they say "
                + "so. --submit submits both with sbatch and prints the job ids; otherwise the sbatch commands are "
                + "printed.",
            "Example: scalebench slurm --shards 16 --partition batch --time 1:00:00 -- coherence sweep --system "
                + "wsc1m --accesses 1000000 --out /shared/sweep",
            "Exit codes: 0 written (and submitted), 1 sbatch failed, 2 bad input."})
public final class SlurmCommand implements Callable<Integer> {

    /** Slurm's time formats: minutes, M:S, H:M:S, D-H, D-H:M, D-H:M:S (numbers of at most 9 digits). */
    private static final Pattern TIME = Pattern.compile(
            "(?:(\\d{1,9})-)?(\\d{1,9})(?::(\\d{1,9}))?(?::(\\d{1,9}))?");
    /** Slurm's memory format: a number of MiB with an optional K, M, G or T suffix. */
    private static final Pattern MEMORY = Pattern.compile("(\\d{1,18})([KMGTkmgt]?)");
    /** A partition name as Slurm accepts it, without shell metacharacters. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.,-]+");
    /** The longest time limit accepted: a year, in minutes. */
    static final long MAX_MINUTES = 365L * 24 * 60;
    /** The least memory per task: the JVM needs about 100 MiB beside a heap of at least 256 MiB. */
    static final long MIN_MEMORY_MIB = 512;
    /** The most memory per task: 64 TiB, the largest heap this JVM reserves. */
    static final long MAX_MEMORY_MIB = 64L << 20;
    /** How long sbatch may take to answer. */
    static final long SBATCH_SECONDS = 60;
    /** The most of sbatch's output read. */
    private static final int SBATCH_OUTPUT_BYTES = 1 << 16;

    @Spec
    CommandSpec spec;

    @Option(names = "--shards", required = true, paramLabel = "N", description = "Array tasks, one shard each "
            + "(1 to 10000, at most the study's points).")
    int shards;

    @Option(names = "--partition", paramLabel = "P", description = "Slurm partition (default: the cluster's).")
    String partition;

    @Option(names = "--time", paramLabel = "T", description = "Time limit per task, in Slurm's format (e.g. 30, "
            + "1:00:00, 1-12; from 1 minute to 365 days, or UNLIMITED).")
    String time;

    @Option(names = "--mem", paramLabel = "M", description = "Memory per task, in Slurm's format (e.g. 12G; from 512M "
            + "to 64T); the JVM's heap is that less 15%% (at least 256 MiB) for the JVM itself.")
    String mem;

    @Option(names = "--cpus-per-task", paramLabel = "C", description = "CPUs per task; each task runs that many "
            + "points at once (--jobs). Default: ${DEFAULT-VALUE}.")
    int cpusPerTask = 1;

    @Option(names = "--submit", description = "Submit with sbatch (waiting at most 60 s for each) and print the job "
            + "ids.")
    boolean submit;

    @Parameters(arity = "1..*", paramLabel = "COMMAND", description = "After '--': the study command with its "
            + "options, as you would give it to scalebench (with --out DIR).")
    List<String> command;

    @Override
    public Integer call() throws Exception {
        final PrintWriter out = spec.commandLine().getOut();
        if (shards < 1 || shards > Shard.MAX_COUNT) {
            throw new UsageException("--shards = " + shards + ": must be in [1, " + Shard.MAX_COUNT + "]");
        }
        if (cpusPerTask < 1 || cpusPerTask > JobsOption.MAX_JOBS) {
            throw new UsageException("--cpus-per-task = " + cpusPerTask + ": must be in [1, " + JobsOption.MAX_JOBS
                    + "]");
        }
        if (partition != null && !NAME.matcher(partition).matches()) {
            throw new UsageException("--partition " + TextLimits.quoted(partition) + ": must be a partition name "
                    + "(letters, digits, '_', '.', ',', '-')");
        }
        final String timeLimit = time == null ? null : timeLimit(time);
        final String memory = mem == null ? null : memory(mem);
        for (int i = 0; i < command.size(); i++) {
            if (hasControl(command.get(i))) {
                throw new UsageException("COMMAND argument " + (i + 1) + " " + TextLimits.quoted(command.get(i))
                        + ": a line break or control character cannot go into a batch script");
            }
        }
        final CommandLine.ParseResult leaf = parseStudy(command);
        final StudyCommand studyCommand = (StudyCommand) leaf.commandSpec().userObject();
        final Study study;
        InputFiles.clear();
        try {
            study = studyCommand.study(); // the study's own checks (sizes, formats, files) fail here, not in every task
        } catch (final UsageException e) {
            throw new UsageException("COMMAND: " + e.getMessage());
        }
        if (shards > study.points()) {
            throw new UsageException("--shards = " + shards + ": must be at most the " + study.points() + " point"
                    + (study.points() == 1 ? "" : "s") + " of " + study.name() + " (a task without a point only starts "
                    + "a JVM)");
        }
        final List<String> defining = absoluteInputs(withoutOut(command), InputFiles.recorded());
        final Path dir = OutputPaths.checkDirectory(studyCommand.out(), "--out (of the study command)");
        if (dir.toString().indexOf('\\') >= 0 || hasControl(dir.toString())) {
            throw new UsageException("--out (of the study command) " + TextLimits.quoted(dir.toString())
                    + ": a backslash turns off sbatch's %a in the log names, and a control character cannot go into "
                    + "a batch script; choose another directory");
        }
        final Path slurmDir = dir.resolve("slurm");
        final Path shardsDir = dir.resolve("shards");
        final Path root = repositoryRoot();
        final String launcher = root.resolve("scalebench").toString();
        final String heap = memory == null ? "" : "SCALEBENCH_JAVA_OPTS=" + shellWord("-Xmx" + heapMiB(memory) + "m")
                + " ";
        final String name = "scalebench-" + String.join("-", StudyExecution.commandPath(leaf.commandSpec()));

        final List<String> array = new ArrayList<>();
        array.add("#!/usr/bin/env bash");
        array.add("# scalebench study as a Slurm job array: task I runs shard I of " + shards + ".");
        array.add("# Written by: scalebench slurm --shards " + shards + " -- " + shellWords(command));
        array.add("#SBATCH --job-name=" + name);
        array.add("#SBATCH --array=0-" + (shards - 1));
        array.add("#SBATCH --cpus-per-task=" + cpusPerTask);
        array.add("#SBATCH --output=" + sbatchPath(slurmDir, "shard-%a.log"));
        addCommon(array, timeLimit, memory);
        array.add("# Your site's lines: #SBATCH ones (e.g. --account=...) above this comment, module loads below.");
        array.add("set -euo pipefail");
        array.add("cd " + shellWord(root.toString()));
        array.add(heap + "exec " + shellWord(launcher) + " " + shellWords(defining) + " --jobs " + cpusPerTask
                + " --shard \"${SLURM_ARRAY_TASK_ID}/" + shards + "\" --out "
                + shellWord(shardsDir.toString()) + "/shard-\"${SLURM_ARRAY_TASK_ID}\"");

        final List<String> merge = new ArrayList<>();
        merge.add("#!/usr/bin/env bash");
        merge.add("# Merges the " + shards + " shards of the array job into the files of the unsharded run.");
        merge.add("#SBATCH --job-name=" + name + "-merge");
        merge.add("#SBATCH --output=" + sbatchPath(slurmDir, "merge.log"));
        addCommon(merge, timeLimit, memory);
        merge.add("# Your site's lines: #SBATCH ones (e.g. --account=...) above this comment, module loads below.");
        merge.add("set -euo pipefail");
        merge.add("cd " + shellWord(root.toString()));
        final StringBuilder shardList = new StringBuilder();
        for (int i = 0; i < shards; i++) {
            shardList.append(' ').append(shellWord(shardsDir.resolve("shard-" + i).toString()));
        }
        merge.add(heap + "exec " + shellWord(launcher) + " merge --out " + shellWord(dir.toString()) + shardList);

        final Path arrayScript = slurmDir.resolve("array.sh");
        final Path mergeScript = slurmDir.resolve("merge.sh");
        writeScript(arrayScript, array);
        writeScript(mergeScript, merge);
        out.println("wrote " + arrayScript + " (" + shards + " tasks) and " + mergeScript);
        if (!submit) {
            out.println("submit with:");
            out.println("  array=$(sbatch --parsable " + shellWord(arrayScript.toString()) + ")");
            out.println("  sbatch --dependency=afterok:${array%%;*} " + shellWord(mergeScript.toString()));
            return Scalebench.OK;
        }
        final String arrayId;
        final String mergeId;
        try {
            arrayId = sbatch(List.of("sbatch", "--parsable", arrayScript.toString()));
            mergeId = sbatch(List.of("sbatch", "--parsable", "--dependency=afterok:" + arrayId,
                    mergeScript.toString()));
        } catch (final SbatchFailure e) {
            spec.commandLine().getErr().println("scalebench: " + TextLimits.oneLine(e.getMessage()));
            return Scalebench.FAILED;
        }
        out.println("submitted array job " + arrayId + " (" + shards + " tasks) and merge job " + mergeId
                + " (after the array succeeds); results in " + dir);
        out.println("array job: " + arrayId);
        out.println("merge job: " + mergeId);
        return Scalebench.OK;
    }

    private void addCommon(final List<String> lines, final String timeLimit, final String memory) {
        if (partition != null) {
            lines.add("#SBATCH --partition=" + partition);
        }
        if (timeLimit != null) {
            lines.add("#SBATCH --time=" + timeLimit);
        }
        if (memory != null) {
            lines.add("#SBATCH --mem=" + memory);
        }
    }

    /**
     * Checks a time limit as Slurm reads it and bounds it.
     *
     * @param text e.g. {@code 30}, {@code 1:00:00}, {@code 1-12}, {@code UNLIMITED}
     * @return the limit to write
     * @throws UsageException naming {@code --time} when malformed, zero or above a year
     */
    static String timeLimit(final String text) {
        final String t = text.strip();
        if (t.equalsIgnoreCase("UNLIMITED") || t.equalsIgnoreCase("INFINITE")) {
            return "UNLIMITED";
        }
        final Matcher m = TIME.matcher(t);
        final String formats = "Slurm's time format: minutes, M:S, H:M:S, D-H, D-H:M or D-H:M:S, or UNLIMITED";
        if (!m.matches()) {
            throw new UsageException("--time " + TextLimits.quoted(text) + ": must be " + formats);
        }
        final long first = Long.parseLong(m.group(2));
        final Long second = m.group(3) == null ? null : Long.parseLong(m.group(3));
        final Long third = m.group(4) == null ? null : Long.parseLong(m.group(4));
        final long seconds;
        if (m.group(1) != null) { // D-H[:M[:S]]
            final long days = Long.parseLong(m.group(1));
            checkField(text, "hours", first, 23);
            checkField(text, "minutes", second, 59);
            checkField(text, "seconds", third, 59);
            seconds = ((days * 24 + first) * 60 + (second == null ? 0 : second)) * 60 + (third == null ? 0 : third);
        } else if (third != null) { // H:M:S
            checkField(text, "minutes", second, 59);
            checkField(text, "seconds", third, 59);
            seconds = (first * 60 + second) * 60 + third;
        } else { // M or M:S
            checkField(text, "seconds", second, 59);
            seconds = first * 60 + (second == null ? 0 : second);
        }
        if (seconds < 60 || seconds > MAX_MINUTES * 60) {
            throw new UsageException("--time " + TextLimits.quoted(text) + ": must be from 1 minute to 365 days (a "
                    + "limit of 0 means no limit to Slurm: write UNLIMITED)");
        }
        return t;
    }

    private static void checkField(final String text, final String field, final Long value, final long max) {
        if (value != null && value > max) {
            throw new UsageException("--time " + TextLimits.quoted(text) + ": " + field + " = " + value
                    + ": must be at most " + max);
        }
    }

    /**
     * Checks a memory size as Slurm reads it and bounds it so that the JVM's heap fits inside it.
     *
     * @param text e.g. {@code 4000} (MiB) or {@code 12G}
     * @return the size to write, with an upper-case suffix
     * @throws UsageException naming {@code --mem} when malformed, 0 (all of a node to Slurm) or out of range
     */
    static String memory(final String text) {
        final Matcher m = MEMORY.matcher(text.strip());
        if (!m.matches()) {
            throw new UsageException("--mem " + TextLimits.quoted(text) + ": must be a size such as 4000 (MiB), 12G "
                    + "or 1T");
        }
        final String size = m.group(1) + m.group(2).toUpperCase(Locale.ROOT);
        final long mib = mebibytes(size);
        if (mib < MIN_MEMORY_MIB || mib > MAX_MEMORY_MIB) {
            throw new UsageException("--mem " + TextLimits.quoted(text) + ": must be from 512M to 64T (the JVM needs "
                    + "about 100 MiB beside a heap of at least 256 MiB; " + (Long.parseLong(m.group(1)) == 0 ? "0 means all "
                    + "of a node's memory to Slurm" : mib < MIN_MEMORY_MIB ? "below 512M the heap would not fit"
                    : "64 TiB is the largest heap the JVM reserves") + ")");
        }
        return size;
    }

    /** A size in Slurm's format, in MiB (rounded down; saturating far above any bound). */
    private static long mebibytes(final String size) {
        final char last = size.charAt(size.length() - 1);
        final boolean suffixed = !Character.isDigit(last);
        final long number = Long.parseLong(suffixed ? size.substring(0, size.length() - 1) : size);
        final long limit = Long.MAX_VALUE >> 21;
        final long n = Math.min(number, limit);
        return switch (suffixed ? last : 'M') {
            case 'K' -> n / 1024;
            case 'G' -> n << 10;
            case 'T' -> n << 20;
            default -> n;
        };
    }

    /**
     * The JVM's heap for a task's memory: the memory less 15% (at least 256 MiB) for the JVM's own use.
     *
     * @param slurmMemory a size accepted by {@link #memory}
     * @return MiB, at least 256
     */
    static long heapMiB(final String slurmMemory) {
        final long mib = mebibytes(slurmMemory);
        return mib - Math.max(256, mib * 15 / 100);
    }

    /**
     * Parses the study command as the CLI would, without running it.
     *
     * @param args the command and its options
     * @return the parse of the study command itself
     * @throws UsageException when it does not parse or is not a study
     */
    private CommandLine.ParseResult parseStudy(final List<String> args) {
        final CommandLine cli = new CommandLine(new Scalebench());
        final CommandLine.ParseResult parsed;
        try {
            parsed = cli.parseArgs(args.toArray(String[]::new));
        } catch (final CommandLine.ParameterException e) {
            throw new UsageException("COMMAND " + TextLimits.quoted("scalebench " + String.join(" ", args)) + ": "
                    + Scalebench.cutQuotedValues(e.getMessage()));
        }
        CommandLine.ParseResult leaf = parsed;
        while (leaf.subcommand() != null) {
            leaf = leaf.subcommand();
        }
        if (!(leaf.commandSpec().userObject() instanceof StudyCommand)) {
            throw new UsageException("COMMAND " + TextLimits.quoted("scalebench " + String.join(" ", args)) + ": not a "
                    + "study command (use coherence compare, coherence sweep or train project)");
        }
        if (leaf.isUsageHelpRequested() || leaf.isVersionHelpRequested()) {
            throw new UsageException("COMMAND: --help and --version print, they do not run a study");
        }
        if (leaf.hasMatchedOption("--shard") || leaf.hasMatchedOption("--jobs")) {
            throw new UsageException("COMMAND: leave out --shard and --jobs; slurm sets them per task "
                    + "(--cpus-per-task sets --jobs)");
        }
        if (!leaf.hasMatchedOption("--out")) {
            throw new UsageException("COMMAND: give the study's --out DIR, on a file system every node sees");
        }
        return leaf;
    }

    /** The command without its {@code --out DIR} (the array tasks write shards, the merge writes --out). */
    private static List<String> withoutOut(final List<String> args) {
        final List<String> kept = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            final String a = args.get(i);
            if (a.equals("--out")) {
                i++;
            } else if (!a.startsWith("--out=")) {
                kept.add(a);
            }
        }
        return kept;
    }

    /**
     * The arguments with every input file the study read, where an argument names it relative to the current
     * directory, written as an absolute path: the jobs run from the checkout, not from here. An argument may name a
     * file whole, after {@code --option=}, after {@code trace:}, or as an item of a comma-separated list.
     *
     * @param args the arguments
     * @param read the files the study read, absolute and normalized
     * @return the arguments for the scripts
     */
    static List<String> absoluteInputs(final List<String> args, final List<Path> read) {
        final List<String> result = new ArrayList<>();
        for (final String arg : args) {
            final int eq = arg.startsWith("--") ? arg.indexOf('=') : -1;
            final String head = eq < 0 ? "" : arg.substring(0, eq + 1);
            final String[] items = arg.substring(head.length()).split(",", -1);
            for (int i = 0; i < items.length; i++) {
                final String prefix = items[i].startsWith("trace:") ? "trace:" : "";
                final String name = items[i].substring(prefix.length());
                try {
                    final Path p = Path.of(name);
                    if (!name.isEmpty() && !p.isAbsolute() && read.contains(p.toAbsolutePath().normalize())) {
                        items[i] = prefix + p.toAbsolutePath().normalize();
                    }
                } catch (final java.nio.file.InvalidPathException notAPath) {
                    // not a file name: kept as given
                }
            }
            result.add(head + String.join(",", items));
        }
        return result;
    }

    private static Path repositoryRoot() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("scalebench")) && Files.isDirectory(p.resolve("bench"))) {
                if (hasControl(p.toString())) {
                    throw new UsageException("the checkout's path " + TextLimits.quoted(p.toString()) + " holds a "
                            + "control character, which cannot go into a batch script");
                }
                return p;
            }
        }
        throw new UsageException("run scalebench slurm from the scalebench checkout (the jobs start ./scalebench "
                + "there; it must be on a file system every node sees)");
    }

    /** Whether a value holds a character no script line can carry: a line break, NUL or another control character. */
    static boolean hasControl(final String value) {
        return value.chars().anyMatch(c -> Character.isISOControl(c) || c == '\u2028' || c == '\u2029');
    }

    private static String shellWords(final List<String> args) {
        return String.join(" ", args.stream().map(SlurmCommand::shellWord).toList());
    }

    /**
     * A word quoted for bash: unquoted when plainly safe, else in single quotes (a quote inside as {@code '\''}).
     *
     * @param word any text without control characters
     * @return the word as bash reads it back
     */
    static String shellWord(final String word) {
        if (!word.isEmpty() && word.matches("[A-Za-z0-9_./:=+,@%-]+")) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }

    /**
     * A log path for {@code #SBATCH --output}: {@code %} doubled where the directory holds it (sbatch's filename
     * patterns; the name may use them), in double quotes with {@code "} escaped (sbatch's reading of
     * {@code #SBATCH} lines: words split at blanks, quotes group, {@code #} outside quotes starts a comment).
     *
     * @param dir the directory, without backslashes or control characters
     * @param name the file name, possibly with patterns such as {@code %a}
     * @return the quoted path
     */
    static String sbatchPath(final Path dir, final String name) {
        final String path = dir.toString().replace("%", "%%") + "/" + name;
        return "\"" + path.replace("\"", "\\\"") + "\"";
    }

    private static void writeScript(final Path file, final List<String> lines) throws IOException {
        AtomicFiles.write(file, tmp -> {
            Files.writeString(tmp, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
            try {
                Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
            } catch (final UnsupportedOperationException notPosix) {
                // the file system has no POSIX permissions; run it with bash
            }
        });
    }

    /**
     * Runs sbatch, waiting at most {@value #SBATCH_SECONDS} s, and returns the job id it prints.
     *
     * @param args sbatch and its arguments
     * @return the job id
     * @throws SbatchFailure when sbatch cannot start, fails, takes too long or prints no job id
     */
    private static String sbatch(final List<String> args) throws IOException, InterruptedException {
        final Path output = Files.createTempFile("scalebench-sbatch-", ".out");
        try {
            final Process p;
            try {
                p = new ProcessBuilder(args).redirectErrorStream(true).redirectOutput(output.toFile()).start();
            } catch (final IOException e) {
                throw new SbatchFailure("cannot run sbatch (" + TextLimits.quoted(String.valueOf(e.getMessage()))
                        + "); is Slurm's client installed?");
            }
            if (!p.waitFor(SBATCH_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new SbatchFailure(String.join(" ", args) + ": no answer within " + SBATCH_SECONDS + " s (the "
                        + "scripts are written; submit them by hand when Slurm answers)");
            }
            final byte[] head;
            try (InputStream in = Files.newInputStream(output)) {
                head = in.readNBytes(SBATCH_OUTPUT_BYTES);
            }
            final String text = new String(head, StandardCharsets.UTF_8).strip();
            if (p.exitValue() != 0) {
                throw new SbatchFailure(String.join(" ", args) + " failed: " + TextLimits.quoted(text));
            }
            final String id = text.lines().reduce((a, b) -> b).orElse("").split(";")[0].strip();
            if (!id.matches("\\d{1,19}")) {
                throw new SbatchFailure(String.join(" ", args) + " printed no job id: " + TextLimits.quoted(text));
            }
            return id;
        } finally {
            Files.deleteIfExists(output);
        }
    }

    /** sbatch failed: the scripts are written, the submission is not complete. */
    static final class SbatchFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        SbatchFailure(final String message) {
            super(message);
        }
    }
}
