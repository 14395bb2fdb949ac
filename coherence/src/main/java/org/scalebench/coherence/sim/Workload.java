package org.scalebench.coherence.sim;

import org.scalebench.coherence.domain.HomeDomains;
import org.scalebench.coherence.domain.SharerDomains;

/**
 * What the cores of a simulated machine do: each issuing core's own stream of accesses, in program order, and the
 * coherence domains they run in. The simulator asks for a core's next access when that core is ready to issue it,
 * so cores advance at the pace their own accesses allow; a workload's streams must therefore be independent of the
 * order in which cores ask (the synthetic workloads draw each core's accesses from that core's own seeded
 * generator; a trace keeps each core's accesses in the trace's order).
 */
public interface Workload {

    /**
     * A short name for reports ({@code vm}, {@code app}, {@code page}, {@code trace:FILE}).
     *
     * @return the name
     */
    String name();

    /**
     * Defines the workload's sharer and home domains (before the run).
     *
     * @param sharers the machine's sharer domains
     * @param homes the machine's home domains
     */
    void defineDomains(SharerDomains sharers, HomeDomains homes);

    /**
     * The cores that issue accesses, in increasing order (the others stay idle, their caches empty).
     *
     * @return the cores (a copy the caller may keep)
     */
    int[] issuingCores();

    /**
     * A core's next access.
     *
     * @param core an issuing core
     * @param out receives the access
     * @return false when the core has no more accesses (the end of a trace); {@code out} is then unchanged
     */
    boolean next(int core, Access out);

    /**
     * The number of accesses in the whole workload, or -1 when it does not end (synthetic workloads).
     *
     * @return the length
     */
    default long length() {
        return -1;
    }

    /**
     * The fraction of accesses made from outside their domain, when the workload sets it.
     *
     * @return the fraction, NaN when not set (a trace)
     */
    default double outsideFraction() {
        return Double.NaN;
    }
}
