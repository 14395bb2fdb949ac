package org.scalebench.bench.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.List;
import org.scalebench.bench.io.OutputLocation;
import org.scalebench.bench.io.StagedDirectory;
import org.scalebench.bench.trace.TraceCapture;
import org.scalebench.core.data.TextLimits;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Checks output locations before a long run, so a bad path fails at once, with the option that named it, rather
 * than after the work (see {@link OutputLocation} for what is refused and what is prepared).
 */
final class OutputPaths {

    private OutputPaths() {
    }

    /**
     * Checks that {@code file} can be written as a regular file (creating its missing parent directories).
     *
     * @param file the output file
     * @param option the option naming it, for the message
     * @param extensions the extensions the command writes, lower case without the dot ({@code csv}); the file's
     *     must be one of them, compared case-insensitively
     * @return where the file will be written (through a symbolic link, the file it points to)
     * @throws UsageException {@code OPTION PATH: reason} when it cannot, or its extension is not one the command
     *     writes
     */
    static Path checkFile(final Path file, final String option, final String... extensions) {
        final Path target;
        try {
            target = OutputLocation.file(file);
        } catch (final OutputLocation.Problem e) {
            throw new UsageException(option + " " + shown(file) + ": " + e.getMessage());
        }
        extension(file, option, extensions);
        return target;
    }

    /**
     * The extension of an output file, which must be one the command writes: a file named {@code .txt} or
     * {@code .bin} is never silently written as CSV. Extensions compare case-insensitively ({@code .CSV},
     * {@code .SBT}), and the file is written in the format the extension names.
     *
     * @param file the output file
     * @param option the option naming it, for the message
     * @param extensions the extensions the command writes, lower case without the dot
     * @return the file's extension, lower case
     * @throws UsageException naming the option, the file and the extensions allowed
     */
    static String extension(final Path file, final String option, final String... extensions) {
        final Path name = file.getFileName();
        final String text = name == null ? "" : name.toString();
        final int dot = text.lastIndexOf('.');
        final String ext = dot < 0 ? "" : text.substring(dot + 1).toLowerCase(Locale.ROOT);
        if (extensions.length > 0 && !Arrays.asList(extensions).contains(ext)) {
            throw new UsageException(option + " " + shown(file) + ": must end in ." + String.join(" or .", extensions)
                    + " (the format" + (extensions.length > 1 ? "s" : "") + " this command writes)");
        }
        return ext;
    }

    /**
     * Checks that {@code dir} can hold output files (creating it when missing).
     *
     * @param dir the output directory
     * @param option the option naming it, for the message
     * @return the directory, absolute
     * @throws UsageException {@code OPTION PATH: reason} when it cannot
     */
    static Path checkDirectory(final Path dir, final String option) {
        try {
            return OutputLocation.directory(dir);
        } catch (final OutputLocation.Problem e) {
            throw new UsageException(option + " " + shown(dir) + ": " + e.getMessage());
        }
    }

    /**
     * Checks an output directory (creating it when missing) and opens a staging directory in it, so that a
     * multi-file output is published as one set ({@link StagedDirectory}).
     *
     * @param dir the output directory
     * @param option the option naming it, for the message
     * @param spec the command (a directory holding another command's set is refused)
     * @return the staged directory; close it when done
     * @throws UsageException {@code OPTION PATH: reason} when the directory cannot hold the outputs
     * @throws IOException when the staging directory cannot be created
     */
    static StagedDirectory stage(final Path dir, final String option, final CommandSpec spec) throws IOException {
        return stage(dir, option, List.of(), producer(spec));
    }

    /**
     * The words of a command after {@code scalebench}, as an output set's marker records its producer.
     *
     * @param spec the command's spec
     * @return the words ({@code [train, validate]})
     */
    static List<String> producer(final CommandSpec spec) {
        final List<String> words = new java.util.ArrayList<>(List.of(spec.qualifiedName().strip().split("\\s+")));
        words.remove(0);
        return words;
    }

    /**
     * Checks an output directory (creating it when missing) and the files a command will write in it, and opens a
     * staging directory in it ({@link StagedDirectory#open(Path, List)}).
     *
     * @param dir the output directory
     * @param option the option naming it, for the message
     * @param outputs the files the command will publish, relative to the directory
     * @param producer the command's words after {@code scalebench} ({@link #producer}): a directory holding the set
     *     of another command is refused
     * @return the staged directory; close it when done
     * @throws UsageException {@code OPTION PATH: reason} when the directory or a file in it cannot hold the outputs,
     *     or it holds another command's set
     * @throws IOException when the staging directory cannot be created
     */
    static StagedDirectory stage(final Path dir, final String option, final List<String> outputs,
            final List<String> producer) throws IOException {
        try {
            return StagedDirectory.open(dir, outputs, producer);
        } catch (final OutputLocation.Problem e) {
            throw new UsageException(option + " " + shown(dir) + ": " + e.getMessage());
        }
    }

    /**
     * The header of a completion marker for a command: the command as typed, scalebench's version and commit, the
     * JDK.
     *
     * @param spec the command's spec
     * @return the marker's first lines
     */
    static List<String> marker(final CommandSpec spec) {
        final org.scalebench.bench.study.Provenance p =
                org.scalebench.bench.study.Provenance.current(VersionProvider.version());
        return List.of("command: scalebench " + String.join(" ", spec.commandLine().getParseResult().originalArgs()),
                "scalebench: " + p.version(), "commit: " + p.commit(), "jdk: " + p.jdk());
    }

    /**
     * The line a command prints once its staged files are published: each file under the directory it now sits in,
     * not under the staging directory that was renamed away.
     *
     * @param published the published directory
     * @param staged the files as written in the staging directory
     * @return {@code wrote DIR/a.csv, DIR/b.md}
     */
    static String wrote(final Path published, final List<Path> staged) {
        final StringBuilder b = new StringBuilder("wrote ");
        for (int i = 0; i < staged.size(); i++) {
            b.append(i == 0 ? "" : ", ").append(published.resolve(staged.get(i).getFileName().toString()));
        }
        return b.toString();
    }

    /**
     * Refuses, before anything is written, an output larger than the free space of the file system it goes to.
     *
     * @param target where the file will be written ({@link #checkFile}'s answer: its directory exists)
     * @param cause the option and value that set the size, for the message, e.g. {@code --accesses = 10}
     * @param bytes the output's size, or a bound on it
     * @param estimate how the size was counted, e.g. {@code 17 bytes per access}
     * @throws UsageException {@code CAUSE: the output would take SIZE (ESTIMATE) and DIR has FREE free}
     * @throws IOException when the file system cannot be asked
     */
    static void checkSpace(final Path target, final String cause, final long bytes, final String estimate)
            throws IOException {
        final Path dir = target.toAbsolutePath().getParent();
        final long free = java.nio.file.Files.getFileStore(dir).getUsableSpace();
        if (bytes > free) {
            throw new UsageException(cause + ": the output would take " + TraceCapture.size(bytes) + " (" + estimate
                    + ") and " + dir + " has " + TraceCapture.size(free) + " free");
        }
    }

    private static String shown(final Path path) {
        return TextLimits.quoted(path.toString());
    }
}
