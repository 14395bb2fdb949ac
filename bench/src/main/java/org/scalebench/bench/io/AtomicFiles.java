package org.scalebench.bench.io;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Writes result files atomically: into a temporary file beside the target, then renamed over it, so an
 * interrupted run never leaves a half-written CSV, PNG or report behind (and, through {@link TempFiles}, no
 * temporary file either). The target is checked first ({@link OutputLocation#file}): a directory, device, FIFO
 * or socket is never replaced.
 */
public final class AtomicFiles {

    /** Produces a file's content. */
    @FunctionalInterface
    public interface Content {
        /**
         * Writes the content.
         *
         * @param out where to write
         * @throws IOException on failure
         */
        void writeTo(Writer out) throws IOException;
    }

    /** Produces a file's content at a path. */
    @FunctionalInterface
    public interface PathContent {
        /**
         * Writes the content into {@code tmp}.
         *
         * @param tmp the temporary file to fill
         * @throws IOException on failure
         */
        void writeTo(Path tmp) throws IOException;
    }

    private AtomicFiles() {
    }

    /**
     * Writes text (UTF-8) to {@code target} atomically, creating parent directories.
     *
     * @param target the file to write
     * @param content the content
     * @throws IOException on failure; the target is then untouched
     */
    public static void writeText(final Path target, final Content content) throws IOException {
        write(target, tmp -> {
            try (Writer out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                content.writeTo(out);
            }
        });
    }

    /**
     * Writes {@code target} atomically through a temporary file that {@code content} fills. A symbolic link is
     * written through (the file it points to is replaced, the link stays); the temporary file is deleted on
     * failure and when the JVM is interrupted ({@link TempFiles}).
     *
     * @param target the file to write
     * @param content fills the temporary file
     * @throws IOException on failure, naming {@code target} and the reason (never the temporary file); the
     *     target is then untouched
     */
    public static void write(final Path target, final PathContent content) throws IOException {
        final Path absolute;
        try {
            absolute = OutputLocation.file(target);
        } catch (final OutputLocation.Problem e) {
            throw new IOException(target + ": " + e.getMessage(), e);
        }
        final Path tmp;
        try {
            tmp = TempFiles.createFile(absolute);
        } catch (final IOException e) {
            throw new IOException(target + ": " + OutputLocation.reason(e), e);
        }
        try {
            content.writeTo(tmp);
            readableByAll(tmp);
            try {
                Files.move(tmp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (final AtomicMoveNotSupportedException e) {
                Files.move(tmp, absolute, StandardCopyOption.REPLACE_EXISTING);
            }
            TempFiles.published(tmp);
        } catch (final java.nio.file.FileSystemException e) {
            throw new IOException(target + ": " + OutputLocation.reason(e), e);
        } finally {
            TempFiles.delete(tmp);
        }
    }

    /** Temporary files are created owner-only (0600); results are for everyone to read, as with umask 022. */
    private static void readableByAll(final Path tmp) throws IOException {
        try {
            Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r--r--"));
        } catch (final UnsupportedOperationException notPosix) {
            // the file system has no POSIX permissions (e.g. Windows): the default ACL applies
        }
    }
}
