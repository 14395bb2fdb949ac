package org.scalebench.bench.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ConsoleProgressTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void lineShowsDoneRateAndTimeLeft() {
        assertEquals("  runs: 5/12, 30.0/min, ~14 s left", ConsoleProgress.render("runs", 5, 12, 10 * SECOND));
        assertEquals("  runs: 3/12, 6.0/min, ~1 min 30 s left", ConsoleProgress.render("runs", 3, 12, 30 * SECOND));
        assertEquals("  runs: 0/12", ConsoleProgress.render("runs", 0, 12, SECOND));
        assertEquals("  runs: 12/12, 1.2/s, done in 10 s", ConsoleProgress.render("runs", 12, 12, 10 * SECOND));
        assertEquals("  requests: 2,000,000, 1,000,000.0/s", ConsoleProgress.render("requests", 2_000_000, 0, 2 * SECOND));
    }

    @Test
    void durationsReadNaturally() {
        assertEquals("42 s", ConsoleProgress.duration(41.6));
        assertEquals("3 min 05 s", ConsoleProgress.duration(185));
        assertEquals("1 h 02 min", ConsoleProgress.duration(3720));
    }

    @Test
    void liveLineIsRedrawnInPlaceThrottledAndEndedOnClose() {
        final StringWriter text = new StringWriter();
        final AtomicLong clock = new AtomicLong();
        try (ConsoleProgress progress = new ConsoleProgress(new PrintWriter(text), "runs", true, clock::get)) {
            progress.update(1, 4);
            clock.addAndGet(SECOND / 10);
            progress.update(2, 4);          // within 250 ms of the last redraw: skipped
            clock.addAndGet(SECOND);
            progress.update(3, 4);
            progress.update(4, 4);          // the end is always drawn
        }
        final String out = text.toString();
        assertEquals(3, out.chars().filter(c -> c == '\r').count(), out);
        assertTrue(out.contains("runs: 3/4"), out);
        assertTrue(out.endsWith(System.lineSeparator()), out);
        assertTrue(!out.contains("runs: 2/4"), out);
    }

    @Test
    void notLiveIsSilentForShortTasks() {
        final StringWriter text = new StringWriter();
        try (ConsoleProgress progress = new ConsoleProgress(new PrintWriter(text), "runs", false, System::nanoTime)) {
            progress.update(1, 2);
            progress.update(2, 2);
        }
        assertEquals("", text.toString());
    }

    @Test
    void notLivePrintsAPlainLineEveryTenSecondsOfALongTask() {
        final StringWriter text = new StringWriter();
        final AtomicLong clock = new AtomicLong();
        try (ConsoleProgress progress = new ConsoleProgress(new PrintWriter(text), "accesses", false, clock::get)) {
            for (int second = 1; second <= 25; second++) {
                clock.set(second * SECOND);
                progress.update(second * 1000L, 100_000);
            }
        }
        final String out = text.toString();
        assertEquals(2, out.lines().count(), out);
        assertTrue(out.startsWith("accesses: 10,000/100,000, 1,000.0/s, ~1 min 30 s left"), out);
        assertTrue(!out.contains("\r"), out);
    }
}
