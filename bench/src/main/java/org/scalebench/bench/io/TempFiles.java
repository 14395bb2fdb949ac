package org.scalebench.bench.io;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Temporary files and staging directories of scalebench's outputs, and their cleanup. Every one is created
 * beside its target, hidden, and named after the process that made it:
 * {@code .<target name>.scalebench-<pid>-<n>.tmp} (a file) or {@code .scalebench-<pid>-<n>.staging} (a
 * directory). They are deleted when published or abandoned, by a shutdown hook when the JVM is interrupted
 * (SIGINT, SIGTERM), and, for those left by a process that no longer runs (SIGKILL, power loss), by the next run
 * that writes into the same directory. Thread-safe.
 */
public final class TempFiles {

    /** Matches the names this class gives; group 1 is the creating process's id. */
    static final Pattern NAME = Pattern.compile("^\\..*scalebench-([0-9]+)-[0-9]+\\.(tmp|staging)$");

    private static final long PID = ProcessHandle.current().pid();
    private static final AtomicLong COUNTER = new AtomicLong();
    private static final Set<Path> LIVE = ConcurrentHashMap.newKeySet();
    private static final Set<Path> SWEPT = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(TempFiles::deleteLive, "scalebench-temp-cleanup"));
    }

    private TempFiles() {
    }

    /**
     * Creates an empty temporary file beside {@code target}, registered for cleanup; first removes stale
     * temporary files of dead processes from that directory.
     *
     * @param target the file it will become (absolute)
     * @return the temporary file
     * @throws IOException when it cannot be created
     */
    public static Path createFile(final Path target) throws IOException {
        final Path dir = target.getParent();
        sweepStale(dir);
        final Path tmp = dir.resolve("." + target.getFileName() + ".scalebench-" + PID + "-"
                + COUNTER.incrementAndGet() + ".tmp");
        return createLive(tmp, Files::createFile);
    }

    /**
     * Creates an empty staging directory inside {@code dir}, registered for cleanup; first removes stale ones.
     *
     * @param dir the directory its files will be published into (absolute, existing)
     * @return the staging directory
     * @throws IOException when it cannot be created
     */
    public static Path createStaging(final Path dir) throws IOException {
        sweepStale(dir);
        final Path staging = dir.resolve(".scalebench-" + PID + "-" + COUNTER.incrementAndGet() + ".staging");
        return createLive(staging, Files::createDirectory);
    }

    /** Creates a file or directory at a path. */
    @FunctionalInterface
    private interface Creation {
        Path create(Path path) throws IOException;
    }

    /**
     * Registers {@code path} for cleanup, then creates it; a path that could not be created is forgotten again.
     * Registering first leaves no moment in which the path exists but the shutdown hook would miss it.
     */
    private static Path createLive(final Path path, final Creation creation) throws IOException {
        LIVE.add(path);
        try {
            return creation.create(path);
        } catch (final IOException e) {
            LIVE.remove(path);
            throw e;
        }
    }

    /**
     * Deletes a temporary file or staging directory (if still there) and forgets it.
     *
     * @param path what {@link #createFile} or {@link #createStaging} returned
     * @throws IOException when it cannot be deleted
     */
    public static void delete(final Path path) throws IOException {
        try {
            deleteTree(path);
        } finally {
            LIVE.remove(path);
        }
    }

    /**
     * Forgets a temporary file that was renamed into place (nothing to delete any more).
     *
     * @param path what {@link #createFile} returned
     */
    public static void published(final Path path) {
        LIVE.remove(path);
    }

    /**
     * Removes, once per directory and JVM, temporary files and staging directories that a process no longer
     * running left in {@code dir}. Names of other patterns, and those of live processes (another scalebench
     * writing there now), are left alone.
     *
     * @param dir the directory
     */
    static void sweepStale(final Path dir) {
        if (!SWEPT.add(dir)) {
            return;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, ".*scalebench-*")) {
            for (final Path entry : entries) {
                final Matcher m = NAME.matcher(entry.getFileName().toString());
                if (m.matches() && isDead(Long.parseLong(m.group(1)))) {
                    deleteTree(entry);
                }
            }
        } catch (final IOException | NumberFormatException e) {
            // best effort: a stale file that cannot be removed is left for later
        }
    }

    private static boolean isDead(final long pid) {
        return pid != PID && ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true);
    }

    private static void deleteLive() {
        for (final Path path : LIVE) {
            try {
                deleteTree(path);
            } catch (final IOException e) {
                // the JVM is going down; nothing more can be done
            }
        }
    }

    private static void deleteTree(final Path path) throws IOException {
        if (!Files.exists(path, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        if (!Files.isDirectory(path, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            Files.deleteIfExists(path);
            return;
        }
        try (Stream<Path> tree = Files.walk(path)) {
            for (final Path p : tree.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
