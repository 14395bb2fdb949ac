package org.scalebench.coherence.sim;

import org.scalebench.coherence.domain.HomeDomains;
import org.scalebench.coherence.domain.SharerDomains;

/**
 * A stream of accesses with the coherence domains their pages belong to. The stream does not depend on the
 * scheme, so every scheme of a comparison sees identical accesses.
 */
public interface Workload {

    /**
     * The CLI and CSV name ({@code vm}, {@code app}, {@code page}, {@code trace:FILE}).
     *
     * @return the name
     */
    String name();

    /**
     * Defines the workload's sharer domains (members in LSID order) and home domains (home slices near
     * the members). Called once, before the first batch.
     *
     * @param sharers the sharer domains to define
     * @param homes the home domains to define
     */
    void defineDomains(SharerDomains sharers, HomeDomains homes);

    /**
     * Fills {@code batch} (from index 0) with up to its capacity of the next accesses.
     *
     * @param batch the batch to fill
     * @return accesses written; 0 when the stream is exhausted
     */
    int fill(AccessBatch batch);

    /**
     * Accesses the stream holds, or -1 if unbounded.
     *
     * @return the length
     */
    default long length() {
        return -1;
    }

    /**
     * Fraction of accesses made from outside the accessed page's domain, when the workload is built with one.
     *
     * @return the fraction, or NaN when not a parameter (traces)
     */
    default double outsideFraction() {
        return Double.NaN;
    }

    /**
     * Cores that issue accesses (the machine clock advances by the mean of their latencies).
     *
     * @return cores, at least 1; by default every core of the machine
     */
    default int issuingCores() {
        return Integer.MAX_VALUE;
    }
}
