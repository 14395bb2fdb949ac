package org.scalebench.coherence.network;

import java.util.Arrays;
import org.scalebench.core.Checks;
import org.scalebench.core.HierarchicalTopology;

/**
 * A warehouse-scale computer's network: cores in servers, servers in racks, racks in arrays (clusters),
 * arrays in a datacenter, with one latency and one bandwidth per level (Barroso and Hölzle 2009, as
 * tabulated in Hennessy and Patterson, 5th ed., Figure 6.6). A message pays the latency of the highest
 * level its endpoints differ at plus its serialization at that level's bandwidth:
 *
 * <pre>
 *   latency = levelLatency[level] + ceil(flits * flitBytes / levelBytesPerCycle[level])
 * </pre>
 * precomputed per level and message length. The level latencies are one way (the caller derives them
 * from the source's round trips). Hops count the links of a tree network: 2 within a server (core, board
 * fabric, core), 4 within a rack (via the top-of-rack switch), 6 within an array, 8 across arrays.
 *
 * <p>A sender's port ({@link #serializationCycles}) is its server's board fabric for a message that stays
 * in the server, and the server's network interface, at the rack level's bandwidth, for anything that
 * leaves it (the per-server share of the higher levels limits the path, not the sender's port).
 *
 * <p>The machine may use only the first {@code nodes} cores of the topology (the last array partly
 * filled); the broadcast aggregates count only those.
 *
 * <p>Allocation: none after construction. Thread-safety: immutable.
 */
public final class HierarchicalInterconnect extends FramedInterconnect {

    private static final int[] HOPS = {0, 2, 4, 6, 8};
    private static final int MAX_FLITS = 64;

    private final HierarchicalTopology topology;
    private final int nodes;
    private final long[] levelLatency;
    private final double[] bytesPerCycle;
    /** latencyTable[level * (MAX_FLITS + 1) + flits]. */
    private final long[] latencyTable;
    /** portTable[level * (MAX_FLITS + 1) + flits]: the sender's port occupancy. */
    private final long[] portTable;

    /**
     * Creates the network.
     *
     * @param topology the hierarchy (its latencies are ignored; levels come from here)
     * @param nodes cores in use, in [1, topology.cores()]
     * @param levelLatencyCycles latency per level (same core, server, rack, array, across arrays), cycles
     * @param levelBytesPerCycle bandwidth per level, bytes per core cycle, each &gt; 0
     * @param controlFlits flits of a control message
     * @param flitBytes bytes per flit
     */
    public HierarchicalInterconnect(final HierarchicalTopology topology, final int nodes,
            final long[] levelLatencyCycles, final double[] levelBytesPerCycle, final int controlFlits,
            final int flitBytes) {
        super(controlFlits, flitBytes);
        if (nodes < 1 || nodes > topology.cores()) {
            throw new IllegalArgumentException("cores = " + nodes + ": must be in [1, " + topology.cores()
                    + "] for this hierarchy");
        }
        if (levelLatencyCycles.length != HierarchicalTopology.LEVELS
                || levelBytesPerCycle.length != HierarchicalTopology.LEVELS) {
            throw new IllegalArgumentException("level latencies and bandwidths need " + HierarchicalTopology.LEVELS
                    + " entries each (core, server, rack, array, datacenter)");
        }
        for (int level = 0; level < HierarchicalTopology.LEVELS; level++) {
            Checks.requireAtLeast("latency of level " + level, levelLatencyCycles[level], 0);
            if (!(levelBytesPerCycle[level] > 0)) {
                throw new IllegalArgumentException("bandwidth of level " + level + " = " + levelBytesPerCycle[level]
                        + " bytes/cycle: must be greater than 0");
            }
        }
        this.topology = topology;
        this.nodes = nodes;
        if (dataFlits() > MAX_FLITS) {
            throw new IllegalArgumentException("a data message of " + dataFlits() + " flits: at most " + MAX_FLITS);
        }
        this.levelLatency = levelLatencyCycles.clone();
        this.bytesPerCycle = levelBytesPerCycle.clone();
        this.latencyTable = new long[HierarchicalTopology.LEVELS * (MAX_FLITS + 1)];
        this.portTable = new long[HierarchicalTopology.LEVELS * (MAX_FLITS + 1)];
        for (int level = 0; level < HierarchicalTopology.LEVELS; level++) {
            final double portBytesPerCycle = bytesPerCycle[Math.min(level, HierarchicalTopology.SAME_RACK)];
            for (int flits = 0; flits <= MAX_FLITS; flits++) {
                latencyTable[level * (MAX_FLITS + 1) + flits] = level == 0 ? 0
                        : levelLatency[level] + (long) Math.ceil(flits * (double) flitBytes / bytesPerCycle[level]);
                portTable[level * (MAX_FLITS + 1) + flits] = level == 0 ? 0
                        : (long) Math.ceil(flits * (double) flitBytes / portBytesPerCycle);
            }
        }
        // a port's occupancy is a packet's service time, an int in the timing model (Resources, TimingPath)
        final long longest = Math.max(portTable[HierarchicalTopology.SAME_SERVER * (MAX_FLITS + 1) + dataFlits()],
                portTable[HierarchicalTopology.SAME_RACK * (MAX_FLITS + 1) + dataFlits()]);
        if (longest > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a data message of " + dataFlits() + " flits of " + flitBytes
                    + " bytes occupies a server's port for " + longest + " cycles (server and rack bandwidths "
                    + bytesPerCycle[HierarchicalTopology.SAME_SERVER] + " and "
                    + bytesPerCycle[HierarchicalTopology.SAME_RACK] + " bytes per cycle): must be at most "
                    + Integer.MAX_VALUE + "; give a higher bandwidth, a slower clock or shorter flits");
        }
    }

    @Override
    public int nodes() {
        return nodes;
    }

    @Override
    public int hops(final int from, final int to) {
        return HOPS[topology.level(from, to)];
    }

    @Override
    public long latency(final int from, final int to, final int flits) {
        return latencyTable[topology.level(from, to) * (MAX_FLITS + 1) + flits];
    }

    @Override
    public long serializationCycles(final int from, final int to, final int flits) {
        return portTable[topology.level(from, to) * (MAX_FLITS + 1) + flits];
    }

    @Override
    public long broadcastInjectionCycles(final int from, final int flits) {
        final long server = groupSize((long) topology.serverOf(from) * topology.coresPerServer(),
                topology.coresPerServer());
        return (server - 1) * portTable[HierarchicalTopology.SAME_SERVER * (MAX_FLITS + 1) + flits]
                + (nodes - server) * portTable[HierarchicalTopology.SAME_RACK * (MAX_FLITS + 1) + flits];
    }

    /** The highest level present from {@code from} among the machine's nodes. */
    private int farthestLevel(final int from) {
        final int perServer = topology.coresPerServer();
        final int perRack = perServer * topology.serversPerRack();
        final int perCluster = perRack * topology.racksPerCluster();
        if (nodes > perCluster) {
            return HierarchicalTopology.ACROSS_CLUSTERS;
        }
        if (nodes > perRack) {
            return HierarchicalTopology.SAME_CLUSTER;
        }
        if (nodes > perServer) {
            return HierarchicalTopology.SAME_RACK;
        }
        return nodes > 1 ? HierarchicalTopology.SAME_SERVER : HierarchicalTopology.SAME_CORE;
    }

    @Override
    public long maxLatencyFrom(final int from, final int flits) {
        return latencyTable[farthestLevel(from) * (MAX_FLITS + 1) + flits];
    }

    @Override
    public long hopSumFrom(final int from) {
        // nodes in the same server / rack / cluster as `from`, counting only nodes in [0, nodes)
        final int perServer = topology.coresPerServer();
        final int perRack = perServer * topology.serversPerRack();
        final int perCluster = perRack * topology.racksPerCluster();
        final long server = groupSize((long) topology.serverOf(from) * perServer, perServer);
        final long rack = groupSize((long) topology.rackOf(from) * perRack, perRack);
        final long cluster = groupSize((long) topology.clusterOf(from) * perCluster, perCluster);
        return HOPS[1] * (server - 1) + HOPS[2] * (rack - server) + HOPS[3] * (cluster - rack)
                + HOPS[4] * (nodes - cluster);
    }

    private long groupSize(final long first, final int size) {
        return Math.min(first + size, nodes) - first;
    }

    /**
     * The hierarchy.
     *
     * @return the topology
     */
    @Override
    public int interfaces() {
        return (int) ((nodes + (long) topology.coresPerServer() - 1) / topology.coresPerServer());
    }

    @Override
    public int interfaceEnd(final int node) {
        return (int) Math.min(nodes, ((long) topology.serverOf(node) + 1) * topology.coresPerServer());
    }

    /** Latency is by level, and every core of a server is at one level from a core outside it, or SAME_SERVER inside. */
    @Override
    public boolean latencyByInterface() {
        return true;
    }

    @Override
    public int interfaceOf(final int node) {
        return topology.serverOf(node);
    }

    @Override
    public int nodesOfInterface(final int node) {
        return (int) groupSize((long) topology.serverOf(node) * topology.coresPerServer(), topology.coresPerServer());
    }

    @Override
    public long interfaceCycles(final int flits) {
        return portTable[HierarchicalTopology.SAME_RACK * (MAX_FLITS + 1) + flits];
    }

    /**
     * {@inheritDoc} The tree climbs from the root core to the highest switch any target needs, then descends once
     * into every array, rack and server that holds targets (other than the root's own) and once to every target
     * core.
     */
    @Override
    public TreeLinkCounter newTreeLinkCounter() {
        return new SwitchTree(topology, nodes);
    }

    /**
     * Switch trees, in one pass over the targets: each server, rack and array is marked with the number of the
     * count it was first reached in, so that a descent into it is counted once per tree.
     */
    private static final class SwitchTree implements TreeLinkCounter {
        private final HierarchicalTopology topology;
        private final int[] serverReached;
        private final int[] rackReached;
        private final int[] clusterReached;
        /** The number of the count in progress (marks of earlier counts are smaller). */
        private int tree;

        SwitchTree(final HierarchicalTopology topology, final int nodes) {
            this.topology = topology;
            this.serverReached = new int[topology.serverOf(nodes - 1) + 1];
            this.rackReached = new int[topology.rackOf(nodes - 1) + 1];
            this.clusterReached = new int[topology.clusterOf(nodes - 1) + 1];
        }

        @Override
        public long links(final int from, final int[] targets, final int count) {
            final int mark = newTree(from); // the root's own server, rack and array need no descent
            int highest = HierarchicalTopology.SAME_CORE;
            int lastServer = -1;
            int serverLevel = HierarchicalTopology.SAME_CORE; // the level of lastServer's cores but the root
            long links = count; // server switch to each core
            for (int i = 0; i < count; i++) {
                final int t = targets[i];
                final int server = topology.serverOf(t);
                if (server != lastServer) { // else the target before reached this server, so its rack and array too
                    lastServer = server;
                    serverLevel = Math.max(HierarchicalTopology.SAME_SERVER, topology.level(from, t));
                    links += reach(serverReached, server, mark)
                            + reach(rackReached, topology.rackOf(t), mark)
                            + reach(clusterReached, topology.clusterOf(t), mark);
                }
                if (t != from) {
                    highest = Math.max(highest, serverLevel);
                }
            }
            return links + highest; // the root's climb: one link per level
        }

        @Override
        public boolean countsRuns() {
            return true;
        }

        @Override
        public long linksOfRuns(final int from, final int[] runs, final int runCount, final int excluded) {
            final int mark = newTree(from);
            final int perServer = topology.coresPerServer();
            int highest = HierarchicalTopology.SAME_CORE;
            long links = 0;
            for (int r = 0; r < runCount; r++) {
                final int end = runs[2 * r + 1];
                for (int first = runs[2 * r]; first < end;) {
                    final int server = topology.serverOf(first);
                    final int stop = (int) Math.min(end, ((long) server + 1) * perServer);
                    final int excludedHere = excluded >= first && excluded < stop ? 1 : 0;
                    final int cores = stop - first - excludedHere;
                    if (cores > 0) {
                        links += cores // server switch to each core
                                + reach(serverReached, server, mark)
                                + reach(rackReached, topology.rackOf(first), mark)
                                + reach(clusterReached, topology.clusterOf(first), mark);
                        final boolean fromHere = from >= first && from < stop;
                        if (cores > (fromHere && from != excluded ? 1 : 0)) { // a core other than the root
                            highest = Math.max(highest,
                                    Math.max(HierarchicalTopology.SAME_SERVER, topology.level(from, first)));
                        }
                    }
                    first = stop;
                }
            }
            return links + highest; // the root's climb: one link per level
        }

        /** Starts a count: a mark no switch holds, the root's own server, rack and array marked reached. */
        private int newTree(final int from) {
            if (tree == Integer.MAX_VALUE) {
                Arrays.fill(serverReached, 0);
                Arrays.fill(rackReached, 0);
                Arrays.fill(clusterReached, 0);
                tree = 0;
            }
            final int mark = ++tree;
            serverReached[topology.serverOf(from)] = mark;
            rackReached[topology.rackOf(from)] = mark;
            clusterReached[topology.clusterOf(from)] = mark;
            return mark;
        }

        /** 1 for the first descent into a switch's subtree in this tree, 0 after. */
        private static int reach(final int[] reached, final int switchIndex, final int mark) {
            if (reached[switchIndex] == mark) {
                return 0;
            }
            reached[switchIndex] = mark;
            return 1;
        }
    }

    @Override
    public long broadcastTreeLinks(final int from) {
        final int perServer = topology.coresPerServer();
        final int perRack = perServer * topology.serversPerRack();
        final long perCluster = (long) perRack * topology.racksPerCluster();
        final long servers = (nodes + (long) perServer - 1) / perServer;
        final long racks = (nodes + (long) perRack - 1) / perRack;
        final long clusters = (nodes + perCluster - 1) / perCluster;
        return farthestLevel(from) + (nodes - 1) + (servers - 1) + (racks - 1) + (clusters - 1);
    }

    public HierarchicalTopology topology() {
        return topology;
    }

    @Override
    public String describe() {
        return nodes + " cores: " + topology.coresPerServer() + "-core servers, " + topology.serversPerRack()
                + " servers/rack, " + topology.racksPerCluster() + " racks/array, " + topology.clusters() + " arrays";
    }
}
