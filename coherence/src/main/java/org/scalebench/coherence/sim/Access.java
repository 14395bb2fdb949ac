package org.scalebench.coherence.sim;

/**
 * One memory access of a core, as a workload gives it: load or store, byte address, and the sharer and home
 * domains the core's TLB presents for the page. Mutable and reused: a workload fills it, the simulator reads it.
 */
public final class Access {

    /** True for a store. */
    public boolean write;
    /** The byte address. */
    public long address;
    /** The sharer domain of the page. */
    public int sdid;
    /** The home domain of the page. */
    public int hdid;
    /**
     * Cycles of work the core does before this access, on top of the machine's think time (0 for the synthetic
     * workloads; a workload with its own timing sets it).
     */
    public int gap;

    /**
     * Sets every field.
     *
     * @param w true for a store
     * @param a the byte address
     * @param s the sharer domain
     * @param h the home domain
     */
    public void set(final boolean w, final long a, final int s, final int h) {
        write = w;
        address = a;
        sdid = s;
        hdid = h;
        gap = 0;
    }
}
