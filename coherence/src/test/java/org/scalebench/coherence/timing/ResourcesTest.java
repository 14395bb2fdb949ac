package org.scalebench.coherence.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * The queued resources worked by hand from their Javadoc: a packet arriving at {@code a} starts at
 * {@code max(a, busyUntil)} and holds the server its service; a train of {@code n} packets of {@code s} cycles takes
 * {@code n * s} from {@code max(a, trainEnd, busyUntil)}; a packet arriving while a train is under way waits for the
 * train packet being sent ({@code min(s, trainEnd - start)}) and pushes the train's end back by its own service. A
 * wait is counted once per packet or train that started after it arrived.
 */
class ResourcesTest {

    @Test
    void packetsAreServedFirstComeFirstServedAndTheirWaitsSummed() {
        final Resources res = new Resources(3);
        assertEquals(3, res.count(), "three resources");
        // idle: starts on arrival, busy until 10 + 5 = 15
        assertEquals(10, res.packet(1, 10, 5), "an idle server starts the packet at once");
        // arrives at 12 while busy until 15: starts at 15 (waits 3), busy until 15 + 3 = 18
        assertEquals(15, res.packet(1, 12, 3), "the second waits for the first");
        // arrives at 18 exactly as the server frees: no wait, busy until 18 + 2 = 20
        assertEquals(18, res.packet(1, 18, 2), "arriving as the server frees");
        // arrives at 30, after it went idle at 20: no wait
        assertEquals(30, res.packet(1, 30, 4), "a server idle again");
        assertEquals(5 + 3 + 2 + 4, res.busyCycles(1), "busy time is the sum of the services");
        assertEquals(3, res.waitCycles(1), "only the second packet waited, 15 - 12 cycles");
        assertEquals(3, res.waitCycles(), "all resources' waits");
        assertEquals(1, res.queued(), "one packet waited at all; the one arriving at 18 did not");
        assertEquals(4, res.served(1), "four packets at resource 1");
        assertEquals(4, res.served(), "four packets in all");
        assertEquals(0, res.busyCycles(0), "resource 0 untouched");
        assertEquals(0, res.served(0), "resource 0 untouched");
        // another resource has its own queue: arriving at 11 it starts at once though resource 1 is busy until 34
        assertEquals(11, res.packet(2, 11, 7), "resources queue separately");
        assertEquals(0, res.waitCycles(2), "no wait at resource 2");
        assertEquals(5, res.served(), "five packets in all");
    }

    @Test
    void utilizationIsBusyTimeOverElapsedAndTheBusiestIsTheFirstOfTheMost() {
        final Resources res = new Resources(4);
        res.packet(0, 0, 5);
        res.packet(1, 0, 8);
        res.packet(2, 0, 8);
        // resources 1 and 2 were both busy 8 cycles: the first of them is the busiest
        assertEquals(1, res.busiest(), "the lower index of two equally busy resources");
        assertEquals(5.0 / 40, res.utilization(0, 40), "5 busy cycles of 40");
        assertEquals(8.0 / 40, res.utilization(2, 40), "8 busy cycles of 40");
        assertEquals(8.0 / 40, res.maxUtilization(40), "the most busy, 8 of 40");
        assertEquals(0.0, res.utilization(0, 0), "no elapsed time: 0, not a division by zero");
        assertEquals(0.0, res.maxUtilization(0), "no elapsed time: 0, not a division by zero");
        assertEquals(0.0, res.utilization(0, -3), "negative elapsed time: 0");
        assertEquals(0.0, res.maxUtilization(-3), "negative elapsed time: 0");
        // the last resource becomes the busiest: 9 cycles
        res.packet(3, 0, 9);
        assertEquals(3, res.busiest(), "the last resource, 9 busy cycles");
        assertEquals(9.0 / 40, res.maxUtilization(40), "9 of 40");
        assertEquals(0, new Resources(1).busiest(), "one idle resource");
        assertThrows(IllegalArgumentException.class, () -> new Resources(0), "at least one resource");
    }

    @Test
    void aTrainHoldsTheServerItsLengthAndCountsItsPacketsButOneWait() {
        final Resources res = new Resources(2);
        // 4 packets of 3 cycles from 2: ends at 2 + 12 = 14
        assertEquals(14, res.train(0, 2, 4, 3), "the train's length after its arrival");
        assertEquals(12, res.busyCycles(0), "busy its length");
        assertEquals(4, res.served(0), "a train counts its packets");
        assertEquals(0, res.queued(), "an idle server: no wait");
        // a second train arriving at 5 queues behind the first: starts at 14, 2 x 3 = 6 cycles, ends at 20
        assertEquals(20, res.train(0, 5, 2, 3), "trains queue behind each other");
        assertEquals(14 - 5, res.waitCycles(0), "the second train waited 9 cycles");
        assertEquals(1, res.queued(), "a train's wait counts once, not once per packet");
        assertEquals(6, res.served(), "4 + 2 packets");
        assertEquals(18, res.busyCycles(0), "12 + 6");
    }

    @Test
    void aPacketDuringATrainWaitsForOneTrainPacketAndPushesTheTrainBack() {
        final Resources res = new Resources(1);
        // train of 3 packets of 4 cycles from 10: ends at 22
        assertEquals(22, res.train(0, 10, 3, 4), "10 + 3 x 4");
        assertEquals(0, res.trainPushed(0), "nothing interleaved yet");
        // a packet arriving at 13 finds the train under way: it waits the train packet being sent (4 cycles), starts
        // at 17 and pushes the train's end back by its own 5 cycles, to 27
        assertEquals(17, res.packet(0, 13, 5), "13 + one train packet of 4");
        assertEquals(5, res.trainPushed(0), "pushed back by the packet's service");
        // a packet arriving at 24, the server busy with the first until 22 and the train now ending at 27: it waits
        // min(4, 27 - 24) = 3 cycles, the rest of the train, and pushes the train back 2 more, to 29
        assertEquals(27, res.packet(0, 24, 2), "only what is left of the train, 3 cycles");
        assertEquals(7, res.trainPushed(0), "5 + 2");
        // a train arriving at 25 queues behind the pushed-back train, ending at 29: 29 + 2 x 1 = 31
        assertEquals(31, res.train(0, 25, 2, 1), "behind the first train's pushed-back end");
        // a packet at 40, after every train: starts at once, pushes nothing
        assertEquals(40, res.packet(0, 40, 1), "no train under way");
        assertEquals(7, res.trainPushed(0), "unchanged");
        // waits: 17 - 13, 27 - 24, 29 - 25
        assertEquals(4 + 3 + 4, res.waitCycles(), "three waits");
        assertEquals(3, res.queued(), "three packets or trains waited");
        assertEquals(12 + 5 + 2 + 2 + 1, res.busyCycles(0), "every service once");
        assertEquals(3 + 1 + 1 + 2 + 1, res.served(), "every packet once");
    }

    @Test
    void aSecondPacketDuringATrainWaitsForTheFirstThenForATrainPacket() {
        final Resources res = new Resources(1);
        // train of 5 packets of 10 from 0, ends at 50
        res.train(0, 0, 5, 10);
        // a packet at 1 waits one train packet: starts 11, busy until 11 + 6 = 17, train ends 56
        assertEquals(11, res.packet(0, 1, 6), "1 + 10");
        // a packet at 2 waits for the first packet (until 17), then another train packet: starts 27, train ends 59
        assertEquals(27, res.packet(0, 2, 3), "max(2, 17) + 10");
        assertEquals(9, res.trainPushed(0), "6 + 3");
        assertEquals(10 + 25, res.waitCycles(0), "11 - 1 and 27 - 2");
    }

    @Test
    void aTrainArrivingBehindWaitingPacketsStartsAfterThem() {
        final Resources res = new Resources(1);
        res.packet(0, 0, 4);
        res.packet(0, 1, 4); // starts at 4, busy until 8
        // the train arrives at 2, the server is busy until 8: 8 + 3 x 2 = 14
        assertEquals(14, res.train(0, 2, 3, 2), "after the packets ahead of it");
        assertEquals(3 + 6, res.waitCycles(), "the packet's 4 - 1 and the train's 8 - 2");
    }

    @Test
    void resettingTheCountersKeepsTheQueues() {
        final Resources res = new Resources(2);
        res.packet(0, 0, 10);
        res.packet(0, 2, 10); // waits 8, busy until 20
        res.train(1, 0, 2, 3);
        res.resetCounters();
        assertEquals(0, res.busyCycles(0), "busy reset");
        assertEquals(0, res.busyCycles(1), "busy reset");
        assertEquals(0, res.waitCycles(), "waits reset");
        assertEquals(0, res.waitCycles(0), "waits reset");
        assertEquals(0, res.queued(), "queued reset");
        assertEquals(0, res.served(), "served reset");
        assertEquals(0, res.served(1), "served reset");
        // the queue is still there: a packet at 5 waits until 20
        assertEquals(20, res.packet(0, 5, 1), "the server is still busy until 20");
        assertEquals(15, res.waitCycles(0), "counted afresh: 20 - 5");
        assertEquals(1, res.busyCycles(0), "counted afresh: 1 cycle");
    }

    @Test
    void aPacketArrivingAsATrainEndsNeitherWaitsForItNorPushesIt() {
        final Resources res = new Resources(1);
        assertEquals(6, res.train(0, 0, 2, 3), "0 + 2 x 3");
        // the train has gone at 6: the packet starts on arrival and the train is not pushed back
        assertEquals(6, res.packet(0, 6, 4), "no train packet to wait for");
        assertEquals(0, res.trainPushed(0), "nothing pushed");
        // so a train arriving at 7 starts behind the packet (busy until 10), not behind a pushed-back train end
        assertEquals(10 + 2, res.train(0, 7, 1, 2), "max(7, 6, 10) + 2");
    }
}
