package org.scalebench.coherence.timing;

import java.util.Arrays;
import org.scalebench.core.Bits;
import org.scalebench.core.Checks;

/**
 * A priority queue of events {@code (time, id)}, earliest time first; events of equal time come out in the order
 * they went in (so the same sequence of operations always gives the same order). An id is queued at most once.
 *
 * <p>A two-level calendar queue (Brown, CACM 1988; the hierarchical timing wheel of Varghese and Lauck, SOSP 1987).
 * Time is cut into blocks of {@link #BUCKETS} cycles. The <em>near</em> level holds the events of the current
 * block, one FIFO bucket per cycle, scanned from a cursor; the <em>block</em> level holds the events of the next
 * {@code BUCKETS - 1} blocks, one FIFO list per block in the order they were queued; a <em>far</em> heap holds the
 * events beyond, and a <em>late</em> heap those queued before the cursor (both heaps ordered by time, then by the
 * order of queueing). When the near level runs dry the next block with events becomes current: its far events,
 * then its block list, are dealt into the near buckets. The order of queueing is kept on every tie: the far events
 * of a time were queued before the block-level ones (a block enters the block level only as the current block
 * moves towards it), and those before the near ones (dealt before the block becomes current); a late event's time
 * has no near events left. A machine's events crowd the next few hundred cycles, and a warehouse's stretch over
 * hundreds of thousands: adding is O(1) up to {@code BUCKETS^2} cycles ahead, and taking the next event a short
 * scan.
 *
 * <p>Allocation: arrays at construction, grown (doubled) when an id beyond them is queued or a heap fills.
 * Thread-safety: none.
 */
public final class EventQueue {

    /** Cycles in a block, and blocks in the block level (a power of two). */
    static final int BUCKETS = 1 << 12;
    private static final int SHIFT = 12;
    private static final int MASK = BUCKETS - 1;
    private static final int NIL = -1;

    private final int[] nearHead = new int[BUCKETS];
    private final int[] nearTail = new int[BUCKETS];
    private final int[] blockHead = new int[BUCKETS];
    private final int[] blockTail = new int[BUCKETS];
    private int[] next;
    private long[] timeOf;
    /** The current block: near events are in it, block-level events in the next {@code BUCKETS - 1}. */
    private long block;
    /** Every near event's time is at or after the cursor (and in the current block). */
    private long cursor;
    private int near;
    private int blocked;
    private final Heap far = new Heap();
    private final Heap late = new Heap();

    /**
     * Creates an empty queue.
     *
     * @param capacity ids expected (the arrays grow beyond it)
     */
    public EventQueue(final int capacity) {
        Checks.requireAtLeast("event queue capacity", capacity, 1);
        Arrays.fill(nearHead, NIL);
        Arrays.fill(nearTail, NIL);
        Arrays.fill(blockHead, NIL);
        Arrays.fill(blockTail, NIL);
        next = new int[capacity];
        timeOf = new long[capacity];
    }

    /**
     * Queued events.
     *
     * @return the count
     */
    public int size() {
        return near + blocked + far.size + late.size;
    }

    /**
     * Whether no event is queued.
     *
     * @return true when empty
     */
    public boolean isEmpty() {
        return size() == 0;
    }

    /**
     * The earliest event's time.
     *
     * @return the time, {@link Long#MAX_VALUE} when empty
     */
    public long peekTime() {
        final long nearTime = nearFirst();
        return late.size > 0 && late.time[0] <= nearTime ? late.time[0] : nearTime;
    }

    /**
     * The earliest event's id (the queue must not be empty).
     *
     * @return the id
     */
    public int peekId() {
        final long nearTime = nearFirst();
        if (late.size > 0 && late.time[0] <= nearTime) {
            return late.id[0];
        }
        return nearHead[(int) (nearTime & MASK)];
    }

    /**
     * Queues an event.
     *
     * @param t its time
     * @param id its id, at least 0
     */
    public void add(final long t, final int id) {
        if (id >= next.length) {
            final int n = Bits.grownLength(next.length, id + 1L, "event queue: event ids");
            next = Arrays.copyOf(next, n);
            timeOf = Arrays.copyOf(timeOf, n);
        }
        if (isEmpty()) {
            block = t >> SHIFT;
            cursor = t;
        }
        if (t < cursor) {
            late.add(t, id);
            return;
        }
        final long b = t >> SHIFT;
        if (b == block) {
            append(nearHead, nearTail, (int) (t & MASK), t, id);
            near++;
        } else if (b - block < BUCKETS) {
            append(blockHead, blockTail, (int) (b & MASK), t, id);
            blocked++;
        } else {
            far.add(t, id);
        }
    }

    private void append(final int[] head, final int[] tail, final int k, final long t, final int id) {
        timeOf[id] = t;
        next[id] = NIL;
        if (head[k] == NIL) {
            head[k] = id;
        } else {
            next[tail[k]] = id;
        }
        tail[k] = id;
    }

    /** Removes the earliest event (the queue must not be empty). */
    public void poll() {
        final long nearTime = nearFirst();
        if (late.size > 0 && late.time[0] <= nearTime) {
            late.poll();
            return;
        }
        final int k = (int) (nearTime & MASK);
        final int id = nearHead[k];
        nearHead[k] = next[id];
        if (nearHead[k] == NIL) {
            nearTail[k] = NIL;
        }
        near--;
        cursor = nearTime;
    }

    /**
     * The time of the first near event, after making the next block with events current if the near level is
     * empty; {@link Long#MAX_VALUE} when only late events (or none) are queued.
     */
    private long nearFirst() {
        if (near == 0 && !nextBlock()) {
            return Long.MAX_VALUE;
        }
        long t = cursor;
        while (nearHead[(int) (t & MASK)] == NIL) {
            t++;
        }
        cursor = t;
        return t;
    }

    /** Makes the next block with events current and deals its events into the near buckets; false if none. */
    private boolean nextBlock() {
        long b = Long.MAX_VALUE;
        if (blocked > 0) {
            for (long k = block + 1; ; k++) {
                if (blockHead[(int) (k & MASK)] != NIL) {
                    b = k;
                    break;
                }
            }
        }
        if (far.size > 0) {
            b = Math.min(b, far.time[0] >> SHIFT);
        }
        if (b == Long.MAX_VALUE) {
            return false;
        }
        block = b;
        cursor = b << SHIFT;
        while (far.size > 0 && far.time[0] >> SHIFT == b) {
            final long t = far.time[0];
            final int id = far.id[0];
            far.poll();
            append(nearHead, nearTail, (int) (t & MASK), t, id);
            near++;
        }
        final int k = (int) (b & MASK);
        for (int id = blockHead[k]; id != NIL; ) {
            final int following = next[id];
            final long t = timeOf[id];
            append(nearHead, nearTail, (int) (t & MASK), t, id);
            near++;
            blocked--;
            id = following;
        }
        blockHead[k] = NIL;
        blockTail[k] = NIL;
        return true;
    }

    /** Removes every event. */
    public void clear() {
        Arrays.fill(nearHead, NIL);
        Arrays.fill(nearTail, NIL);
        Arrays.fill(blockHead, NIL);
        Arrays.fill(blockTail, NIL);
        near = 0;
        blocked = 0;
        far.size = 0;
        late.size = 0;
    }

    /** A binary heap of events ordered by time, then by the order they were added. */
    private static final class Heap {
        long[] time = new long[16];
        long[] seq = new long[16];
        int[] id = new int[16];
        int size;
        private long added;

        void add(final long t, final int event) {
            if (size == time.length) {
                final int grown = Bits.grownLength(size, size + 1L, "event queue: pending events");
                time = Arrays.copyOf(time, grown);
                seq = Arrays.copyOf(seq, grown);
                id = Arrays.copyOf(id, grown);
            }
            final long s = added++;
            int k = size++;
            while (k > 0) {
                final int parent = (k - 1) >>> 1;
                if (precedes(time[parent], seq[parent], t, s)) {
                    break;
                }
                move(parent, k);
                k = parent;
            }
            put(k, t, s, event);
        }

        void poll() {
            final int n = --size;
            if (n == 0) {
                return;
            }
            final long t = time[n];
            final long s = seq[n];
            final int event = id[n];
            int k = 0;
            while (true) {
                int child = 2 * k + 1;
                if (child >= n) {
                    break;
                }
                if (child + 1 < n && precedes(time[child + 1], seq[child + 1], time[child], seq[child])) {
                    child++;
                }
                if (precedes(t, s, time[child], seq[child])) {
                    break;
                }
                move(child, k);
                k = child;
            }
            put(k, t, s, event);
        }

        /** The heap's order: earlier time first, then the earlier added. */
        private static boolean precedes(final long t, final long s, final long otherT, final long otherS) {
            return t < otherT || t == otherT && s < otherS;
        }

        private void move(final int from, final int to) {
            time[to] = time[from];
            seq[to] = seq[from];
            id[to] = id[from];
        }

        private void put(final int k, final long t, final long s, final int event) {
            time[k] = t;
            seq[k] = s;
            id[k] = event;
        }
    }
}
