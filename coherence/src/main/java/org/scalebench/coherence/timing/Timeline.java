package org.scalebench.coherence.timing;

import java.util.Arrays;
import org.scalebench.core.Checks;

/**
 * The machine's clock: a discrete-event loop over cores and in-flight transactions, so the same inputs always give
 * the same timings.
 *
 * <p>Events are taken in time order, events of one time in the order they were queued ({@link EventQueue}).
 * Two kinds of events. A <em>core event</em> at time {@code t} lets a core run: the {@link Cores} it drives
 * performs the core's next accesses and says when the core runs again, or that it waits for a miss. A
 * <em>chain event</em> moves an in-flight transaction's {@link TimingPath} one leg on: the chain has arrived at the
 * leg's resource, which serves it at once or after the packets that arrived before it (resources see their
 * packets in arrival order, because events are taken in time order). When a transaction's root chain ends, the
 * core that issued it is told the completion time.
 *
 * <p>Allocation: arrays sized at construction for {@code cores} cores and up to {@code chains} chains in flight;
 * the event queue and the chain store double when more are in flight than ever before. Thread-safety: none.
 */
public final class Timeline {

    /** What runs the cores: performs their accesses as their events come up. */
    public interface Cores {
        /**
         * Lets a core run from {@code time}.
         *
         * @param core the core
         * @param time its event's time
         * @return when the core runs next, or -1 when it waits for a transaction or has nothing more to do
         */
        long run(int core, long time);

        /**
         * A transaction the core issued at {@code issued} has completed.
         *
         * @param core the core
         * @param tag the tag the transaction was started with
         * @param issued when it was issued
         * @param completed when its last leg ended
         * @return when the core runs next, or -1 when it does not (yet)
         */
        long completed(int core, int tag, long issued, long completed);

        /**
         * Asked after each event: whether the loop should stop (for instance, the counted accesses are issued).
         *
         * @return true to stop
         */
        boolean stop();
    }

    private static final int ROOT = 0;
    private static final int BRANCH = 1;
    private static final int ORPHAN = 2;
    private static final int L = TimingPath.MAX_LEGS;

    private final int cores;
    private final Resources resources;
    private final EventQueue events;

    // chain store: chain k is event id cores + k
    private int capacity;
    private long[] legDelay;
    private int[] legResource;
    private int[] legService;
    private int[] legPackets;
    private int[] legCount;
    private int[] position;
    private long[] tail;
    private byte[] kind;
    private int[] owner;       // root: issuing core; branch: parent chain
    private long[] issued;     // root: issue time
    private int[] tags;        // root: the caller's tag
    private int[] forkAt;
    private int[] childA;
    private int[] childB;
    private int[] pending;
    private long[] joinTime;
    private long[] trainPushedAt; // a chain waiting for its train's end: the resource's push count when queued
    private boolean[] onTrain;
    private int[] free;
    private int freeCount;
    private int inFlight;
    private long now;
    /** Core events set aside while draining. */
    private final EventQueue parked = new EventQueue(64);

    /**
     * Creates a timeline.
     *
     * @param cores cores (event ids below this are core events)
     * @param resources the queued resources
     * @param chains initial chain capacity
     */
    public Timeline(final int cores, final Resources resources, final int chains) {
        Checks.requireAtLeast("cores", cores, 1);
        Checks.requireAtLeast("chains", chains, 1);
        this.cores = cores;
        this.resources = resources;
        this.events = new EventQueue(Math.max(16, Math.min(cores, 1 << 20) + chains));
        allocate(chains);
    }

    private void allocate(final int n) {
        final int old = capacity;
        capacity = n;
        legDelay = old == 0 ? new long[n * L] : Arrays.copyOf(legDelay, n * L);
        legResource = old == 0 ? new int[n * L] : Arrays.copyOf(legResource, n * L);
        legService = old == 0 ? new int[n * L] : Arrays.copyOf(legService, n * L);
        legPackets = old == 0 ? new int[n * L] : Arrays.copyOf(legPackets, n * L);
        legCount = old == 0 ? new int[n] : Arrays.copyOf(legCount, n);
        position = old == 0 ? new int[n] : Arrays.copyOf(position, n);
        tail = old == 0 ? new long[n] : Arrays.copyOf(tail, n);
        kind = old == 0 ? new byte[n] : Arrays.copyOf(kind, n);
        owner = old == 0 ? new int[n] : Arrays.copyOf(owner, n);
        issued = old == 0 ? new long[n] : Arrays.copyOf(issued, n);
        tags = old == 0 ? new int[n] : Arrays.copyOf(tags, n);
        forkAt = old == 0 ? new int[n] : Arrays.copyOf(forkAt, n);
        childA = old == 0 ? new int[n] : Arrays.copyOf(childA, n);
        childB = old == 0 ? new int[n] : Arrays.copyOf(childB, n);
        pending = old == 0 ? new int[n] : Arrays.copyOf(pending, n);
        joinTime = old == 0 ? new long[n] : Arrays.copyOf(joinTime, n);
        trainPushedAt = old == 0 ? new long[n] : Arrays.copyOf(trainPushedAt, n);
        onTrain = old == 0 ? new boolean[n] : Arrays.copyOf(onTrain, n);
        final int[] grown = new int[n];
        if (old > 0) {
            System.arraycopy(free, 0, grown, 0, freeCount);
        }
        free = grown;
        for (int k = n - 1; k >= old; k--) {
            free[freeCount++] = k;
        }
    }

    private int allocateChain() {
        if (freeCount == 0) {
            allocate(capacity * 2);
        }
        // take the lowest-numbered free chain: the free stack holds them in decreasing order when fresh
        final int c = free[--freeCount];
        inFlight++;
        return c;
    }

    private void release(final int c) {
        free[freeCount++] = c;
        inFlight--;
    }

    /**
     * The resources the chains visit.
     *
     * @return the resources
     */
    public Resources resources() {
        return resources;
    }

    /**
     * The time of the event being handled (or last handled).
     *
     * @return cycles
     */
    public long now() {
        return now;
    }

    /**
     * The earliest queued event's time.
     *
     * @return the time, {@link Long#MAX_VALUE} when nothing is queued
     */
    public long nextEventTime() {
        return events.peekTime();
    }

    /**
     * The earliest queued event's id: a core below the number of cores, a chain above.
     *
     * @return the id, -1 when nothing is queued
     */
    public int nextEventId() {
        return events.isEmpty() ? -1 : events.peekId();
    }

    /**
     * Transactions' chains in flight (roots, branches and orphans).
     *
     * @return the count
     */
    public int chainsInFlight() {
        return inFlight;
    }

    /**
     * Lets a core run at {@code time}.
     *
     * @param core the core
     * @param time when
     */
    public void wake(final int core, final long time) {
        events.add(time, core);
    }

    /**
     * Starts a transaction's timing: its root chain for {@code core} (or an orphan-only transaction when
     * {@code core} is -1), its fork's branches and its orphans.
     *
     * @param path the transaction's path
     * @param core the issuing core, or -1 when nobody waits for the root
     * @param time when it is issued
     * @param tag given back with the completion
     */
    public void start(final TimingPath path, final int core, final long time, final int tag) {
        final int root = allocateChain();
        copy(path, TimingPath.ROOT, root);
        kind[root] = (byte) (core < 0 ? ORPHAN : ROOT);
        owner[root] = core;
        issued[root] = time;
        tags[root] = tag;
        forkAt[root] = path.forkAt;
        if (path.forkAt >= 0) {
            final int a = allocateChain();
            final int b = allocateChain();
            copy(path, TimingPath.BRANCH_A, a);
            copy(path, TimingPath.BRANCH_B, b);
            kind[a] = BRANCH;
            kind[b] = BRANCH;
            owner[a] = root;
            owner[b] = root;
            childA[root] = a;
            childB[root] = b;
        }
        schedule(root, time);
        for (int k = 0; k < path.orphans; k++) {
            final int o = allocateChain();
            copy(path, TimingPath.ORPHAN + k, o);
            kind[o] = ORPHAN;
            owner[o] = -1;
            schedule(o, time + path.orphanStart[k]);
        }
    }

    private void copy(final TimingPath path, final int from, final int to) {
        final int n = path.legs[from];
        final int src = from * L;
        final int dst = to * L;
        System.arraycopy(path.delay, src, legDelay, dst, n);
        System.arraycopy(path.resource, src, legResource, dst, n);
        System.arraycopy(path.service, src, legService, dst, n);
        System.arraycopy(path.packets, src, legPackets, dst, n);
        legCount[to] = n;
        position[to] = 0;
        tail[to] = path.tail[from];
        onTrain[to] = false;
        forkAt[to] = -1;
    }

    /** Queues chain {@code c}'s next event: its next leg's arrival, or its end, measured from {@code from}. */
    private void schedule(final int c, final long from) {
        final int p = position[c];
        events.add(p < legCount[c] ? from + legDelay[c * L + p] : from + tail[c], cores + c);
    }

    /**
     * Handles events in order until the driver says to stop, or until the queue runs dry (every core is done).
     *
     * @param driver runs the cores
     * @return true when the driver stopped it, false when the queue ran dry
     */
    public boolean run(final Cores driver) {
        while (!events.isEmpty()) {
            final long t = events.peekTime();
            final int id = events.peekId();
            events.poll();
            now = t;
            if (id < cores) {
                final long next = driver.run(id, t);
                if (next >= 0) {
                    events.add(next, id);
                }
            } else {
                advance(driver, id - cores, t, true);
            }
            if (driver.stop()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Handles chain events only (cores stay where they are) until no chain is in flight: the drain at the end of a
     * run, so every counted transaction completes. Core events met on the way are put back.
     *
     * @param driver told of completions (its answers are kept for the next {@link #run}: the cores wake then)
     * @return the time of the last chain event
     */
    public long drain(final Cores driver) {
        long last = now;
        parked.clear();
        while (inFlight > 0 && !events.isEmpty()) {
            final long t = events.peekTime();
            final int id = events.peekId();
            events.poll();
            if (id < cores) {
                parked.add(t, id);
                continue;
            }
            now = t;
            last = t;
            advance(driver, id - cores, t, false);
        }
        while (!parked.isEmpty()) {
            events.add(parked.peekTime(), parked.peekId());
            parked.poll();
        }
        return last;
    }

    private void advance(final Cores driver, final int c, final long t, final boolean wakeCores) {
        final int p = position[c];
        if (p == legCount[c]) {
            finish(driver, c, t, wakeCores);
            return;
        }
        final int i = c * L + p;
        final int r = legResource[i];
        final long next;
        if (onTrain[c]) {
            // the train's end as queued has come: packets interleaved since then pushed it back
            final long pushed = resources.trainPushed(r) - trainPushedAt[c];
            if (pushed > 0) {
                trainPushedAt[c] += pushed;
                events.add(t + pushed, cores + c);
                return;
            }
            onTrain[c] = false;
            next = t;
        } else if (r == TimingPath.NONE) {
            // the fork: both branches start here; the root waits for them
            pending[c] = 2;
            joinTime[c] = t;
            schedule(childA[c], t);
            schedule(childB[c], t);
            position[c] = p + 1;
            return;
        } else if (legPackets[i] == 0) {
            next = resources.packet(r, t, legService[i]);
        } else {
            final long end = resources.train(r, t, legPackets[i], legService[i]);
            trainPushedAt[c] = resources.trainPushed(r);
            onTrain[c] = true;
            events.add(end, cores + c);
            return;
        }
        position[c] = p + 1;
        schedule(c, next);
    }

    private void finish(final Cores driver, final int c, final long t, final boolean wakeCores) {
        switch (kind[c]) {
            case ROOT -> {
                final int core = owner[c];
                final long from = issued[c];
                final int tag = tags[c];
                release(c);
                final long wake = driver.completed(core, tag, from, t);
                if (wake >= 0) {
                    if (wakeCores) {
                        events.add(wake, core);
                    } else {
                        parked.add(wake, core);
                    }
                }
            }
            case BRANCH -> {
                final int parent = owner[c];
                release(c);
                joinTime[parent] = Math.max(joinTime[parent], t);
                if (--pending[parent] == 0) {
                    schedule(parent, joinTime[parent]);
                }
            }
            default -> release(c);
        }
    }
}
