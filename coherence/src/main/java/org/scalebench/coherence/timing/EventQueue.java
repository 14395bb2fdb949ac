package org.scalebench.coherence.timing;

import java.util.Arrays;
import org.scalebench.core.Checks;

/**
 * A priority queue of events {@code (time, id)}, earliest time first; events of equal time come out in the order
 * they went in (so the same sequence of operations always gives the same order). An id is queued at most once.
 *
 * <p>A calendar queue (Brown, CACM 1988): {@link #BUCKETS} buckets, one per cycle of a window
 * {@code [cursor, cursor + BUCKETS)}, each a FIFO list threaded through the ids; events beyond the window (or, after
 * a rewind, before it) wait in a small binary heap and move into the window as it advances. A simulation's events
 * crowd the next few hundred cycles, so adding is O(1) and taking the next event a short scan.
 *
 * <p>Allocation: arrays at construction, grown (doubled) when an id beyond them is queued. Thread-safety: none.
 */
public final class EventQueue {

    /** Cycles in the window of buckets (a power of two). */
    static final int BUCKETS = 1 << 12;
    private static final int MASK = BUCKETS - 1;
    private static final int NIL = -1;

    private final int[] head = new int[BUCKETS];
    private final int[] tail = new int[BUCKETS];
    private int[] next;
    private long[] timeOf;
    /** The window's first cycle: every bucketed event's time is in [cursor, cursor + BUCKETS). */
    private long cursor;
    private int bucketed;
    // the overflow heap: events outside the window
    private long[] farTime;
    private int[] farId;
    private int far;

    /**
     * Creates an empty queue.
     *
     * @param capacity ids expected (the arrays grow beyond it)
     */
    public EventQueue(final int capacity) {
        Checks.requireAtLeast("event queue capacity", capacity, 1);
        Arrays.fill(head, NIL);
        Arrays.fill(tail, NIL);
        next = new int[capacity];
        timeOf = new long[capacity];
        farTime = new long[16];
        farId = new int[16];
    }

    /**
     * Queued events.
     *
     * @return the count
     */
    public int size() {
        return bucketed + far;
    }

    /**
     * Whether no event is queued.
     *
     * @return true when empty
     */
    public boolean isEmpty() {
        return bucketed + far == 0;
    }

    /**
     * The earliest event's time.
     *
     * @return the time, {@link Long#MAX_VALUE} when empty
     */
    public long peekTime() {
        final long bucketTime = bucketed == 0 ? Long.MAX_VALUE : firstBucketTime();
        final long farFirst = far == 0 ? Long.MAX_VALUE : farTime[0];
        return Math.min(bucketTime, farFirst);
    }

    /**
     * The earliest event's id (the queue must not be empty).
     *
     * @return the id
     */
    public int peekId() {
        final long bucketTime = bucketed == 0 ? Long.MAX_VALUE : firstBucketTime();
        if (far > 0 && farTime[0] <= bucketTime) {
            return farId[0];
        }
        return head[(int) (bucketTime & MASK)];
    }

    /** The time of the first non-empty bucket (there is one): moves the cursor there. */
    private long firstBucketTime() {
        long t = cursor;
        while (head[(int) (t & MASK)] == NIL) {
            t++;
        }
        cursor = t;
        return t;
    }

    /**
     * Queues an event.
     *
     * @param t its time
     * @param id its id, at least 0
     */
    public void add(final long t, final int id) {
        if (id >= next.length) {
            final int n = Math.max(id + 1, next.length * 2);
            next = Arrays.copyOf(next, n);
            timeOf = Arrays.copyOf(timeOf, n);
        }
        if (bucketed == 0 && far == 0) {
            cursor = t;
        }
        if (t >= cursor && t - cursor < BUCKETS) {
            bucket(t, id);
        } else {
            farAdd(t, id);
        }
    }

    private void bucket(final long t, final int id) {
        final int b = (int) (t & MASK);
        timeOf[id] = t;
        next[id] = NIL;
        if (head[b] == NIL) {
            head[b] = id;
        } else {
            next[tail[b]] = id;
        }
        tail[b] = id;
        bucketed++;
    }

    /** Removes the earliest event (the queue must not be empty). */
    public void poll() {
        final long bucketTime = bucketed == 0 ? Long.MAX_VALUE : firstBucketTime();
        if (far > 0 && farTime[0] <= bucketTime) {
            final long t = farTime[0];
            farPoll();
            if (t >= cursor || bucketed == 0) {
                advance(t);
            }
            return;
        }
        final int b = (int) (bucketTime & MASK);
        final int id = head[b];
        head[b] = next[id];
        if (head[b] == NIL) {
            tail[b] = NIL;
        }
        bucketed--;
        advance(bucketTime);
    }

    /** Moves the window to start at {@code t} and brings the overflow events now inside it into their buckets. */
    private void advance(final long t) {
        if (t > cursor || bucketed == 0) {
            cursor = bucketed == 0 ? t : Math.max(cursor, t);
        }
        while (far > 0 && farTime[0] >= cursor && farTime[0] - cursor < BUCKETS) {
            final long ft = farTime[0];
            final int fid = farId[0];
            farPoll();
            bucket(ft, fid);
        }
    }

    /** Removes every event. */
    public void clear() {
        Arrays.fill(head, NIL);
        Arrays.fill(tail, NIL);
        bucketed = 0;
        far = 0;
    }

    // ---------------------------------------------------------------------------- overflow: a binary heap

    private void farAdd(final long t, final int id) {
        if (far == farTime.length) {
            farTime = Arrays.copyOf(farTime, far * 2);
            farId = Arrays.copyOf(farId, far * 2);
        }
        int k = far++;
        while (k > 0) {
            final int parent = (k - 1) >>> 1;
            if (farTime[parent] <= t) {
                break;
            }
            farTime[k] = farTime[parent];
            farId[k] = farId[parent];
            k = parent;
        }
        farTime[k] = t;
        farId[k] = id;
    }

    private void farPoll() {
        final int n = --far;
        if (n == 0) {
            return;
        }
        final long t = farTime[n];
        final int id = farId[n];
        int k = 0;
        while (true) {
            int child = 2 * k + 1;
            if (child >= n) {
                break;
            }
            if (child + 1 < n && farTime[child + 1] < farTime[child]) {
                child++;
            }
            if (t <= farTime[child]) {
                break;
            }
            farTime[k] = farTime[child];
            farId[k] = farId[child];
            k = child;
        }
        farTime[k] = t;
        farId[k] = id;
    }
}
