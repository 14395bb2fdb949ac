package org.scalebench.bench.trace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.scalebench.bench.io.OutputLocation;
import org.scalebench.bench.io.TempFiles;
import org.scalebench.coherence.sim.BinaryTrace;

/**
 * Runs a program built for capture (compiled with {@code -fsanitize=thread}, linked with the tracer runtime,
 * {@link TracerRuntime}) and turns what it records into a {@code .sbt} trace: the runtime writes a raw file
 * beside the output (hidden, removed afterwards and when the JVM is interrupted), which {@link RawTrace#merge}
 * checks and merges in ticket order. The output appears only when the raw file is whole: a program that is
 * killed, or exits without the runtime's exit handler, leaves no trace; a program that reaches the cap, or whose
 * disk runs low, leaves a valid trace of the accesses before that point.
 *
 * <p>Disk space: a capture of at most {@code N} accesses needs {@link #bytesNeeded(long)} bytes beside the
 * output (16 bytes per access in the raw file and 17 in the trace, both present while merging, plus a reserve);
 * {@link #checkSpace} refuses a cap the file system cannot hold before the program starts, and the runtime itself
 * stops recording when the free space falls below what the trace it has recorded would need (the trace then
 * keeps the accesses recorded so far). Not thread-safe; one capture at a time per output.
 */
public final class TraceCapture {

    /** Bytes per access while a capture merges: the raw record and the trace record. */
    static final long BYTES_PER_ACCESS = RawTrace.RECORD_BYTES + BinaryTrace.RECORD_BYTES;
    /** Free space the runtime and the merge leave on the disk. */
    static final long RESERVE_BYTES = 64L << 20;

    private TraceCapture() {
    }

    /**
     * What to record.
     *
     * @param maxAccesses the cap: later accesses are not recorded, the program runs on
     * @param yieldEvery 0, or the accesses after which each thread yields its processor
     */
    public record Settings(long maxAccesses, long yieldEvery) {
        /**
         * Checks the values.
         *
         * @param maxAccesses at least 1
         * @param yieldEvery at least 0
         */
        public Settings {
            if (maxAccesses < 1) {
                throw new IllegalArgumentException("max accesses = " + maxAccesses + ": must be at least 1");
            }
            if (yieldEvery < 0) {
                throw new IllegalArgumentException("yield every = " + yieldEvery + ": must be 0 (never) or more");
            }
        }
    }

    /**
     * A finished capture.
     *
     * @param trace the trace written
     * @param footer what the runtime recorded (threads, accesses, cap)
     * @param exitStatus the program's exit status (a trace is written for any status when the runtime closed it)
     * @param seconds the program's wall-clock time
     * @param bytes the trace's size
     */
    public record Result(Path trace, RawTrace.Footer footer, int exitStatus, double seconds, long bytes) {
    }

    /** A capture that wrote no trace; {@link #badInput} when the program is not built for capture. */
    public static final class Failed extends Exception {
        private static final long serialVersionUID = 1L;
        private final boolean badInput;

        Failed(final String message, final boolean badInput) {
            super(message);
            this.badInput = badInput;
        }

        /** @return whether the program is not built for capture (bad input) rather than a failed run */
        public boolean badInput() {
            return badInput;
        }
    }

    /**
     * The disk space a capture of at most {@code maxAccesses} accesses may need beside its output, saturating at
     * {@link Long#MAX_VALUE}.
     *
     * @param maxAccesses the cap
     * @return bytes
     */
    public static long bytesNeeded(final long maxAccesses) {
        if (maxAccesses > (Long.MAX_VALUE - RESERVE_BYTES) / BYTES_PER_ACCESS) {
            return Long.MAX_VALUE;
        }
        return maxAccesses * BYTES_PER_ACCESS + BinaryTrace.fileBytes(0) + RESERVE_BYTES;
    }

    /**
     * Refuses a cap whose trace the output's file system cannot hold.
     *
     * @param out the output (its parent directory exists)
     * @param maxAccesses the cap
     * @return null when it fits, else the reason (bytes needed and free)
     * @throws IOException when the file system cannot be asked
     */
    public static String spaceProblem(final Path out, final long maxAccesses) throws IOException {
        final Path dir = out.toAbsolutePath().getParent();
        final long free = Files.getFileStore(dir).getUsableSpace();
        final long needed = bytesNeeded(maxAccesses);
        if (needed <= free) {
            return null;
        }
        return "a capture of up to " + maxAccesses + " accesses needs " + size(needed) + " in " + dir + " (a raw file "
                + "of 16 bytes and a trace of 17 bytes per access, and " + size(RESERVE_BYTES) + " kept free), which "
                + "has " + size(free) + " free";
    }

    /**
     * A byte count for people.
     *
     * @param bytes bytes
     * @return e.g. {@code 3.2 GB}
     */
    public static String size(final long bytes) {
        if (bytes == Long.MAX_VALUE) {
            return "more than 9 EB";
        }
        final String[] units = {"bytes", "kB", "MB", "GB", "TB", "PB", "EB"};
        double v = bytes;
        int u = 0;
        while (v >= 1000 && u < units.length - 1) {
            v /= 1000;
            u++;
        }
        return u == 0 ? bytes + " bytes" : String.format(java.util.Locale.ROOT, "%.1f %s", v, units[u]);
    }

    /**
     * Runs the program and writes its trace.
     *
     * @param program the program, its arguments, working directory and redirections (the runtime's settings are
     *     added to its environment)
     * @param name the program as the user named it, for messages
     * @param out the trace to write ({@code .sbt}; checked by the caller)
     * @param settings the cap and the yield interval
     * @return the capture
     * @throws Failed when no trace is written (the message says why)
     * @throws IOException when the program cannot be started or a file cannot be written
     * @throws InterruptedException when interrupted while the program runs (it is then destroyed)
     */
    public static Result run(final ProcessBuilder program, final String name, final Path out, final Settings settings)
            throws Failed, IOException, InterruptedException {
        return run(program, name, out, settings, 0);
    }

    /**
     * Runs the program and writes its trace, stopping it after a time limit.
     *
     * @param program the program, its arguments, working directory and redirections
     * @param name the program as the user named it, for messages
     * @param out the trace to write ({@code .sbt}; checked by the caller)
     * @param settings the cap and the yield interval
     * @param limitSeconds 0 for no limit, else the wall-clock seconds after which the program is killed (no trace)
     * @return the capture
     * @throws Failed when no trace is written (the message says why)
     * @throws IOException when the program cannot be started or a file cannot be written
     * @throws InterruptedException when interrupted while the program runs (it is then destroyed)
     */
    public static Result run(final ProcessBuilder program, final String name, final Path out, final Settings settings,
            final long limitSeconds) throws Failed, IOException, InterruptedException {
        final Path target;
        try {
            target = OutputLocation.file(out);
        } catch (final OutputLocation.Problem e) {
            throw new IOException(out + ": " + e.getMessage(), e);
        }
        final Path raw = TempFiles.createFile(target.resolveSibling(target.getFileName() + ".raw"));
        try {
            final Map<String, String> env = program.environment();
            env.put("SCALEBENCH_TRACE_FILE", raw.toString());
            env.put("SCALEBENCH_TRACE_MAX", Long.toString(settings.maxAccesses()));
            env.put("SCALEBENCH_TRACE_YIELD", Long.toString(settings.yieldEvery()));
            env.put("SCALEBENCH_TRACE_RESERVE", Long.toString(RESERVE_BYTES));
            final long start = System.nanoTime();
            final Process process;
            try {
                process = program.start();
            } catch (final IOException e) {
                throw new Failed(name + ": cannot run it (no such file, or not an executable)", true);
            }
            final int status;
            try {
                if (limitSeconds > 0 && !process.waitFor(limitSeconds, java.util.concurrent.TimeUnit.SECONDS)) {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly();
                    process.waitFor();
                    throw new Failed(name + " did not finish within " + limitSeconds + " s and was killed: no trace "
                            + "written", false);
                }
                status = process.waitFor();
            } catch (final InterruptedException e) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                throw e;
            }
            final double seconds = (System.nanoTime() - start) / 1e9;
            final RawTrace.Footer footer = footerOf(raw, name, status);
            if (footer.records() == 0 && footer.tickets() == 0) {
                throw new Failed(name + " runs the tracer runtime but no hook was called: its code is not compiled "
                        + "with -fsanitize=thread (docs/traces.md)", true);
            }
            if ((footer.flags() & RawTrace.FLAG_WRITE_FAILED) != 0) {
                throw new Failed("the tracer could not write its raw trace beside " + out + " (errno "
                        + footer.error() + "): no trace written", false);
            }
            if ((footer.flags() & RawTrace.FLAG_TOO_MANY_THREADS) != 0) {
                throw new Failed(name + " ran more than " + RawTrace.MAX_THREADS + " threads, the tracer's limit: no "
                        + "trace written", false);
            }
            try {
                RawTrace.merge(raw, out);
            } catch (final RawTrace.Incomplete e) {
                throw new Failed("the raw trace of " + name + " is not whole: " + e.getMessage() + ": no trace written",
                        false);
            }
            return new Result(out, footer, status, seconds, Files.size(out));
        } finally {
            TempFiles.delete(raw);
        }
    }

    private static RawTrace.Footer footerOf(final Path raw, final String name, final int status) throws Failed,
            IOException {
        try {
            return RawTrace.footer(raw);
        } catch (final RawTrace.Incomplete e) {
            if (Files.size(raw) == 0 && status == 0) {
                throw new Failed(name + " did not run the tracer runtime: build it for capture (compile with "
                        + "-fsanitize=thread, link with " + TracerRuntime.LIBRARY + "; docs/traces.md)", true);
            }
            throw new Failed(name + " " + (status == 0 ? "exited" : "exited with status " + status
                    + (status > 128 ? " (128 + signal " + (status - 128) + " when killed)" : ""))
                    + " without closing its trace (the raw trace " + e.getMessage() + "): no trace written", false);
        }
    }
}
