package org.scalebench.bench.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.scalebench.core.data.TextLimits;

/**
 * Publishes the files of a multi-file output (a report with its CSV and PNG files, a comparison, a sweep) as one
 * set. The command writes every file into a hidden staging directory inside the output directory; only when all
 * are written are they renamed into place, and a completion marker, {@value #MARKER}, is written last, listing
 * the files of the run. A run that is killed before publishing leaves the directory as it was (its staging
 * directory is removed by the shutdown hook, or by the next run, see {@link TempFiles}); while a set is being
 * published (a few renames) the directory has no marker, so a set is complete exactly when the marker exists
 * and lists it. Files of an earlier run that the new one does not write are removed when the earlier marker
 * listed them; other files in the directory are never touched. Not thread-safe.
 */
public final class StagedDirectory implements AutoCloseable {

    /** The completion marker: written last, lists the run's files (one per line, after a header). */
    public static final String MARKER = "scalebench-run.txt";

    private final Path dir;
    private final Path staging;
    private boolean published;

    private StagedDirectory(final Path dir, final Path staging) {
        this.dir = dir;
        this.staging = staging;
    }

    /**
     * Checks the output directory (creating it when missing) and opens a staging directory inside it.
     *
     * @param dir the output directory as the user gave it
     * @return the staged directory
     * @throws OutputLocation.Problem when the directory cannot hold the outputs
     * @throws IOException when the staging directory cannot be created
     */
    public static StagedDirectory open(final Path dir) throws OutputLocation.Problem, IOException {
        return open(dir, List.of(), List.of());
    }

    /**
     * Checks the output directory and the files the command will write there, as
     * {@link #open(Path, List, List)} without its check of another command's set.
     *
     * @param dir the output directory as the user gave it
     * @param outputs the files the command will publish, relative to the directory
     * @return the staged directory
     * @throws OutputLocation.Problem when the directory, or a file in it, cannot hold the outputs
     * @throws IOException when the staging directory cannot be created
     */
    public static StagedDirectory open(final Path dir, final List<String> outputs)
            throws OutputLocation.Problem, IOException {
        return open(dir, outputs, List.of());
    }

    /**
     * Checks the output directory (creating it when missing), and that each file the command will write, and the
     * marker, can be written there (not a directory, not a link to a missing file), then opens a staging directory
     * inside it: a name that cannot be published fails before the work, not after it.
     *
     * <p>A directory that holds the set of another command (its marker names a different command, and files it
     * lists are still there) is refused: publishing would remove or replace those files, which the user named only
     * as a directory. A run of the same command replaces its earlier set, whatever the options.
     *
     * @param dir the output directory as the user gave it
     * @param outputs the files the command will publish, relative to the directory
     * @param producer the command's words after {@code scalebench} ({@code train validate}); empty to skip the
     *     check of another command's set
     * @return the staged directory
     * @throws OutputLocation.Problem when the directory, or a file in it, cannot hold the outputs, or the directory
     *     holds another command's set
     * @throws IOException when the staging directory cannot be created
     */
    public static StagedDirectory open(final Path dir, final List<String> outputs, final List<String> producer)
            throws OutputLocation.Problem, IOException {
        final Path absolute = OutputLocation.directory(dir);
        final List<String> names = new ArrayList<>(outputs);
        names.add(MARKER);
        for (final String name : names) {
            final String problem = problem(absolute, name);
            if (problem != null) {
                throw new OutputLocation.Problem(problem);
            }
        }
        if (!producer.isEmpty()) {
            final String other = anotherCommandsSet(absolute, producer);
            if (other != null) {
                throw new OutputLocation.Problem(other);
            }
        }
        return new StagedDirectory(absolute, TempFiles.createStaging(absolute));
    }

    /**
     * Why publishing into {@code dir} would take files of another command's set, or null when it would not (no
     * marker, a marker this class did not write, one of the same command, or none of its files left).
     */
    private static String anotherCommandsSet(final Path dir, final List<String> producer)
            throws IOException {
        final Marker earlier;
        try {
            earlier = readMarker(dir);
        } catch (final IllegalArgumentException notOurs) {
            return null;
        }
        if (earlier == null) {
            return null;
        }
        final List<String> words = earlier.producer();
        if (words.isEmpty() || words.size() >= producer.size() && words.subList(0, producer.size()).equals(producer)) {
            return null;
        }
        final List<String> present = earlier.files().stream()
                .filter(f -> inside(dir, f) && Files.isRegularFile(dir.resolve(f))).toList();
        if (present.isEmpty()) {
            return null;
        }
        final int shownFiles = Math.min(3, present.size());
        return "holds the output of " + TextLimits.quoted("scalebench " + String.join(" ", words)) + " ("
                + String.join(", ", present.subList(0, shownFiles))
                + (present.size() > shownFiles ? " and " + (present.size() - shownFiles) + " more" : "")
                + "), which this run would remove or replace: choose another directory, or delete its " + MARKER
                + " to keep those files as your own";
    }

    /** Why {@code dir/name} cannot be published to, or null when it can. */
    private static String problem(final Path dir, final String name) {
        try {
            OutputLocation.file(dir.resolve(name));
            return null;
        } catch (final OutputLocation.Problem e) {
            return "its file " + TextLimits.quoted(name) + " " + e.getMessage();
        }
    }

    /**
     * Where the command writes its files until they are published.
     *
     * @return the staging directory
     */
    public Path staging() {
        return staging;
    }

    /**
     * The output directory the files are published into.
     *
     * @return the directory
     */
    public Path directory() {
        return dir;
    }

    /**
     * Moves every staged file into the output directory, then writes the marker.
     *
     * @param header the marker's first lines (what ran: command, version, seed, ...), without the file list
     * @return the published files, relative to the directory, sorted
     * @throws IOException when a file cannot be moved or the marker written
     */
    public List<String> publish(final List<String> header) throws IOException {
        final List<String> files = new ArrayList<>();
        try (Stream<Path> tree = Files.walk(staging)) {
            tree.filter(Files::isRegularFile).forEach(f -> files.add(staging.relativize(f).toString()));
        }
        files.sort(Comparator.naturalOrder());
        for (final String name : files) {
            // every file is checked before the first is moved: a set is published whole or not at all
            final String problem = problem(dir, name);
            if (problem != null) {
                throw new FileSystemException(dir.toString(), null, problem + "; nothing was published");
            }
        }
        final Path marker = dir.resolve(MARKER);
        final List<String> earlier = listedIn(marker);
        Files.deleteIfExists(marker);
        for (final String name : files) {
            final Path target = dir.resolve(name);
            Files.createDirectories(target.getParent());
            try {
                Files.move(staging.resolve(name), target, StandardCopyOption.ATOMIC_MOVE,
                        StandardCopyOption.REPLACE_EXISTING);
            } catch (final AtomicMoveNotSupportedException e) {
                Files.move(staging.resolve(name), target, StandardCopyOption.REPLACE_EXISTING);
            }
        }
        for (final String old : earlier) {
            if (!files.contains(old) && inside(old)) {
                Files.deleteIfExists(dir.resolve(old));
            }
        }
        final List<String> lines = new ArrayList<>(header);
        lines.add("files:");
        files.forEach(f -> lines.add("  " + f));
        AtomicFiles.writeText(marker, w -> {
            for (final String line : lines) {
                w.write(line);
                w.write('\n');
            }
        });
        published = true;
        TempFiles.delete(staging);
        return files;
    }

    private static List<String> listedIn(final Path marker) throws IOException {
        try {
            final Marker m = readMarker(marker.getParent());
            return m == null ? List.of() : m.files();
        } catch (final IllegalArgumentException notOurs) {
            return List.of(); // not a marker this class wrote: it names nothing to remove
        }
    }

    /**
     * A completion marker read back. Immutable.
     *
     * @param header the lines before {@code files:}
     * @param files the files it lists, relative to its directory
     */
    public record Marker(List<String> header, List<String> files) {

        /**
         * Copies the lists.
         *
         * @param header the header lines
         * @param files the files
         */
        public Marker {
            header = List.copyOf(header);
            files = List.copyOf(files);
        }

        /**
         * The value of a {@code key: value} header line.
         *
         * @param key the key
         * @return the value, or null when the header has no such line
         */
        public String value(final String key) {
            return valueOf(header, key);
        }

        /**
         * The command that wrote the set: the words after {@code scalebench} up to the first option, of the
         * {@code study:} line when there is one (a merge of shards writes its study's set), else of the
         * {@code command:} line.
         *
         * @return the words ({@code [coherence, compare]}), empty when the marker names no command
         */
        public List<String> producer() {
            final String study = value("study");
            final String line = study != null ? study : value("command");
            if (line == null) {
                return List.of();
            }
            final List<String> words = new ArrayList<>();
            final String[] tokens = line.strip().split("\\s+");
            for (int i = tokens.length > 0 && tokens[0].equals("scalebench") ? 1 : 0; i < tokens.length; i++) {
                if (tokens[i].startsWith("-")) {
                    break;
                }
                words.add(tokens[i]);
            }
            return words;
        }

        private static String valueOf(final List<String> header, final String key) {
            for (final String line : header) {
                if (line.startsWith(key + ": ")) {
                    return line.substring(key.length() + 2);
                }
            }
            return null;
        }
    }

    /**
     * Reads the completion marker of a directory.
     *
     * @param dir the directory
     * @return the marker, or null when the directory has none
     * @throws IOException when it cannot be read
     * @throws IllegalArgumentException naming the file and line when it is not text (a binary file, an overlong
     *     line)
     */
    public static Marker readMarker(final Path dir) throws IOException {
        final Path marker = dir.resolve(MARKER);
        if (!Files.isRegularFile(marker)) {
            return null;
        }
        final List<String> lines = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(TextLimits.open(marker))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lines.add(line);
            }
        }
        final int start = lines.indexOf("files:");
        final List<String> files = start < 0 ? List.of() : lines.subList(start + 1, lines.size()).stream()
                .map(String::strip).filter(l -> !l.isEmpty()).toList();
        return new Marker(start < 0 ? lines : lines.subList(0, start), files);
    }

    /** Whether a name listed in a marker is a file inside the directory (never an absolute path or a way out). */
    private boolean inside(final String name) {
        return inside(dir, name);
    }

    private static boolean inside(final Path dir, final String name) {
        try {
            final Path p = Path.of(name);
            return !p.isAbsolute() && dir.resolve(p).normalize().startsWith(dir.normalize()) && !name.contains("..");
        } catch (final java.nio.file.InvalidPathException e) {
            return false;
        }
    }

    /** Removes the staging directory (and, unless published, everything written into it). */
    @Override
    public void close() throws IOException {
        if (!published) {
            TempFiles.delete(staging);
        }
    }
}
