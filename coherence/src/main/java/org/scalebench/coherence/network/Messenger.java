package org.scalebench.coherence.network;

import org.scalebench.coherence.timing.TimingPath;

/**
 * Puts messages on a transaction's {@link TimingPath} and counts their traffic. A message between nodes of
 * different network interfaces leaves through the sender's interface (a packet on its egress queue), crosses the
 * network (the uncontended latency plus the link model's wait), and enters through the receiver's interface (a
 * packet on its ingress queue); between nodes of one interface it is only the latency. Without contention no queue
 * is visited and links add nothing.
 *
 * <p>Queued resources are numbered {@code [0, 2 * interfaces)}: interface {@code i}'s egress is {@code 2i}, its
 * ingress {@code 2i + 1}; callers number further resources (memory controllers) from {@link #resources()}.
 *
 * <p>Allocation: none. Thread-safety: none (it counts).
 */
public final class Messenger {

    private final Interconnect network;
    private final LinkLoad links;
    private final boolean queues;
    private final int flitBytes;
    private long messages;
    private long bytes;
    private long flitHops;
    /** Told of every message when a partitioning is probed; null otherwise. */
    private PartitionProbe probe;
    /** False while the protocol performs an access untimed: messages are then neither laid out nor counted. */
    private boolean timed = true;

    /**
     * Creates a messenger.
     *
     * @param network the interconnect
     * @param links its link model ({@link LinkLoad#NONE} for none)
     * @param queues whether interfaces are queues (contention on)
     */
    public Messenger(final Interconnect network, final LinkLoad links, final boolean queues) {
        this.network = network;
        this.links = links;
        this.queues = queues;
        this.flitBytes = network.flitBytes();
    }

    /**
     * The interconnect.
     *
     * @return the network
     */
    public Interconnect network() {
        return network;
    }

    /**
     * The link model.
     *
     * @return the links
     */
    public LinkLoad links() {
        return links;
    }

    /**
     * Whether interfaces are queues.
     *
     * @return true with contention on
     */
    public boolean queues() {
        return queues;
    }

    /**
     * Queued resources the interfaces take: {@code 2 * interfaces}.
     *
     * @return the count
     */
    public int resources() {
        return 2 * network.interfaces();
    }

    /**
     * The egress queue of a node's interface, or {@link TimingPath#NONE} without contention.
     *
     * @param node the node
     * @return the resource
     */
    public int egress(final int node) {
        return queues ? 2 * network.interfaceOf(node) : TimingPath.NONE;
    }

    /**
     * The ingress queue of a node's interface, or {@link TimingPath#NONE} without contention.
     *
     * @param node the node
     * @return the resource
     */
    public int ingress(final int node) {
        return queues ? 2 * network.interfaceOf(node) + 1 : TimingPath.NONE;
    }

    /**
     * A message from {@code from} to {@code to}: its queues and latency on the path, its traffic in the counts.
     *
     * @param from sender
     * @param to receiver
     * @param flits length
     * @param path the transaction's path
     */
    public void send(final int from, final int to, final int flits, final TimingPath path) {
        if (!timed) {
            return;
        }
        count(from, to, flits);
        final boolean crosses = network.interfaceOf(from) != network.interfaceOf(to);
        final int ports = crosses ? (int) network.serializationCycles(from, to, flits) : 0;
        if (crosses) {
            path.packet(egress(from), ports);
        }
        path.delay(network.latency(from, to, flits) + links.delay(from, to));
        links.carry(from, to, flits);
        if (crosses) {
            path.packet(ingress(to), ports);
        }
    }

    /**
     * Counts one message's traffic (messages, bytes, flit-hops).
     *
     * @param from sender
     * @param to receiver
     * @param flits length
     */
    public void count(final int from, final int to, final int flits) {
        if (!timed) {
            return;
        }
        if (probe != null) {
            probe.message(from, to);
        }
        messages++;
        bytes += (long) flits * flitBytes;
        flitHops += (long) flits * network.hops(from, to);
    }

    /**
     * Counts a multicast and its combined acknowledgement: one message each way over the tree's links.
     *
     * @param treeLinks links of the tree
     * @param downFlits the multicast message's length
     * @param upFlits the acknowledgement's length
     */
    public void countTree(final long treeLinks, final int downFlits, final int upFlits) {
        messages += 2;
        bytes += (long) (downFlits + upFlits) * flitBytes;
        flitHops += treeLinks * (downFlits + upFlits);
    }

    /**
     * Counts {@code count} messages of {@code flits} flits that together cross {@code hopSum} links.
     *
     * @param count messages
     * @param flits each one's length
     * @param hopSum links crossed by all of them
     */
    public void countMany(final long count, final int flits, final long hopSum) {
        messages += count;
        bytes += count * flits * flitBytes;
        flitHops += (long) flits * hopSum;
    }

    /**
     * Whether messages are laid out and counted: false while an access is performed untimed (a functional warm-up,
     * whose traffic is never served and whose counts are reset before counting starts), when {@link #send} and
     * {@link #count} do nothing.
     *
     * @param on true to time and count messages (the default)
     */
    public void timed(final boolean on) {
        this.timed = on;
    }

    /**
     * Tells a probe of every message from now on (null: none).
     *
     * @param probe the probe, or null
     */
    public void probe(final PartitionProbe probe) {
        this.probe = probe;
    }

    /**
     * Messages counted.
     *
     * @return the count
     */
    public long messages() {
        return messages;
    }

    /**
     * Bytes counted.
     *
     * @return bytes
     */
    public long bytes() {
        return bytes;
    }

    /**
     * Flit-hops counted.
     *
     * @return flit-hops
     */
    public long flitHops() {
        return flitHops;
    }

    /** Zeroes the counts. */
    public void reset() {
        messages = 0;
        bytes = 0;
        flitHops = 0;
    }
}
