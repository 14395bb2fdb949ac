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
 * when more are in flight than ever before, the event queue doubles and the chain store adds pages (a quarter
 * more chains, nothing copied). Thread-safety: none.
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

    // The chain store: chain k (event id cores + k) is the STRIDE longs from k * STRIDE, so that one event reads
    // one or two host cache lines (its header and its current leg) rather than one line per field.
    private static final int TAIL = 0;          // cycles after the last leg
    private static final int ISSUED = 1;        // root: issue time
    private static final int JOIN = 2;          // root with a fork: the later branch's end so far
    private static final int PUSHED = 3;        // a chain waiting for its train's end: the resource's push count
    private static final int WHO = 4;           // owner (root: issuing core; branch: parent chain) | tag << 32
    private static final int CHILDREN = 5;      // branch A | branch B << 32
    private static final int STATE = 6;         // legs | position << 8 | kind << 16 | on-train << 24
                                                // | pending branches << 40
    private static final int LEGS = 7;          // leg i: delay | packets << 40 at LEGS + 2i, resource | service << 32
    private static final int STRIDE = 32;       // 7 + 2 x MAX_LEGS = 27, rounded up to four cache lines
    private static final long LOW = 0xFFFF_FFFFL;
    private static final long DELAY_MASK = (1L << 40) - 1;

    // The store is cut into pages of PAGE_CHAINS chains (1 MiB each: a regular object, below G1's humongous size
    // from a 4 MiB region up), so that more chains in flight add pages: nothing is copied, and no array of
    // gigabytes has to find one contiguous stretch of a nearly full heap (a million-core run keeps millions of
    // chains in flight).
    private static final int PAGE_SHIFT = 17;               // longs per page, as a power of two
    private static final int PAGE_MASK = (1 << PAGE_SHIFT) - 1;
    private static final int PAGE_CHAINS = (1 << PAGE_SHIFT) / STRIDE;

    private int capacity;
    private long[][] pages = new long[0][];
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

    private void allocate(final int chains) {
        final int old = capacity;
        final int pageCount = (chains + PAGE_CHAINS - 1) / PAGE_CHAINS;
        if (pageCount > (Integer.MAX_VALUE >> PAGE_SHIFT)) {
            throw new IllegalStateException(chains + " chains in flight: the timeline holds up to "
                    + (Integer.MAX_VALUE / STRIDE) + " at once");
        }
        final int n = pageCount * PAGE_CHAINS;
        final int had = pages.length;
        pages = Arrays.copyOf(pages, pageCount);
        for (int k = had; k < pageCount; k++) {
            pages[k] = new long[1 << PAGE_SHIFT];
        }
        capacity = n;
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
            allocate(capacity + Math.max(PAGE_CHAINS, capacity / 4));
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

    /** Word {@code i} of the store ({@code chain * STRIDE + field}). */
    private long at(final int i) {
        return pages[i >>> PAGE_SHIFT][i & PAGE_MASK];
    }

    private void put(final int i, final long value) {
        pages[i >>> PAGE_SHIFT][i & PAGE_MASK] = value;
    }

    private int legCount(final int base) {
        return (int) (at(base + STATE) & 0xFF);
    }

    private int position(final int base) {
        return (int) (at(base + STATE) >>> 8 & 0xFF);
    }

    private void setPosition(final int base, final int p) {
        put(base + STATE, at(base + STATE) & ~0xFF00L | (long) p << 8);
    }

    private int kind(final int base) {
        return (int) (at(base + STATE) >>> 16 & 0xFF);
    }

    private boolean onTrain(final int base) {
        return (at(base + STATE) & 1L << 24) != 0;
    }

    private void setOnTrain(final int base, final boolean on) {
        put(base + STATE, on ? at(base + STATE) | 1L << 24 : at(base + STATE) & ~(1L << 24));
    }

    private int pending(final int base) {
        return (int) (at(base + STATE) >>> 40 & 0xFF);
    }

    private void setPending(final int base, final int n) {
        put(base + STATE, at(base + STATE) & ~(0xFFL << 40) | (long) n << 40);
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
        final int r = root * STRIDE;
        copy(path, TimingPath.ROOT, root, core < 0 ? ORPHAN : ROOT);
        put(r + WHO, core & LOW | (long) tag << 32);
        put(r + ISSUED, time);
        if (path.forkAt >= 0) {
            final int a = allocateChain();
            final int b = allocateChain();
            copy(path, TimingPath.BRANCH_A, a, BRANCH);
            copy(path, TimingPath.BRANCH_B, b, BRANCH);
            put(a * STRIDE + WHO, root);
            put(b * STRIDE + WHO, root);
            put(r + CHILDREN, a & LOW | (long) b << 32);
        }
        schedule(root, time);
        for (int k = 0; k < path.orphans; k++) {
            final int o = allocateChain();
            copy(path, TimingPath.ORPHAN + k, o, ORPHAN);
            put(o * STRIDE + WHO, LOW); // owner -1
            schedule(o, time + path.orphanStart[k]);
        }
    }

    private void copy(final TimingPath path, final int from, final int to, final int kind) {
        final int n = path.legs[from];
        final int src = from * L;
        final int base = to * STRIDE;
        for (int i = 0; i < n; i++) {
            final long delay = path.delay[src + i];
            final int packets = path.packets[src + i];
            if (delay < 0 || delay > DELAY_MASK || packets < 0 || packets >= 1 << 24) {
                throw new IllegalStateException("a leg of " + delay + " cycles and " + packets + " packets: the "
                        + "timeline holds up to 2^40 cycles and 2^24 packets");
            }
            put(base + LEGS + 2 * i, delay | (long) packets << 40);
            put(base + LEGS + 2 * i + 1, path.resource[src + i] & LOW | (long) path.service[src + i] << 32);
        }
        put(base + TAIL, path.tail[from]);
        put(base + STATE, n | (long) kind << 16);
    }

    /** Queues chain {@code c}'s next event: its next leg's arrival, or its end, measured from {@code from}. */
    private void schedule(final int c, final long from) {
        final int base = c * STRIDE;
        final int p = position(base);
        events.add(p < legCount(base) ? from + (at(base + LEGS + 2 * p) & DELAY_MASK) : from + at(base + TAIL),
                cores + c);
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
        final int base = c * STRIDE;
        final int p = position(base);
        if (p == legCount(base)) {
            finish(driver, c, t, wakeCores);
            return;
        }
        final long leg = at(base + LEGS + 2 * p);
        final long visit = at(base + LEGS + 2 * p + 1);
        final int r = (int) visit;
        final long next;
        if (onTrain(base)) {
            // the train's end as queued has come: packets interleaved since then pushed it back
            final long pushed = resources.trainPushed(r) - at(base + PUSHED);
            if (pushed > 0) {
                put(base + PUSHED, at(base + PUSHED) + pushed);
                events.add(t + pushed, cores + c);
                return;
            }
            setOnTrain(base, false);
            next = t;
        } else if (r == TimingPath.NONE) {
            // the fork: both branches start here; the root waits for them
            setPending(base, 2);
            put(base + JOIN, t);
            final long children = at(base + CHILDREN);
            schedule((int) children, t);
            schedule((int) (children >>> 32), t);
            setPosition(base, p + 1);
            return;
        } else {
            final int service = (int) (visit >>> 32);
            final int packets = (int) (leg >>> 40);
            if (packets == 0) {
                next = resources.packet(r, t, service);
            } else {
                final long end = resources.train(r, t, packets, service);
                put(base + PUSHED, resources.trainPushed(r));
                setOnTrain(base, true);
                events.add(end, cores + c);
                return;
            }
        }
        setPosition(base, p + 1);
        schedule(c, next);
    }

    private void finish(final Cores driver, final int c, final long t, final boolean wakeCores) {
        final int base = c * STRIDE;
        switch (kind(base)) {
            case ROOT -> {
                final long who = at(base + WHO);
                final int core = (int) who;
                final long from = at(base + ISSUED);
                final int tag = (int) (who >>> 32);
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
                final int parent = (int) at(base + WHO);
                release(c);
                final int pb = parent * STRIDE;
                put(pb + JOIN, Math.max(at(pb + JOIN), t));
                final int left = pending(pb) - 1;
                setPending(pb, left);
                if (left == 0) {
                    schedule(parent, at(pb + JOIN));
                }
            }
            default -> release(c);
        }
    }
}
