package org.scalebench.coherence.memory;

import org.scalebench.coherence.LineAddress;
import org.scalebench.coherence.network.Messenger;
import org.scalebench.coherence.timing.TimingPath;
import org.scalebench.core.Mix64;
import org.scalebench.core.RangeReduction;
import org.scalebench.core.SetAssocTags;

/**
 * The memory side of the homes: a shared-cache slice with a capacity at every home and DRAM behind the slices,
 * reached through memory controllers.
 *
 * <pre>
 *   slices    one SetAssocTags bank: set = home * sliceSets + (mix(line) &amp; (sliceSets - 1)); dirty[slot]
 *   read      hit:  sliceCycles
 *             miss: sliceCycles + msg(home, mc) + [controller queue] + dramCycles + data(mc, home); the line is
 *                   filled, a dirty victim is written to DRAM off the critical path (an orphan chain that occupies
 *                   its controller)
 *   write     a dirty line from a private cache is written into the slice (allocated if absent)
 *   mc        controllerOfHome[home] (memory behind each home), or a hash of the 4 KiB page over all
 *             controllers (page-interleaved channels)
 * </pre>
 * The slice is not inclusive of the private caches and is separate from the sparse directory. A line never read
 * before misses: first touches go to DRAM. The slices' state changes when a transaction is performed; the
 * controllers' queues are visited by the transaction's {@link TimingPath} in event order (controller {@code k} is
 * resource {@code controllerBase + k}).
 *
 * <p>Allocation: arrays at construction; no method allocates. Thread-safety: none.
 */
public final class HomeMemory {

    private final MemoryStats stats;
    private final Messenger messenger;
    private final int[] homeNodes;
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
    private final int controllerBase;
    private final int controlFlits;
    private final int dataFlits;

    /**
     * Builds empty slices.
     *
     * @param config the configuration
     * @param messenger carries (and counts) the memory traffic
     * @param homeNodes the node of each home
     * @param controllerBase the queued-resource number of controller 0
     * @param stats where to count
     */
    public HomeMemory(final MemoryConfig config, final Messenger messenger, final int[] homeNodes,
            final int controllerBase, final MemoryStats stats) {
        this.stats = stats;
        this.messenger = messenger;
        this.homeNodes = homeNodes.clone();
        final int homes = homeNodes.length;
        this.ideal = config.idealSlices();
        this.sliceCycles = config.sliceCycles();
        this.dramCycles = config.dramCycles();
        this.controllerNodes = config.controllerNodes().clone();
        this.controllers = controllerNodes.length;
        final int nodes = messenger.network().nodes();
        for (final int node : controllerNodes) {
            if (node < 0 || node >= nodes) {
                throw new IllegalArgumentException("memory controller node = " + node + ": must be in [0, "
                        + nodes + ")");
            }
        }
        if (config.controllerOfHome() != null && config.controllerOfHome().length != homes) {
            throw new IllegalArgumentException("controllers of homes: " + config.controllerOfHome().length
                    + " given for " + homes + " homes");
        }
        this.controllerOfHome = config.controllerOfHome() == null ? null : config.controllerOfHome().clone();
        this.controllerService = config.controllerServiceCycles();
        this.controllerBase = controllerBase;
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
        this.controlFlits = messenger.network().controlFlits();
        this.dataFlits = messenger.network().dataFlits();
        stats.attach(homes);
    }

    /**
     * Queued resources the controllers take.
     *
     * @return the number of controllers
     */
    public int controllers() {
        return controllers;
    }

    /**
     * Marks a home as having served a request (for {@link MemoryStats#homesTouched}).
     *
     * @param home the home
     */
    public void served(final int home) {
        stats.touch(home);
    }

    /**
     * Touches the slice set a read of {@code line} will look at (a software prefetch) and marks the home served.
     *
     * @param home the home
     * @param line the line
     * @return a value to keep the loads alive
     */
    public long touch(final int home, final long line) {
        stats.touch(home);
        if (ideal) {
            return 0;
        }
        return slices.touchSet((home << sliceSetShift) | ((int) Mix64.murmur3(line) & sliceSetMask));
    }

    /**
     * Reads a line at its home: the slice, or DRAM on a slice miss (filling the slice).
     *
     * @param home the home
     * @param line the line
     * @param path receives the read's time
     */
    public void read(final int home, final long line, final TimingPath path) {
        stats.homeReads++;
        path.delay(sliceCycles);
        if (ideal) {
            stats.homeHits++;
            return;
        }
        final int set = (home << sliceSetShift) | ((int) Mix64.murmur3(line) & sliceSetMask);
        if (slices.findInSet(set, line) >= 0) {
            stats.homeHits++;
            return;
        }
        stats.dramReads++;
        final int controller = controllerOf(home, line);
        final int homeNode = homeNodes[home];
        final int controllerNode = controllerNodes[controller];
        messenger.send(homeNode, controllerNode, controlFlits, path);
        path.packet(controllerResource(controller), controllerService);
        path.delay(dramCycles);
        messenger.send(controllerNode, homeNode, dataFlits, path);
        fill(home, set, line, (byte) 0, path);
    }

    /**
     * Writes a dirty line from a private cache into its home's slice (allocating it, which may write a dirty
     * victim back to DRAM).
     *
     * @param home the home
     * @param line the line
     * @param path receives the victim's write-back, if any, as an orphan chain
     */
    public void writeBack(final int home, final long line, final TimingPath path) {
        if (ideal) {
            return;
        }
        final int set = (home << sliceSetShift) | ((int) Mix64.murmur3(line) & sliceSetMask);
        final int slot = slices.findInSet(set, line);
        if (slot >= 0) {
            dirty[slot] = 1;
        } else {
            fill(home, set, line, (byte) 1, path);
        }
    }

    private void fill(final int home, final int set, final long line, final byte dirtyBit, final TimingPath path) {
        final int victim = slices.victimInSet(set);
        if (slices.isValid(victim) && dirty[victim] != 0) {
            // the dirty victim goes back to DRAM; nobody waits for it, but it occupies the network and its controller
            stats.dramWrites++;
            final int controller = controllerOf(home, slices.tagAt(victim));
            path.beginOrphan();
            messenger.send(homeNodes[home], controllerNodes[controller], dataFlits, path);
            path.packet(controllerResource(controller), controllerService);
            path.endOrphan();
        }
        slices.fillSlot(victim, line);
        dirty[victim] = dirtyBit;
    }

    private int controllerResource(final int controller) {
        return messenger.queues() ? controllerBase + controller : TimingPath.NONE;
    }

    private int controllerOf(final int home, final long line) {
        if (controllerOfHome != null) {
            return controllerOfHome[home];
        }
        // whole pages interleave over the controllers: hash the line's page number
        return RangeReduction.reduce(Mix64.stafford13(line >>> LineAddress.LINES_PER_PAGE_SHIFT), controllers);
    }

    /**
     * Whether the slices are ideal (every read hits).
     *
     * @return true for ideal slices
     */
    public boolean ideal() {
        return ideal;
    }
}
