package org.scalebench.coherence.network;

/**
 * Counts the links of multicast trees on one interconnect: the union of the routes from a root to its targets, each
 * link counted once. It takes time linear in the targets (an invalidation round of a coarse vector or a full map on
 * a million cores reaches tens of thousands of them), using scratch arrays of its own.
 *
 * <p>Allocation: arrays at construction. Thread-safety: none (one per protocol, from
 * {@link Interconnect#newTreeLinkCounter}).
 */
public interface TreeLinkCounter {

    /**
     * Links of the multicast tree from {@code from} to the targets.
     *
     * @param from the root
     * @param targets targets in {@code [0, count)} (a target may repeat, or be the root)
     * @param count how many
     * @return links
     */
    long links(int from, int[] targets, int count);
}
