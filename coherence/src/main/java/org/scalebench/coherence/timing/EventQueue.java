package org.scalebench.coherence.timing;

import org.scalebench.core.Checks;

/**
 * A priority queue of events {@code (time, id)}, smallest time first and, at equal times, smallest id first: a
 * total order, so the same events always come out in the same order whatever order they went in. An id is in
 * the queue at most once. A 4-ary heap in two parallel arrays (half the depth of a binary heap, and a node's
 * children share a cache line).
 *
 * <p>Allocation: the arrays at construction, and again only when more events are queued than ever before (they
 * double). Thread-safety: none.
 */
public final class EventQueue {

    private long[] time;
    private int[] id;
    private int size;

    /**
     * Creates an empty queue.
     *
     * @param capacity initial capacity, at least 1
     */
    public EventQueue(final int capacity) {
        Checks.requireAtLeast("event queue capacity", capacity, 1);
        time = new long[capacity];
        id = new int[capacity];
    }

    /**
     * Queued events.
     *
     * @return the count
     */
    public int size() {
        return size;
    }

    /**
     * Whether no event is queued.
     *
     * @return true when empty
     */
    public boolean isEmpty() {
        return size == 0;
    }

    /**
     * The earliest event's time.
     *
     * @return the time, {@link Long#MAX_VALUE} when empty
     */
    public long peekTime() {
        return size == 0 ? Long.MAX_VALUE : time[0];
    }

    /**
     * The earliest event's id (valid when not empty).
     *
     * @return the id
     */
    public int peekId() {
        return id[0];
    }

    /**
     * Queues an event.
     *
     * @param t its time
     * @param i its id
     */
    public void add(final long t, final int i) {
        if (size == time.length) {
            time = java.util.Arrays.copyOf(time, size * 2);
            id = java.util.Arrays.copyOf(id, size * 2);
        }
        int k = size++;
        while (k > 0) {
            final int parent = (k - 1) >>> 2;
            final long pt = time[parent];
            if (pt < t || (pt == t && id[parent] < i)) {
                break;
            }
            time[k] = pt;
            id[k] = id[parent];
            k = parent;
        }
        time[k] = t;
        id[k] = i;
    }

    /** Removes the earliest event (the queue must not be empty). */
    public void poll() {
        final int n = --size;
        if (n == 0) {
            return;
        }
        final long t = time[n];
        final int i = id[n];
        int k = 0;
        while (true) {
            final int first = (k << 2) + 1;
            if (first >= n) {
                break;
            }
            int best = first;
            long bt = time[first];
            int bi = id[first];
            final int last = Math.min(first + 4, n);
            for (int c = first + 1; c < last; c++) {
                final long ct = time[c];
                if (ct < bt || (ct == bt && id[c] < bi)) {
                    best = c;
                    bt = ct;
                    bi = id[c];
                }
            }
            if (t < bt || (t == bt && i < bi)) {
                break;
            }
            time[k] = bt;
            id[k] = bi;
            k = best;
        }
        time[k] = t;
        id[k] = i;
    }

    /** Removes every event. */
    public void clear() {
        size = 0;
    }
}
