package org.scalebench.coherence.timing;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A driver for {@link Timeline} tests: records what the timeline tells it, in order ({@code run core@time},
 * {@code done core #tag issued->completed}), and answers with the times it was given.
 */
public class RecordingCores implements Timeline.Cores {

    private final List<String> log = new ArrayList<>();
    /** Per core, the answers of successive run calls (then -1). */
    private final Map<Integer, ArrayDeque<Long>> runs = new HashMap<>();
    /** Per tag, the answer of its next completion (then -1). */
    private final Map<Integer, Long> wakes = new HashMap<>();
    private int stopAfter = -1;
    private int events;
    private long lastCompleted = -1;

    /**
     * Runs a timeline until its queue runs dry, with a driver that answers -1 to everything.
     *
     * @param timeline the timeline
     * @return what it told the driver
     */
    public static List<String> runDry(final Timeline timeline) {
        final RecordingCores driver = new RecordingCores();
        timeline.run(driver);
        return driver.log();
    }

    /**
     * Answers {@code core}'s next run calls with {@code next}, in order.
     *
     * @param core the core
     * @param next when it runs next, each time
     * @return this driver
     */
    public RecordingCores answers(final int core, final long... next) {
        final ArrayDeque<Long> q = runs.computeIfAbsent(core, k -> new ArrayDeque<>());
        for (final long t : next) {
            q.add(t);
        }
        return this;
    }

    /**
     * Wakes the core at {@code time} when the transaction of {@code tag} next completes (once).
     *
     * @param tag the transaction's tag
     * @param time the wake time
     * @return this driver
     */
    public RecordingCores wakeAt(final int tag, final long time) {
        wakes.put(tag, time);
        return this;
    }

    /**
     * Stops the loop once {@code n} events have been handled in all, or never when negative.
     *
     * @param n events
     */
    public void stopAfter(final int n) {
        stopAfter = n;
    }

    /**
     * What the timeline told this driver.
     *
     * @return the record, in order
     */
    public List<String> log() {
        return log;
    }

    /**
     * The completion time of the last transaction completed.
     *
     * @return cycles, -1 before any
     */
    public long lastCompleted() {
        return lastCompleted;
    }

    @Override
    public long run(final int core, final long time) {
        log.add("run " + core + "@" + time);
        final ArrayDeque<Long> q = runs.get(core);
        return q == null || q.isEmpty() ? -1 : q.poll();
    }

    @Override
    public long completed(final int core, final int tag, final long issued, final long completed) {
        log.add("done " + core + " #" + tag + " " + issued + "->" + completed);
        lastCompleted = completed;
        final Long wake = wakes.remove(tag);
        return wake == null ? -1 : wake;
    }

    @Override
    public boolean stop() {
        events++;
        return stopAfter >= 0 && events >= stopAfter;
    }
}
