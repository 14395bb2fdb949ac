package org.scalebench.coherence.timing;

/**
 * The timing of one coherence transaction as its protocol action lays it out: a chain of <em>legs</em>, each a
 * fixed delay followed by a visit to a queued resource (a node's network interface, a memory controller), with at
 * most one fork into parallel branches that join again (a write miss fetches the line while its invalidations are
 * out), and <em>orphan</em> chains that occupy resources without anyone waiting for them (evictions, write-backs,
 * a directory eviction's invalidations). The protocol builds the path when it performs the transaction; the
 * {@link Timeline} then walks it in event order, so every resource serves its visitors in the order they arrive.
 *
 * <p>A leg is one of:
 * <ul>
 *   <li>a <em>packet</em>: the resource is busy {@code service} cycles; the chain waits only for the time the
 *       resource was busy when the packet arrived (its transfer time is part of the message latency already in the
 *       delays);</li>
 *   <li>a <em>train</em>: {@code packets} packets of {@code service} cycles each, sent back to back (serial
 *       invalidations and their acknowledgements); the chain goes on when the last has gone, and packets of other
 *       messages are interleaved with the train's rather than waiting for all of it.</li>
 * </ul>
 * {@link #zeroLoad()} is the latency with every resource idle: the sum of the delays and of the trains' lengths,
 * with the longest branch of the fork. Not thread-safe; one path per thread, reused for every transaction.
 */
public final class TimingPath {

    /** Most legs in one chain (root, branch or orphan); a transaction needing more is a protocol bug. */
    public static final int MAX_LEGS = 10;
    /** Most orphan chains of one transaction. */
    public static final int MAX_ORPHANS = 6;
    /** No resource: a leg of delay only (used for the tail of a chain). */
    public static final int NONE = -1;

    /** Where legs go: the root, branch 0 or 1 of the fork, or the orphan being built. */
    static final int ROOT = 0;
    static final int BRANCH_A = 1;
    static final int BRANCH_B = 2;
    static final int ORPHAN = 3;

    // chains: 0 root, 1 branch A, 2 branch B, 3 + k orphan k
    private static final int CHAINS = 3 + MAX_ORPHANS;

    final int[] legs = new int[CHAINS];
    final long[] delay = new long[CHAINS * MAX_LEGS];
    final int[] resource = new int[CHAINS * MAX_LEGS];
    final int[] service = new int[CHAINS * MAX_LEGS];
    /** Packets of a train leg; 0 for a packet leg. */
    final int[] packets = new int[CHAINS * MAX_LEGS];
    /** Delay after the last leg of each chain. */
    final long[] tail = new long[CHAINS];
    /** Zero-load time of each chain so far (for orphans: from the transaction's start). */
    final long[] elapsed = new long[CHAINS];
    /** Orphans: start offset from the transaction's start. */
    final long[] orphanStart = new long[MAX_ORPHANS];
    int orphans;
    /** Root leg index at which the fork happens, or -1 without a fork. */
    int forkAt;
    /** The chain legs go to: ROOT, BRANCH_A, BRANCH_B or ORPHAN + k. */
    private int current;
    /** Chains to go back to when orphans end (orphans may start inside orphans). */
    private final int[] resume = new int[MAX_ORPHANS];
    private int depth;
    private boolean forkOpen;

    /** Starts a new transaction: no legs, no fork, no orphans. */
    public void reset() {
        for (int c = 0; c < CHAINS; c++) {
            legs[c] = 0;
            tail[c] = 0;
            elapsed[c] = 0;
        }
        orphans = 0;
        forkAt = -1;
        current = ROOT;
        depth = 0;
        forkOpen = false;
    }

    private int chainIndex() {
        return current;
    }

    /**
     * Adds a fixed delay to the chain being built.
     *
     * @param cycles the delay, at least 0
     */
    public void delay(final long cycles) {
        final int c = chainIndex();
        tail[c] += cycles;
        elapsed[c] += cycles;
    }

    /**
     * Adds a packet's visit to a resource: the chain waits while the resource is busy, then the resource is busy
     * {@code cycles} more. Nothing is added for {@link #NONE} or a service of 0.
     *
     * @param r the resource, or {@link #NONE}
     * @param cycles the time the packet occupies the resource
     */
    public void packet(final int r, final int cycles) {
        if (r == NONE || cycles <= 0) {
            return;
        }
        leg(r, cycles, 0);
    }

    /**
     * Adds a train of packets through a resource; the chain goes on once the last packet has gone. A train of one
     * packet is a {@link #packet} followed by its service.
     *
     * @param r the resource, or {@link #NONE} (then only the train's length is delay)
     * @param count packets, at least 1
     * @param cycles each packet's service
     */
    public void train(final int r, final int count, final int cycles) {
        if (count <= 0 || cycles <= 0) {
            return;
        }
        if (r == NONE) {
            delay((long) count * cycles);
            return;
        }
        leg(r, cycles, count);
        elapsed[chainIndex()] += (long) count * cycles;
    }

    private void leg(final int r, final int cycles, final int count) {
        appendLeg(chainIndex(), r, cycles, count);
    }

    /** Appends a leg to chain {@code c}, the chain's pending delay before it; returns the leg's position. */
    private int appendLeg(final int c, final int r, final int cycles, final int count) {
        final int n = legs[c];
        if (n == MAX_LEGS) {
            throw new IllegalStateException("a timing chain of more than " + MAX_LEGS + " legs");
        }
        final int i = c * MAX_LEGS + n;
        delay[i] = tail[c];
        resource[i] = r;
        service[i] = cycles;
        packets[i] = count;
        tail[c] = 0;
        legs[c] = n + 1;
        return n;
    }

    /**
     * Forks the root: the legs that follow go to branch 0 until {@link #branch}{@code (1)}, then to branch 1,
     * until {@link #join}; the root goes on when both branches are done.
     */
    public void fork() {
        if (current != ROOT || forkAt >= 0) {
            throw new IllegalStateException("one fork per transaction, from the root");
        }
        // the root's pending delay stays before the fork: record it as a leg of no resource
        forkAt = appendLeg(ROOT, NONE, 0, 0);
        forkOpen = true;
        current = BRANCH_A;
    }

    /**
     * Switches to branch {@code k} of the open fork.
     *
     * @param k 0 or 1
     */
    public void branch(final int k) {
        if (!forkOpen || depth > 0 || (k != 0 && k != 1)) {
            throw new IllegalStateException("branch " + k + " outside a fork");
        }
        current = k == 0 ? BRANCH_A : BRANCH_B;
    }

    /** Closes the fork: the root goes on after the longer branch. */
    public void join() {
        if (!forkOpen || depth > 0) {
            throw new IllegalStateException("join without a fork");
        }
        forkOpen = false;
        current = ROOT;
        elapsed[ROOT] += Math.max(elapsed[BRANCH_A], elapsed[BRANCH_B]);
    }

    /**
     * Starts an orphan chain at the zero-load time reached on the chain being built; legs go to it until
     * {@link #endOrphan}. Orphans may start inside orphans.
     */
    public void beginOrphan() {
        if (orphans == MAX_ORPHANS) {
            throw new IllegalStateException("more than " + MAX_ORPHANS + " orphan chains in one transaction");
        }
        orphanStart[orphans] = timeOf(current);
        final int c = ORPHAN + orphans;
        orphans++;
        legs[c] = 0;
        tail[c] = 0;
        elapsed[c] = 0;
        resume[depth++] = current;
        current = c;
    }

    /** Ends the orphan chain; legs go back to the chain they went to before. */
    public void endOrphan() {
        if (depth == 0) {
            throw new IllegalStateException("endOrphan without beginOrphan");
        }
        current = resume[--depth];
    }

    /** The zero-load time reached on chain {@code c}, from the transaction's start. */
    private long timeOf(final int c) {
        if (c == ROOT) {
            return elapsed[ROOT];
        }
        if (c == BRANCH_A || c == BRANCH_B) {
            return elapsed[ROOT] + elapsed[c];
        }
        return orphanStart[c - ORPHAN] + elapsed[c];
    }

    /**
     * The transaction's latency with every resource idle.
     *
     * @return cycles
     */
    public long zeroLoad() {
        return elapsed[ROOT];
    }

    /**
     * Legs of the root chain (for tests).
     *
     * @return the count, the fork's placeholder leg included
     */
    public int rootLegs() {
        return legs[ROOT];
    }

    /**
     * Orphan chains built.
     *
     * @return the count
     */
    public int orphans() {
        return orphans;
    }
}
