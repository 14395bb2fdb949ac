package org.scalebench.coherence.network;

/**
 * The network between cores and home slices, as the protocol sees it: hop counts and uncontended message
 * latencies in core cycles, plus the aggregates a broadcast needs (the farthest node and the sum of hops
 * to every node), which implementations give in closed form so that a broadcast to a million cores costs
 * O(1) to account.
 *
 * <p>Nodes are numbered {@code [0, nodes())}; a node is a core together with whatever home slice sits
 * beside it. Message sizes are in flits ({@link #controlFlits()}, {@link #dataFlits()}).
 *
 * <p>Allocation: none after construction. Thread-safety: implementations are immutable.
 */
public interface Interconnect {

    /**
     * Number of nodes.
     *
     * @return nodes
     */
    int nodes();

    /**
     * Links a message crosses from {@code from} to {@code to}.
     *
     * @param from source node
     * @param to destination node
     * @return hops (0 for the same node)
     */
    int hops(int from, int to);

    /**
     * Uncontended latency of a message of {@code flits} flits.
     *
     * @param from source node
     * @param to destination node
     * @param flits message length in flits, at least 1
     * @return cycles
     */
    long latency(int from, int to, int flits);

    /**
     * Latency to the farthest node (the last invalidation of a broadcast).
     *
     * @param from source node
     * @param flits message length in flits
     * @return cycles
     */
    long maxLatencyFrom(int from, int flits);

    /**
     * Sum of hops from {@code from} to every node (a broadcast's link traversals per flit).
     *
     * @param from source node
     * @return the hop sum
     */
    long hopSumFrom(int from);

    /**
     * Cycles a message of {@code flits} flits occupies its sender's network port (its serialization onto
     * the first link): a home slice sending a response, a forward or a train of invalidations cannot send
     * anything else meanwhile. Already part of {@link #latency}; this is what a queue at the port books.
     *
     * @param from source node
     * @param to destination node
     * @param flits message length in flits
     * @return cycles, at least 0
     */
    long serializationCycles(int from, int to, int flits);

    /**
     * Cycles the port of {@code from} is busy injecting one message of {@code flits} flits to every other
     * node (a broadcast invalidation): the sum of {@link #serializationCycles} over all other nodes, in
     * closed form.
     *
     * @param from source node
     * @param flits message length in flits
     * @return cycles
     */
    long broadcastInjectionCycles(int from, int flits);

    /**
     * Network interfaces: the queued ports where messages leave and enter a group of nodes (a tile's router port
     * on a mesh, a server's network card in a warehouse). Messages between nodes of one interface do not use it.
     *
     * @return the count
     */
    int interfaces();

    /**
     * The interface of a node.
     *
     * @param node a node
     * @return its interface, in {@code [0, interfaces())}
     */
    int interfaceOf(int node);

    /**
     * Whether {@link #latency} is the same to (and from) every node of one interface but {@code from} itself, for any
     * {@code from} and flit count: a caller that has one node's latency may then take it for the interface's others
     * (a coarse-vector invalidation on a million cores reaches 16,384 of them, 256 servers).
     *
     * @return true when latency depends only on the interfaces
     */
    default boolean latencyByInterface() {
        return false;
    }

    /**
     * One past the last node of a node's interface: interfaces are runs of consecutive nodes.
     *
     * @param node a node
     * @return the first node of the next interface, or {@link #nodes()}
     */
    int interfaceEnd(int node);

    /**
     * Nodes that share a node's interface (itself included).
     *
     * @param node a node
     * @return the count
     */
    int nodesOfInterface(int node);

    /**
     * Cycles a message of {@code flits} flits occupies an interface (one direction of it).
     *
     * @param flits the message's length
     * @return cycles
     */
    long interfaceCycles(int flits);

    /**
     * A fresh counter of this interconnect's multicast trees (the union of the routes from a root to its targets),
     * with scratch arrays of its own: one per caller thread.
     *
     * @return the counter
     */
    TreeLinkCounter newTreeLinkCounter();

    /**
     * Links of the broadcast tree from {@code from} to every node.
     *
     * @param from the root
     * @return links
     */
    long broadcastTreeLinks(int from);

    /**
     * A fresh link-load model for this interconnect ({@link LinkLoad#NONE} when its links are not modelled as
     * queues).
     *
     * @return the model
     */
    default LinkLoad newLinkLoad() {
        return LinkLoad.NONE;
    }

    /**
     * Flits of a control message (request, invalidation, acknowledgement).
     *
     * @return flits
     */
    int controlFlits();

    /**
     * Flits of a message carrying a 64-byte line.
     *
     * @return flits
     */
    int dataFlits();

    /**
     * Bytes per flit.
     *
     * @return bytes
     */
    int flitBytes();

    /**
     * A one-line description for reports.
     *
     * @return e.g. {@code 32x32 mesh, XY routing}
     */
    String describe();
}
