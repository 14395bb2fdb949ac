package org.scalebench.bench.perf;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.List;

/**
 * Collects JMH's own console output line by line, keeping the last {@code capacity} lines (shown when a run
 * fails) and echoing every line to a writer when asked to. Not thread-safe (JMH writes from one thread).
 */
final class OutputTail extends OutputStream {

    private final ArrayDeque<String> lines = new ArrayDeque<>();
    private final ByteArrayOutputStream current = new ByteArrayOutputStream();
    private final int capacity;
    private final PrintWriter echo;

    /**
     * Creates the collector.
     *
     * @param capacity how many trailing lines to keep
     * @param echo where to copy every line, or null
     */
    OutputTail(final int capacity, final PrintWriter echo) {
        this.capacity = capacity;
        this.echo = echo;
    }

    @Override
    public void write(final int b) {
        if (b == '\n') {
            endLine();
        } else if (b != '\r') {
            current.write(b);
        }
    }

    @Override
    public void flush() {
        if (echo != null) {
            echo.flush();
        }
    }

    private void endLine() {
        final String line = current.toString(StandardCharsets.UTF_8);
        current.reset();
        if (echo != null) {
            echo.println(line);
        }
        if (lines.size() == capacity) {
            lines.removeFirst();
        }
        lines.addLast(line);
    }

    /**
     * The last lines written (the unfinished one included).
     *
     * @return the lines, oldest first
     */
    List<String> lines() {
        final ArrayDeque<String> all = new ArrayDeque<>(lines);
        if (current.size() > 0) {
            all.addLast(current.toString(StandardCharsets.UTF_8));
        }
        return List.copyOf(all);
    }
}
