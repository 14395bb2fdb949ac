package org.scalebench.bench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.scalebench.bench.io.AtomicFiles;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code scalebench slurm}: runs a study command as a Slurm job array of its shards, then merges them in a job
 * that depends on the array.
 */
@Command(name = "slurm", mixinStandardHelpOptions = true,
        description = {"Write Slurm batch scripts that run a study command (coherence compare, coherence sweep, "
                + "train project, train llm --search) as an array of N tasks, task I running --shard I/N into "
                + "DIR/shards/shard-I, and a merge job (--dependency=afterok:<array>) that writes the full run's files "
                + "into the command's --out DIR. The scripts are plain and editable: add module loads and account "
                + "lines where they say so. --submit submits both with sbatch and prints the job ids; otherwise the "
                + "sbatch commands are printed.",
            "Example: scalebench slurm --shards 16 --partition batch --time 1:00:00 -- coherence sweep --system "
                + "wsc1m --accesses 1000000 --out /shared/sweep",
            "Exit codes: 0 written (and submitted), 1 sbatch failed, 2 bad input."})
public final class SlurmCommand implements Callable<Integer> {

    /** Slurm's time formats: minutes, M:S, H:M:S, D-H, D-H:M, D-H:M:S, or UNLIMITED. */
    private static final Pattern TIME = Pattern.compile(
            "UNLIMITED|INFINITE|\\d+|\\d+:\\d{1,2}|\\d+:\\d{1,2}:\\d{1,2}|\\d+-\\d+|\\d+-\\d+:\\d{1,2}|\\d+-\\d+:\\d{1,2}:\\d{1,2}");
    /** Slurm's memory format: a number with an optional K, M, G or T suffix. */
    private static final Pattern MEMORY = Pattern.compile("\\d+[KMGT]?");
    /** A partition or account name as Slurm accepts it, without shell metacharacters. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.,-]+");

    @Spec
    CommandSpec spec;

    @Option(names = "--shards", required = true, paramLabel = "N", description = "Array tasks, one shard each "
            + "(1 to 10000).")
    int shards;

    @Option(names = "--partition", paramLabel = "P", description = "Slurm partition (default: the cluster's).")
    String partition;

    @Option(names = "--time", paramLabel = "T", description = "Time limit per task, in Slurm's format (e.g. 30, "
            + "1:00:00, 1-12).")
    String time;

    @Option(names = "--mem", paramLabel = "M", description = "Memory per task, in Slurm's format (e.g. 12G); the "
            + "JVM gets about 85%% of it as heap.")
    String mem;

    @Option(names = "--cpus-per-task", paramLabel = "C", description = "CPUs per task; each task runs that many "
            + "points at once (--jobs). Default: ${DEFAULT-VALUE}.")
    int cpusPerTask = 1;

    @Option(names = "--submit", description = "Submit with sbatch and print the job ids.")
    boolean submit;

    @Parameters(arity = "1..*", paramLabel = "COMMAND", description = "After '--': the study command with its "
            + "options, as you would give it to scalebench (with --out DIR).")
    List<String> command;

    @Override
    public Integer call() throws Exception {
        final PrintWriter out = spec.commandLine().getOut();
        if (shards < 1 || shards > org.scalebench.bench.study.Shard.MAX_COUNT) {
            throw new UsageException("--shards = " + shards + ": must be in [1, 10000]");
        }
        if (cpusPerTask < 1 || cpusPerTask > 4096) {
            throw new UsageException("--cpus-per-task = " + cpusPerTask + ": must be in [1, 4096]");
        }
        check(partition, NAME, "--partition", "a partition name");
        check(time, TIME, "--time", "Slurm's time format: minutes, H:M:S, D-H or D-H:M:S");
        check(mem, MEMORY, "--mem", "a size such as 4000 (MiB), 12G or 1T");
        if (mem != null) {
            heapMiB(mem);
        }
        final StudyCommand study = parseStudy(command);
        try {
            study.study(); // the study's own checks (sizes, formats, files) fail here, not in every task
        } catch (final UsageException e) {
            throw new UsageException("COMMAND: " + e.getMessage());
        }
        final List<String> defining = withoutOut(command);
        final Path dir = OutputPaths.checkDirectory(study.out(), "--out (of the study command)");
        final Path slurmDir = dir.resolve("slurm");
        final Path shardsDir = dir.resolve("shards");
        final Path root = repositoryRoot();
        final String launcher = root.resolve("scalebench").toString();
        final String heap = mem == null ? "" : "SCALEBENCH_JAVA_OPTS=\"-Xmx" + heapMiB(mem) + "m\" ";
        final String name = "scalebench-" + String.join("-", defining.subList(0, Math.min(2, defining.size())));

        final List<String> array = new ArrayList<>();
        array.add("#!/usr/bin/env bash");
        array.add("# scalebench study as a Slurm job array: task I runs shard I of " + shards + ".");
        array.add("# Written by: scalebench slurm --shards " + shards + " -- " + String.join(" ", command));
        array.add("#SBATCH --job-name=" + name);
        array.add("#SBATCH --array=0-" + (shards - 1));
        array.add("#SBATCH --cpus-per-task=" + cpusPerTask);
        array.add("#SBATCH --output=" + slurmDir.resolve("shard-%a.log"));
        addCommon(array);
        array.add("# Your site's lines: #SBATCH ones (e.g. --account=...) above this comment, module loads below.");
        array.add("set -euo pipefail");
        array.add("cd " + quote(root.toString()));
        array.add(heap + "exec " + quote(launcher) + " " + join(defining) + " --jobs " + cpusPerTask
                + " --shard \"${SLURM_ARRAY_TASK_ID}/" + shards + "\" --out "
                + quote(shardsDir.toString()) + "/shard-\"${SLURM_ARRAY_TASK_ID}\"");

        final List<String> merge = new ArrayList<>();
        merge.add("#!/usr/bin/env bash");
        merge.add("# Merges the " + shards + " shards of the array job into the files of the unsharded run.");
        merge.add("#SBATCH --job-name=" + name + "-merge");
        merge.add("#SBATCH --output=" + slurmDir.resolve("merge.log"));
        addCommon(merge);
        merge.add("# Your site's lines: #SBATCH ones (e.g. --account=...) above this comment, module loads below.");
        merge.add("set -euo pipefail");
        merge.add("cd " + quote(root.toString()));
        final StringBuilder shardList = new StringBuilder();
        for (int i = 0; i < shards; i++) {
            shardList.append(' ').append(quote(shardsDir.resolve("shard-" + i).toString()));
        }
        merge.add(heap + "exec " + quote(launcher) + " merge --out " + quote(dir.toString()) + shardList);

        final Path arrayScript = slurmDir.resolve("array.sh");
        final Path mergeScript = slurmDir.resolve("merge.sh");
        writeScript(arrayScript, array);
        writeScript(mergeScript, merge);
        out.println("wrote " + arrayScript + " (" + shards + " tasks) and " + mergeScript);
        if (!submit) {
            out.println("submit with:");
            out.println("  array=$(sbatch --parsable " + arrayScript + ")");
            out.println("  sbatch --dependency=afterok:${array%%;*} " + mergeScript);
            return Scalebench.OK;
        }
        final String arrayId;
        final String mergeId;
        try {
            arrayId = sbatch(List.of("sbatch", "--parsable", arrayScript.toString()));
            mergeId = sbatch(List.of("sbatch", "--parsable", "--dependency=afterok:" + arrayId,
                    mergeScript.toString()));
        } catch (final SbatchFailure e) {
            spec.commandLine().getErr().println("scalebench: " + e.getMessage());
            return Scalebench.FAILED;
        }
        out.println("submitted array job " + arrayId + " (" + shards + " tasks) and merge job " + mergeId
                + " (after the array succeeds); results in " + dir);
        out.println("array job: " + arrayId);
        out.println("merge job: " + mergeId);
        return Scalebench.OK;
    }

    private void addCommon(final List<String> lines) {
        if (partition != null) {
            lines.add("#SBATCH --partition=" + partition);
        }
        if (time != null) {
            lines.add("#SBATCH --time=" + time);
        }
        if (mem != null) {
            lines.add("#SBATCH --mem=" + mem);
        }
    }

    private static void check(final String value, final Pattern allowed, final String option, final String what) {
        if (value != null && !allowed.matcher(value).matches()) {
            throw new UsageException(option + " '" + value + "': must be " + what);
        }
    }

    /**
     * About 85% of the task's memory, in MiB, as the JVM's heap (the rest for the JVM itself).
     *
     * @param slurmMemory a size in Slurm's format: a number of MiB, or a number with K, M, G or T
     * @return MiB, at least 64
     * @throws UsageException naming {@code --mem} when the size is out of range
     */
    static long heapMiB(final String slurmMemory) {
        final char last = slurmMemory.charAt(slurmMemory.length() - 1);
        final boolean suffixed = !Character.isDigit(last);
        try {
            final long number = Long.parseLong(suffixed ? slurmMemory.substring(0, slurmMemory.length() - 1)
                    : slurmMemory);
            final long mib = switch (suffixed ? last : 'M') {
                case 'K' -> number / 1024;
                case 'G' -> Math.multiplyExact(number, 1024L);
                case 'T' -> Math.multiplyExact(number, 1024L * 1024);
                default -> number;
            };
            if (mib > (1L << 40)) {
                throw new ArithmeticException();
            }
            return Math.max(64, mib * 85 / 100);
        } catch (final NumberFormatException | ArithmeticException e) {
            throw new UsageException("--mem '" + slurmMemory + "': too large (at most 2^40 MiB)");
        }
    }

    /**
     * Parses the study command as the CLI would, without running it.
     *
     * @param args the command and its options
     * @return the parsed study command
     * @throws UsageException when it does not parse or is not a study
     */
    private StudyCommand parseStudy(final List<String> args) {
        final CommandLine cli = new CommandLine(new Scalebench());
        final CommandLine.ParseResult parsed;
        try {
            parsed = cli.parseArgs(args.toArray(String[]::new));
        } catch (final CommandLine.ParameterException e) {
            throw new UsageException("COMMAND 'scalebench " + String.join(" ", args) + "': " + e.getMessage());
        }
        CommandLine.ParseResult leaf = parsed;
        while (leaf.subcommand() != null) {
            leaf = leaf.subcommand();
        }
        if (!(leaf.commandSpec().userObject() instanceof StudyCommand study)) {
            throw new UsageException("COMMAND 'scalebench " + String.join(" ", args) + "': not a study command (use "
                    + "coherence compare, coherence sweep or train project)");
        }
        if (leaf.hasMatchedOption("--shard") || leaf.hasMatchedOption("--jobs")) {
            throw new UsageException("COMMAND: leave out --shard and --jobs; slurm sets them per task "
                    + "(--cpus-per-task sets --jobs)");
        }
        if (!leaf.hasMatchedOption("--out")) {
            throw new UsageException("COMMAND: give the study's --out DIR, on a file system every node sees");
        }
        return study;
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

    private static Path repositoryRoot() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("scalebench")) && Files.isDirectory(p.resolve("bench"))) {
                return p;
            }
        }
        throw new UsageException("run scalebench slurm from the scalebench checkout (the jobs start ./scalebench "
                + "there; it must be on a file system every node sees)");
    }

    private static String join(final List<String> args) {
        return String.join(" ", args.stream().map(SlurmCommand::quote).toList());
    }

    /** Quotes a word for bash unless it is plainly safe. */
    static String quote(final String word) {
        if (word.matches("[A-Za-z0-9_./:=+,@%-]+")) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
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

    private static String sbatch(final List<String> args) throws IOException, InterruptedException {
        final Process p;
        try {
            p = new ProcessBuilder(args).redirectErrorStream(true).start();
        } catch (final IOException e) {
            throw new SbatchFailure("cannot run sbatch (" + e.getMessage() + "); is Slurm's client installed?");
        }
        final String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new SbatchFailure(String.join(" ", args) + " failed: " + output);
        }
        final String id = output.lines().reduce((a, b) -> b).orElse("").split(";")[0].strip();
        if (!id.matches("\\d+")) {
            throw new SbatchFailure(String.join(" ", args) + " printed no job id: " + output);
        }
        return id;
    }

    /** sbatch failed: the scripts are written, the submission is not complete. */
    static final class SbatchFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        SbatchFailure(final String message) {
            super(message);
        }
    }
}
