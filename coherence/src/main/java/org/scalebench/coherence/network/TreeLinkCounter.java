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

    /**
     * Whether {@link #linksOfRuns} is supported.
     *
     * @return true when it is
     */
    default boolean countsRuns() {
        return false;
    }

    /**
     * {@link #links} of the targets given as runs of consecutive nodes, one node left out: the count {@link #links}
     * gives for the nodes of the runs, in order, but {@code excluded}, in time linear in the interfaces the runs
     * cover rather than in their nodes.
     *
     * @param from the root
     * @param runs pairs {@code first, end} of ascending, disjoint runs, in {@code [0, 2 * runCount)}
     * @param runCount how many runs
     * @param excluded a node left out (the requester), or -1
     * @return links
     */
    default long linksOfRuns(final int from, final int[] runs, final int runCount, final int excluded) {
        throw new UnsupportedOperationException("this counter takes targets one by one");
    }
}
