package org.scalebench.coherence.sim;

import org.scalebench.coherence.protocol.MesiProtocol;

/**
 * Functional warming: accesses performed on the protocol's state (private caches, directories, map caches, home
 * slices) without timing them ({@link MesiProtocol#warm}: no path, no message counted), the issuing cores taking turns of {@value #TURN} accesses each, in a fixed order.
 * It fills the caches and directories as the timed machine would, without the event queue, the queues and the
 * links, and with each core's cache set hot in the host's caches for a whole turn: on wsc1m with every core active
 * it warms about 25 times as fast as the timed machine (measured: 5.1-5.3 M accesses/s against 160-200 k/s).
 *
 * <p>What it does not warm, the timed run that follows it must: the queues, the links' load and the misses in
 * flight start empty. The order differs from the timed machine's (a core's turn of {@value #TURN} accesses is not
 * interleaved with the other cores' accesses at cycle granularity), so lines shared within a domain move between
 * caches less often while warming; the caches' contents, which warming is for, are what they would hold.
 *
 * <p>The same workload and protocol give the same state after the same number of accesses, however the accesses
 * are split between calls. Allocation: none after construction. Thread-safety: none.
 */
public final class FunctionalWarmup {

    /** Accesses a core makes per turn (measured on chip1024: 313 ns per access in turns of 64, 446 ns in turns of 1). */
    public static final int TURN = 64;

    private final MesiProtocol protocol;
    private final Workload workload;
    private final int[] cores;
    private final boolean[] finished;
    private final Access access = new Access();
    /** Position in the order: the core whose turn it is, and the accesses it has made in this turn. */
    private int turnOf;
    private int madeInTurn;
    private int live;

    /**
     * Warming for a workload on a protocol whose domains the workload has defined.
     *
     * @param protocol the protocol
     * @param workload the workload (fresh: the warm-up takes its first accesses)
     */
    public FunctionalWarmup(final MesiProtocol protocol, final Workload workload) {
        this.protocol = protocol;
        this.workload = workload;
        this.cores = workload.issuingCores();
        this.finished = new boolean[cores.length];
        this.live = cores.length;
    }

    /**
     * Performs up to {@code accesses} more accesses, continuing the turn order where the last call left it.
     *
     * @param accesses how many more, at least 0
     * @return how many were performed (fewer only when every core's stream has ended)
     */
    public long run(final long accesses) {
        long done = 0;
        while (done < accesses && live > 0) {
            final int k = turnOf;
            if (!finished[k]) {
                final int core = cores[k];
                final long turn = Math.min(TURN - madeInTurn, accesses - done);
                int made = 0;
                while (made < turn) {
                    if (!workload.next(core, access)) {
                        finished[k] = true;
                        live--;
                        break;
                    }
                    protocol.warm(core, access.write, access.address, access.sdid, access.hdid);
                    made++;
                }
                done += made;
                madeInTurn += made;
                if (!finished[k] && madeInTurn < TURN) {
                    return done; // the turn goes on in the next call
                }
            }
            madeInTurn = 0;
            turnOf = k + 1 == cores.length ? 0 : k + 1;
        }
        return done;
    }
}
