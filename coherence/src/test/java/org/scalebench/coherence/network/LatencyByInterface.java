package org.scalebench.coherence.network;

import java.util.Arrays;
import java.util.function.IntUnaryOperator;

/**
 * Checks the promise of {@link Interconnect#latencyByInterface}: from any node, every node of one interface but the
 * sender itself is as far (both ways, for any message length) as every other. The latency is passed as a function so
 * that a test can plant one that breaks the promise.
 */
final class LatencyByInterface {

    /** A latency from one node to another for a message of some flits. */
    @FunctionalInterface
    interface Latency {
        long of(int from, int to, int flits);
    }

    private LatencyByInterface() {
    }

    /**
     * The first broken promise, or null when there is none.
     *
     * @param nodes the node count
     * @param interfaceOf a node's interface
     * @param latency the latency to check
     * @param maxFlits message lengths checked: 1 to this
     * @return e.g. {@code "from 0: nodes 2 and 3 of interface 1 at 5 flits: 110 and 111 cycles"}, or null
     */
    static String firstViolation(final int nodes, final IntUnaryOperator interfaceOf, final Latency latency,
            final int maxFlits) {
        for (int from = 0; from < nodes; from++) {
            for (int flits = 1; flits <= maxFlits; flits++) {
                final long[] seen = new long[2 * nodes]; // per interface: out and back, first node's values
                final int[] first = new int[nodes];
                Arrays.fill(first, -1);
                for (int to = 0; to < nodes; to++) {
                    if (to == from) {
                        continue;
                    }
                    final int i = interfaceOf.applyAsInt(to);
                    final long out = latency.of(from, to, flits);
                    final long back = latency.of(to, from, flits);
                    if (first[i] < 0) {
                        first[i] = to;
                        seen[2 * i] = out;
                        seen[2 * i + 1] = back;
                    } else if (seen[2 * i] != out || seen[2 * i + 1] != back) {
                        return "from " + from + ": nodes " + first[i] + " and " + to + " of interface " + i + " at "
                                + flits + " flits: " + seen[2 * i] + "/" + seen[2 * i + 1] + " and " + out + "/" + back
                                + " cycles";
                    }
                }
            }
        }
        return null;
    }

    /**
     * {@link #firstViolation} of an interconnect that makes the promise.
     *
     * @param network the interconnect
     * @return the first broken promise, or null
     */
    static String firstViolation(final Interconnect network) {
        if (!network.latencyByInterface()) {
            throw new IllegalArgumentException("the interconnect does not promise latency by interface");
        }
        return firstViolation(network.nodes(), network::interfaceOf, network::latency, network.dataFlits());
    }
}
