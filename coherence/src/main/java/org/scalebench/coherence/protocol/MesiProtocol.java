package org.scalebench.coherence.protocol;

import java.util.Arrays;
import org.scalebench.coherence.LineAddress;
import org.scalebench.coherence.domain.HomeDomains;
import org.scalebench.coherence.domain.MapCacheBank;
import org.scalebench.coherence.domain.SharerDomains;
import org.scalebench.coherence.format.DirectoryFormat;
import org.scalebench.coherence.format.DirectoryFormatFactory;
import org.scalebench.coherence.format.DirectoryFormats;
import org.scalebench.coherence.home.HomeMapping;
import org.scalebench.coherence.memory.HomeMemory;
import org.scalebench.coherence.network.Interconnect;
import org.scalebench.coherence.network.LinkLoad;
import org.scalebench.coherence.network.Messenger;
import org.scalebench.coherence.network.PartitionProbe;
import org.scalebench.coherence.network.TreeLinkCounter;
import org.scalebench.coherence.timing.TimingPath;
import org.scalebench.core.FastDivisor;
import org.scalebench.core.LineTable;
import org.scalebench.core.Mix64;
import org.scalebench.core.SetAssocTags;

/**
 * A MESI directory protocol over private caches and home slices, with pluggable directory formats and
 * home mappings: the machine of Coherence Domain Restriction (Fu, Nguyen, Wentzlaff, MICRO 2015) and of
 * its baselines. Transactions are atomic (each access completes before the next starts, no transient
 * states), so the same access stream always gives the same result.
 *
 * <h2>Structure</h2>
 * <pre>
 *   private caches   one SetAssocTags bank: set = core * privateSets + (line &amp; (privateSets - 1))
 *                    per slot: state (I S E M), directory entry of the line, holder-list links
 *   home slices      one SetAssocTags bank of sparse directories:
 *                    set = home * directorySets + (mix(line) &amp; (directorySets - 1))
 *                    per entry: the format's sharer state, first holder
 *   homes            global interleave, or home domain + logical home + Home Map Cache (per core)
 * </pre>
 * Invalidations go where the directory format says, as in hardware: to its targets (the exact sharers,
 * the logical sharers translated through the Sharer Map Cache, or every core of every marked coarse group),
 * each target dropping its copy if it has one; an invalidation that finds no copy is counted as
 * superfluous. A broadcast goes to every core; it acts on the copies that exist, which the entry's holder
 * list reaches without probing a million caches. The holder list links the private slots that really hold
 * the line: it is ground truth that the protocol's decisions never read (except to deliver a broadcast),
 * so a format that forgets a sharer leaves a stale copy behind, which a checker finds
 * ({@link org.scalebench.coherence.verify.CoherenceInvariants}).
 *
 * <h2>Transactions and their timing</h2>
 * A transaction is performed whole when it is issued (its state changes are atomic), and it lays out its timing as a
 * {@link TimingPath}: the messages it sends (each through the sender's and the receiver's network interface queues
 * when they differ, and over the links), the directory and slice accesses, the DRAM reads behind a controller's
 * queue. The caller's {@code Timeline} walks the path in event order. Zero-load latencies (cycles):
 * <pre>
 *   hit                  privateHit
 *   GetS, no copies      [HMC miss] + req(core, home) + dir + homeData + data(home, core)              -&gt; E
 *   GetS, sharers        [HMC miss] + req + dir + homeData + data(home, core)                          -&gt; S
 *   GetS, owner          [HMC miss] + req + dir + fwd(home, owner) + data(owner, core)                 -&gt; S, S
 *   GetM                 [HMC miss] + req + dir + max(invalidation round, homeData) + data             -&gt; M
 *   Upgrade              [HMC miss] + req + dir + invalidation round + grant(home, core)               -&gt; M
 *   GetM, owner          [HMC miss] + req + dir + fwd(home, owner) + data(owner, core)                 -&gt; M
 *   round, tree          [SMC misses x mapMiss] + max_t (inv(home, t) + ack(t, home))
 *   round, serial        [SMC misses x mapMiss] + n x ser + max_t (inv(home, t) + ack(t, home)) + n x ser
 *   broadcast, tree      2 x latency to the farthest core
 *   broadcast, serial    (cores - 1) x ser + 2 x latency to the farthest core + (cores - 1) x ser
 *   homeData             the home's slice, or DRAM through a memory controller ({@link HomeMemory})
 * </pre>
 * With {@link InvalidationDelivery#TREE} a round is one message down a multicast tree and one combined
 * acknowledgement back; with {@link InvalidationDelivery#SERIAL} the home sends {@code n} invalidations back to
 * back and receives {@code n} acknowledgements (trains through its interface, {@code ser} cycles each).
 * Evictions (PutS, PutE, PutM), dirty write-backs, Dir_i NB overflow invalidations and sparse-directory evictions
 * are orphan chains of the path: they occupy the network and the queues, nobody waits for them.
 *
 * <p>The protocol models no data; it reports where data moves to a {@link DataObserver} (a checker keeps
 * values there). Read-only views ({@link #copyState}, {@link #directoryEntry}, {@link #holders}) let a
 * checker inspect the machine without changing it.
 *
 * <p>Allocation: arrays sized from the configuration at construction; {@link #access} and {@link #issue}
 * allocate nothing. Thread-safety: none.
 */
public final class MesiProtocol {

    /** Private-cache line states. */
    public static final byte INVALID = 0;
    /** A clean copy that others may share. */
    public static final byte SHARED = 1;
    /** The only copy, clean. */
    public static final byte EXCLUSIVE = 2;
    /** The only copy, dirty. */
    public static final byte MODIFIED = 3;

    private static final int NIL = -1;

    private final ProtocolConfig config;
    private final int cores;
    private final Interconnect network;
    private final int[] homeNodes;
    private final int controlFlits;
    private final int dataFlits;
    private final int flitBytes;

    private final SetAssocTags privateTags;
    private final int privateSetShift;
    private final int privateSetMask;
    private final byte[] state;
    private final int[] entryOfSlot;
    private final int[] nextHolder;
    private final int[] previousHolder;

    private final SetAssocTags directoryTags;
    private final int directorySetShift;
    private final int directorySetMask;
    private final FastDivisor entriesPerHome;
    private final int[] firstHolder;
    private final DirectoryFormat format;

    private final SharerDomains sharerDomains;
    private final HomeDomains homeDomains;
    private final MapCacheBank sharerMapCaches;
    private final MapCacheBank homeMapCaches;
    private final HomeMapping homeMapping;
    private final boolean restrictedHomes;
    /** First-touch placement: page to home slice, filled as pages are first touched. */
    private final LineTable pageHome;
    /** The home slice next to each core: its node's, or its interface's nearest (first touch, server directory). */
    private final int[] nearHome;
    /** A hierarchical directory: reads are served by a copy in the requester's interface when there is one. */
    private final boolean hierarchical;

    private final int[] targets;
    /** Runs of consecutive targets ({@link DirectoryFormat#targetRuns}): pairs first, end. */
    private final int[] targetRuns;
    /**
     * Per core, the invalidation round in which it was found on the line's holder list ({@link #markHolders}), negated
     * once the round is found to target it: a round's targets that hold no copy are told apart without probing their
     * caches.
     */
    private final int[] holdsInRound;
    /** The current invalidation round's number (0 is never one). */
    private int round;
    /** Whether the last {@link #dropTargetedHolders} wrote a dirty copy back. */
    private boolean droppedDirty;
    /** The longest round trip of a data acknowledgement in the last timed {@link #dropTargetedHolders}, else 0. */
    private long dirtyRoundTrip;
    /** Counts the links of invalidation multicasts. */
    private final TreeLinkCounter trees;
    private final long[] broadcastTreeLinks;
    private final long[] broadcastHopSum;
    private final ProtocolStats stats = new ProtocolStats();
    /** Slices and DRAM behind the homes. */
    private final HomeMemory memory;
    /** The home slice at each node (-1 where none), to find a write-back's slice from its node. */
    private final int[] homeAtNode;
    private final boolean resetBroadcastOnEmpty;
    private final boolean tree;
    /**
     * Whether an invalidation's uncontended round trip is the same to every core of an interface but the home's own
     * node: latency by interface and no link contention. A round then takes one per server, not one per core.
     */
    private final boolean roundTripByInterface;
    /** Coherence messages: their queues, latency and traffic. */
    private final Messenger messenger;
    private final LinkLoad links;
    /** The path {@link #access} builds into (a simulation passes its own to {@link #issue}). */
    private final TimingPath scratchPath = new TimingPath();
    private final DataObserver data;
    /** The messenger of the homes' DRAM traffic. */
    private final Messenger memoryMessenger;
    /** Told what each access reaches when a partitioning is probed; null otherwise. */
    private PartitionProbe probe;

    /** Keeps {@link #prefetch}'s loads alive. */
    private long prefetchSink;
    /**
     * False while {@link #warm} performs an access: its messages, link loads and invalidation rounds are neither laid
     * out nor counted (the state changes are the same).
     */
    private boolean timed = true;

    /**
     * Builds the machine: empty caches and directories, undefined domains.
     *
     * @param config the configuration
     */
    public MesiProtocol(final ProtocolConfig config) {
        this(config, DirectoryFormats::create, DataObserver.NONE);
    }

    /**
     * Builds the machine with a format of the caller's and an observer of data movements.
     *
     * @param config the configuration
     * @param formats builds the directory format named by {@code config.format()}
     * @param data told where line data moves
     */
    public MesiProtocol(final ProtocolConfig config, final DirectoryFormatFactory formats, final DataObserver data) {
        this.config = config;
        this.data = data;
        this.cores = config.cores();
        this.network = config.network();
        this.homeNodes = config.homeNodes().clone();
        this.controlFlits = network.controlFlits();
        this.dataFlits = network.dataFlits();
        this.flitBytes = network.flitBytes();

        final int privateSets = config.privateSetsPerCore();
        this.privateTags = new SetAssocTags(cores * privateSets, config.privateWays(), config.privatePolicy());
        this.privateSetShift = Integer.numberOfTrailingZeros(privateSets);
        this.privateSetMask = privateSets - 1;
        final int privateSlots = privateTags.capacity();
        this.state = new byte[privateSlots];
        this.entryOfSlot = new int[privateSlots];
        this.nextHolder = new int[privateSlots];
        this.previousHolder = new int[privateSlots];

        final int homes = homeNodes.length;
        final int directorySets = config.directorySetsPerHome();
        this.directoryTags = new SetAssocTags(homes * directorySets, config.directoryWays(), config.directoryPolicy());
        this.directorySetShift = Integer.numberOfTrailingZeros(directorySets);
        this.directorySetMask = directorySets - 1;
        this.entriesPerHome = new FastDivisor(directorySets * config.directoryWays());
        this.firstHolder = new int[directoryTags.capacity()];

        this.sharerMapCaches = MapCacheBank.sharerMapCaches(homes, config.mapCacheEntries(),
                config.mapCacheReplacement());
        this.homeMapCaches = MapCacheBank.homeMapCaches(cores, config.mapCacheEntries(), config.mapCacheReplacement());
        this.sharerDomains = new SharerDomains(config.sharerDomainCount(), cores, sharerMapCaches);
        this.homeDomains = new HomeDomains(config.homeDomainCount(), homes, homeMapCaches);
        this.homeMapping = config.homeMapping();
        this.restrictedHomes = homeMapping.restricted();
        this.pageHome = homeMapping.firstTouch() ? new LineTable(1 << 12, NIL) : null;
        this.hierarchical = config.format().kind() == org.scalebench.coherence.format.FormatSpec.Kind.HIER;
        this.format = formats.create(config.format(), directoryTags.capacity(), sharerDomains, sharerMapCaches);
        this.targets = new int[Math.max(format.maxTargets(), 1)];
        this.targetRuns = new int[2 * format.maxTargetRuns()];
        this.holdsInRound = new int[cores];
        this.trees = network.newTreeLinkCounter();
        this.broadcastTreeLinks = new long[homes];
        this.broadcastHopSum = new long[homes];
        for (int h = 0; h < homes; h++) {
            broadcastTreeLinks[h] = network.broadcastTreeLinks(homeNodes[h]);
            broadcastHopSum[h] = network.hopSumFrom(homeNodes[h]);
        }
        final boolean contention = config.memory().contention();
        this.links = contention && config.linkContention() ? network.newLinkLoad() : LinkLoad.NONE;
        this.roundTripByInterface = network.latencyByInterface() && links == LinkLoad.NONE;
        this.messenger = new Messenger(network, links, contention);
        this.memoryMessenger = new Messenger(network, links, contention);
        this.memory = new HomeMemory(config.memory(), memoryMessenger, homeNodes, messenger.resources(), stats.memory);
        stats.attach(messenger, memoryMessenger);
        this.tree = config.invalidations() == InvalidationDelivery.TREE;
        this.homeAtNode = new int[cores];
        java.util.Arrays.fill(homeAtNode, -1);
        for (int h = homes - 1; h >= 0; h--) {
            homeAtNode[homeNodes[h]] = h;
        }
        this.nearHome = new int[cores];
        for (int c = 0; c < cores; c++) {
            // the home at the core's node, else the nearest one at or below it in its interface, else home 0's
            int h = NIL;
            for (int n = c; n >= 0 && h == NIL && network.interfaceOf(n) == network.interfaceOf(c); n--) {
                h = homeAtNode[n];
            }
            nearHome[c] = h == NIL ? homeMapping.globalHomeOfLine(c) : h;
        }
        this.resetBroadcastOnEmpty = config.broadcastExit() == BroadcastExit.RESET_ON_EMPTY;
    }

    /**
     * Sharer domains (define them before simulating a restricted scheme).
     *
     * @return the sharer domains
     */
    public SharerDomains sharerDomains() {
        return sharerDomains;
    }

    /**
     * Home domains (define them before simulating with a restricted home mapping).
     *
     * @return the home domains
     */
    public HomeDomains homeDomains() {
        return homeDomains;
    }

    /**
     * The configuration.
     *
     * @return the configuration
     */
    public ProtocolConfig config() {
        return config;
    }

    /**
     * The directory format.
     *
     * @return the format
     */
    public DirectoryFormat format() {
        return format;
    }

    /**
     * Counters so far.
     *
     * @return the statistics
     */
    public ProtocolStats stats() {
        return stats;
    }

    /**
     * Queued resources the transactions' paths visit: two per network interface (egress, ingress), then the memory
     * controllers.
     *
     * @return the count
     */
    public int resources() {
        return messenger.resources() + memory.controllers();
    }

    /**
     * The link model paths pay and load ({@link LinkLoad#NONE} without contention).
     *
     * @return the links
     */
    public LinkLoad links() {
        return links;
    }

    /**
     * Sharer Map Cache lookups (cdr-sr only).
     *
     * @return lookups
     */
    public long sharerMapLookups() {
        return format.mapCacheLookups();
    }

    /**
     * Sharer Map Cache misses (cdr-sr only).
     *
     * @return misses
     */
    public long sharerMapMisses() {
        return format.mapCacheMisses();
    }

    /**
     * Performs one access and returns its zero-load latency (every queue idle), recording it in the statistics: the
     * protocol on its own, as checkers and tests use it.
     *
     * @param core the requesting core
     * @param write true for a store
     * @param address the byte address
     * @param sdid the sharer domain of the address's page, as the core's TLB presents it
     * @param hdid the home domain of the address's page
     * @return the access latency in cycles
     */
    public long access(final int core, final boolean write, final long address, final int sdid, final int hdid) {
        final TimingPath path = scratchPath;
        final boolean miss = issue(core, write, address, sdid, hdid, path);
        final long latency = miss ? path.zeroLoad() : config.privateHitCycles();
        stats.recordAccess(latency);
        if (miss) {
            stats.recordMiss(latency);
        }
        return latency;
    }

    /**
     * Performs one access: its state changes now, its timing laid out in {@code path} (reset first) when it leaves
     * the private cache; a hit leaves {@code path} as it was (its time is {@link ProtocolConfig#privateHitCycles()}).
     * Records no latency (the caller times the path).
     *
     * @param core the requesting core
     * @param write true for a store
     * @param address the byte address
     * @param sdid the sharer domain of the address's page, as the core's TLB presents it
     * @param hdid the home domain of the address's page
     * @param path receives the transaction's timing
     * @return true for a miss or an upgrade (the path holds its timing), false for a hit
     *     ({@link ProtocolConfig#privateHitCycles()} cycles; the path is not reset and is not to be read)
     */
    public boolean issue(final int core, final boolean write, final long address, final int sdid, final int hdid,
            final TimingPath path) {
        if (probe == null) {
            return perform(core, write, address, sdid, hdid, path);
        }
        probe.begin(core);
        final boolean transaction = perform(core, write, address, sdid, hdid, path);
        probe.end(transaction);
        return transaction;
    }

    /**
     * Performs one access's state changes only, untimed (a functional warm-up): the caches, directories, map caches,
     * home slices and first-touch placement change exactly as {@link #issue} would change them, and the access,
     * hit and miss counts grow as they would, but no timing is laid out and no message, byte, flit-hop or link load
     * is counted (the message counts and a probe's counts are then behind what {@link #issue} would have left: a
     * caller resets them before counting). Measured against {@link #issue} in a functional warm-up (both run at once,
     * one per host core, in both launch orders): 1-22% less time per access on wsc1m with every core active, 2-15%
     * on chip1024.
     *
     * @param core the requesting core
     * @param write true for a store
     * @param address the byte address
     * @param sdid the sharer domain of the address's page
     * @param hdid the home domain of the address's page
     * @return true for a miss or an upgrade, false for a hit
     */
    public boolean warm(final int core, final boolean write, final long address, final int sdid, final int hdid) {
        timed = false;
        messenger.timed(false);
        memoryMessenger.timed(false);
        try {
            return issue(core, write, address, sdid, hdid, scratchPath);
        } finally {
            timed = true;
            messenger.timed(true);
            memoryMessenger.timed(true);
        }
    }

    /**
     * Tells a probe what every access {@link #issue}d from now on reaches (null: none). The probe changes nothing
     * the protocol computes.
     *
     * @param probe the probe, or null
     */
    public void probePartitions(final PartitionProbe probe) {
        this.probe = probe;
        messenger.probe(probe);
        memoryMessenger.probe(probe);
    }

    /**
     * Touches the private-cache set an access will use (a software prefetch; see
     * {@link SetAssocTags#touchSet}). Calling it a few accesses ahead of {@link #access} lets the host's
     * memory fetches overlap. Changes no simulated state.
     *
     * @param core the core that will access
     * @param address the byte address it will access
     */
    public void prefetch(final int core, final long address) {
        final long line = address >>> LineAddress.LINE_SHIFT;
        prefetchSink ^= privateTags.touchSet((core << privateSetShift) | ((int) line & privateSetMask));
    }

    private boolean perform(final int core, final boolean write, final long address, final int sdid,
            final int hdid, final TimingPath path) {
        stats.accesses++;
        final long line = address >>> LineAddress.LINE_SHIFT;
        final int set = (core << privateSetShift) | ((int) line & privateSetMask);
        final int slot = privateTags.findInSet(set, line);
        if (slot >= 0) {
            final byte s = state[slot];
            if (!write) {
                stats.hits++;
                return false;
            }
            stats.writes++;
            if (s != SHARED) {
                state[slot] = MODIFIED; // E to M is silent
                stats.hits++;
                return false;
            }
            path.reset();
            upgrade(core, slot, address, line, sdid, hdid, path);
            return true;
        }
        if (write) {
            stats.writes++;
        }
        path.reset();
        miss(core, write, address, line, set, sdid, hdid, path);
        return true;
    }

    // ---------------------------------------------------------------------------------------------- requests

    private void miss(final int core, final boolean write, final long address, final long line, final int set,
            final int sdid, final int hdid, final TimingPath path) {
        final int lhid = logicalHomeOfAddress(address, hdid);
        final int home = pageHome != null ? firstTouchHome(line, core) : homeSlice(line, hdid, lhid);
        homeMapCycles(core, hdid, lhid, path);
        final int homeNode = homeNodes[home];
        if (hierarchical && !write && serveInInterface(core, line, set, sdid, home, path)) {
            return;
        }
        if (hierarchical && network.interfaceOf(homeNodes[nearHome[core]]) != network.interfaceOf(homeNode)) {
            // the requester's server directory is looked up first; it sends the request on to the line's home
            messenger.send(core, homeNodes[nearHome[core]], controlFlits, path);
            path.delay(config.directoryCycles());
            messenger.send(homeNodes[nearHome[core]], homeNode, controlFlits, path);
        } else {
            messenger.send(core, homeNode, controlFlits, path);
        }
        path.delay(config.directoryCycles());
        stats.directoryAccesses++;
        prefetchSink ^= memory.touch(home, line); // the slice's set loads while the directory is searched
        final int entry = entryFor(home, line, path);
        final int owner = format.owner(entry);
        final byte granted;
        if (owner != DirectoryFormat.NONE) {
            // three hops: the owner supplies the line (and writes it back if dirty on a read)
            stats.forwards++;
            final int ownerSlot = ownerSlot(owner, line);
            messenger.send(homeNode, owner, controlFlits, path);
            messenger.send(owner, core, dataFlits, path);
            if (write) {
                // the forwarded GetM invalidates the owner, whose (possibly dirty) data goes to the requester
                dropCopy(ownerSlot);
                format.reset(entry);
                format.setOwner(entry, core, sdid);
                granted = MODIFIED;
            } else {
                if (state[ownerSlot] == MODIFIED) {
                    writeBack(owner, homeNode, line, path);
                }
                state[ownerSlot] = SHARED;
                format.reset(entry);
                addSharer(entry, owner, sdid, home, path);
                addSharer(entry, core, sdid, home, path);
                granted = SHARED;
            }
        } else if (write) {
            if (format.isEmpty(entry)) {
                memory.read(home, line, path);
            } else {
                path.fork();
                memory.read(home, line, path);
                path.branch(1);
                invalidateSharers(entry, home, core, path);
                path.join();
            }
            messenger.send(homeNode, core, dataFlits, path);
            format.reset(entry);
            format.setOwner(entry, core, sdid);
            granted = MODIFIED;
        } else if (format.isEmpty(entry)) {
            memory.read(home, line, path);
            messenger.send(homeNode, core, dataFlits, path);
            format.setOwner(entry, core, sdid);
            granted = EXCLUSIVE;
        } else {
            memory.read(home, line, path);
            messenger.send(homeNode, core, dataFlits, path);
            addSharer(entry, core, sdid, home, path);
            granted = SHARED;
        }
        if (write) {
            stats.writeMisses++;
        } else {
            stats.readMisses++;
        }
        fill(core, set, line, entry, granted, path);
        if (owner != DirectoryFormat.NONE) {
            data.fromCache(owner, core, line);
        } else {
            data.fromHome(core, line);
        }
    }

    private void upgrade(final int core, final int slot, final long address, final long line, final int sdid,
            final int hdid, final TimingPath path) {
        stats.upgrades++;
        homeMapCycles(core, hdid, logicalHomeOfAddress(address, hdid), path);
        final int entry = entryOfSlot[slot];
        final int home = entryHome(entry);
        final int homeNode = homeNodes[home];
        messenger.send(core, homeNode, controlFlits, path);
        path.delay(config.directoryCycles());
        stats.directoryAccesses++;
        memory.served(home);
        invalidateSharers(entry, home, core, path);
        messenger.send(homeNode, core, controlFlits, path);
        format.reset(entry);
        format.setOwner(entry, core, sdid);
        state[slot] = MODIFIED;
    }

    /** The home of a line under first-touch placement: its page's, set by the page's first toucher. */
    private int firstTouchHome(final long line, final int core) {
        final long page = line >>> LineAddress.LINES_PER_PAGE_SHIFT;
        final int known = pageHome.get(page);
        if (known != NIL) {
            return known;
        }
        final int home = nearHome[core];
        pageHome.put(page, home);
        return home;
    }

    /**
     * A hierarchical directory's read served inside the requester's server: when a core of the same interface holds
     * the line shared (or exclusive: it is then downgraded), the server's directory forwards the request to it and
     * it supplies the data, without a trip to the line's home (whose entry gains the requester as a sharer, as the
     * server's directory tells the levels above). Returns false when no such copy exists.
     */
    private boolean serveInInterface(final int core, final long line, final int set, final int sdid, final int home,
            final TimingPath path) {
        final int entry = directoryEntry(home, line);
        if (entry < 0) {
            return false;
        }
        final int here = network.interfaceOf(core);
        int supplier = NIL;
        for (int slot = firstHolder[entry]; slot != NIL && supplier == NIL; slot = nextHolder[slot]) {
            final int holder = coreOfSlot(slot);
            if (holder != core && network.interfaceOf(holder) == here) {
                supplier = slot;
            }
        }
        if (supplier == NIL) {
            return false;
        }
        final int holder = coreOfSlot(supplier);
        final int serverDirectory = homeNodes[nearHome[core]];
        stats.directoryAccesses++;
        stats.forwards++;
        messenger.send(core, serverDirectory, controlFlits, path);
        path.delay(config.directoryCycles());
        messenger.send(serverDirectory, holder, controlFlits, path);
        messenger.send(holder, core, dataFlits, path);
        if (format.owner(entry) != DirectoryFormat.NONE) {
            // the exclusive holder keeps a shared copy (writing back if dirty) and both become sharers
            if (state[supplier] == MODIFIED) {
                writeBack(holder, homeNodes[home], line, path);
            }
            state[supplier] = SHARED;
            format.reset(entry);
            addSharer(entry, holder, sdid, home, path);
        }
        addSharer(entry, core, sdid, home, path);
        stats.readMisses++;
        fill(core, set, line, entry, SHARED, path);
        data.fromCache(holder, core, line);
        return true;
    }

    /** The line's logical home in its home domain, or {@link #NIL} when homes are global. */
    private int logicalHomeOfAddress(final long address, final int hdid) {
        return restrictedHomes ? homeMapping.logicalHomeOfAddress(address, homeDomains.size(hdid)) : NIL;
    }

    /** The home slice of a line, given its logical home ({@link #NIL} for a global home). */
    private int homeSlice(final long line, final int hdid, final int lhid) {
        return lhid == NIL ? homeMapping.globalHomeOfLine(line) : homeDomains.home(hdid, lhid);
    }

    /** The Home Map Cache's extra latency for finding a logical home (none when homes are global). */
    private void homeMapCycles(final int core, final int hdid, final int lhid, final TimingPath path) {
        if (lhid == NIL) {
            return;
        }
        stats.homeMapLookups++;
        if (homeMapCaches.access(core, hdid, lhid)) {
            return;
        }
        stats.homeMapMisses++;
        path.delay(config.mapMissCycles());
    }

    // ------------------------------------------------------------------------------------------ directory

    private int entryHome(final int entry) {
        return entriesPerHome.divide(entry);
    }

    /** The directory set of {@code line} at {@code home}. */
    private int directorySet(final int home, final long line) {
        return (home << directorySetShift) | ((int) Mix64.murmur3(line) & directorySetMask);
    }

    /** The directory entry of {@code line} at {@code home}, allocating (and evicting) if needed. */
    private int entryFor(final int home, final long line, final TimingPath path) {
        final int set = directorySet(home, line);
        final int entry = directoryTags.findInSet(set, line);
        if (entry >= 0) {
            return entry;
        }
        final int victim = directoryTags.victimInSet(set);
        if (directoryTags.isValid(victim)) {
            evictEntry(victim, home, path);
        }
        directoryTags.fillSlot(victim, line);
        format.reset(victim);
        firstHolder[victim] = NIL;
        return victim;
    }

    /** A sparse-directory eviction: every copy of the victim line is invalidated, off the requester's path. */
    private void evictEntry(final int entry, final int home, final TimingPath path) {
        stats.directoryEvictions++;
        final int homeNode = homeNodes[home];
        final int owner = format.owner(entry);
        path.beginOrphan();
        if (owner != DirectoryFormat.NONE) {
            invalidateOne(owner, directoryTags.tagAt(entry), homeNode, path);
        } else {
            invalidateSharers(entry, home, NIL, path);
        }
        path.endOrphan();
        format.reset(entry);
        directoryTags.invalidate(entry);
    }

    private void freeIfEmpty(final int entry) {
        if (format.isEmpty(entry)) {
            directoryTags.invalidate(entry);
        } else if (resetBroadcastOnEmpty && firstHolder[entry] == NIL && format.isBroadcast(entry)) {
            // B-state policy reset-on-empty: the last copy of a broadcast line went. This assumes the entry keeps
            // a count of its copies while in B (a counter per entry, which OpenPiton's sticky B state does not
            // need); the holder list stands for that count.
            stats.broadcastExits++;
            format.reset(entry);
            directoryTags.invalidate(entry);
        }
    }

    private void addSharer(final int entry, final int core, final int sdid, final int home, final TimingPath path) {
        final int dropped = format.addSharer(entry, core, sdid);
        if (dropped != DirectoryFormat.NONE && dropped != core) {
            stats.overflowInvalidations++;
            path.beginOrphan();
            invalidateOne(dropped, directoryTags.tagAt(entry), homeNodes[home], path);
            path.endOrphan();
        }
    }

    /**
     * Invalidates the copies at the cores the format names (every core for a broadcast entry), except
     * {@code requester}'s, and lays the round out on the path. A target without a copy acknowledges all the same
     * (a superfluous invalidation).
     */
    private void invalidateSharers(final int entry, final int home, final int requester, final TimingPath path) {
        final int homeNode = homeNodes[home];
        if (format.isBroadcast(entry)) {
            broadcast(entry, home, homeNode, requester, path);
            return;
        }
        final long line = directoryTags.tagAt(entry);
        if (probe == null && format.countsTargets(entry)
                && (!timed || tree && roundTripByInterface && trees.countsRuns())) {
            invalidateCounted(entry, line, homeNode, requester, path);
            return;
        }
        final long smcMissesBefore = format.mapCacheMisses();
        final int count = otherTargets(format.invalidationTargets(entry, home, targets), requester);
        markHolders(entry);
        path.delay((format.mapCacheMisses() - smcMissesBefore) * config.mapMissCycles());
        if (timed && !tree) {
            invalidateEach(count, line, homeNode, path);
            return;
        }
        final int targeted = -round;
        // Count the targets and take the farthest one's round trip; a holder the round targets gets the stamp
        // -round, and its copy is dropped by the walk of the holder list below, which has its slot: no target's
        // cache is probed.
        final int homeInterface = network.interfaceOf(homeNode);
        long roundTrip = 0;
        int remote = 0;
        for (int i = 0; i < count; i++) {
            final int target = targets[i];
            if (holdsInRound[target] == round) {
                holdsInRound[target] = targeted;
            }
            if (timed) {
                roundTrip = Math.max(roundTrip, roundTrip(homeNode, target, controlFlits));
                remote += network.interfaceOf(target) != homeInterface ? 1 : 0;
            }
        }
        stats.invalidations += count;
        stats.superfluousInvalidations += count - dropTargetedHolders(entry, line, homeNode, path);
        final int ackFlits = droppedDirty ? dataFlits : controlFlits;
        roundTrip = Math.max(roundTrip, dirtyRoundTrip);
        if (count == 0 || !timed) {
            return;
        }
        messenger.countTree(trees.links(homeNode, targets, count), controlFlits, ackFlits);
        links.carryTree(homeNode, targets, count, controlFlits);
        links.carryTreeInward(homeNode, targets, count, ackFlits);
        round(homeNode, remote, roundTrip, ackFlits, path);
    }

    /**
     * Drops the copies of the entry's holders stamped {@code -round} (the current round's targets), writing a dirty
     * one back, and returns how many it dropped. The holder list has their slots: no cache is probed.
     */
    private int dropTargetedHolders(final int entry, final long line, final int homeNode, final TimingPath path) {
        final int targeted = -round;
        droppedDirty = false;
        dirtyRoundTrip = 0;
        int dropped = 0;
        for (int slot = firstHolder[entry]; slot != NIL;) {
            final int next = nextHolder[slot];
            final int core = coreOfSlot(slot);
            if (holdsInRound[core] == targeted) {
                dropped++;
                if (state[slot] == MODIFIED) {
                    writeBackOnInvalidation(core, line, homeNode, path);
                    droppedDirty = true;
                    if (timed) {
                        dirtyRoundTrip = Math.max(dirtyRoundTrip, roundTrip(homeNode, core, dataFlits));
                    }
                }
                dropCopy(slot);
            }
            slot = next;
        }
        return dropped;
    }

    /**
     * A round over targets the format counts and tests without listing them (a coarse vector's groups: 16,384 cores
     * a bit on wsc1m, of which a handful hold the line). Only the holders are tested; timed, the round trip is taken
     * once per interface (the same for every core of it but the home's own: {@link #roundTripByInterface}) and the
     * tree is counted over the runs of targets. The same counts, copies and timing as a round over the listed targets.
     */
    private void invalidateCounted(final int entry, final long line, final int homeNode, final int requester,
            final TimingPath path) {
        final int targeted = -newRound();
        for (int slot = firstHolder[entry]; slot != NIL; slot = nextHolder[slot]) {
            final int core = coreOfSlot(slot);
            if (core != requester && format.targets(entry, core)) {
                holdsInRound[core] = targeted;
            }
        }
        final int count = format.targetCount(entry) - (requester != NIL && format.targets(entry, requester) ? 1 : 0);
        stats.invalidations += count;
        stats.superfluousInvalidations += count - dropTargetedHolders(entry, line, homeNode, path);
        if (count == 0 || !timed) {
            return;
        }
        final int runs = format.targetRuns(entry, targetRuns);
        final int homeInterface = network.interfaceOf(homeNode);
        long roundTrip = dirtyRoundTrip;
        long remote = 0;
        for (int r = 0; r < runs; r++) {
            final int end = targetRuns[2 * r + 1];
            for (int first = targetRuns[2 * r]; first < end;) {
                final int stop = Math.min(end, network.interfaceEnd(first));
                final int cores = stop - first - (requester >= first && requester < stop ? 1 : 0);
                if (cores > 0) {
                    int far = first; // a core of the interface other than the requester and the home's own
                    while (far < stop && (far == requester || far == homeNode)) {
                        far++;
                    }
                    roundTrip = Math.max(roundTrip, roundTrip(homeNode, far < stop ? far : homeNode, controlFlits));
                    remote += network.interfaceOf(first) != homeInterface ? cores : 0;
                }
                first = stop;
            }
        }
        final int ackFlits = droppedDirty ? dataFlits : controlFlits;
        messenger.countTree(trees.linksOfRuns(homeNode, targetRuns, runs, requester), controlFlits, ackFlits);
        round(homeNode, remote, roundTrip, ackFlits, path); // no link contention: nothing to carry
    }

    /**
     * A timed round of unicast invalidations (no tree): each target's messages and links are counted in turn, and a
     * link's delay for a target includes the invalidations sent before it, so the targets are taken in the format's
     * order, one at a time.
     */
    private void invalidateEach(final int count, final long line, final int homeNode, final TimingPath path) {
        final int homeInterface = network.interfaceOf(homeNode);
        long roundTrip = 0;
        int ackFlits = controlFlits;
        int remote = 0;
        for (int i = 0; i < count; i++) {
            final int target = targets[i];
            roundTrip = Math.max(roundTrip, holdsInRound[target] == round ? invalidateCore(target, line, homeNode, path)
                    : invalidateAbsent(target, homeNode));
            ackFlits = Math.max(ackFlits, lastAckFlits);
            messenger.count(homeNode, target, controlFlits);
            messenger.count(target, homeNode, lastAckFlits);
            links.carry(homeNode, target, controlFlits);
            links.carry(target, homeNode, lastAckFlits);
            remote += network.interfaceOf(target) != homeInterface ? 1 : 0;
        }
        if (count > 0) {
            round(homeNode, remote, roundTrip, ackFlits, path);
        }
    }

    /**
     * Removes {@code requester} from the first {@code n} {@link #targets}, keeping the others' order, and tells the
     * probe about each of them; returns how many are left.
     */
    private int otherTargets(final int n, final int requester) {
        int count = 0;
        for (int i = 0; i < n; i++) {
            final int target = targets[i];
            if (target != requester) {
                if (probe != null) {
                    probe.reach(target);
                }
                targets[count++] = target;
            }
        }
        return count;
    }

    /**
     * An invalidation round's timing. Tree: the multicast leaves through the home's interface (when a target is
     * outside it), the round trip to the farthest target passes, the combined acknowledgement comes in. Serial: a
     * train of {@code remote} invalidations leaves, the round trip passes, a train of as many acknowledgements
     * comes in.
     */
    private void round(final int homeNode, final long remote, final long roundTrip, final int ackFlits,
            final TimingPath path) {
        final int out = (int) network.interfaceCycles(controlFlits);
        final int in = (int) network.interfaceCycles(ackFlits);
        if (tree) {
            if (remote > 0) {
                path.packet(messenger.egress(homeNode), out);
            }
            path.delay(roundTrip);
            if (remote > 0) {
                path.packet(messenger.ingress(homeNode), in);
            }
            return;
        }
        final int packets = (int) Math.min(remote, Integer.MAX_VALUE);
        path.train(messenger.egress(homeNode), packets, out);
        path.delay(roundTrip);
        path.train(messenger.ingress(homeNode), packets, in);
    }

    /**
     * An invalidation to every core but the requester. Its messages are accounted in closed form; it acts on
     * the copies that exist, which the holder list reaches without probing every core (the same outcome as
     * probing them all: a core without a copy has nothing to drop).
     */
    private void broadcast(final int entry, final int home, final int homeNode, final int requester,
            final TimingPath path) {
        stats.broadcasts++;
        if (probe != null) {
            probe.reachAll();
        }
        final long others = cores - 1;
        stats.invalidations += others;
        int dropped = 0;
        for (int slot = firstHolder[entry]; slot != NIL;) { // shared copies only: a broadcast entry has no owner
            final int next = nextHolder[slot];
            if (coreOfSlot(slot) != requester) {
                dropCopy(slot);
                dropped++;
            }
            slot = next;
        }
        stats.superfluousInvalidations += others - dropped;
        if (!timed) {
            return;
        }
        if (tree) {
            messenger.countTree(broadcastTreeLinks[home], controlFlits, controlFlits);
        } else {
            messenger.countMany(2 * others, controlFlits, 2 * broadcastHopSum[home]);
        }
        // the tree's copies, or the train's unicasts, fan out over every link of the broadcast tree
        links.carryBroadcast(homeNode, controlFlits);
        links.carryBroadcastInward(homeNode, controlFlits);
        round(homeNode, cores - network.nodesOfInterface(homeNode), 2 * network.maxLatencyFrom(homeNode, controlFlits),
                controlFlits, path);
    }

    // ------------------------------------------------------------------------------------- private caches

    private int coreOfSlot(final int slot) {
        return privateTags.setOfSlot(slot) >>> privateSetShift;
    }

    private int slotOf(final int core, final long line) {
        return privateTags.peekInSet((core << privateSetShift) | ((int) line & privateSetMask), line);
    }

    /** The slot of the owner's copy, which a correct directory guarantees exists. */
    private int ownerSlot(final int owner, final long line) {
        final int slot = slotOf(owner, line);
        if (slot < 0) {
            throw new IllegalStateException("the directory names core " + owner + " owner of line " + line
                    + ", which holds no copy");
        }
        return slot;
    }

    /** The acknowledgement length of the last {@link #invalidateCore}: data when the copy was dirty. */
    private int lastAckFlits;

    /**
     * Invalidates {@code core}'s copy of {@code line}, if it has one (a dirty copy goes back to the home's slice
     * with the acknowledgement); returns the uncontended round trip. Counts no message (the round does).
     */
    private long invalidateCore(final int core, final long line, final int homeNode, final TimingPath path) {
        final int slot = slotOf(core, line);
        if (slot < 0) {
            return invalidateAbsent(core, homeNode);
        }
        stats.invalidations++;
        lastAckFlits = controlFlits;
        if (state[slot] == MODIFIED) {
            writeBackOnInvalidation(core, line, homeNode, path);
            lastAckFlits = dataFlits;
        }
        dropCopy(slot);
        return timed ? roundTrip(homeNode, core, lastAckFlits) : 0;
    }

    /** A dirty copy's data goes back to the home's slice with the invalidation's acknowledgement. */
    private void writeBackOnInvalidation(final int core, final long line, final int homeNode, final TimingPath path) {
        stats.writebacks++;
        memory.writeBack(homeAtNode[homeNode], line, path);
        data.toHome(core, line);
    }

    /** The uncontended round trip of an invalidation from a home to a core and its acknowledgement back. */
    private long roundTrip(final int homeNode, final int core, final int ackFlits) {
        return network.latency(homeNode, core, controlFlits) + links.delay(homeNode, core)
                + network.latency(core, homeNode, ackFlits) + links.delay(core, homeNode);
    }

    /**
     * Stamps the cores on an entry's holder list with a new round number. The holder list links every copy that
     * exists, so a target without the stamp holds no copy: {@link #invalidateAbsent} counts it without reading its
     * cache. A coarse vector on wsc1m names thousands of cores per round, each a host cache miss to probe, of which a
     * handful hold the line.
     */
    private void markHolders(final int entry) {
        newRound();
        for (int slot = firstHolder[entry]; slot != NIL; slot = nextHolder[slot]) {
            holdsInRound[coreOfSlot(slot)] = round;
        }
    }

    /** Starts an invalidation round: a number no core's stamp holds (0 is never one). */
    private int newRound() {
        if (++round == Integer.MAX_VALUE) {
            Arrays.fill(holdsInRound, 0);
            round = 1;
        }
        return round;
    }

    /**
     * {@link #invalidateCore} for a core that holds no copy of the line (a superfluous invalidation): the same counts
     * and the same round trip, without probing the core's cache.
     */
    private long invalidateAbsent(final int core, final int homeNode) {
        stats.invalidations++;
        stats.superfluousInvalidations++;
        lastAckFlits = controlFlits;
        return timed ? roundTrip(homeNode, core, controlFlits) : 0;
    }

    /** An invalidation of one core's copy as two messages on the path (an evicted owner, an NB overflow). */
    private void invalidateOne(final int core, final long line, final int homeNode, final TimingPath path) {
        invalidateCore(core, line, homeNode, path);
        messenger.send(homeNode, core, controlFlits, path);
        messenger.send(core, homeNode, lastAckFlits, path);
    }

    /** A dirty copy's data written back to its home (the owner answering a forwarded read), off the path. */
    private void writeBack(final int core, final int homeNode, final long line, final TimingPath path) {
        stats.writebacks++;
        path.beginOrphan();
        messenger.send(core, homeNode, dataFlits, path);
        memory.writeBack(homeAtNode[homeNode], line, path);
        path.endOrphan();
        data.toHome(core, line);
    }

    /** Places {@code line} in {@code core}'s cache (evicting a victim first) and links it to its entry. */
    private void fill(final int core, final int set, final long line, final int entry, final byte granted,
            final TimingPath path) {
        final int slot = privateTags.victimInSet(set);
        if (privateTags.isValid(slot)) {
            evict(core, slot, path);
        }
        privateTags.fillSlot(slot, line);
        state[slot] = granted;
        entryOfSlot[slot] = entry;
        final int head = firstHolder[entry];
        nextHolder[slot] = head;
        previousHolder[slot] = NIL;
        if (head != NIL) {
            previousHolder[head] = slot;
        }
        firstHolder[entry] = slot;
    }

    /** A replacement: PutS, PutE or PutM to the line's home, off the requester's path. */
    private void evict(final int core, final int slot, final TimingPath path) {
        stats.evictions++;
        final int entry = entryOfSlot[slot];
        final int homeNode = homeNodes[entryHome(entry)];
        final byte s = state[slot];
        path.beginOrphan();
        if (s == MODIFIED) {
            stats.writebacks++;
            final long line = privateTags.tagAt(slot);
            messenger.send(core, homeNode, dataFlits, path);
            memory.writeBack(homeAtNode[homeNode], line, path);
            data.toHome(core, line);
            format.reset(entry);
        } else if (s == EXCLUSIVE) {
            messenger.send(core, homeNode, controlFlits, path);
            format.reset(entry);
        } else {
            messenger.send(core, homeNode, controlFlits, path);
            format.removeSharer(entry, core);
        }
        path.endOrphan();
        dropCopy(slot);
        freeIfEmpty(entry);
    }

    /** Removes a copy from its cache and from its entry's holder list. */
    private void dropCopy(final int slot) {
        final int next = nextHolder[slot];
        final int previous = previousHolder[slot];
        if (previous == NIL) {
            firstHolder[entryOfSlot[slot]] = next;
        } else {
            nextHolder[previous] = next;
        }
        if (next != NIL) {
            previousHolder[next] = previous;
        }
        state[slot] = INVALID;
        privateTags.invalidate(slot);
    }

    // ------------------------------------------------------------------------------ read-only views

    /**
     * The state of {@code core}'s copy of a line, without touching any replacement state.
     *
     * @param core the core
     * @param line the line index (byte address / 64)
     * @return {@link #INVALID}, {@link #SHARED}, {@link #EXCLUSIVE} or {@link #MODIFIED}
     */
    public byte copyState(final int core, final long line) {
        final int slot = slotOf(core, line);
        return slot < 0 ? INVALID : state[slot];
    }

    /**
     * The directory entry of a line at a home slice, without allocating or touching replacement state.
     *
     * @param home the home slice
     * @param line the line index
     * @return the entry (an index into {@link #format()}), or -1 when the home tracks no such line
     */
    public int directoryEntry(final int home, final long line) {
        return directoryTags.peekInSet(directorySet(home, line), line);
    }

    /**
     * The cores whose copies the entry's holder list links: the copies that really exist (ground truth,
     * whatever the format believes).
     *
     * @param entry a valid directory entry
     * @param out receives the cores, at least {@code cores} long
     * @return how many
     */
    public int holders(final int entry, final int[] out) {
        int n = 0;
        for (int slot = firstHolder[entry]; slot != NIL; slot = nextHolder[slot]) {
            out[n++] = coreOfSlot(slot);
        }
        return n;
    }

    /**
     * The home a page was given by first-touch placement.
     *
     * @param line a line of the page
     * @return the home slice, or -1 when the page has not been touched (or homes are not placed by first touch)
     */
    public int firstTouchHomeOf(final long line) {
        return pageHome == null ? NIL : pageHome.get(line >>> LineAddress.LINES_PER_PAGE_SHIFT);
    }

    /**
     * The line a directory entry tracks.
     *
     * @param entry a directory entry
     * @return the line index, or -1
     */
    public long lineOf(final int entry) {
        return directoryTags.isValid(entry) ? directoryTags.tagAt(entry) : -1;
    }

    /**
     * The Sharer Map Caches, one per home slice (read them, do not access them, from a checker).
     *
     * @return the bank
     */
    public MapCacheBank sharerMapCaches() {
        return sharerMapCaches;
    }

    /**
     * The Home Map Caches, one per core.
     *
     * @return the bank
     */
    public MapCacheBank homeMapCaches() {
        return homeMapCaches;
    }
}
