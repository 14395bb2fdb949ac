package org.scalebench.coherence.timing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The timeline's chain store grows by pages while chains are in flight: a run that starts with room for one chain
 * and grows to tens of thousands must time every transaction exactly as a run that had room for all of them from
 * the start.
 */
class TimelineTest {

    private static final int CORES = 64;
    private static final int RESOURCES = 8;
    private static final int PER_CORE = 400;

    /** Every core issues all its transactions at once: forked paths with orphans, on shared resources. */
    private static long[] completions(final int initialChains) {
        final Timeline timeline = new Timeline(CORES, new Resources(RESOURCES), initialChains);
        final TimingPath path = new TimingPath();
        final SplittableRandom random = new SplittableRandom(20261206);
        final long[] done = new long[CORES * PER_CORE];
        int peak = 0;
        for (int core = 0; core < CORES; core++) {
            for (int k = 0; k < PER_CORE; k++) {
                path.reset();
                path.delay(1 + random.nextInt(20));
                path.packet(random.nextInt(RESOURCES), 1 + random.nextInt(4));
                path.fork();
                path.branch(0);
                path.packet(random.nextInt(RESOURCES), 2);
                path.branch(1);
                path.train(random.nextInt(RESOURCES), 1 + random.nextInt(3), 1);
                path.join();
                path.delay(3);
                path.beginOrphan();
                path.packet(random.nextInt(RESOURCES), 1);
                path.endOrphan();
                timeline.start(path, core, k, core * PER_CORE + k);
                peak = Math.max(peak, timeline.chainsInFlight());
            }
        }
        assertTrue(peak > 3 * 4096, "more chains in flight than one page holds: " + peak);
        timeline.run(new Timeline.Cores() {
            @Override
            public long run(final int core, final long time) {
                return -1;
            }

            @Override
            public long completed(final int core, final int tag, final long issued, final long completed) {
                assertEquals(tag / PER_CORE, core);
                assertEquals(tag % PER_CORE, issued);
                done[tag] = completed;
                return -1;
            }

            @Override
            public boolean stop() {
                return false;
            }
        });
        assertEquals(0, timeline.chainsInFlight());
        return done;
    }

    @Test
    void aStoreThatGrowsTimesEveryTransactionAsOneSizedForThemAll() {
        final long[] grown = completions(1);
        final long[] sized = completions(CORES * PER_CORE * 4);
        assertTrue(java.util.Arrays.stream(grown).allMatch(t -> t > 0), "every transaction completed");
        assertArrayEquals(sized, grown);
    }
}
