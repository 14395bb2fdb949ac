package org.scalebench.coherence.sim;

import org.scalebench.coherence.LineAddress;
import org.scalebench.coherence.network.LinkLoad;
import org.scalebench.coherence.protocol.MesiProtocol;
import org.scalebench.coherence.protocol.ProtocolStats;
import org.scalebench.coherence.timing.Resources;
import org.scalebench.coherence.timing.Timeline;
import org.scalebench.coherence.timing.TimingPath;
import org.scalebench.core.Checks;

/**
 * A closed-loop machine: every issuing core runs its own stream on its own clock and has at most {@code mshrs}
 * misses outstanding. A core issues an access, spends the access's hit time (a private-cache hit) or starts a
 * transaction (a miss or an upgrade), then {@code think} cycles of non-memory work, and issues again; when all its
 * miss registers are busy, or it touches a line whose miss is still outstanding, it waits for a completion. So a
 * core never queues behind its own misses beyond what its registers allow, and the requests in flight are bounded:
 * queueing cannot exceed what Little's law allows for them.
 *
 * <p>Transactions are performed (their state changes) when issued, in the order of their issue times (the
 * {@link Timeline}'s event order); their timing then unfolds as events. A core's hits may run ahead of the earliest
 * pending event by at most {@link #RUN_AHEAD} cycles without going through the event queue (they touch only the
 * core's own cache; a transaction of another core that is earlier in time may then be performed after them, which
 * is one of the orders a real machine could have taken).
 *
 * <p>Allocation: arrays at construction. Thread-safety: none.
 */
public final class ClosedLoopMachine implements Timeline.Cores {

    /**
     * A resource or link busy this fraction of the counted time or more makes a run saturated: its queue, not the
     * machine's latencies, then sets the pace (an M/D/1 queue at this load already waits 4.5 services).
     */
    public static final double SATURATION = 0.9;
    /** Cycles a core's hits may run ahead of the earliest pending event. */
    public static final int RUN_AHEAD = 32;
    /** Cycles between the link model's epochs. */
    public static final long EPOCH = 512;

    private static final int NONE = -1;

    private final MesiProtocol protocol;
    private final Workload workload;
    private final Timeline timeline;
    private final LinkLoad links;
    private final TimingPath path = new TimingPath();
    private final Access access = new Access();
    private final ProtocolStats stats;
    private final int hitCycles;
    private final int think;
    private final int mshrs;
    private final int[] outstanding;
    /** The miss register a core waits on ({@link #ANY} for any, {@link #NONE} when not waiting). */
    private final int[] waitingOn;
    private final boolean[] finished;
    /** Per core and register: the line of the outstanding miss (only with more than one register). */
    private final long[] pendingLine;
    /** Per core: its next access, drawn ahead of its turn (after a gap, or waiting for a pending line). */
    private final boolean[] ready;
    private final boolean[] nextWrite;
    private final long[] nextAddress;
    private final int[] nextSdid;
    private final int[] nextHdid;
    private final int[] nextGap;
    private final int[] issuing;

    private long issued;
    private long limit;
    private boolean stop;
    private boolean counting;
    private long countedFrom;
    /** Cycles misses spent in flight since counting started (the time integral of the misses in flight). */
    private long inFlightTime;
    /** Cycles of the workload's gaps consumed since counting started. */
    private long countedGapCycles;
    /** The longest miss latency completed so far, counted or not. */
    private long longestLatency;
    /** Per core: idle cycles to spend before its next access ({@link #desynchronize}); null until then. */
    private long[] idle;
    private boolean idlePending;
    private long epochEnd = EPOCH;

    private static final int ANY = -2;

    /**
     * Builds the machine around a protocol and a workload; every issuing core is ready at time 0.
     *
     * @param protocol the protocol (its domains defined)
     * @param workload the workload
     * @param mshrs miss registers per core, at least 1
     * @param think cycles of non-memory work after each access, at least 0
     * @param chains initial capacity of the timeline's chain store
     */
    public ClosedLoopMachine(final MesiProtocol protocol, final Workload workload, final int mshrs, final int think,
            final int chains) {
        this(protocol, workload, mshrs, think, chains, new Resources(Math.max(1, protocol.resources())));
    }

    /**
     * Builds the machine on given resources (tests plant faulty ones).
     *
     * @param protocol the protocol (its domains defined)
     * @param workload the workload
     * @param mshrs miss registers per core, at least 1
     * @param think cycles of non-memory work after each access, at least 0
     * @param chains initial capacity of the timeline's chain store
     * @param resources the queued resources, at least {@link MesiProtocol#resources()} of them
     */
    public ClosedLoopMachine(final MesiProtocol protocol, final Workload workload, final int mshrs, final int think,
            final int chains, final Resources resources) {
        Checks.requireInRange("miss registers per core", mshrs, 1, 64);
        Checks.requireAtLeast("think cycles", think, 0);
        this.protocol = protocol;
        this.workload = workload;
        this.stats = protocol.stats();
        this.links = protocol.links();
        this.hitCycles = protocol.config().privateHitCycles();
        this.think = think;
        this.mshrs = mshrs;
        final int cores = protocol.config().cores();
        if (resources.count() < protocol.resources()) {
            throw new IllegalArgumentException(resources.count() + " resources: the protocol's paths use "
                    + protocol.resources());
        }
        this.timeline = new Timeline(cores, resources, chains);
        this.outstanding = new int[cores];
        this.waitingOn = new int[cores];
        java.util.Arrays.fill(waitingOn, NONE);
        this.finished = new boolean[cores];
        this.pendingLine = new long[mshrs > 1 ? cores * mshrs : 0];
        java.util.Arrays.fill(pendingLine, -1);
        this.ready = new boolean[cores];
        this.nextWrite = new boolean[cores];
        this.nextAddress = new long[cores];
        this.nextSdid = new int[cores];
        this.nextHdid = new int[cores];
        this.nextGap = new int[cores];
        this.issuing = workload.issuingCores();
        for (final int c : issuing) {
            timeline.wake(Checks.requireIndex("issuing core", c, cores), 0);
        }
    }

    /**
     * The timeline (its clock and resources).
     *
     * @return the timeline
     */
    public Timeline timeline() {
        return timeline;
    }

    /**
     * The cores that issue.
     *
     * @return how many
     */
    public int issuingCores() {
        return issuing.length;
    }

    /**
     * Accesses issued so far.
     *
     * @return the count
     */
    public long issued() {
        return issued;
    }

    /**
     * Runs until {@code accesses} more accesses are issued, or the workload ends.
     *
     * @param accesses how many more
     * @return how many were issued
     */
    public long runFor(final long accesses) {
        final long before = issued;
        limit = issued + accesses;
        stop = issued >= limit;
        if (!stop) {
            timeline.run(this);
        }
        return issued - before;
    }

    /**
     * Starts counting: the statistics, resource and link counters are zeroed, and misses issued from now on are
     * timed into the statistics.
     */
    public void startCounting() {
        stats.reset();
        timeline.resources().resetCounters();
        links.resetCounters();
        counting = true;
        countedFrom = timeline.now();
        inFlightTime = 0;
        countedGapCycles = 0;
    }

    /**
     * Stops issuing and lets every transaction in flight complete.
     *
     * @return the machine time when the last completed
     */
    public long drain() {
        final long end = timeline.drain(this);
        links.endEpoch(Math.max(1, end - (epochEnd - EPOCH)));
        return end;
    }

    /**
     * The machine time counting started at.
     *
     * @return cycles
     */
    public long countedFrom() {
        return countedFrom;
    }

    /**
     * Cycles misses spent in flight since counting started, those issued before it included from then on: the time
     * integral of the misses in flight (divided by the elapsed time, their mean number; Little's law).
     *
     * @return miss-cycles
     */
    public long inFlightTime() {
        return inFlightTime;
    }

    /**
     * Cycles the cores spent in the workload's gaps (work between accesses that the stream itself asks for) since
     * counting started.
     *
     * @return cycles, summed over the cores
     */
    public long countedGapCycles() {
        return countedGapCycles;
    }

    /**
     * The longest latency of a miss completed so far, counted or not.
     *
     * @return cycles
     */
    public long longestLatency() {
        return longestLatency;
    }

    /**
     * Gives every issuing core one idle stretch, drawn uniformly in {@code [0, span)}, before its next access. Cores
     * that started together (at time 0, or at the end of an untimed warm-up) and wait on misses of nearly the same long
     * latency (a broadcast to every core) otherwise keep moving in step, one wave per such latency; a real machine's
     * cores have no common start. Allocates the per-core array once.
     *
     * @param span the widest stretch, cycles (at least 1; the longest latency seen is the natural choice)
     * @param seed the draw's seed (the run's, so that a seed gives one output)
     */
    public void desynchronize(final long span, final long seed) {
        Checks.requireAtLeast("span", span, 1);
        if (idle == null) {
            idle = new long[outstanding.length];
        }
        final java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
        for (final int c : issuing) {
            idle[c] = random.nextLong(span);
        }
        idlePending = true;
    }

    @Override
    public boolean stop() {
        return stop;
    }

    @Override
    public long run(final int core, final long at) {
        while (at >= epochEnd) {
            links.endEpoch(EPOCH);
            epochEnd += EPOCH;
        }
        long time = at;
        while (true) {
            if (issued >= limit) {
                stop = true;
                return time;
            }
            if (idlePending && idle[core] > 0) {
                final long d = idle[core];
                idle[core] = 0;
                return park(time + d);
            }
            if (!ready[core] && !draw(core)) {
                finished[core] = true;
                return -1;
            }
            if (nextGap[core] > 0) {
                // the core works for the gap first: the access is made when its event comes up again
                final int gap = nextGap[core];
                nextGap[core] = 0;
                if (counting) {
                    countedGapCycles += gap;
                }
                return park(time + gap);
            }
            final boolean write = nextWrite[core];
            final long address = nextAddress[core];
            if (mshrs > 1 && outstanding[core] > 0) {
                final int register = pendingRegister(core, address >>> LineAddress.LINE_SHIFT);
                if (register != NONE) {
                    waitingOn[core] = register;
                    return park(-1);
                }
            }
            ready[core] = false;
            issued++;
            if (!protocol.issue(core, write, address, nextSdid[core], nextHdid[core], path)) {
                if (counting) {
                    stats.recordAccess(hitCycles);
                }
                time += hitCycles + think;
            } else {
                final int register = mshrs > 1 ? freeRegister(core, address >>> LineAddress.LINE_SHIFT) : 0;
                outstanding[core]++;
                timeline.start(path, core, time, register << 1 | (counting ? 1 : 0));
                if (outstanding[core] == mshrs) {
                    waitingOn[core] = ANY;
                    return park(-1);
                }
                time += think;
            }
            final long next = timeline.nextEventTime();
            // with nothing queued (a lone core) it parks too: the timeline resumes it at once, ending epochs on the way
            if (issued >= limit || next == Long.MAX_VALUE || time >= next + RUN_AHEAD) {
                return park(time);
            }
        }
    }

    /**
     * Draws a core's next access into its buffer and starts loading the private-cache set it will look at.
     *
     * @return false when the core has no more accesses
     */
    private boolean draw(final int core) {
        if (!workload.next(core, access)) {
            return false;
        }
        nextWrite[core] = access.write;
        nextAddress[core] = access.address;
        nextSdid[core] = access.sdid;
        nextHdid[core] = access.hdid;
        nextGap[core] = access.gap;
        ready[core] = true;
        return true;
    }

    /**
     * Before a core leaves the processor: draws the access of the core whose event comes next, if not drawn, and
     * prefetches the private-cache set it will use, so that the host's memory is loading while the event queue
     * works.
     *
     * @param wake what the leaving core returns
     * @return {@code wake}
     */
    private long park(final long wake) {
        final int head = timeline.nextEventId();
        if (head >= 0 && head < finished.length && !finished[head] && (ready[head] || draw(head))) {
            protocol.prefetch(head, nextAddress[head]);
        }
        return wake;
    }

    @Override
    public long completed(final int core, final int tag, final long from, final long at) {
        if (at - from > longestLatency) {
            longestLatency = at - from;
        }
        if (counting && at > countedFrom) {
            inFlightTime += at - Math.max(from, countedFrom);
        }
        outstanding[core]--;
        final int register = tag >>> 1;
        if ((tag & 1) != 0) {
            final long latency = at - from;
            stats.recordAccess(latency);
            stats.recordMiss(latency);
        }
        if (mshrs > 1) {
            pendingLine[core * mshrs + register] = -1;
        }
        final int waiting = waitingOn[core];
        if (waiting == ANY || waiting == register) {
            waitingOn[core] = NONE;
            return finished[core] ? -1 : at + think;
        }
        return -1;
    }

    private int pendingRegister(final int core, final long line) {
        final int base = core * mshrs;
        for (int k = 0; k < mshrs; k++) {
            if (pendingLine[base + k] == line) {
                return k;
            }
        }
        return NONE;
    }

    private int freeRegister(final int core, final long line) {
        final int base = core * mshrs;
        for (int k = 0; k < mshrs; k++) {
            if (pendingLine[base + k] < 0) {
                pendingLine[base + k] = line;
                return k;
            }
        }
        throw new IllegalStateException("core " + core + ": no free miss register");
    }

}
