package org.scalebench.bench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.scalebench.bench.io.ConsoleProgress;
import org.scalebench.bench.io.FileDigest;
import org.scalebench.bench.io.StagedDirectory;
import org.scalebench.bench.study.ParallelPoints;
import org.scalebench.bench.study.PointRows;
import org.scalebench.bench.study.Provenance;
import org.scalebench.bench.study.Shard;
import org.scalebench.bench.study.ShardFiles;
import org.scalebench.bench.study.ShardManifest;
import org.scalebench.bench.study.Study;
import org.scalebench.core.data.InputFiles;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** Runs a {@link StudyCommand}: the whole study into its output set, or one shard into a shard directory. */
final class StudyExecution {

    /** Options that say how or where a study runs, not what it computes: left out of a shard's definition. */
    private static final List<String> NOT_DEFINING = List.of("--jobs", "--threads", "--shard", "--out");

    private StudyExecution() {
    }

    /**
     * Runs the command's study.
     *
     * @param command the command
     * @param spec its picocli spec (output streams, parse result)
     * @return every row of the study in point order, or null for a shard (its rows are only a part)
     * @throws Exception on failure
     */
    static List<List<String>> run(final StudyCommand command, final CommandSpec spec) throws Exception {
        final PrintWriter out = spec.commandLine().getOut();
        final int requestedJobs = command.studyOptions().jobs();
        final Shard shard = command.studyOptions().shard();
        OutputPaths.checkDirectory(command.out(), "--out");
        InputFiles.clear();
        final Study study = command.study();
        final int[] points = IntStream.range(0, study.points()).filter(p -> shard == null || shard.selects(p))
                .toArray();
        HeapCheck.fits(study.heapBytesPerPoint(), "one point of " + study.name());
        final int jobs = ParallelPoints.jobs(requestedJobs, study, Math.max(1, points.length),
                Runtime.getRuntime().maxMemory());
        out.println(study.name() + ": " + points.length + " of " + study.points() + " point"
                + (study.points() == 1 ? "" : "s") + (shard == null ? "" : " (shard " + shard + ")") + ", " + jobs
                + " at a time" + (jobs < Math.min(requestedJobs, points.length) ? " (the heap holds " + jobs + ")" : ""));
        out.flush();
        try (StagedDirectory staged = OutputPaths.stage(command.out(), "--out",
                shard == null ? study.outputs() : List.of(), OutputPaths.producer(spec))) {
            final List<PointRows> rows;
            study.prepare(points);
            try (ConsoleProgress progress = ConsoleProgress.onTerminal(out, "points")) {
                rows = ParallelPoints.run(study, points, jobs, progress);
            }
            final Provenance provenance = Provenance.current(VersionProvider.version());
            final List<String> written;
            if (shard == null) {
                written = study.publish(staged.staging(), ParallelPoints.flatten(rows));
            } else {
                written = ShardFiles.write(staged.staging(), new ShardManifest(study.name(),
                        definingArguments(spec), provenance.version(), provenance.commit(), provenance.jdk(), shard,
                        study.points(), study.columns(), 0, "", inputs()), rows);
            }
            final List<String> marker = new ArrayList<>(OutputPaths.marker(spec));
            if (shard != null) {
                marker.add(ShardFiles.markerLine(staged.staging()));
            }
            staged.publish(marker);
            out.println("wrote " + String.join(", ", written) + " in " + staged.directory());
            return shard == null ? ParallelPoints.flatten(rows) : null;
        }
    }

    /**
     * Every input file read since the journal was cleared, with its digest.
     *
     * @return the files, sorted by path
     * @throws IOException when one cannot be read again
     */
    static List<ShardManifest.Input> inputs() throws IOException {
        final List<ShardManifest.Input> inputs = new ArrayList<>();
        for (final Path file : InputFiles.recorded()) {
            inputs.add(new ShardManifest.Input(file.toString(), FileDigest.sha256(file)));
        }
        return inputs;
    }

    private static List<String> originalArgs(final CommandSpec spec) {
        return spec.commandLine().getParseResult().originalArgs();
    }

    /**
     * The arguments that define the study: the command's own arguments as typed, without the subcommand names
     * and without {@code --jobs}, {@code --shard} and {@code --out} (in either {@code --opt value} or
     * {@code --opt=value} form).
     *
     * @param spec the command's spec
     * @return the arguments
     */
    static List<String> definingArguments(final CommandSpec spec) {
        final List<String> all = originalArgs(spec);
        int start = 0;
        for (CommandLine c = spec.commandLine(); c.getParent() != null; c = c.getParent()) {
            start++;
        }
        final List<String> defining = new ArrayList<>();
        for (int i = start; i < all.size(); i++) {
            final String arg = all.get(i);
            final int eq = arg.indexOf('=');
            final String name = eq > 0 ? arg.substring(0, eq) : arg;
            if (NOT_DEFINING.contains(name)) {
                if (eq < 0) {
                    i++;
                }
                continue;
            }
            defining.add(arg);
        }
        return defining;
    }

    /**
     * The command path of a study command, e.g. {@code [coherence, sweep]}.
     *
     * @param spec the command's spec
     * @return the subcommand names from the top
     */
    static List<String> commandPath(final CommandSpec spec) {
        final List<String> path = new ArrayList<>();
        for (CommandLine c = spec.commandLine(); c.getParent() != null; c = c.getParent()) {
            path.add(0, c.getCommandName());
        }
        return path;
    }

    /**
     * Writes a study's final files from merged rows into an output set.
     *
     * @param study the study, rebuilt from a shard's arguments
     * @param rows every point's rows in point order
     * @param dir the output directory
     * @param header the completion marker's header
     * @return the files written
     * @throws IOException when they cannot be written
     */
    static List<String> publish(final Study study, final List<PointRows> rows, final Path dir,
            final List<String> header) throws IOException {
        try (StagedDirectory staged = OutputPaths.stage(dir, "--out", study.outputs(),
                List.of(study.name().split(" ")))) {
            final List<String> written = study.publish(staged.staging(), ParallelPoints.flatten(rows));
            staged.publish(header);
            return written;
        }
    }
}
