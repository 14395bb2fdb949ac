package org.scalebench.coherence.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The calendar queue against a plain priority queue on (time, order of queueing), on random events near, far and
 * behind its window: the same events in the same order, ties included.
 */
class EventQueueTest {

    private static List<long[]> drive(final long seed) {
        return drive(seed, 5000, false);
    }

    /**
     * Random operations against the reference; {@code crowded} queues most events one to three blocks ahead, so that
     * a block holds thousands of events.
     */
    private static List<long[]> drive(final long seed, final int ids, final boolean crowded) {
        final SplittableRandom random = new SplittableRandom(seed);
        final EventQueue queue = new EventQueue(8);
        // time, order of queueing, id
        final PriorityQueue<long[]> reference = new PriorityQueue<>((a, b) -> a[0] != b[0]
                ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        long queuedSoFar = 0;
        final boolean[] queued = new boolean[ids];
        final List<long[]> out = new ArrayList<>();
        long now = 0;
        for (int step = 0; step < 200_000; step++) {
            if (random.nextInt(3) > 0 || queue.isEmpty()) {
                final int id = random.nextInt(queued.length);
                if (queued[id]) {
                    continue;
                }
                queued[id] = true;
                final int kind = random.nextInt(20);
                // mostly soon, sometimes in a later block, beyond the block level, or before the last event taken
                final long t = crowded && kind > 3 ? now + EventQueue.BUCKETS + random.nextInt(2 * EventQueue.BUCKETS)
                        : kind == 0 ? now + EventQueue.BUCKETS + random.nextInt(1 << 20)
                        : kind == 1 && now > 100 ? now - random.nextInt(100)
                        : kind == 2 ? now + (long) EventQueue.BUCKETS * EventQueue.BUCKETS + random.nextInt(1 << 24)
                        : kind == 3 ? now + random.nextInt(3 * EventQueue.BUCKETS) : now + random.nextInt(300);
                queue.add(t, id);
                reference.add(new long[] {t, queuedSoFar++, id});
            } else {
                final long t = queue.peekTime();
                final int id = queue.peekId();
                assertEquals(reference.peek()[0], t, "seed " + seed + " step " + step);
                assertEquals(reference.peek()[2], id, "the tie order at seed " + seed + " step " + step);
                queue.poll();
                reference.poll();
                assertTrue(queued[id], "an id that was queued: " + id);
                queued[id] = false;
                now = Math.max(now, t);
                out.add(new long[] {t, id});
            }
            assertEquals(reference.size(), queue.size());
        }
        return out;
    }

    @Test
    void eventsComeOutInTimeOrderWhereverTheyWereQueued() {
        final List<long[]> first = drive(7);
        assertTrue(first.size() > 50_000);
    }

    @Test
    void crowdedBlocksComeOutInOrder() {
        final List<long[]> out = drive(13, 40_000, true);
        assertTrue(out.size() > 50_000);
    }

    @Test
    void theSameOperationsGiveTheSameOrder() {
        final List<long[]> a = drive(11);
        final List<long[]> b = drive(11);
        assertEquals(a.size(), b.size());
        for (int i = 0; i < a.size(); i++) {
            assertEquals(a.get(i)[0], b.get(i)[0]);
            assertEquals(a.get(i)[1], b.get(i)[1]);
        }
    }

    @Test
    void eventsOfOneTimeComeOutInTheOrderTheyWentIn() {
        final EventQueue queue = new EventQueue(4);
        queue.add(10, 3);
        queue.add(10, 1);
        queue.add(5, 2);
        queue.add(10, 0);
        final int[] ids = new int[4];
        for (int i = 0; i < 4; i++) {
            ids[i] = queue.peekId();
            queue.poll();
        }
        assertEquals(List.of(2, 3, 1, 0), List.of(ids[0], ids[1], ids[2], ids[3]));
        assertTrue(queue.isEmpty());
        assertEquals(Long.MAX_VALUE, queue.peekTime());
    }

    // ---- the levels' edges, one event at a time (B = BUCKETS = 4096 cycles a block) ----

    private static final long B = EventQueue.BUCKETS;

    /** A queue whose current block is block 0: event 0 at time 0. */
    private static EventQueue fromZero() {
        final EventQueue queue = new EventQueue(4);
        queue.add(0, 0);
        return queue;
    }

    /** Takes every event: its ids in order, checking the times against {@code times}. */
    private static List<Integer> drain(final EventQueue queue, final long... times) {
        final List<Integer> ids = new ArrayList<>();
        int i = 0;
        while (!queue.isEmpty()) {
            assertEquals(times[i++], queue.peekTime(), "event " + ids.size() + "'s time");
            ids.add(queue.peekId());
            queue.poll();
        }
        assertEquals(times.length, i, "events taken");
        return ids;
    }

    @Test
    void anEventTheLastBlockOfTheBlockLevelAheadComesOutAfterNearerOnes() {
        final EventQueue queue = fromZero();
        queue.add((B - 1) * B + 7, 1);        // block B - 1: the block level's last, in the slot before block 0's
        queue.add(2 * B, 2);                  // block 2
        assertEquals(List.of(0, 2, 1), drain(queue, 0, 2 * B, (B - 1) * B + 7), "block 0, block 2, block B - 1");
    }

    @Test
    void anEventQueuedLaterAtTheSameTimeComesOutLaterThoughTheBlockMovedOnMeanwhile() {
        final long t = 4000 * B;
        final EventQueue queue = fromZero();
        queue.add(t, 1);                      // 4000 blocks ahead of block 0: the block level
        queue.add(100 * B, 2);
        queue.poll();                         // 0
        assertEquals(100 * B, queue.peekTime(), "block 100 is current now");
        queue.poll();                         // 2
        queue.add(t, 3);                      // 3900 blocks ahead of block 100: the block level, after event 1
        queue.add(t + B * B, 4);              // beyond it: the far heap
        assertEquals(List.of(1, 3, 4), drain(queue, t, t, t + B * B), "in the order queued, then the far one");
    }

    @Test
    void farEventsAreDealtUntilTheFarHeapIsEmpty() {
        final long t = 5000 * B;
        final EventQueue queue = fromZero();
        queue.add(t + 3, 1);                  // 5000 blocks ahead: far
        queue.add(t + 1, 2);                  // far, earlier
        assertEquals(List.of(0, 2, 1), drain(queue, 0, t + 1, t + 3), "both far events, in time order");
        // the queue empty, the current block starts again at the next event: block 4999, then block 5000 from the
        // block level (the far heap is empty now)
        queue.add(t - 5, 3);
        queue.add(t + 2, 4);
        assertEquals(List.of(3, 4), drain(queue, t - 5, t + 2), "the far heap is not looked at when empty");
    }

    /** Takes {@code n} events' ids into {@code out}. */
    private static void take(final EventQueue queue, final int n, final List<Integer> out) {
        for (int k = 0; k < n; k++) {
            out.add(queue.peekId());
            queue.poll();
        }
    }

    /** Ids {@code first + k} for k below {@code n}, at offsets {@code (m * k) mod 5}: by offset, then by k. */
    private static List<Integer> inTimeOrder(final int n, final int m, final int first) {
        final List<Integer> ids = new ArrayList<>();
        for (int r = 0; r < 5; r++) {
            for (int k = 0; k < n; k++) {
                if ((m * k) % 5 == r) {
                    ids.add(first + k);
                }
            }
        }
        return ids;
    }

    @Test
    void theHeapsKeepTheOrderOfQueueingAmongEqualTimes() {
        final long base = 5000 * B;
        final EventQueue queue = fromZero();
        // 300 far events (5000 blocks ahead) at 5 times, queued in a scrambled order of times (7k mod 5), and one
        // later in their block
        for (int k = 0; k < 300; k++) {
            queue.add(base + (7L * k) % 5, 1 + k);
        }
        queue.add(base + 100, 400);
        queue.poll(); // 0
        final List<Integer> out = new ArrayList<>();
        take(queue, 300, out);
        // the cursor is at base + 4 now: 150 events queued behind it, at base - 10 to base - 6 (3k mod 5), go to the
        // late heap and come out before event 400
        for (int k = 0; k < 150; k++) {
            queue.add(base - 10 + (3L * k) % 5, 500 + k);
        }
        take(queue, 150, out);
        assertEquals(400, queue.peekId(), "the far event after them all");
        // expected: by time, and of one time in the order queued (k increasing)
        final List<Integer> want = inTimeOrder(300, 7, 1);
        want.addAll(inTimeOrder(150, 3, 500));
        assertEquals(want, out, "time order, ties in the order queued");
    }

    @Test
    void aClearedQueueForgetsEveryLevel() {
        final EventQueue queue = new EventQueue(8);
        queue.add(5, 1);                      // near
        queue.add(5, 2);
        queue.add(B + 9, 3);                  // block level
        queue.add(B * B * 2, 4);              // far
        queue.poll();
        queue.add(1, 5);                      // late
        queue.clear();
        assertTrue(queue.isEmpty(), "nothing queued");
        assertEquals(0, queue.size(), "nothing queued");
        assertEquals(Long.MAX_VALUE, queue.peekTime(), "nothing queued");
        // events at the same times again: only the new ones come out
        queue.add(5, 6);
        queue.add(B + 9, 7);
        assertEquals(List.of(6, 7), drain(queue, 5, B + 9), "no event from before the clear");
    }
}
