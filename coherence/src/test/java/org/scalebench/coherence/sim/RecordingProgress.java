package org.scalebench.coherence.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

/** A run's progress reports, kept in order: each update, settling window, end of warm-up and untimed part. */
final class RecordingProgress implements CoherenceSimulator.Progress {

    /** Each update's accesses done and total announced. */
    final List<long[]> updates = new ArrayList<>();
    /** Each settling window's accesses and throughput (accesses per kilocycle). */
    final List<double[]> settling = new ArrayList<>();
    /** Each end of warm-up's accesses. */
    final List<Long> warmed = new ArrayList<>();
    /** Each untimed part's accesses, seconds and threads. */
    final List<double[]> functional = new ArrayList<>();

    /**
     * Appends the updates of a run of {@code limit} accesses after {@code before} reported every {@code every}
     * accesses (the last step shorter), each announcing {@code total}.
     */
    static void steps(final List<long[]> into, final long before, final long limit, final long every,
            final long total) {
        for (long done = Math.min(every, limit); ; done = Math.min(done + every, limit)) {
            into.add(new long[] {before + done, total});
            if (done == limit) {
                return;
            }
        }
    }

    /** Checks the updates against {@code expected}, one by one. */
    void assertUpdates(final List<long[]> expected) {
        assertEquals(expected.size(), updates.size(), "updates");
        for (int i = 0; i < expected.size(); i++) {
            assertArrayEquals(expected.get(i), updates.get(i), "update " + i);
        }
    }

    @Override
    public void update(final long done, final long total) {
        updates.add(new long[] {done, total});
    }

    @Override
    public void settling(final long accesses, final double accessesPerKilocycle) {
        settling.add(new double[] {accesses, accessesPerKilocycle});
    }

    @Override
    public void warmed(final long accesses) {
        warmed.add(accesses);
    }

    @Override
    public void functional(final long accesses, final double seconds, final int threads) {
        functional.add(new double[] {accesses, seconds, threads});
    }
}
