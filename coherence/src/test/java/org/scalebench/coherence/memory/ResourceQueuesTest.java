package org.scalebench.coherence.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class ResourceQueuesTest {

    private static final long SEED = 0x0CC0L;

    /** The plain model: every busy interval kept; a request starts at the earliest free fit at or after arrival. */
    private static final class ExactSchedule {
        private final TreeMap<Long, Long> busy = new TreeMap<>(); // start -> end

        long book(final long arrival, final long service) {
            long start = arrival;
            for (final Map.Entry<Long, Long> e : busy.entrySet()) {
                if (e.getValue() <= start) {
                    continue;
                }
                if (e.getKey() >= start + service) {
                    break;
                }
                start = Math.max(start, e.getValue()); // overlaps: try right after it
            }
            busy.put(start, start + service);
            return start;
        }
    }

    @Test
    void inOrderArrivalsFormAFifoQueueWithABusyUntilTime() {
        final ResourceQueues q = new ResourceQueues(2, 8);
        assertEquals(10, q.book(0, 10, 5));   // idle: starts at once
        assertEquals(15, q.book(0, 12, 5));   // busy until 15
        assertEquals(20, q.book(0, 13, 3));   // behind both
        assertEquals(23, q.busyUntil(0));
        assertEquals(14, q.book(1, 14, 4), "another resource is independent");
        assertEquals(30, q.book(0, 30, 1), "after the backlog drains, no wait");
    }

    @Test
    void anEarlierArrivalUsesTheIdleGapBeforeALaterBooking() {
        final ResourceQueues q = new ResourceQueues(1, 8);
        assertEquals(100, q.book(0, 100, 10)); // booked first, for later
        assertEquals(20, q.book(0, 20, 10), "arrives earlier and fits before it");
        assertEquals(95, q.book(0, 95, 3), "fits [95, 98) right before the booking at 100");
        assertEquals(110, q.book(0, 96, 10), "does not fit before 100: waits for the booking to end");
    }

    @Test
    void matchesTheExactScheduleOnRandomArrivalsWhileGapsFit() {
        final SplittableRandom random = new SplittableRandom(SEED);
        for (int trial = 0; trial < 2000; trial++) {
            final ResourceQueues q = new ResourceQueues(1, 64);
            final ExactSchedule exact = new ExactSchedule();
            for (int i = 0; i < 30; i++) {
                final long arrival = random.nextLong(2000);
                final long service = 1 + random.nextLong(40);
                assertEquals(exact.book(arrival, service), q.book(0, arrival, service),
                        "trial " + trial + " booking " + i + " seed " + SEED);
            }
        }
    }

    @Test
    void rememberingFewGapsOnlyEverDelaysRequests() {
        final SplittableRandom random = new SplittableRandom(SEED + 1);
        for (int trial = 0; trial < 500; trial++) {
            final ResourceQueues q = new ResourceQueues(1, 2);
            final ExactSchedule exact = new ExactSchedule();
            final ResourceQueues replay = new ResourceQueues(1, 64);
            for (int i = 0; i < 40; i++) {
                final long arrival = random.nextLong(3000);
                final long service = 1 + random.nextLong(40);
                final long start = q.book(0, arrival, service);
                assertTrue(start >= arrival, "never before the arrival");
                exact.book(arrival, service);
                replay.book(0, arrival, service);
            }
            assertTrue(q.busyUntil(0) >= replay.busyUntil(0), "forgotten gaps count as busy: the tail only grows");
        }
    }

    @Test
    void gapsBeforeTheFloorAreForgotten() {
        final ResourceQueues q = new ResourceQueues(1, 4);
        q.book(0, 100, 10);
        q.advanceFloor(200);
        assertEquals(110, q.book(0, 50, 5), "the gap [0, 100) is gone once no request can arrive before 200");
    }

    @Test
    void rejectsBadSizes() {
        assertThrows(IllegalArgumentException.class, () -> new ResourceQueues(0, 4));
        assertThrows(IllegalArgumentException.class, () -> new ResourceQueues(4, 65));
    }
}
