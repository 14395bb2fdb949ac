package org.scalebench.coherence.verify;

import org.scalebench.coherence.LineAddress;
import org.scalebench.coherence.format.DirectoryFormat;
import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.memory.MemoryConfig;
import org.scalebench.coherence.network.Interconnect;
import org.scalebench.coherence.protocol.InvalidationDelivery;
import org.scalebench.coherence.protocol.MesiProtocol;
import org.scalebench.coherence.protocol.ProtocolConfig;

/**
 * The latency an access should take, predicted from the machine's state before it and the path it will
 * take: which messages cross between which nodes (each priced by the reference network) plus the fixed
 * costs (private hit, directory, home data, map-table fetches), after the transaction table in
 * {@link MesiProtocol}'s documentation:
 *
 * <pre>
 *   hit                 privateHit
 *   miss                [HMC miss] + req + dir + (fwd + data from the owner | homeData + data, or for a
 *                       store max(invalidation round, homeData) + data)
 *   upgrade             [HMC miss] + req + dir + invalidation round + grant
 *   round, tree         SMC misses x mapMiss + max_i (inv(home, t_i) + ack(t_i, home))
 *   round, serial       SMC misses x mapMiss + n x ser + max_i (inv(home, t_i) + ack(t_i, home)) + n x ser'
 *   broadcast, tree     2 * farthest(home)
 *   broadcast, serial   n x ser + 2 * farthest(home) + n x ser
 * </pre>
 * ({@code ser} is a message's time through the home's network interface, {@code n} the targets outside that
 * interface: every other tile on a mesh, every core of another server on a warehouse machine; {@code ser'} the
 * acknowledgements', which carry data when the copy was dirty.) The reference network and cycle counts come from the
 * machine as specified, not from the protocol under
 * test, so a protocol that loses a term or a message's cost is caught. Sharer Map Cache misses are taken
 * from the format's counter (the map cache itself is checked on its own); an access that evicts a sparse
 * directory entry walks a second line's sharers through the same cache, so it is not predicted
 * ({@link #UNPREDICTED}).
 *
 * <p>Allocation: a scratch array at construction. Thread-safety: none.
 */
public final class LatencyOracle {

    /** Returned by {@link #finish} when the access took a path this oracle does not price. */
    public static final long UNPREDICTED = -1;

    private final MesiProtocol protocol;
    private final ProtocolConfig reference;
    private final Interconnect network;
    private final int[] homeNodes;
    private final int[] targets;
    private final int control;
    private final int dataFlits;

    /** The path's cycles outside the invalidation round. */
    private long pending;
    /** The invalidation round without its map-table fetches, or -1 when the path has none. */
    private long pendingRound;
    /** A store miss overlaps the round with reading the data at the home: max(round, this); else -1. */
    private long overlapped;
    private long smcMissesBefore;
    /** The hierarchical directory and first-touch homes take paths this oracle does not price. */
    private boolean unpriced;
    private long directoryEvictionsBefore;

    /**
     * Prepares the oracle.
     *
     * @param protocol the machine under test (its state is read, never changed)
     * @param reference the machine's configuration as specified: its network and cycle counts price the path
     */
    public LatencyOracle(final MesiProtocol protocol, final ProtocolConfig reference) {
        this.protocol = protocol;
        this.reference = reference;
        this.network = reference.network();
        this.homeNodes = reference.homeNodes();
        this.targets = new int[Math.max(protocol.format().maxTargets(), 1)];
        this.control = network.controlFlits();
        this.dataFlits = network.dataFlits();
    }

    /**
     * Predicts an access from the state before it; call {@link #finish} right after performing it.
     *
     * @param core the requesting core
     * @param write true for a store
     * @param address the byte address
     * @param hdid the page's home domain
     */
    public void predict(final int core, final boolean write, final long address, final int hdid) {
        unpriced = protocol.format().spec().kind() == FormatSpec.Kind.HIER
                || reference.homeMapping().firstTouch();
        smcMissesBefore = protocol.format().mapCacheMisses();
        directoryEvictionsBefore = protocol.stats().directoryEvictions();
        final long line = LineAddress.lineOf(address);
        final byte mine = protocol.copyState(core, line);
        pendingRound = -1;
        overlapped = -1;
        if (mine != MesiProtocol.INVALID && (!write || mine != MesiProtocol.SHARED)) {
            pending = reference.privateHitCycles();
            return;
        }
        final int home = CoherenceInvariants.homeSlice(protocol, address, hdid);
        final int homeNode = homeNodes[home];
        long latency = homeMapCycles(core, address, hdid)
                + network.latency(core, homeNode, control) + reference.directoryCycles();
        final DirectoryFormat format = protocol.format();
        final int entry = protocol.directoryEntry(home, line);
        final int owner = entry < 0 ? DirectoryFormat.NONE : format.owner(entry);
        if (mine == MesiProtocol.SHARED) {
            pendingRound = round(entry, home, core);
            latency += network.latency(homeNode, core, control);
        } else if (owner != DirectoryFormat.NONE) {
            latency += network.latency(homeNode, owner, control) + network.latency(owner, core, dataFlits);
        } else if (write) {
            pendingRound = entry < 0 ? 0 : round(entry, home, core);
            overlapped = reference.homeDataCycles();
            latency += network.latency(homeNode, core, dataFlits);
        } else {
            latency += reference.homeDataCycles() + network.latency(homeNode, core, dataFlits);
        }
        pending = latency;
    }

    /**
     * Whether the prediction is the whole latency: true when the reference machine's homes hold every line and
     * nothing queues ({@link MemoryConfig#ideal}). With shared-cache slices, DRAM and queues behind the homes the
     * prediction is the path's uncontended cost with every line at its home, a lower bound: a DRAM access or a
     * wait at a busy port or controller can only add cycles (their timing is checked by the memory model's own
     * tests).
     *
     * @return true when predictions are exact
     */
    public boolean exact() {
        final MemoryConfig memory = reference.memory();
        return memory.idealSlices() && !memory.contention();
    }

    /**
     * Judges the latency of the access just performed against the prediction ({@link #finish}).
     *
     * @param latency the access's latency
     * @return what is wrong, or null when it matches (or the path is not predicted)
     */
    public String judge(final long latency) {
        final long expected = finish();
        if (expected == UNPREDICTED || (exact() ? latency == expected : latency >= expected)) {
            return null;
        }
        return "latency " + latency + " cycles, the path predicts " + (exact() ? "" : "at least ") + expected;
    }

    /**
     * The predicted latency of the access just performed.
     *
     * @return cycles, or {@link #UNPREDICTED}
     */
    public long finish() {
        if (unpriced || protocol.stats().directoryEvictions() != directoryEvictionsBefore) {
            return UNPREDICTED;
        }
        if (pendingRound < 0) {
            return pending;
        }
        // the round's Sharer Map Table fetches delay the round itself, before it meets the home's data read
        final long round = pendingRound
                + (protocol.format().mapCacheMisses() - smcMissesBefore) * reference.mapMissCycles();
        return pending + (overlapped < 0 ? round : Math.max(round, overlapped));
    }

    private long homeMapCycles(final int core, final long address, final int hdid) {
        if (!reference.homeMapping().restricted()) {
            return 0;
        }
        final int lhid = reference.homeMapping().logicalHomeOfAddress(address, protocol.homeDomains().size(hdid));
        return protocol.homeMapCaches().contains(core, hdid, lhid) ? 0 : reference.mapMissCycles();
    }

    /** The invalidation round of a shared entry, without its map-table fetches. */
    private long round(final int entry, final int home, final int requester) {
        final int homeNode = homeNodes[home];
        final DirectoryFormat format = protocol.format();
        final boolean serial = reference.invalidations() == InvalidationDelivery.SERIAL;
        final long ser = network.interfaceCycles(control);
        if (format.isBroadcast(entry)) {
            final long remote = network.nodes() - network.nodesOfInterface(homeNode);
            return 2 * network.maxLatencyFrom(homeNode, control) + (serial ? 2 * remote * ser : 0);
        }
        final long line = protocol.lineOf(entry);
        final int n = format.coveredCores(entry, targets);
        long round = 0;
        long remote = 0;
        int ackFlits = control;
        for (int i = 0; i < n; i++) {
            final int target = targets[i];
            if (target == requester) {
                continue;
            }
            final int ack = protocol.copyState(target, line) == MesiProtocol.MODIFIED ? dataFlits : control;
            ackFlits = Math.max(ackFlits, ack);
            remote += network.interfaceOf(target) != network.interfaceOf(homeNode) ? 1 : 0;
            round = Math.max(round, network.latency(homeNode, target, control) + network.latency(target, homeNode, ack));
        }
        return serial ? round + remote * (ser + network.interfaceCycles(ackFlits)) : round;
    }
}
