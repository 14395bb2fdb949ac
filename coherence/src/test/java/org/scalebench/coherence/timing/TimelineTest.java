package org.scalebench.coherence.timing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The timeline's chain store grows by pages while chains are in flight: a run that starts with room for one chain
 * and grows to tens of thousands must time every transaction exactly as a run that had room for all of them from
 * the start. Then hand-worked timings of a few transactions on a few resources (packets, trains pushed back, forks,
 * orphans, transactions of no core), the cores' events, the driver's stop, the drain, and the store's limits.
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

    // ---- hand-worked timings on a few resources ----
    //
    // A chain's events: each leg's arrival at its resource (the time the chain went on plus the leg's delay), then
    // the chain's end (plus its tail). A packet leg lets the chain go on when the packet starts (its service is part
    // of the delays already); a train leg when the train's last packet has gone, pushed back by the packets that
    // were interleaved with it. The expected times below follow from that and from Resources' queue rule.

    /** A path of {@code before} cycles, a packet of {@code service} cycles at resource {@code r}, {@code after}. */
    private static TimingPath packetPath(final long before, final int r, final int service, final long after) {
        final TimingPath path = TimingPathTest.fresh();
        path.delay(before);
        path.packet(r, service);
        path.delay(after);
        return path;
    }

    @Test
    void aLoneChainEndsAtItsZeroLoadTime() {
        final Resources res = new Resources(2);
        final Timeline timeline = new Timeline(2, res, 4);
        assertSame(res, timeline.resources(), "the resources it was given");
        assertEquals(Long.MAX_VALUE, timeline.nextEventTime(), "nothing queued");
        assertEquals(-1, timeline.nextEventId(), "nothing queued");
        // 5 cycles, a packet of 3 at resource 0 (idle: it starts on arrival), 2 cycles: 10 + 5 + 2
        timeline.start(packetPath(5, 0, 3, 2), 1, 10, 7);
        assertEquals(1, timeline.chainsInFlight(), "the root chain");
        assertEquals(15, timeline.nextEventTime(), "the packet's arrival at 10 + 5");
        assertEquals(2, timeline.nextEventId(), "chain 0 is event id cores + 0");
        final RecordingCores driver = new RecordingCores();
        assertFalse(timeline.run(driver), "the queue ran dry");
        assertEquals(List.of("done 1 #7 10->17"), driver.log(), "core 1, tag 7, issued at 10, done at 17");
        assertEquals(17, timeline.now(), "the last event's time");
        assertEquals(0, timeline.chainsInFlight(), "released");
        assertEquals(3, res.busyCycles(0), "the packet's service");
        assertEquals(0, res.waitCycles(), "no wait");
        // the released chain is taken again: the next transaction's root is chain 0 once more
        timeline.start(packetPath(1, 1, 1, 0), 0, 20, 8);
        assertEquals(2, timeline.nextEventId(), "chain 0 again");
        assertEquals(21, timeline.nextEventTime(), "20 + 1");
    }

    @Test
    void twoPacketsArrivingTogetherAreServedInTheOrderTheirChainsWereStarted() {
        final Resources res = new Resources(1);
        final Timeline timeline = new Timeline(2, res, 4);
        // both arrive at resource 0 at 5; core 0's chain was queued first: it starts at 5, core 1's at 5 + 3 = 8
        timeline.start(packetPath(5, 0, 3, 2), 0, 0, 0);
        timeline.start(packetPath(5, 0, 3, 2), 1, 0, 1);
        assertEquals(2, timeline.chainsInFlight(), "two roots");
        assertEquals(List.of("done 0 #0 0->7", "done 1 #1 0->10"), RecordingCores.runDry(timeline),
                "5 + 2, then 8 + 2 after waiting 3 cycles for the first packet");
        assertEquals(3, res.waitCycles(), "core 1's wait");
    }

    @Test
    void aTrainsChainWaitsUntilItsEndPushedBackByEveryPacketInterleaved() {
        final Resources res = new Resources(1);
        final Timeline timeline = new Timeline(3, res, 4);
        // core 0: 1 cycle, a train of 3 packets of 2 cycles at resource 0, 4 cycles: 11 alone
        final TimingPath train = TimingPathTest.fresh();
        train.delay(1);
        train.train(0, 3, 2);
        train.delay(4);
        assertEquals(11, train.zeroLoad(), "1 + 6 + 4");
        timeline.start(train, 0, 0, 0);
        // core 1: a packet of 5 arriving at 3, while the train (1 to 7) is under way: it waits one train packet, starts
        // at 3 + 2 = 5, and pushes the train's end to 12; its chain ends at 5
        timeline.start(packetPath(3, 0, 5, 0), 1, 0, 1);
        // core 2: a packet of 1 arriving at 9: the server is busy with core 1's until 10, then a train packet (the
        // train ends at 12, 2 cycles left): starts at 12, pushes the train's end to 13; its chain ends at 12
        timeline.start(packetPath(9, 0, 1, 0), 2, 0, 2);
        // the train's chain looks at 7 (pushed 5: on to 12), at 12 (pushed 1 more: on to 13), at 13 it goes on: 13 + 4
        assertEquals(List.of("done 1 #1 0->5", "done 2 #2 0->12", "done 0 #0 0->17"), RecordingCores.runDry(timeline),
                "the packets in arrival order, the train 6 cycles late");
        assertEquals(6, res.trainPushed(0), "5 + 1");
    }

    @Test
    void aForkedRootGoesOnAfterItsLaterBranch() {
        final Resources res = new Resources(1);
        final Timeline timeline = new Timeline(1, res, 2);
        // 2 cycles; branch 0: 3, a packet at resource 0, 1; branch 1: 10; then 4: 2 + max(4, 10) + 4 = 16
        final TimingPath path = TimingPathTest.fresh();
        path.delay(2);
        path.fork();
        path.delay(3);
        path.packet(0, 1);
        path.delay(1);
        path.branch(1);
        path.delay(10);
        path.join();
        path.delay(4);
        assertEquals(16, path.zeroLoad(), "2 + 10 + 4");
        timeline.start(path, 0, 0, 0);
        assertEquals(3, timeline.chainsInFlight(), "the root and its two branches");
        assertEquals(List.of("done 0 #0 0->16"), RecordingCores.runDry(timeline),
                "branch 1 ends at 12, later than branch 0's 6");
        // again from 100, resource 0 busy from 100 to 130: branch 0's packet arrives at 105 and starts at 130, so
        // branch 0 ends at 131, after branch 1's 100 + 12: the root ends at 131 + 4
        res.packet(0, 100, 30);
        timeline.start(path, 0, 100, 1);
        assertEquals(List.of("done 0 #1 100->135"), RecordingCores.runDry(timeline),
                "branch 0 is the later now, 25 cycles late");
        assertEquals(0, timeline.chainsInFlight(), "all three released");
    }

    @Test
    void aForkWhoseFirstBranchEndsLastJoinsAtThatBranchsEnd() {
        final Timeline timeline = new Timeline(1, new Resources(1), 2);
        // branch 0 of 9 cycles, branch 1 of 3: 9 + 1
        final TimingPath path = TimingPathTest.fresh();
        path.fork();
        path.delay(9);
        path.branch(1);
        path.delay(3);
        path.join();
        path.delay(1);
        timeline.start(path, 0, 50, 0);
        assertEquals(List.of("done 0 #0 50->60"), RecordingCores.runDry(timeline), "50 + 9 + 1");
    }

    @Test
    void anOrphanOccupiesItsResourceAndNobodyWaitsForIt() {
        final Resources res = new Resources(1);
        final Timeline timeline = new Timeline(1, res, 2);
        // root: 4, [orphan from 4: 2, a packet of 6 at resource 0], 3, a packet of 1 at resource 0
        final TimingPath path = TimingPathTest.fresh();
        path.delay(4);
        path.beginOrphan();
        path.delay(2);
        path.packet(0, 6);
        path.endOrphan();
        path.delay(3);
        path.packet(0, 1);
        assertEquals(7, path.zeroLoad(), "4 + 3: the orphan is not waited for");
        timeline.start(path, 0, 100, 5);
        assertEquals(2, timeline.chainsInFlight(), "the root and the orphan");
        // the orphan's packet arrives at 106 and holds resource 0 until 112; the root's arrives at 107 and waits
        assertEquals(List.of("done 0 #5 100->112"), RecordingCores.runDry(timeline), "the root's packet starts at 112");
        assertEquals(0, timeline.chainsInFlight(), "the orphan released too");
        assertEquals(7, res.busyCycles(0), "6 + 1");
    }

    @Test
    void aTransactionOfNoCoreCompletesWithoutTellingTheDriver() {
        final Resources res = new Resources(1);
        final Timeline timeline = new Timeline(1, res, 1);
        final TimingPath path = packetPath(5, 0, 3, 0);
        path.fork();
        path.delay(2);
        path.branch(1);
        path.packet(0, 4);
        path.join();
        timeline.start(path, -1, 0, 0);
        assertEquals(3, timeline.chainsInFlight(), "root, two branches");
        final RecordingCores driver = new RecordingCores();
        assertFalse(timeline.run(driver), "ran dry");
        assertEquals(List.of(), driver.log(), "nobody to tell");
        assertEquals(0, timeline.chainsInFlight(), "all released");
        // the root's packet at 5 (3 cycles), then the fork at 5: branch 1's packet at 5 waits until 8
        assertEquals(3 + 4, res.busyCycles(0), "both packets served");
        assertEquals(3, res.waitCycles(), "the branch's packet waited 3");
        // branch 0 ends at 7, branch 1 at 8 (its packet's start): the root ends at 8, the last event
        assertEquals(8, timeline.now(), "the root's end after the later branch");
    }

    @Test
    void aCoreRunsAgainWhenItSaysAndWhenItsTransactionCompletes() {
        final Timeline timeline = new Timeline(2, new Resources(1), 2);
        final TimingPath path = packetPath(6, 0, 1, 0);
        // core 0 runs at 0, asks to run again at 0 (time 0 is a time), then at 5, then waits
        final RecordingCores driver = new RecordingCores() {
            @Override
            public long run(final int core, final long time) {
                final long next = super.run(core, time);
                if (core == 1) {
                    timeline.start(path, 1, time, 9); // ends at time + 6
                }
                return next;
            }
        };
        driver.answers(0, 0, 5);
        driver.wakeAt(9, 20); // core 1's transaction, done at 3 + 6, wakes it at 20
        timeline.wake(0, 0);
        timeline.wake(1, 3);
        assertEquals(0, timeline.nextEventId(), "core 0 first");
        assertFalse(timeline.run(driver), "ran dry");
        assertEquals(List.of("run 0@0", "run 0@0", "run 1@3", "run 0@5", "done 1 #9 3->9", "run 1@20",
                "done 1 #9 20->26"), driver.log(), "each core when it asked");
    }

    @Test
    void theDriverCanStopTheLoopAndALaterRunGoesOn() {
        final Timeline timeline = new Timeline(2, new Resources(1), 2);
        timeline.start(packetPath(4, 0, 1, 0), 0, 0, 0);
        timeline.start(packetPath(9, 0, 1, 0), 1, 0, 1);
        final RecordingCores driver = new RecordingCores();
        driver.stopAfter(2); // the first chain's two events: its packet at 4 and its end at 4
        assertTrue(timeline.run(driver), "stopped by the driver");
        assertEquals(List.of("done 0 #0 0->4"), driver.log(), "only the first");
        assertEquals(9, timeline.nextEventTime(), "the second's packet is next");
        assertEquals(1, timeline.chainsInFlight(), "the second in flight");
        driver.stopAfter(-1);
        assertFalse(timeline.run(driver), "ran dry");
        assertEquals("done 1 #1 0->9", driver.log().get(1), "the second");
    }

    @Test
    void drainingCompletesTheChainsAndKeepsTheCoresForTheNextRun() {
        final Timeline timeline = new Timeline(3, new Resources(1), 2);
        assertEquals(0, timeline.drain(new RecordingCores()), "nothing in flight: the time so far");
        timeline.start(packetPath(6, 0, 1, 4), 1, 0, 3);   // its packet at 6, its end at 6 + 4
        timeline.wake(0, 7);
        timeline.wake(2, 5);
        final RecordingCores driver = new RecordingCores();
        driver.wakeAt(3, 12);
        assertEquals(10, timeline.drain(driver), "the chain's end");
        assertEquals(List.of("done 1 #3 0->10"), driver.log(), "cores 0 and 2 did not run");
        assertEquals(0, timeline.chainsInFlight(), "drained");
        assertEquals(10, timeline.now(), "the last chain event");
        assertEquals(5, timeline.nextEventTime(), "core 2's event put back");
        assertEquals(2, timeline.nextEventId(), "core 2's event put back");
        timeline.run(driver);
        assertEquals(List.of("done 1 #3 0->10", "run 2@5", "run 0@7", "run 1@12"), driver.log(),
                "cores 2 and 0 as woken; core 1 at 12, as its completion asked");
        assertEquals(12, timeline.drain(driver), "nothing in flight: the time of the last event");
    }

    @Test
    void legsBeyondTheStoresFieldsAreRefused() {
        final Timeline timeline = new Timeline(1, new Resources(1), 1);
        // delays up to 2^40 - 1 cycles and trains up to 2^24 - 1 packets fit
        timeline.start(packetPath((1L << 40) - 1, 0, 1, 0), 0, 0, 0);
        final TimingPath longTrain = TimingPathTest.fresh();
        longTrain.train(0, (1 << 24) - 1, 1);
        timeline.start(longTrain, 0, 0, 1);
        assertEquals(List.of("done 0 #1 0->16777215", "done 0 #0 0->1099511627775"), RecordingCores.runDry(timeline),
                "the train's 2^24 - 1 cycles, then the 2^40 - 1 cycles' leg");
        assertThrows(IllegalStateException.class, () -> timeline.start(packetPath(1L << 40, 0, 1, 0), 0, 0, 2),
                "a delay of 2^40");
        assertThrows(IllegalStateException.class, () -> timeline.start(packetPath(-1, 0, 1, 0), 0, 0, 2),
                "a negative delay");
        final TimingPath tooLong = TimingPathTest.fresh();
        tooLong.train(0, 1 << 24, 1);
        assertThrows(IllegalStateException.class, () -> timeline.start(tooLong, 0, 0, 2), "a train of 2^24 packets");
        assertThrows(IllegalArgumentException.class, () -> new Timeline(0, new Resources(1), 1), "no core");
        assertThrows(IllegalArgumentException.class, () -> new Timeline(1, new Resources(1), 0), "no chain");
    }

    @Test
    void aChainOfSeveralLegsGoesOnFromEachLegsStartOrTrainsEnd() {
        final Resources res = new Resources(2);
        final Timeline timeline = new Timeline(2, res, 4);
        // core 0: 3, a packet of 12 at resource 0, 5, a train of 2 x 3 at resource 1, 2, a packet of 1 at resource 0, 1
        final TimingPath path = TimingPathTest.fresh();
        path.delay(3);
        path.packet(0, 12);
        path.delay(5);
        path.train(1, 2, 3);
        path.delay(2);
        path.packet(0, 1);
        path.delay(1);
        assertEquals(3 + 5 + 6 + 2 + 1, path.zeroLoad(), "the delays and the train");
        timeline.start(path, 0, 0, 0);
        // core 1: a packet of 4 at resource 0 arriving at 15, as core 0's first packet (3 to 15) ends
        timeline.start(packetPath(15, 0, 4, 0), 1, 0, 1);
        // core 0: its first packet starts at 3; the train arrives at 3 + 5 = 8 and ends at 14; the last packet
        // arrives at 14 + 2 = 16, behind core 1's (15 to 19), so it starts at 19: 19 + 1
        assertEquals(List.of("done 1 #1 0->15", "done 0 #0 0->20"), RecordingCores.runDry(timeline),
                "core 0 waited 3 cycles at its third leg");
        assertEquals(6, res.busyCycles(1), "the train's 2 x 3 cycles");
        assertEquals(2, res.served(1), "the train's 2 packets");
        assertEquals(3, res.waitCycles(0), "core 0's last packet waited 19 - 16");
    }

    @Test
    void aTrainIsNotHeldBackByThePushesOfEarlierTrains() {
        final Resources res = new Resources(2);
        // on resource 1, a train from 0 to 10 pushed back 3 cycles by a packet arriving at 1: trainPushed 3
        res.train(1, 0, 2, 5);
        res.packet(1, 1, 3);
        assertEquals(3, res.trainPushed(1), "the packet's service");
        final Timeline timeline = new Timeline(1, res, 1);
        final TimingPath path = TimingPathTest.fresh();
        path.train(1, 2, 2);
        timeline.start(path, 0, 100, 0);
        // the server is free by 13: the train runs from 100 to 104, and nothing pushes it while it is under way
        assertEquals(List.of("done 0 #0 100->104"), RecordingCores.runDry(timeline),
                "only the pushes while it is under way count");
    }

    @Test
    void everyOrphanIsCopiedTheSixthWithTenLegsToo() {
        final Resources res = new Resources(3);
        final Timeline timeline = new Timeline(1, res, 2);
        final TimingPath path = TimingPathTest.fresh();
        path.beginOrphan();
        path.packet(0, 3);
        path.endOrphan();
        path.beginOrphan();
        path.delay(1);
        path.packet(1, 5);
        path.endOrphan();
        for (int k = 2; k < TimingPath.MAX_ORPHANS - 1; k++) {
            path.beginOrphan();
            path.endOrphan();
        }
        path.beginOrphan();
        for (int i = 0; i < TimingPath.MAX_LEGS; i++) {
            path.packet(2, 1);
        }
        path.endOrphan();
        path.delay(2);
        timeline.start(path, 0, 0, 0);
        assertEquals(1 + 6, timeline.chainsInFlight(), "the root and six orphans");
        assertEquals(List.of("done 0 #0 0->2"), RecordingCores.runDry(timeline), "the root's 2 cycles");
        assertEquals(3, res.busyCycles(0), "orphan 0's packet");
        assertEquals(5, res.busyCycles(1), "orphan 1's packet");
        // the sixth orphan's ten packets of 1 cycle and no delay: each after the first arrives as the one before it
        // starts, and waits for it, 1 cycle
        assertEquals(10, res.served(2), "orphan 5's ten packets");
        assertEquals(9, res.waitCycles(2), "nine waits of 1 cycle");
        assertEquals(0, timeline.chainsInFlight(), "all released");
    }

    @Test
    void theChainReleasedLastIsTakenFirst() {
        final Resources res = new Resources(1);
        final Timeline timeline = new Timeline(1, res, 2);
        final TimingPath first = TimingPathTest.fresh();
        first.delay(5);
        final TimingPath second = TimingPathTest.fresh();
        second.delay(10);
        timeline.start(first, 0, 0, 0);   // chain 0, released at 5
        timeline.start(second, 0, 0, 1);  // chain 1, released at 10
        timeline.run(new RecordingCores());
        // a transaction with an orphan: its root takes chain 1, its orphan chain 0
        final TimingPath path = TimingPathTest.fresh();
        path.beginOrphan();
        path.packet(0, 7);
        path.endOrphan();
        path.delay(1);
        timeline.start(path, 0, 20, 2);
        assertEquals(20, timeline.nextEventTime(), "the orphan's packet at 20");
        assertEquals(1 + 0, timeline.nextEventId(), "the orphan is chain 0: event id cores + 0");
        assertEquals(List.of("done 0 #2 20->21"), RecordingCores.runDry(timeline), "the root's 1 cycle");
        assertEquals(7, res.busyCycles(0), "the orphan's packet");
    }

    @Test
    void anEmptyPathCompletesWhenIssuedAndAWakeAtTimeZeroCounts() {
        final Timeline timeline = new Timeline(1, new Resources(1), 1);
        final TimingPath path = TimingPathTest.fresh();
        timeline.start(path, 0, 0, 4);
        final RecordingCores driver = new RecordingCores();
        driver.wakeAt(4, 0);
        timeline.run(driver);
        assertEquals(List.of("done 0 #4 0->0", "run 0@0"), driver.log(), "completed at 0, the core run at 0 as asked");
    }
}
