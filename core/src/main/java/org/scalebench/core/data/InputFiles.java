package org.scalebench.core.data;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The input files the project's readers opened in this process ({@link DataTable#read(Path)}, trace sources): a
 * journal a command clears before it reads its inputs and consults after, to name every file a run depended on
 * (a study's shards record each with a digest, so that a merge can refuse shards run on different contents of the
 * same file). Files only, never class-path resources. Thread-safe.
 */
public final class InputFiles {

    private static final Set<Path> READ = ConcurrentHashMap.newKeySet();

    private InputFiles() {
    }

    /**
     * Records that a file was read.
     *
     * @param file the file as opened
     */
    public static void record(final Path file) {
        READ.add(file.toAbsolutePath().normalize());
    }

    /** Forgets every file recorded so far. */
    public static void clear() {
        READ.clear();
    }

    /**
     * The files recorded since the last {@link #clear}.
     *
     * @return absolute, normalized paths, sorted
     */
    public static List<Path> recorded() {
        return READ.stream().sorted().toList();
    }

    /**
     * Checks that an input names a regular file before it is opened: a directory is refused, and so are a device
     * ({@code /dev/zero} would be read until memory runs out), a FIFO (opening it would block until a writer comes)
     * and a socket.
     *
     * @param file the input
     * @throws NoSuchFileException when there is no such file
     * @throws DataFileException naming the file and what it is when it is not a regular file
     */
    public static void requireRegular(final Path file) throws NoSuchFileException {
        if (!Files.exists(file)) {
            throw new NoSuchFileException(file.toString());
        }
        if (!Files.isRegularFile(file)) {
            throw new DataFileException(file.toString(), 0, "not a regular file ("
                    + (Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS) ? "a directory" : "a device, FIFO or socket")
                    + ")");
        }
    }
}
