package org.scalebench.coherence.memory;

import org.scalebench.core.Bits;
import org.scalebench.core.Checks;

/**
 * Many single-server FIFO resources (home-slice ports, memory controllers), each kept as its busy-until
 * time plus a short list of the idle gaps before it, so that a request may arrive earlier than one
 * booked before it (the simulator processes accesses in stream order, not in arrival order). This is the
 * history-list queue model of Graphite and PriME ({@code queue_model_history_list}), written anew over
 * primitive arrays.
 *
 * <pre>
 *   resource r:  busyUntil[r]                         start of its last free interval [busyUntil, +inf)
 *                gapStart/gapEnd[r * maxGaps + i]      idle intervals before busyUntil, sorted, disjoint,
 *                gaps[r]                               i &lt; gaps[r]
 *
 *   book(r, arrival, service):
 *     the first gap [a, b) with max(a, arrival) + service &lt;= b, else the tail [busyUntil, +inf);
 *     start = max(a, arrival); the gap is split around [start, start + service)
 *     wait = start - arrival
 * </pre>
 * In stream order with increasing arrivals this is exactly a FIFO queue with a busy-until time. Gaps that
 * end before {@code floor} (no request can arrive earlier any more) are dropped; when a resource has
 * {@code maxGaps} gaps the earliest is dropped (treated as busy: a conservative error that can only add
 * waiting).
 *
 * <p>Invariants: per resource, gaps are sorted by start, disjoint, non-empty, and end at or before
 * {@code busyUntil}. Allocation: arrays at construction, none in {@link #book}. Thread-safety: none.
 */
public final class ResourceQueues {

    private final int resources;
    private final int maxGaps;
    private final long[] busyUntil;
    private final long[] gapStart;
    private final long[] gapEnd;
    private final int[] gaps;
    private long floor;

    /**
     * Creates idle resources.
     *
     * @param resources how many, at least 1
     * @param maxGaps idle gaps remembered per resource, in [1, 64]
     */
    public ResourceQueues(final int resources, final int maxGaps) {
        Checks.requireAtLeast("resources", resources, 1);
        Checks.requireInRange("gaps per resource", maxGaps, 1, 64);
        if ((long) resources * maxGaps > Bits.MAX_ARRAY_LENGTH) {
            throw new IllegalArgumentException(resources + " resources x " + maxGaps + " gaps: too many for one array");
        }
        this.resources = resources;
        this.maxGaps = maxGaps;
        this.busyUntil = new long[resources];
        this.gapStart = new long[resources * maxGaps];
        this.gapEnd = new long[resources * maxGaps];
        this.gaps = new int[resources];
    }

    /**
     * Number of resources.
     *
     * @return resources
     */
    public int resources() {
        return resources;
    }

    /**
     * Declares that no request will arrive before {@code time} any more: older gaps may be forgotten.
     *
     * @param time the earliest possible arrival from now on (non-decreasing)
     */
    public void advanceFloor(final long time) {
        if (time > floor) {
            floor = time;
        }
    }

    /**
     * Books {@code service} cycles of resource {@code r} for a request arriving at {@code arrival}.
     *
     * @param r the resource
     * @param arrival when the request reaches it
     * @param service cycles it occupies the resource, at least 0
     * @return when its service starts (at least {@code arrival}; the difference is its queueing delay)
     */
    public long book(final int r, final long arrival, final long service) {
        if (service <= 0) {
            return arrival;
        }
        final int base = r * maxGaps;
        int n = gaps[r];
        if (n == 0) {
            // no idle gap remembered: a FIFO queue with a busy-until time
            final long tail = busyUntil[r];
            final long start = Math.max(tail, arrival);
            if (start > tail && start > floor) {
                gapStart[base] = Math.max(tail, floor);
                gapEnd[base] = start;
                gaps[r] = 1;
            }
            busyUntil[r] = start + service;
            return start;
        }
        // forget gaps nobody can use any more (they are sorted, so they are the first ones)
        int dead = 0;
        while (dead < n && gapEnd[base + dead] <= floor) {
            dead++;
        }
        if (dead > 0) {
            n = remove(base, n, 0, dead);
        }
        for (int i = 0; i < n; i++) {
            final long a = gapStart[base + i];
            final long b = gapEnd[base + i];
            final long start = Math.max(a, arrival);
            if (start + service <= b) {
                // split [a, b) into [a, start) and [start + service, b), keeping the non-empty parts
                final boolean left = start > a;
                final boolean right = start + service < b;
                if (left && right) {
                    gapEnd[base + i] = start;
                    n = insert(base, n, i + 1, start + service, b);
                } else if (left) {
                    gapEnd[base + i] = start;
                } else if (right) {
                    gapStart[base + i] = start + service;
                } else {
                    n = remove(base, n, i, 1);
                }
                gaps[r] = n;
                return start;
            }
        }
        final long tail = busyUntil[r];
        final long start = Math.max(tail, arrival);
        if (start > tail) {
            n = insert(base, n, n, tail, start);
        }
        busyUntil[r] = start + service;
        gaps[r] = n;
        return start;
    }

    /**
     * When resource {@code r}'s last booking ends.
     *
     * @param r the resource
     * @return its busy-until time
     */
    public long busyUntil(final int r) {
        return busyUntil[r];
    }

    /** Inserts gap [start, end) at index {@code at}, dropping the earliest gap when full; returns the count. */
    private int insert(final int base, final int n, final int at, final long start, final long end) {
        int count = n;
        int position = at;
        if (count == maxGaps) {
            if (position == 0) {
                return count; // the new gap would be the earliest: it is the one dropped
            }
            count = remove(base, count, 0, 1);
            position--;
        }
        System.arraycopy(gapStart, base + position, gapStart, base + position + 1, count - position);
        System.arraycopy(gapEnd, base + position, gapEnd, base + position + 1, count - position);
        gapStart[base + position] = start;
        gapEnd[base + position] = end;
        return count + 1;
    }

    private int remove(final int base, final int n, final int from, final int count) {
        System.arraycopy(gapStart, base + from + count, gapStart, base + from, n - from - count);
        System.arraycopy(gapEnd, base + from + count, gapEnd, base + from, n - from - count);
        return n - count;
    }

    /** Forgets every booking. */
    public void clear() {
        java.util.Arrays.fill(busyUntil, 0);
        java.util.Arrays.fill(gaps, 0);
        floor = 0;
    }
}
