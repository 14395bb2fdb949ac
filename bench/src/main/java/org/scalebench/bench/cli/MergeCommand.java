package org.scalebench.bench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.scalebench.bench.study.ShardFiles;
import org.scalebench.bench.study.ShardManifest;
import org.scalebench.bench.study.Study;
import org.scalebench.core.data.InputFiles;
import org.scalebench.core.data.TextLimits;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code scalebench merge}: combines the shard directories of a study into the files of the unsharded run. */
@Command(name = "merge", mixinStandardHelpOptions = true,
        description = {"Combine the shard directories written by a study command run with --shard I/N (coherence "
                + "compare, coherence sweep, train project) into exactly the files the run "
                + "without --shard writes: CSV rows in the same order, figures drawn from the merged rows.",
            "Refuses shards of different studies, arguments, seeds, versions, commits or input file contents, a "
                + "shard given twice, missing shards, a shard whose rows were lost, repeated or edited or whose "
                + "scalebench-run.txt is gone, input files changed since the shards ran, and an output directory "
                + "that is or lies inside a shard directory.",
            "Exit codes: 0 merged, 2 bad input."})
public final class MergeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Where to write the merged files.")
    Path out;

    @Parameters(arity = "1..*", paramLabel = "SHARD_DIR", description = "The shard directories (one per shard).")
    List<Path> shards;

    @Override
    public Integer call() throws Exception {
        final PrintWriter stdout = spec.commandLine().getOut();
        refuseOutputAmongInputs();
        OutputPaths.checkDirectory(out, "--out");
        final List<ShardFiles.Contents> read = new ArrayList<>();
        for (final Path dir : shards) {
            read.add(ShardFiles.read(dir));
        }
        final ShardFiles.Contents merged = ShardFiles.combine(read);
        final ShardManifest m = merged.manifest();
        InputFiles.clear();
        final Study study = rebuild(m);
        final List<ShardManifest.Input> now = StudyExecution.inputs();
        if (!now.equals(m.inputs())) {
            throw new UsageException("the shards' input files differ from what the merge reads now ("
                    + ShardManifest.inputDifference(m.inputs(), now) + "): an input changed since the shards ran, or "
                    + "a relative path resolves elsewhere here; merge from where the shards ran, with the same files");
        }
        if (!study.columns().equals(m.columns())) {
            throw new UsageException("the shards' columns differ from what this scalebench's " + m.study()
                    + " writes: merge with the version that ran them (" + TextLimits.quoted(m.version()) + ", "
                    + TextLimits.quoted(m.commit()) + ")");
        }
        final List<String> written = StudyExecution.publish(study, merged.points(), out, List.of(
                "command: scalebench merge --out " + out + " " + String.join(" ", shards.stream().map(Path::toString)
                        .toList()),
                "study: scalebench " + m.study() + " " + String.join(" ", m.arguments()),
                "scalebench: " + m.version(), "commit: " + m.commit(), "jdk: " + m.jdk(),
                "shards: " + m.shard().count()));
        stdout.println("merged " + shards.size() + " shards of " + m.study() + " (" + m.points() + " points): wrote "
                + String.join(", ", written) + " in " + out);
        return Scalebench.OK;
    }

    /**
     * Refuses an output directory that is a shard directory or lies inside one: the merge would write into, or
     * remove files of, what it reads. (Shards inside the output directory, as {@code scalebench slurm} lays them
     * out, are fine: a merge writes only its own files.)
     *
     * @throws UsageException naming {@code --out} and the shard directory
     * @throws IOException when a path cannot be resolved
     */
    private void refuseOutputAmongInputs() throws IOException {
        final Path target = real(out);
        for (final Path shard : shards) {
            final Path input = real(shard);
            if (target.startsWith(input)) {
                throw new UsageException("--out " + TextLimits.quoted(out.toString()) + ": "
                        + (target.equals(input) ? "is" : "lies inside") + " the shard directory "
                        + TextLimits.quoted(shard.toString()) + "; a merge never writes into what it reads (choose "
                        + "another directory)");
            }
        }
    }

    /** A path with every symbolic link of its existing part resolved, absolute and normalized. */
    private static Path real(final Path path) throws IOException {
        Path existing = path.toAbsolutePath().normalize();
        Path rest = Path.of("");
        while (existing != null && !Files.exists(existing)) {
            rest = existing.getFileName().resolve(rest);
            existing = existing.getParent();
        }
        return existing == null ? path.toAbsolutePath().normalize() : existing.toRealPath().resolve(rest).normalize();
    }

    /**
     * Rebuilds a study from a shard's manifest, by parsing its command as the CLI would.
     *
     * @param m the manifest
     * @return the study
     * @throws Exception when the command no longer parses or is not a study
     */
    private Study rebuild(final ShardManifest m) throws Exception {
        final List<String> args = new ArrayList<>(List.of(m.study().split(" ")));
        args.addAll(m.arguments());
        args.add("--out");
        args.add(out.toString());
        final CommandLine cli = new CommandLine(new Scalebench());
        final CommandLine.ParseResult parsed;
        try {
            parsed = cli.parseArgs(args.toArray(String[]::new));
        } catch (final CommandLine.ParameterException e) {
            throw new UsageException("the shards' command " + TextLimits.quoted("scalebench " + String.join(" ", args))
                    + " does not parse with this scalebench: " + Scalebench.cutQuotedValues(e.getMessage()));
        }
        CommandLine.ParseResult leaf = parsed;
        while (leaf.subcommand() != null) {
            leaf = leaf.subcommand();
        }
        if (!(leaf.commandSpec().userObject() instanceof StudyCommand command)) {
            throw new UsageException(TextLimits.quoted("scalebench " + m.study()) + " is not a study command; nothing "
                    + "to merge");
        }
        return command.study();
    }
}
