package org.scalebench.coherence.sim;

import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;
import org.scalebench.coherence.protocol.MesiProtocol;

/**
 * Functional warming: accesses performed on the protocol's state (private caches, directories, map caches, home
 * slices) without timing them ({@link MesiProtocol#warm}: no path, no message counted), the issuing cores taking
 * turns of {@value #TURN} accesses each, in a fixed order. It fills the caches and directories as the timed machine
 * would, without the event queue, the queues and the links, and with each core's cache set hot in the host's caches
 * for a whole turn: on wsc1m with every core active it warms about 25 times as fast as the timed machine (measured:
 * 5.1-5.3 M accesses/s against 160-200 k/s).
 *
 * <p>What it does not warm, the timed run that follows it must: the queues, the links' load and the misses in
 * flight start empty. The order differs from the timed machine's (a core's turn of {@value #TURN} accesses is not
 * interleaved with the other cores' accesses at cycle granularity), so lines shared within a domain move between
 * caches less often while warming; the caches' contents, which warming is for, are what they would hold.
 *
 * <p><b>Threads.</b> With one thread, the caller draws each access from the workload and performs it. With two or
 * more, a second thread draws the accesses, in the same turn order, into a ring of {@value #RING} slots, and the
 * caller performs them from the ring in that order: a pipeline whose stages share no simulated state (the workload
 * is touched by the drawing thread only, the protocol by the caller only). The accesses performed, their order and
 * so the state left behind are those of one thread, whatever the count; only the host time differs. More than two
 * threads are accepted and change nothing: performing is the slower stage, and it is one sequence of accesses on
 * shared state (the directories and home slices of every core), which this class does not split.
 *
 * <p>The same workload and protocol give the same state after the same number of accesses, however the accesses
 * are split between calls and however many threads warm. Allocation: the ring when built with two threads or more;
 * then one drawing thread per {@link #run} call, nothing per access. Thread-safety: one caller at a time; the
 * workload must not be used by another thread during {@link #run} (it is handed to the drawing thread and back).
 */
public final class FunctionalWarmup {

    /** Accesses a core makes per turn (measured on chip1024: 313 ns per access in turns of 64, 446 ns in turns of 1). */
    public static final int TURN = 64;
    /** Slots between the drawing thread and the performing one (a power of two; 400 kB of accesses). */
    static final int RING = 1 << 14;
    /** The most threads accepted. */
    public static final int MAX_THREADS = 1024;
    /** Slots drawn or performed between two publications of a cursor. */
    private static final int BATCH = 64;
    /** Spins before a waiting stage yields its core, and yields before it parks. */
    private static final int SPINS = 4096;
    /** How long the performing stage parks once it has spun and yielded, ns. */
    private static final long PARK_NANOS = 20_000;
    /** How long the drawing stage parks while the ring is full, ns (the ring holds about 2 ms of performing). */
    private static final long DRAWER_PARK_NANOS = 100_000;
    /** Where {@link #counts} keeps each count: 128 bytes apart, so that neither stage writes the other's lines. */
    private static final int DRAWN = 16;
    private static final int PERFORMED = 32;
    private static final int ROOM_SEEN = 48;
    /** The write flag in a ring slot's core word. */
    private static final int WRITE = 1 << 31;

    private final MesiProtocol protocol;
    private final Workload workload;
    private final int[] cores;
    private final boolean[] finished;
    private final Access access = new Access();
    private final int threads;
    /** Position in the order: the core whose turn it is, and the accesses it has made in this turn. */
    private int turnOf;
    private int madeInTurn;
    private int live;

    // the ring (two threads or more): slot i of a call holds its i-th access at i & (RING - 1)
    private final int[] ringCore;
    private final long[] ringAddress;
    private final int[] ringSdid;
    private final int[] ringHdid;
    /**
     * The two stages' counts, each on cache lines of its own: at {@link #DRAWN} the slots drawn in this call
     * (published by the drawing thread), at {@link #PERFORMED} the slots performed (published by the caller), at
     * {@link #ROOM_SEEN} the drawing thread's last sight of the performed count.
     */
    private final AtomicLongArray counts;
    private final Runnable drawer;
    /** What the current call asks the drawing thread for. */
    private long requested;
    /** The accesses the drawing thread drew in this call: -1 until it finishes, {@code Long.MAX_VALUE} if it failed. */
    private volatile long drawnInAll;
    /** What the drawing thread threw, if anything. */
    private volatile Throwable drawingFailure;
    /** Set when the caller stops performing early (it failed): the drawing thread stops too. */
    private volatile boolean abandoned;

    /**
     * Warming on one thread.
     *
     * @param protocol the protocol
     * @param workload the workload (fresh: the warm-up takes its first accesses)
     */
    public FunctionalWarmup(final MesiProtocol protocol, final Workload workload) {
        this(protocol, workload, 1);
    }

    /**
     * Warming for a workload on a protocol whose domains the workload has defined.
     *
     * @param protocol the protocol
     * @param workload the workload (fresh: the warm-up takes its first accesses)
     * @param threads host threads, 1 to {@value #MAX_THREADS}: 1 draws and performs on the caller's thread, 2 or
     *     more draw on a second thread (more than 2 change nothing)
     */
    public FunctionalWarmup(final MesiProtocol protocol, final Workload workload, final int threads) {
        this.threads = requireThreads("threads", threads);
        this.protocol = protocol;
        this.workload = workload;
        this.cores = workload.issuingCores();
        this.finished = new boolean[cores.length];
        this.live = cores.length;
        final boolean pipelined = threads > 1;
        this.ringCore = pipelined ? new int[RING] : null;
        this.ringAddress = pipelined ? new long[RING] : null;
        this.ringSdid = pipelined ? new int[RING] : null;
        this.ringHdid = pipelined ? new int[RING] : null;
        this.counts = pipelined ? new AtomicLongArray(64) : null;
        this.drawer = pipelined ? this::drawAll : null;
    }

    /**
     * Checks a count of warm-up threads.
     *
     * @param what the count's name, for the message
     * @param threads the count
     * @return {@code threads}
     * @throws IllegalArgumentException unless in [1, {@value #MAX_THREADS}]
     */
    static int requireThreads(final String what, final int threads) {
        if (threads < 1 || threads > MAX_THREADS) {
            throw new IllegalArgumentException(what + " = " + threads + ": must be in [1, " + MAX_THREADS + "]");
        }
        return threads;
    }

    /**
     * The host threads this warm-up was built with.
     *
     * @return at least 1
     */
    public int threads() {
        return threads;
    }

    /**
     * Performs up to {@code accesses} more accesses, continuing the turn order where the last call left it.
     *
     * @param accesses how many more, at least 0
     * @return how many were performed (fewer only when every core's stream has ended)
     */
    public long run(final long accesses) {
        if (threads == 1 || accesses == 0) {
            return order(accesses, false);
        }
        return pipelined(accesses);
    }

    /**
     * Walks the turn order for up to {@code accesses} accesses, performing each (on this thread) or putting it in
     * the ring (on the drawing thread).
     */
    private long order(final long accesses, final boolean toRing) {
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
                    if (toRing) {
                        if (!put(done + made, core)) {
                            return done + made; // the caller has stopped
                        }
                    } else {
                        protocol.warm(core, access.write, access.address, access.sdid, access.hdid);
                    }
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

    /** The drawing thread's stage: the turn order into the ring. */
    private void drawAll() {
        long n = -1;
        try {
            n = order(requested, true);
        } catch (final Throwable t) {
            drawingFailure = t;
        } finally {
            if (n >= 0) {
                counts.setRelease(DRAWN, n);
            }
            drawnInAll = n >= 0 ? n : Long.MAX_VALUE;
        }
    }

    /** Puts the {@code slot}-th access of this call (in {@link #access}) in the ring; false when abandoned. */
    private boolean put(final long slot, final int core) {
        if (slot - counts.getPlain(ROOM_SEEN) >= RING && !awaitRoom(slot)) {
            return false;
        }
        final int i = (int) slot & (RING - 1);
        ringCore[i] = access.write ? core | WRITE : core;
        ringAddress[i] = access.address;
        ringSdid[i] = access.sdid;
        ringHdid[i] = access.hdid;
        if (((int) slot & (BATCH - 1)) == BATCH - 1) {
            counts.setRelease(DRAWN, slot + 1);
        }
        return true;
    }

    /**
     * Waits until the caller has performed enough for slot {@code slot} to be free; false when abandoned. The
     * drawing stage is the faster one, so it sleeps until half the ring is free rather than spinning beside the
     * caller (on a host whose cores are hyperthreads of one, a spinning thread slows its sibling).
     */
    private boolean awaitRoom(final long slot) {
        while (true) {
            final long room = counts.getAcquire(PERFORMED);
            counts.setPlain(ROOM_SEEN, room);
            if (slot - room < RING / 2) {
                return true;
            }
            if (abandoned) {
                return false;
            }
            LockSupport.parkNanos(DRAWER_PARK_NANOS);
        }
    }

    /** The caller's stage: performs what the drawing thread puts in the ring, in order. */
    private long pipelined(final long accesses) {
        requested = accesses;
        drawnInAll = -1;
        drawingFailure = null;
        abandoned = false;
        counts.setPlain(DRAWN, 0);
        counts.setPlain(PERFORMED, 0);
        counts.setPlain(ROOM_SEEN, 0);
        final Thread drawing = new Thread(drawer, "scalebench-warm-up-drawing");
        drawing.setDaemon(true);
        drawing.start();
        long done = 0;
        boolean finishedNormally = false;
        try {
            int spins = 0;
            while (true) {
                final long available = counts.getAcquire(DRAWN);
                if (done < available) {
                    final long end = Math.min(available, done + BATCH);
                    for (long s = done; s < end; s++) {
                        final int i = (int) s & (RING - 1);
                        final int c = ringCore[i];
                        protocol.warm(c & ~WRITE, c < 0, ringAddress[i], ringSdid[i], ringHdid[i]);
                    }
                    done = end;
                    counts.setRelease(PERFORMED, done);
                    spins = 0;
                } else if (drawnInAll >= 0 && done >= counts.getAcquire(DRAWN)) {
                    break; // drawnInAll is set after the last publication
                } else {
                    spins = pause(spins);
                }
            }
            finishedNormally = true;
        } finally {
            if (!finishedNormally) {
                abandoned = true;
            }
            joinQuietly(drawing);
        }
        final Throwable failure = drawingFailure;
        if (failure instanceof RuntimeException) {
            throw (RuntimeException) failure;
        }
        if (failure instanceof Error) {
            throw (Error) failure;
        }
        if (failure != null) {
            throw new IllegalStateException("drawing the warm-up's accesses failed: " + failure, failure);
        }
        return done;
    }

    private static void joinQuietly(final Thread t) {
        boolean interrupted = false;
        while (true) {
            try {
                t.join();
                break;
            } catch (final InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * One step of the performing stage's wait for the drawing one: spin first (it is the slower stage, so waits are
     * short), then yield the core (when the host has fewer free cores than stages, the drawing stage may need it),
     * then park briefly.
     */
    private static int pause(final int spins) {
        if (spins < SPINS) {
            Thread.onSpinWait();
            return spins + 1;
        }
        if (spins < 2 * SPINS) {
            Thread.yield();
            return spins + 1;
        }
        LockSupport.parkNanos(PARK_NANOS);
        return spins;
    }
}
