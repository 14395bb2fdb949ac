package org.scalebench.coherence.sim;

import org.scalebench.core.Checks;

/**
 * A reusable block of accesses in parallel primitive arrays (struct of arrays): what a workload produces
 * and the simulator consumes, without an object per access.
 */
public final class AccessBatch {

    /** Requesting core of each access. */
    public final int[] core;
    /** Whether each access is a store. */
    public final boolean[] write;
    /** Byte address of each access. */
    public final long[] address;
    /** Sharer domain of each access's page. */
    public final int[] sdid;
    /** Home domain of each access's page. */
    public final int[] hdid;
    /** Accesses filled, at most the capacity. */
    public int size;
    /** Accesses of this batch the simulator has consumed (the rest are kept for its next phase). */
    public int next;

    /**
     * Creates an empty batch.
     *
     * @param capacity accesses it can hold, at least 1
     */
    public AccessBatch(final int capacity) {
        Checks.requireAtLeast("batch capacity", capacity, 1);
        this.core = new int[capacity];
        this.write = new boolean[capacity];
        this.address = new long[capacity];
        this.sdid = new int[capacity];
        this.hdid = new int[capacity];
    }

    /**
     * Capacity.
     *
     * @return accesses it can hold
     */
    public int capacity() {
        return core.length;
    }

    /**
     * Appends one access.
     *
     * @param c core
     * @param w store?
     * @param a address
     * @param s sharer domain
     * @param h home domain
     */
    public void add(final int c, final boolean w, final long a, final int s, final int h) {
        final int i = size++;
        core[i] = c;
        write[i] = w;
        address[i] = a;
        sdid[i] = s;
        hdid[i] = h;
    }
}
