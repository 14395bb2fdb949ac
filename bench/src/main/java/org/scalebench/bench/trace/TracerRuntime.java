package org.scalebench.bench.trace;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.scalebench.bench.io.TempFiles;

/**
 * The tracer runtime ({@code sbtrace.c}, kept in the repository under {@code bench/src/main/c/tracer} and packed
 * into the jar): built on first use with the system's C compiler into {@code bench/target/tracer/libsbtrace.a},
 * and rebuilt when the source in the jar differs from the one it was built from. A program compiled with
 * {@code -fsanitize=thread} and linked with this archive (instead of libtsan) records its loads and stores for
 * {@link TraceCapture}. The compiler is {@code $CC} when set, else the first of {@code cc}, {@code gcc},
 * {@code clang} on the {@code PATH}. Building is safe when two processes do it at once (each builds in its own
 * temporary directory and renames the result into place). Not for hot paths.
 */
public final class TracerRuntime {

    /** The runtime's source, as a resource of this package. */
    static final String SOURCE = "sbtrace.c";
    /** The archive users link. */
    public static final String LIBRARY = "libsbtrace.a";
    /** How long a compiler may run. */
    private static final long COMPILE_SECONDS = 300;

    private TracerRuntime() {
    }

    /** No C compiler, or a failed build: the message says what to install or what failed. */
    public static final class Unavailable extends IOException {
        private static final long serialVersionUID = 1L;

        Unavailable(final String message) {
            super(message);
        }
    }

    /**
     * The C compiler to use.
     *
     * @return its path or name, or empty when there is none
     */
    public static Optional<String> compiler() {
        final String cc = System.getenv("CC");
        if (cc != null && !cc.isBlank()) {
            return onPath(cc.strip());
        }
        for (final String name : List.of("cc", "gcc", "clang")) {
            final Optional<String> found = onPath(name);
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    /**
     * Finds an executable by name on the {@code PATH} (or as given, when it contains a slash).
     *
     * @param name the program
     * @return its path, or empty
     */
    static Optional<String> onPath(final String name) {
        if (name.contains("/")) {
            return Files.isExecutable(Path.of(name)) ? Optional.of(name) : Optional.empty();
        }
        final String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (final String dir : path.split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, name))) {
                return Optional.of(Path.of(dir, name).toString());
            }
        }
        return Optional.empty();
    }

    /**
     * Where the runtime is built: {@code tracer} beside the jar or class directory this class was loaded from
     * ({@code bench/target/tracer} in a checkout).
     *
     * @return the directory
     */
    public static Path buildDirectory() {
        try {
            final Path code = Path.of(TracerRuntime.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return code.toAbsolutePath().getParent().resolve("tracer");
        } catch (final URISyntaxException | RuntimeException e) {
            return Path.of("target", "tracer").toAbsolutePath();
        }
    }

    /**
     * The runtime's source code.
     *
     * @return the bytes of {@code sbtrace.c}
     * @throws IOException when the jar lacks it
     */
    static byte[] source() throws IOException {
        try (InputStream in = TracerRuntime.class.getResourceAsStream(SOURCE)) {
            if (in == null) {
                throw new Unavailable("the tracer runtime's source " + SOURCE + " is missing from the jar; rebuild "
                        + "scalebench (./mvnw -B package)");
            }
            return in.readAllBytes();
        }
    }

    /**
     * Builds the runtime unless the build directory already holds it, built from the same source.
     *
     * @return the archive to link
     * @throws Unavailable when no compiler exists or the build fails (the message says which)
     * @throws IOException when the build directory cannot be written
     */
    public static Path library() throws IOException {
        final Path dir = buildDirectory();
        final Path library = dir.resolve(LIBRARY);
        final byte[] source = source();
        final Path builtFrom = dir.resolve(SOURCE);
        if (Files.isRegularFile(library) && Files.isRegularFile(builtFrom)
                && Arrays.equals(Files.readAllBytes(builtFrom), source)) {
            return library;
        }
        final String cc = compiler().orElseThrow(() -> new Unavailable("no C compiler: the tracer runtime is C, "
                + "built with $CC, cc, gcc or clang, and none is on the PATH; install one (Debian: apt-get install "
                + "gcc)"));
        Files.createDirectories(dir);
        final Path work = TempFiles.createStaging(dir);
        try {
            Files.write(work.resolve(SOURCE), source);
            run(work, List.of(cc, "-O2", "-fPIC", "-pthread", "-c", SOURCE, "-o", "sbtrace.o"), cc);
            final String ar = onPath("ar").orElseThrow(() -> new Unavailable("no 'ar' on the PATH to pack the "
                    + "tracer runtime; install binutils"));
            run(work, List.of(ar, "rcs", LIBRARY, "sbtrace.o"), ar);
            for (final String name : List.of("sbtrace.o", LIBRARY, SOURCE)) {
                move(work.resolve(name), dir.resolve(name));
            }
        } finally {
            TempFiles.delete(work);
        }
        return library;
    }

    private static void move(final Path from, final Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (final AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * Runs a build step in {@code dir}, failing with the first lines of its output.
     *
     * @param dir the working directory
     * @param command the command
     * @param tool the tool's name, for messages
     * @throws Unavailable when the step fails
     * @throws IOException when it cannot be started
     */
    static void run(final Path dir, final List<String> command, final String tool) throws IOException {
        final Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        final String output;
        try (InputStream in = p.getInputStream()) {
            output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(COMPILE_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new Unavailable(tool + " did not finish building the tracer runtime within " + COMPILE_SECONDS
                        + " s");
            }
        } catch (final InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while building the tracer runtime", e);
        }
        if (p.exitValue() != 0) {
            final List<String> lines = new ArrayList<>(output.lines().filter(l -> !l.isBlank()).limit(3).toList());
            throw new Unavailable("building the tracer runtime failed: " + String.join(" ", command) + " exited with "
                    + p.exitValue() + (lines.isEmpty() ? "" : ": " + String.join(" | ", lines)));
        }
    }
}
