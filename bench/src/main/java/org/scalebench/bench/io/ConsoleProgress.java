package org.scalebench.bench.io;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongSupplier;
import org.scalebench.core.Progress;

/**
 * A live progress line on a terminal, redrawn in place with a carriage return:
 * {@code   benchmarks: 5/12, 0.71/s, ~10 s left}. Redraws at most every {@value #REDRAW_MILLIS} ms (and at the
 * end). When not {@code live} (output is not a terminal: a log file, a batch job) it prints a plain line every
 * {@value #PLAIN_SECONDS} s once a task has run that long, and nothing for shorter tasks. Not thread-safe: one
 * task, one thread.
 */
public final class ConsoleProgress implements Progress, AutoCloseable {

    private static final long REDRAW_MILLIS = 250;
    private static final long NANOS_PER_MILLI = 1_000_000L;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    /** How often a progress line is printed when the output is not a terminal. */
    static final long PLAIN_SECONDS = 10;

    private final PrintWriter out;
    private final String label;
    private final boolean live;
    private final LongSupplier nanoClock;
    private final long start;
    private long lastDraw = Long.MIN_VALUE;
    private int lastWidth;

    /**
     * Starts a progress line.
     *
     * @param out where to draw
     * @param label what is running, e.g. {@code benchmarks}
     * @param live whether to draw at all (true on a terminal)
     * @param nanoClock a monotonic clock in nanoseconds ({@code System::nanoTime})
     */
    public ConsoleProgress(final PrintWriter out, final String label, final boolean live, final LongSupplier nanoClock) {
        this.out = out;
        this.label = label;
        this.live = live;
        this.nanoClock = nanoClock;
        this.start = nanoClock.getAsLong();
    }

    /**
     * A progress line on standard output, live when the JVM has a console.
     *
     * @param out the command's standard output
     * @param label what is running
     * @return the progress line
     */
    public static ConsoleProgress onTerminal(final PrintWriter out, final String label) {
        return new ConsoleProgress(out, label, System.console() != null, System::nanoTime);
    }

    @Override
    public void update(final long done, final long total) {
        final long now = nanoClock.getAsLong();
        final boolean finished = total > 0 && done >= total; // a total of 0 (unknown) never finishes
        if (!live) {
            // not a terminal (a log file, a batch job): a plain line every PLAIN_SECONDS, none for short tasks
            if (!finished && now - start >= PLAIN_SECONDS * NANOS_PER_SECOND
                    && (lastDraw == Long.MIN_VALUE || now - lastDraw >= PLAIN_SECONDS * NANOS_PER_SECOND)) {
                lastDraw = now;
                out.println(render(label, done, total, now - start).strip());
                out.flush();
            }
            return;
        }
        if (!finished && lastDraw != Long.MIN_VALUE && now - lastDraw < REDRAW_MILLIS * NANOS_PER_MILLI) {
            return;
        }
        lastDraw = now;
        final String line = render(label, done, total, now - start);
        out.print("\r" + line + " ".repeat(Math.max(0, lastWidth - line.length())));
        out.flush();
        lastWidth = line.length();
    }

    /** Ends the line (if anything was drawn), so the next output starts on a fresh line. */
    @Override
    public void close() {
        if (live && lastWidth > 0) {
            out.println();
            out.flush();
        }
    }

    /**
     * The text of a progress line.
     *
     * @param label what is running
     * @param done units complete
     * @param total units in the task (0 when unknown)
     * @param elapsedNanos time since the task started
     * @return e.g. {@code   benchmarks: 5/12, 0.71/s, ~10 s left}
     */
    static String render(final String label, final long done, final long total, final long elapsedNanos) {
        final double seconds = elapsedNanos / 1e9;
        final StringBuilder line = new StringBuilder("  ").append(label).append(": ")
                .append(String.format(Locale.ROOT, "%,d", done));
        if (total > 0) {
            line.append('/').append(String.format(Locale.ROOT, "%,d", total));
        }
        if (done > 0 && seconds > 0) {
            final double rate = done / seconds;
            line.append(", ").append(rate >= 1 ? String.format(Locale.ROOT, "%,.1f/s", rate)
                    : String.format(Locale.ROOT, "%.1f/min", rate * 60));
            if (total > done) {
                line.append(", ~").append(duration((total - done) / rate)).append(" left");
            }
        }
        if (total > 0 && done >= total) {
            line.append(", done in ").append(duration(seconds));
        }
        return line.toString();
    }

    /**
     * A duration for people: {@code 42 s}, {@code 3 min 05 s}, {@code 1 h 02 min}.
     *
     * @param seconds the duration
     * @return the text
     */
    public static String duration(final double seconds) {
        final long s = Math.round(seconds);
        if (s < 60) {
            return s + " s";
        }
        if (s < 3600) {
            return String.format(Locale.ROOT, "%d min %02d s", s / 60, s % 60);
        }
        return String.format(Locale.ROOT, "%d h %02d min", s / 3600, (s % 3600) / 60);
    }
}
