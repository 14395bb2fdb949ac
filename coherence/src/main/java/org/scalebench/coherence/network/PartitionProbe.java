package org.scalebench.coherence.network;

import java.util.Arrays;
import org.scalebench.core.Checks;
import org.scalebench.core.MeshTopology;

/**
 * Measures how a simulation would split over partitions of the machine, for a simulator that runs each partition
 * on its own host thread. A partitioning cuts the machine's network interfaces into {@code p} blocks: a mesh into
 * a grid of equal rectangles of tiles, as square as the mesh's sides allow ({@code p} = 64 on a 32 x 32 mesh gives
 * 4 x 4 tiles, one compact 16-core VM each; a count that does not factor over the sides gives runs of consecutive
 * tiles); a warehouse into runs of consecutive servers (consecutive servers share racks and arrays). A node belongs
 * to its interface's block. A
 * transaction is <em>local</em> when every node it reaches is in its requester's block: the requester, the home,
 * the owner it forwards to, the sharers it invalidates, the memory controller it reads from, and every node a
 * message of it is sent to or from (a broadcast reaches every block). Everything else is <em>crossing</em>. A hit
 * touches the requester's own cache only and is always local.
 *
 * <p>Several partitionings are probed at once, one per count. For each, the probe counts crossing transactions
 * and messages, and records the lookahead: the least latency of a control message between two blocks, the
 * longest time a block could run ahead of the others before a message from another block might be due.
 *
 * <p>The probe only counts: it changes nothing that the simulation computes. Allocation: arrays at construction.
 * Thread-safety: none.
 */
public final class PartitionProbe {

    /** The most partitionings probed at once. */
    public static final int MAX_COUNTS = 8;

    private final Interconnect network;
    /** The mesh of a mesh network (cut into rectangles), else null (cut into runs of interfaces). */
    private final MeshTopology mesh;
    private final int[] counts;
    /** Per partitioning: the block of each interface. */
    private final int[][] blockOfInterface;
    private final boolean[] crossed;
    private final int[] requesterBlock;
    private final long[] crossingTransactions;
    /** Per partitioning and block: the local transactions its requesters issued. */
    private final long[][] localTransactions;
    private final long[] crossingMessages;
    private final long[] lookahead;
    private final int controlFlits;
    private long accesses;
    private long transactions;
    private long messages;

    /**
     * Builds a probe of the given partitionings of a network.
     *
     * @param network the machine's network
     * @param counts the numbers of blocks, each in {@code [1, network.interfaces()]}, at most {@link #MAX_COUNTS}
     * @throws IllegalArgumentException naming the count that is out of range
     */
    public PartitionProbe(final Interconnect network, final int... counts) {
        check(network, counts);
        this.network = network;
        this.mesh = network instanceof MeshInterconnect ? ((MeshInterconnect) network).mesh() : null;
        this.counts = counts.clone();
        final int interfaces = network.interfaces();
        this.blockOfInterface = new int[counts.length][interfaces];
        for (int k = 0; k < counts.length; k++) {
            final int across = mesh == null ? 0 : blocksAcross(mesh, counts[k]);
            for (int i = 0; i < interfaces; i++) {
                blockOfInterface[k][i] = across > 0 ? rectangleOf(mesh, across, counts[k] / across, i)
                        : (int) ((long) i * counts[k] / interfaces);
            }
        }
        this.crossed = new boolean[counts.length];
        this.requesterBlock = new int[counts.length];
        this.crossingTransactions = new long[counts.length];
        this.localTransactions = new long[counts.length][];
        for (int k = 0; k < counts.length; k++) {
            localTransactions[k] = new long[counts[k]];
        }
        this.crossingMessages = new long[counts.length];
        this.lookahead = new long[counts.length];
        this.controlFlits = network.controlFlits();
        reset();
    }

    /**
     * Checks partition counts for a network without building a probe: at least one and at most
     * {@link #MAX_COUNTS} counts, each in {@code [1, network.interfaces()]}.
     *
     * @param network the machine's network
     * @param counts the numbers of blocks
     * @throws IllegalArgumentException naming the count that is out of range
     */
    public static void check(final Interconnect network, final int... counts) {
        Checks.requireInRange("partition counts", counts.length, 1, MAX_COUNTS);
        for (final int p : counts) {
            Checks.requireInRange("partitions", p, 1, network.interfaces());
        }
    }

    /**
     * How many blocks side by side a grid of {@code p} equal rectangles has on a mesh: the factor {@code px} of
     * {@code p = px x py} with {@code px} dividing the width and {@code py} the height whose rectangles are the
     * squarest; 0 when {@code p} has no such factors.
     */
    static int blocksAcross(final MeshTopology mesh, final int p) {
        int best = 0;
        double bestSkew = Double.MAX_VALUE;
        for (int px = 1; px <= p; px++) {
            if (p / px * px != p || mesh.width() / px * px != mesh.width()
                    || mesh.height() / (p / px) * (p / px) != mesh.height()) {
                continue;
            }
            final double skew = Math.abs(Math.log((double) (mesh.width() / px) / (mesh.height() / (p / px))));
            if (skew < bestSkew) {
                bestSkew = skew;
                best = px;
            }
        }
        return best;
    }

    /** The rectangle of a grid of {@code px x py} that holds a tile, numbered row by row. */
    private static int rectangleOf(final MeshTopology mesh, final int px, final int py, final int tile) {
        final int bx = mesh.x(tile) / (mesh.width() / px);
        final int by = mesh.y(tile) / (mesh.height() / py);
        return by * px + bx;
    }

    /**
     * The block a node belongs to under one of the partitionings.
     *
     * @param k the partitioning's index in the counts given
     * @param node a node
     * @return its block, in {@code [0, counts[k])}
     */
    public int blockOf(final int k, final int node) {
        return blockOfInterface[k][network.interfaceOf(node)];
    }

    /**
     * Starts an access at a requesting node.
     *
     * @param node the requester
     */
    public void begin(final int node) {
        final int i = network.interfaceOf(node);
        for (int k = 0; k < counts.length; k++) {
            requesterBlock[k] = blockOfInterface[k][i];
            crossed[k] = false;
        }
    }

    /**
     * The access reaches a node (its state or a resource there).
     *
     * @param node the node
     */
    public void reach(final int node) {
        final int i = network.interfaceOf(node);
        for (int k = 0; k < counts.length; k++) {
            if (blockOfInterface[k][i] != requesterBlock[k]) {
                crossed[k] = true;
            }
        }
    }

    /** The access reaches every node (a broadcast). */
    public void reachAll() {
        for (int k = 0; k < counts.length; k++) {
            if (counts[k] > 1) {
                crossed[k] = true;
            }
        }
    }

    /**
     * The access sends a message: both ends are reached, and a message between blocks counts as crossing.
     *
     * @param from the sender
     * @param to the receiver
     */
    public void message(final int from, final int to) {
        messages++;
        reach(from);
        reach(to);
        final int a = network.interfaceOf(from);
        final int b = network.interfaceOf(to);
        for (int k = 0; k < counts.length; k++) {
            if (blockOfInterface[k][a] != blockOfInterface[k][b]) {
                crossingMessages[k]++;
                lookahead[k] = Math.min(lookahead[k], network.latency(from, to, controlFlits));
            }
        }
    }

    /**
     * Ends the access.
     *
     * @param transaction true for a miss or an upgrade, false for a hit
     */
    public void end(final boolean transaction) {
        accesses++;
        if (!transaction) {
            return;
        }
        transactions++;
        for (int k = 0; k < counts.length; k++) {
            if (crossed[k]) {
                crossingTransactions[k]++;
            } else {
                localTransactions[k][requesterBlock[k]]++;
            }
        }
    }

    /** Zeroes every count (the lookaheads too), as the statistics are when counting starts. */
    public void reset() {
        accesses = 0;
        transactions = 0;
        messages = 0;
        Arrays.fill(crossingTransactions, 0);
        for (final long[] local : localTransactions) {
            Arrays.fill(local, 0);
        }
        Arrays.fill(crossingMessages, 0);
        Arrays.fill(lookahead, Long.MAX_VALUE);
    }

    /**
     * What one block of a partitioning holds, in words.
     *
     * @param k the partitioning's index
     * @return e.g. {@code 4 x 4 tiles}, {@code 341-342 tiles}, {@code 976-977 servers}
     */
    public String blockSize(final int k) {
        final int p = counts[k];
        final int interfaces = network.interfaces();
        if (mesh != null) {
            final int across = blocksAcross(mesh, p);
            if (across > 0) {
                return mesh.width() / across + " x " + mesh.height() / (p / across) + " tiles";
            }
            return runs(interfaces, p, "tile");
        }
        return runs(interfaces, p, "server");
    }

    private static String runs(final int interfaces, final int p, final String unit) {
        final int least = interfaces / p;
        if (interfaces % p != 0) {
            return least + "-" + (least + 1) + " " + unit + "s";
        }
        return least + " " + unit + (least == 1 ? "" : "s");
    }

    /**
     * The partitionings probed.
     *
     * @return the numbers of blocks, in the order given
     */
    public int[] counts() {
        return counts.clone();
    }

    /**
     * Accesses ended since the last reset.
     *
     * @return the count
     */
    public long accesses() {
        return accesses;
    }

    /**
     * Transactions (misses and upgrades) ended since the last reset.
     *
     * @return the count
     */
    public long transactions() {
        return transactions;
    }

    /**
     * Transactions that reached a node outside their requester's block.
     *
     * @param k the partitioning's index
     * @return the count
     */
    public long crossingTransactions(final int k) {
        return crossingTransactions[k];
    }

    /**
     * Messages sent since the last reset (unicasts; a broadcast or multicast round is not a message here).
     *
     * @return the count
     */
    public long messages() {
        return messages;
    }

    /**
     * Messages between two blocks.
     *
     * @param k the partitioning's index
     * @return the count
     */
    public long crossingMessages(final int k) {
        return crossingMessages[k];
    }

    /**
     * The least latency of a control message seen between two blocks: how far a block may run ahead of the
     * others without missing a message.
     *
     * @param k the partitioning's index
     * @return cycles, or -1 when no message crossed
     */
    public long lookahead(final int k) {
        return lookahead[k] == Long.MAX_VALUE ? -1 : lookahead[k];
    }

    /**
     * The share of the transactions that crossed blocks.
     *
     * @param k the partitioning's index
     * @return in [0, 1]; 0 when nothing was counted
     */
    public double crossingTransactionShare(final int k) {
        return transactions == 0 ? 0 : (double) crossingTransactions[k] / transactions;
    }

    /**
     * The share of the messages sent between blocks.
     *
     * @param k the partitioning's index
     * @return in [0, 1]; 0 when nothing was counted
     */
    public double crossingMessageShare(final int k) {
        return messages == 0 ? 0 : (double) crossingMessages[k] / messages;
    }

    /**
     * How often the blocks would synchronise, once per lookahead, per 1,000 counted accesses.
     *
     * @param k the partitioning's index
     * @param machineCycles the machine time the counted accesses took
     * @return synchronisations per 1,000 accesses; 0 when no message crossed
     */
    public double synchronisationsPerKiloAccess(final int k, final long machineCycles) {
        final long every = lookahead(k);
        return every < 0 ? 0 : 1000.0 * machineCycles / every / Math.max(1, accesses);
    }

    /**
     * The most local transactions the requesters of one block issued.
     *
     * @param k the partitioning's index
     * @return the count of the busiest block
     */
    public long busiestBlockTransactions(final int k) {
        long most = 0;
        for (final long n : localTransactions[k]) {
            most = Math.max(most, n);
        }
        return most;
    }

    /**
     * A bound on the speedup of a run on one host thread per block, counting a transaction as one unit of work and
     * a hit as none: the crossing transactions run one after another, each block's local transactions in
     * parallel with the others', so the busiest block sets the pace: {@code t / (c + b)} with {@code t} the
     * transactions, {@code c} the crossing ones and {@code b} the busiest block's local ones. It is Amdahl's law
     * with the load's imbalance between blocks; it leaves out the cost of synchronising every lookahead.
     *
     * @param k the partitioning's index
     * @return the bound, 1 when nothing was counted
     */
    public double speedupBound(final int k) {
        if (transactions == 0) {
            return 1;
        }
        return (double) transactions / (crossingTransactions[k] + busiestBlockTransactions(k));
    }
}
