package org.scalebench.training.cluster;

import org.scalebench.core.data.Named;

/**
 * How the GPUs of a node share its network interfaces when several of them send across nodes at once.
 *
 * <ul>
 *   <li>{@link #PER_NODE}: the node's NICs are one pool any GPU reaches at full rate (NCCL spreads a
 *   communicator's channels over every NIC); concurrent senders share the pool.</li>
 *   <li>{@link #PER_GPU}: rail-optimised nodes: each NIC serves the GPUs on its PCIe switch
 *   ({@code gpus_per_node / nics_per_node} of them) and a GPU reaches only its own NIC, shared with the other
 *   GPUs behind it that send at the same time.</li>
 * </ul>
 */
public enum NicSharing implements Named {
    /** One pool of NICs per node. */
    PER_NODE("per-node"),
    /** Each GPU reaches only the NIC of its rail. */
    PER_GPU("per-gpu");

    private final String key;

    NicSharing(final String key) {
        this.key = key;
    }

    /**
     * The key used in data files and on the command line.
     *
     * @return {@code per-node} or {@code per-gpu}
     */
    @Override
    public String id() {
        return key;
    }

    /**
     * Parses a key.
     *
     * @param text {@code per-node} or {@code per-gpu}
     * @return the mode
     * @throws IllegalArgumentException naming the value and the allowed keys
     */
    public static NicSharing parse(final String text) {
        return Named.parse(NicSharing.class, "nic_sharing", text);
    }
}
