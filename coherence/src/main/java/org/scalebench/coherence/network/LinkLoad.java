package org.scalebench.coherence.network;

/**
 * The load messages put on an interconnect's links and the queueing delay it causes, for interconnects whose
 * links are too many to queue one by one (a 32x32 mesh has 3,968 directed links, and a message crosses 21 of them
 * on average). Messages report the links they cross as they are sent; at the end of each epoch the loads give every
 * link a mean wait, which messages of the next epoch pay along their routes.
 *
 * <p>Implementations are allocation-free per message. Thread-safety: none.
 */
public interface LinkLoad {

    /** No link contention: every delay is 0, nothing is counted. */
    LinkLoad NONE = new LinkLoad() {
        @Override
        public long delay(final int from, final int to) {
            return 0;
        }

        @Override
        public void carry(final int from, final int to, final int flits) {
        }

        @Override
        public void carryTree(final int from, final int[] targets, final int count, final int flits) {
        }

        @Override
        public void carryTreeInward(final int to, final int[] sources, final int count, final int flits) {
        }

        @Override
        public void carryBroadcast(final int from, final int flits) {
        }

        @Override
        public void carryBroadcastInward(final int to, final int flits) {
        }

        @Override
        public void endEpoch(final long cycles) {
        }

        @Override
        public double maxUtilization(final long elapsed) {
            return 0;
        }

        @Override
        public void resetCounters() {
        }

        @Override
        public void discardOffered() {
        }
    };

    /**
     * The mean queueing delay along the route from {@code from} to {@code to}, from the last epoch's loads.
     *
     * @param from the sending node
     * @param to the receiving node
     * @return cycles
     */
    long delay(int from, int to);

    /**
     * Counts a message of {@code flits} flits on every link of its route.
     *
     * @param from the sending node
     * @param to the receiving node
     * @param flits its length
     */
    void carry(int from, int to, int flits);

    /**
     * Counts a multicast: one copy of the message on every link of the tree that joins {@code from} to the targets
     * (the union of their routes).
     *
     * @param from the root
     * @param targets the target nodes, in {@code targets[0, count)}
     * @param count how many
     * @param flits the message's length
     */
    void carryTree(int from, int[] targets, int count, int flits);

    /**
     * Counts combined acknowledgements: one message on every link of the tree that joins the sources to {@code to}
     * (the union of their routes to it).
     *
     * @param to the root the acknowledgements return to
     * @param sources the acknowledging nodes, in {@code sources[0, count)}
     * @param count how many
     * @param flits the acknowledgement's length
     */
    void carryTreeInward(int to, int[] sources, int count, int flits);

    /**
     * Counts a broadcast's combined acknowledgements: one message on every link of the tree that joins every node
     * to {@code to}.
     *
     * @param to the root
     * @param flits the acknowledgement's length
     */
    void carryBroadcastInward(int to, int flits);

    /**
     * Counts a broadcast: one copy of the message on every link of the tree that reaches every node from
     * {@code from}.
     *
     * @param from the root
     * @param flits the message's length
     */
    void carryBroadcast(int from, int flits);

    /**
     * Ends an epoch: the loads counted since the last one give the delays of the next.
     *
     * @param cycles the epoch's length
     */
    void endEpoch(long cycles);

    /**
     * The busiest link's utilization since the last {@link #resetCounters}: flits it carried over {@code elapsed}
     * cycles (one flit per cycle per link).
     *
     * @param elapsed cycles since the reset
     * @return the utilization
     */
    double maxUtilization(long elapsed);

    /** Zeroes the utilization counters (the delays are kept). */
    void resetCounters();

    /**
     * Forgets the flits carried since the last {@link #endEpoch}: traffic of an untimed (functional) warm-up, which no
     * link served in time and which must not become a backlog.
     */
    void discardOffered();
}
