package org.scalebench.bench.io;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.ConcurrentLinkedDeque;

/**
 * Checks where a command will write, before it does any work, so that a bad location fails at once and nothing
 * the user did not name is replaced:
 *
 * <ul>
 *   <li>an existing directory, device, FIFO or socket given where a file is expected is refused (writing
 *       atomically means renaming over the target, which would replace a device node or a pipe);</li>
 *   <li>a symbolic link is written through: the file it points to is replaced, the link stays (a link to a
 *       missing file, or to something that is not a regular file, is refused);</li>
 *   <li>missing parent directories are created; a parent that is a file, an unwritable directory, a read-only
 *       file system or a full disk is found by creating (and removing) a temporary file in the target directory.</li>
 * </ul>
 *
 * <p>Problems are reported as {@link Problem} with a reason that names no temporary file. The directories a
 * check creates are remembered, so that a command that then fails (bad input found later, an error in the run)
 * can take them away again when they are still empty ({@link #removeCreatedIfEmpty}): a failed command leaves
 * nothing behind.
 */
public final class OutputLocation {

    /** Less free space than this in the target's file system is reported as a full disk. */
    static final long MIN_FREE_BYTES = 1 << 20;

    /** An output location that cannot be written, with the reason. */
    public static final class Problem extends Exception {
        private static final long serialVersionUID = 1L;

        /**
         * Creates the problem.
         *
         * @param reason why, e.g. {@code is a directory, expected a file}
         */
        public Problem(final String reason) {
            super(reason);
        }
    }

    /** Directories the checks created since the last {@link #forgetCreated}, deepest last. */
    private static final Deque<Path> CREATED = new ConcurrentLinkedDeque<>();

    private OutputLocation() {
    }

    /** Forgets the directories created so far (a command starts). */
    public static void forgetCreated() {
        CREATED.clear();
    }

    /**
     * Removes the directories the checks created, deepest first, as long as they are empty (a command failed);
     * a directory something was written to stays, and so do its parents.
     */
    public static void removeCreatedIfEmpty() {
        for (Path dir = CREATED.pollLast(); dir != null; dir = CREATED.pollLast()) {
            try {
                Files.deleteIfExists(dir);
            } catch (final IOException e) {
                // not empty, or not ours to remove any more: leave it
            }
        }
    }

    /**
     * Checks an output file and prepares its directory.
     *
     * @param file the file as the user gave it
     * @return where to write: {@code file}, or the file a symbolic link points to
     * @throws Problem when it cannot be written
     */
    public static Path file(final Path file) throws Problem {
        final Path absolute = absolute(file);
        Path target = absolute;
        if (Files.isSymbolicLink(absolute)) {
            try {
                target = absolute.toRealPath();
            } catch (final NoSuchFileException e) {
                throw new Problem("is a symbolic link to a missing file");
            } catch (final IOException e) {
                throw new Problem("is a symbolic link that cannot be followed (" + reason(e) + ")");
            }
        }
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)) {
            throw new Problem((target == absolute ? "" : "is a symbolic link to " + target + ", which ")
                    + kind(target) + ", expected a regular file");
        }
        if (target.getFileName() == null) {
            throw new Problem("is a file-system root, expected a file");
        }
        writableDirectory(target.getParent());
        return target;
    }

    /**
     * Checks an output directory, creating it (and its parents) when missing.
     *
     * @param dir the directory as the user gave it
     * @return the directory, absolute and existing
     * @throws Problem when it cannot hold the outputs
     */
    public static Path directory(final Path dir) throws Problem {
        final Path absolute = absolute(dir);
        if (Files.exists(absolute) && !Files.isDirectory(absolute)) {
            throw new Problem(kind(absolute) + ", expected a directory");
        }
        writableDirectory(absolute);
        return absolute;
    }

    private static Path absolute(final Path path) throws Problem {
        if (path.toString().isEmpty()) {
            throw new Problem("an empty path");
        }
        try {
            return path.toAbsolutePath().normalize();
        } catch (final InvalidPathException | java.io.IOError e) {
            throw new Problem("not a valid path (" + e.getMessage() + ")");
        }
    }

    private static void writableDirectory(final Path dir) throws Problem {
        for (Path p = dir; p != null; p = p.getParent()) {
            if (Files.exists(p) && !Files.isDirectory(p)) {
                throw new Problem(p + " " + kind(p) + ", not a directory");
            }
        }
        final Deque<Path> missing = new ArrayDeque<>();
        for (Path p = dir; p != null && !Files.exists(p, LinkOption.NOFOLLOW_LINKS); p = p.getParent()) {
            missing.push(p);
        }
        try {
            Files.createDirectories(dir);
            CREATED.addAll(missing);
        } catch (final IOException e) {
            throw new Problem("cannot create directory " + dir + " (" + reason(e) + ")");
        }
        final Path probe;
        try {
            probe = TempFiles.createFile(dir.resolve("probe"));
        } catch (final IOException e) {
            throw new Problem("cannot write in " + dir + " (" + reason(e) + ")");
        }
        try {
            TempFiles.delete(probe);
        } catch (final IOException e) {
            throw new Problem("cannot remove files in " + dir + " (" + reason(e) + ")");
        }
        try {
            final FileStore store = Files.getFileStore(dir);
            final long free = store.getUsableSpace();
            if (free < MIN_FREE_BYTES) {
                throw new Problem("no space left on the device (" + free + " bytes free in " + dir + ")");
            }
        } catch (final IOException e) {
            // a file system that does not report its space: the write itself will tell
        }
    }

    /**
     * What a non-regular file is, for messages.
     *
     * @param path an existing path
     * @return e.g. {@code is a directory}, {@code is a character device}, {@code is a FIFO (named pipe)}
     */
    /**
     * What a path that is not a regular file is, as a message says it.
     *
     * @param path the path (not followed if it is a link)
     * @return e.g. {@code is a directory}, {@code is a character device}
     */
    public static String kind(final Path path) {
        if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
            return "is a directory";
        }
        if (Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
            return "is a file";
        }
        try {
            final int mode = (Integer) Files.getAttribute(path, "unix:mode", LinkOption.NOFOLLOW_LINKS);
            switch (mode & 0170000) {
                case 0020000: return "is a character device";
                case 0060000: return "is a block device";
                case 0010000: return "is a FIFO (named pipe)";
                case 0140000: return "is a socket";
                default: break;
            }
        } catch (final IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            // no unix view: fall through
        }
        return "is not a regular file (a device, FIFO or socket)";
    }

    /**
     * The reason of a file-system failure, without the paths it names (which may be temporary files).
     *
     * @param e the failure
     * @return e.g. {@code Permission denied}, {@code No space left on device}
     */
    public static String reason(final IOException e) {
        if (e instanceof FileSystemException fse) {
            if (fse.getReason() != null) {
                return fse.getReason();
            }
            if (e instanceof java.nio.file.AccessDeniedException) {
                return "permission denied";
            }
            if (e instanceof NoSuchFileException) {
                return "no such file or directory";
            }
            if (e instanceof java.nio.file.FileAlreadyExistsException) {
                return "already exists";
            }
            return e.getClass().getSimpleName();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
