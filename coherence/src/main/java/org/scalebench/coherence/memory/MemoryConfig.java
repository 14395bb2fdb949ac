package org.scalebench.coherence.memory;

import org.scalebench.core.Checks;
import org.scalebench.core.ReplacementPolicy;

/**
 * What {@link HomeMemory} is sized and timed from: the shared-cache slice at each home, the DRAM behind it
 * through memory controllers, the queues, and the rate at which cores issue accesses. Validated on
 * construction; every violation names the parameter, its value and what is allowed.
 *
 * @param sliceSetsPerHome sets of each home's shared-cache slice, a power of two; 0 for an ideal slice that
 *     holds every line (no capacity, no DRAM)
 * @param sliceWays ways of each slice, in [1, 64]
 * @param slicePolicy replacement in the slices
 * @param sliceCycles latency of reading a line held by the home's slice
 * @param dramCycles latency of a DRAM access at a controller (the device access, without the network)
 * @param controllerNodes the network node each memory controller sits at (at least one unless ideal)
 * @param controllerOfHome the controller serving each home's misses (memory behind each home), or null to
 *     interleave 4 KiB pages over all controllers by a hash of the page number
 * @param controllerServiceCycles cycles a controller is busy per 64-byte line (its channel's bandwidth)
 * @param contention whether home ports and controllers queue requests (false: every resource is free)
 * @param thinkCycles cycles a core spends between two accesses besides their latency (non-memory work)
 */
public record MemoryConfig(int sliceSetsPerHome, int sliceWays, ReplacementPolicy slicePolicy, int sliceCycles,
        int dramCycles, int[] controllerNodes, int[] controllerOfHome, int controllerServiceCycles,
        boolean contention, int thinkCycles) {

    /** Validates every parameter. */
    public MemoryConfig {
        if (sliceSetsPerHome < 0 || (sliceSetsPerHome > 0 && Integer.bitCount(sliceSetsPerHome) != 1)) {
            throw new IllegalArgumentException("home slice sets = " + sliceSetsPerHome + ": must be 0 (ideal) or a power of two");
        }
        Checks.requireInRange("home slice ways", sliceWays, 1, 64);
        if (slicePolicy == null) {
            throw new IllegalArgumentException("home slice replacement policy must be given");
        }
        Checks.requireAtLeast("home slice cycles", sliceCycles, 0);
        Checks.requireAtLeast("DRAM cycles", dramCycles, 0);
        Checks.requireAtLeast("controller service cycles", controllerServiceCycles, 0);
        Checks.requireAtLeast("think cycles", thinkCycles, 0);
        if (sliceSetsPerHome > 0 && (controllerNodes == null || controllerNodes.length < 1)) {
            throw new IllegalArgumentException("memory controllers = 0: a finite home slice needs at least one");
        }
        if (controllerOfHome != null && controllerNodes != null) {
            for (int h = 0; h < controllerOfHome.length; h++) {
                if (controllerOfHome[h] < 0 || controllerOfHome[h] >= controllerNodes.length) {
                    throw new IllegalArgumentException("controller of home " + h + " = " + controllerOfHome[h]
                            + ": must be in [0, " + controllerNodes.length + ")");
                }
            }
        }
    }

    /**
     * Ideal slices: every line served by its home in {@code homeDataCycles}, with no capacity limit, no DRAM and
     * no queues (for tests and for isolating the protocol's own latencies).
     *
     * @param homeDataCycles latency of a line at its home
     * @return the ideal configuration
     */
    public static MemoryConfig ideal(final int homeDataCycles) {
        return new MemoryConfig(0, 1, ReplacementPolicy.LRU, homeDataCycles, 0, new int[0], null, 0, false, 0);
    }

    /**
     * Whether homes hold every line (no DRAM, no capacity).
     *
     * @return true for {@link #ideal}
     */
    public boolean idealSlices() {
        return sliceSetsPerHome == 0;
    }

    /**
     * Lines each slice holds.
     *
     * @return sets x ways (0 when ideal)
     */
    public long sliceLines() {
        return (long) sliceSetsPerHome * sliceWays;
    }
}
