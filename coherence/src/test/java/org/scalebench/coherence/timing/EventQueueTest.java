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
}
