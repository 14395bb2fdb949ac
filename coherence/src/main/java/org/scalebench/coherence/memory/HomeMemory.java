package org.scalebench.coherence.memory;

import org.scalebench.coherence.LineAddress;
import org.scalebench.coherence.network.Interconnect;
import org.scalebench.core.Checks;
import org.scalebench.core.Mix64;
import org.scalebench.core.RangeReduction;
import org.scalebench.core.SetAssocTags;

/**
 * The memory side of the homes: a shared-cache slice with a capacity at every home, DRAM behind the slices
 * through memory controllers, queues at the home ports and the controllers, and the machine clock those
 * queues are timed by.
 *
 * <h2>Slices and DRAM</h2>
 * <pre>
 *   slices    one SetAssocTags bank: set = home * sliceSets + (mix(line) &amp; (sliceSets - 1)); dirty[slot]
 *   read      hit:  sliceCycles
 *             miss: sliceCycles + msg(home, mc) + wait(mc) + dramCycles + data(mc, home); the line is filled,
 *                   a dirty victim is written to DRAM off the critical path
 *   write     a dirty line from a private cache is written into the slice (allocated if absent)
 *   mc        controllerOfHome[home] (memory behind each home), or a hash of the 4 KiB page over all
 *             controllers (page-interleaved channels)
 * </pre>
 * The slice is not inclusive of the private caches and is separate from the sparse directory. A line
 * never read before misses: first touches go to DRAM.
 *
 * <h2>Time and queues</h2>
 * The simulator performs accesses one at a time in stream order. The machine clock {@link #now()} is the
 * mean core's time: every access adds its latency plus {@code thinkCycles} of non-memory work to a sum
 * over all cores, and {@code now = sum / cores}. An access is issued at {@code now}; its messages reach
 * the home, the controller and so on at {@code now} plus the latency so far. Each home port and each
 * controller is a {@link ResourceQueues} resource: a response (its serialization onto the network), a
 * train of invalidations, a broadcast, a DRAM line each occupy their resource, and a request finding it
 * busy waits. Because cores issue at the mean rate, a core's own back-to-back requests are not serialized
 * against each other (see docs/cdr-model.md for the biases).
 *
 * <p>Allocation: arrays at construction; no method allocates. Thread-safety: none.
 */
public final class HomeMemory {

    private static final int GAPS_PER_RESOURCE = 16;

    private final MemoryStats stats;
    private final Interconnect network;
    private final int[] homeNodes;
    private final int homes;
    private final boolean ideal;
    private final int sliceCycles;
    private final int dramCycles;
    private final SetAssocTags slices;
    private final byte[] dirty;
    private final int sliceSetShift;
    private final int sliceSetMask;
    private final int[] controllerNodes;
    private final int[] controllerOfHome;
    private final int controllers;
    private final int controllerService;
    private final boolean contention;
    private final ResourceQueues queues;
    private final int thinkCycles;
    private double perCore;
    private final int controlFlits;
    private final int dataFlits;
    private final int flitBytes;
    private long clockSum;
    private long clockBase;
    private long now;

    /**
     * Builds empty slices and idle queues at time 0.
     *
     * @param config the configuration
     * @param network the interconnect (its nodes are the cores)
     * @param homeNodes the node of each home
     * @param stats where to count
     */
    public HomeMemory(final MemoryConfig config, final Interconnect network, final int[] homeNodes,
            final MemoryStats stats) {
        this.stats = stats;
        this.network = network;
        this.homeNodes = homeNodes.clone();
        this.homes = homeNodes.length;
        this.ideal = config.idealSlices();
        this.sliceCycles = config.sliceCycles();
        this.dramCycles = config.dramCycles();
        this.controllerNodes = config.controllerNodes().clone();
        this.controllers = controllerNodes.length;
        for (final int node : controllerNodes) {
            if (node < 0 || node >= network.nodes()) {
                throw new IllegalArgumentException("memory controller node = " + node + ": must be in [0, "
                        + network.nodes() + ")");
            }
        }
        if (config.controllerOfHome() != null && config.controllerOfHome().length != homes) {
            throw new IllegalArgumentException("controllers of homes: " + config.controllerOfHome().length
                    + " given for " + homes + " homes");
        }
        this.controllerOfHome = config.controllerOfHome() == null ? null : config.controllerOfHome().clone();
        this.controllerService = config.controllerServiceCycles();
        this.contention = config.contention();
        if (ideal) {
            this.slices = null;
            this.dirty = new byte[0];
            this.sliceSetShift = 0;
            this.sliceSetMask = 0;
        } else {
            final long slots = (long) homes * config.sliceSetsPerHome() * config.sliceWays();
            if (slots > SetAssocTags.MAX_CAPACITY) {
                throw new IllegalArgumentException(homes + " homes x " + config.sliceLines()
                        + " slice lines: more slots than one array holds");
            }
            this.slices = new SetAssocTags(homes * config.sliceSetsPerHome(), config.sliceWays(), config.slicePolicy());
            this.dirty = new byte[slices.capacity()];
            this.sliceSetShift = Integer.numberOfTrailingZeros(config.sliceSetsPerHome());
            this.sliceSetMask = config.sliceSetsPerHome() - 1;
        }
        this.queues = new ResourceQueues(homes + Math.max(controllers, 1), GAPS_PER_RESOURCE);
        this.thinkCycles = config.thinkCycles();
        this.perCore = 1.0 / network.nodes();
        this.controlFlits = network.controlFlits();
        this.dataFlits = network.dataFlits();
        this.flitBytes = network.flitBytes();
        stats.attach(homes);
    }

    /**
     * How many cores issue accesses (the clock advances by their mean latency): the machine's cores unless a
     * workload leaves some idle.
     *
     * @param cores issuing cores, at least 1 (capped at the machine's)
     */
    public void setIssuingCores(final int cores) {
        Checks.requireAtLeast("issuing cores", cores, 1);
        clockBase = now(); // the rate changes from here on
        clockSum = 0;
        perCore = 1.0 / Math.min(cores, network.nodes());
    }

    /**
     * The machine clock: when the next access is issued. Also brings {@link MemoryStats#machineCycles()} up to
     * date (the clock is read at every request to a home, and by the simulator before it reads the counters).
     *
     * @return cycles
     */
    public long now() {
        final long t = clockBase + (long) (clockSum * perCore);
        stats.machineCycles += t - now;
        now = t;
        queues.advanceFloor(t);
        return t;
    }

    /**
     * Accounts one access: the mean core advances by its latency plus the think time (one addition; the clock
     * is divided out when read).
     *
     * @param latency the access's latency in cycles
     */
    public void advance(final long latency) {
        clockSum += latency + thinkCycles;
    }

    /**
     * Records that {@code home} served a request that needs no data (an upgrade).
     *
     * @param home the home slice
     */
    public void served(final int home) {
        stats.touch(home);
    }

    /**
     * Records that {@code home} serves a request and touches the slice set a line's read will use, so that its host memory fetch overlaps the directory
     * lookup before it (changes no simulated state).
     *
     * @param home the home slice
     * @param line the line index
     * @return a value to keep alive (the set's first tag)
     */
    public long touch(final int home, final long line) {
        stats.touch(home);
        if (ideal) {
            return 0;
        }
        return slices.touchSet((home << sliceSetShift) | ((int) Mix64.murmur3(line) & sliceSetMask));
    }

    /**
     * Reads a line at its home: from the slice, or from DRAM through the line's controller (the line is
     * then kept in the slice).
     *
     * @param home the home slice
     * @param line the line index
     * @param arrival when the read starts at the home (machine cycles)
     * @return cycles until the data is ready at the home
     */
    public long read(final int home, final long line, final long arrival) {
        stats.homeReads++;
        if (ideal) {
            stats.homeHits++;
            return sliceCycles;
        }
        final int set = (home << sliceSetShift) | ((int) Mix64.murmur3(line) & sliceSetMask);
        if (slices.findInSet(set, line) >= 0) {
            stats.homeHits++;
            return sliceCycles;
        }
        stats.dramReads++;
        final int controller = controllerOf(home, line);
        final int homeNode = homeNodes[home];
        final int controllerNode = controllerNodes[controller];
        long latency = sliceCycles + send(homeNode, controllerNode, controlFlits);
        latency += book(homes + controller, arrival + latency, controllerService);
        latency += dramCycles + send(controllerNode, homeNode, dataFlits);
        fill(home, set, line, (byte) 0, arrival + latency);
        return latency;
    }

    /**
     * A dirty line reaches its home (a write-back or a dirty copy's invalidation): the slice keeps it dirty.
     *
     * @param home the home slice
     * @param line the line index
     */
    public void writeBack(final int home, final long line) {
        if (ideal) {
            return;
        }
        final int set = (home << sliceSetShift) | ((int) Mix64.murmur3(line) & sliceSetMask);
        final int slot = slices.findInSet(set, line);
        if (slot >= 0) {
            dirty[slot] = 1;
        } else {
            fill(home, set, line, (byte) 1, now());
        }
    }

    /**
     * Books {@code cycles} of {@code home}'s port from {@code time} (a response, a forward, invalidations).
     *
     * @param home the home slice
     * @param time when the home starts sending
     * @param cycles how long its port is busy
     * @return the cycles the home waited for its port
     */
    public long port(final int home, final long time, final long cycles) {
        return book(home, time, cycles);
    }

    private long book(final int resource, final long time, final long cycles) {
        if (!contention || cycles <= 0) {
            return 0;
        }
        stats.bookings++;
        final long wait = queues.book(resource, time, cycles) - time;
        if (wait > 0) {
            stats.queuedBookings++;
            stats.queueCycles += wait;
        }
        return wait;
    }

    private void fill(final int home, final int set, final long line, final byte dirtyBit, final long time) {
        final int victim = slices.victimInSet(set);
        if (slices.isValid(victim) && dirty[victim] != 0) {
            // the dirty victim goes back to DRAM; nobody waits for it, but it occupies its controller
            stats.dramWrites++;
            final int controller = controllerOf(home, slices.tagAt(victim));
            final int controllerNode = controllerNodes[controller];
            book(homes + controller, time + send(homeNodes[home], controllerNode, dataFlits), controllerService);
        }
        slices.fillSlot(victim, line);
        dirty[victim] = dirtyBit;
    }

    private int controllerOf(final int home, final long line) {
        if (controllerOfHome != null) {
            return controllerOfHome[home];
        }
        // whole pages interleave over the controllers: hash the line's page number
        return RangeReduction.reduce(Mix64.stafford13(line >>> LineAddress.LINES_PER_PAGE_SHIFT), controllers);
    }

    private long send(final int from, final int to, final int flits) {
        stats.messages++;
        stats.bytes += (long) flits * flitBytes;
        stats.flitHops += (long) flits * network.hops(from, to);
        return network.latency(from, to, flits);
    }

    /**
     * Whether the slices are ideal (hold every line).
     *
     * @return true when there is no DRAM
     */
    public boolean ideal() {
        return ideal;
    }

    /**
     * Number of memory controllers.
     *
     * @return controllers
     */
    public int controllers() {
        return controllers;
    }
}
