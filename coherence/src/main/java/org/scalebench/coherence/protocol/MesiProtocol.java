package org.scalebench.coherence.protocol;

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
import org.scalebench.core.FastDivisor;
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
 * <h2>Transactions and their latency (cycles)</h2>
 * <pre>
 *   hit                  privateHit
 *   GetS, no copies      [HMC miss] + req(core, home) + dir + homeData + port + data(home, core)    -&gt; E
 *   GetS, sharers        [HMC miss] + req + dir + homeData + port + data(home, core)                 -&gt; S
 *   GetS, owner          [HMC miss] + req + dir + port + fwd(home, owner) + data(owner, core)        -&gt; S, S
 *   GetM                 [HMC miss] + req + dir + max(port + invalidation round, homeData) + port + data -&gt; M
 *   Upgrade              [HMC miss] + req + dir + port + invalidation round + port + grant           -&gt; M
 *   GetM, owner          [HMC miss] + req + dir + port + fwd(home, owner) + data(owner, core)        -&gt; M
 *   invalidation round   [SMC misses x mapMiss] + max_i (ser_1 + .. + ser_i + inv(home, t_i) + ack(t_i, home))
 *   broadcast round      2 * farthest(home) + sum of ser over every other core
 *   homeData             the home's slice, or DRAM through a memory controller ({@link HomeMemory})
 *   port                 waiting for the home's network port (a queue; see {@link HomeMemory})
 * </pre>
 * (PriME's pipelined invalidations: the home injects them back to back, each taking its serialization
 * {@code ser_i}; on the mesh that is one every {@code controlFlits} cycles.) The home's port is booked for
 * every message it sends on the requester's path and for invalidation trains and broadcasts.
 * Evictions (PutS, PutE, PutM), dirty write-backs, Dir_i NB overflow invalidations and sparse-directory
 * evictions are counted as traffic but are off the requester's critical path.
 *
 * <p>The protocol models no data; it reports where data moves to a {@link DataObserver} (a checker keeps
 * values there). Read-only views ({@link #copyState}, {@link #directoryEntry}, {@link #holders}) let a
 * checker inspect the machine without changing it.
 *
 * <p>Allocation: arrays sized from the configuration at construction; {@link #access} allocates nothing.
 * Thread-safety: none.
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

    private final int[] targets;
    private final long[] broadcastHopSum;
    private final ProtocolStats stats = new ProtocolStats();
    /** Slices, DRAM, queues and the machine clock behind the homes. */
    private final HomeMemory memory;
    /** The home slice at each node (-1 where none), to find a write-back's slice from its node. */
    private final int[] homeAtNode;
    private final boolean resetBroadcastOnEmpty;
    /** Port cycles of the last invalidation train or broadcast (set by invalidateSharers / broadcast). */
    private long lastInjection;
    private final DataObserver data;

    /** Keeps {@link #prefetch}'s loads alive. */
    private long prefetchSink;

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
        this.format = formats.create(config.format(), directoryTags.capacity(), sharerDomains, sharerMapCaches);
        this.targets = new int[Math.max(format.maxTargets(), 1)];
        this.broadcastHopSum = new long[homes];
        for (int h = 0; h < homes; h++) {
            broadcastHopSum[h] = network.hopSumFrom(homeNodes[h]);
        }
        this.memory = new HomeMemory(config.memory(), network, homeNodes, stats.memory);
        this.homeAtNode = new int[cores];
        java.util.Arrays.fill(homeAtNode, -1);
        for (int h = homes - 1; h >= 0; h--) {
            homeAtNode[homeNodes[h]] = h;
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
     * The machine clock ({@link HomeMemory#now}); reading it brings the machine-time counter up to date.
     *
     * @return cycles
     */
    public long machineTime() {
        return memory.now();
    }

    /**
     * How many cores issue accesses, for the machine clock ({@link HomeMemory#setIssuingCores}).
     *
     * @param issuing cores that issue, at least 1
     */
    public void setIssuingCores(final int issuing) {
        memory.setIssuingCores(issuing);
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
     * Performs one access.
     *
     * @param core the requesting core
     * @param write true for a store
     * @param address the byte address
     * @param sdid the sharer domain of the address's page, as the core's TLB presents it
     * @param hdid the home domain of the address's page
     * @return the access latency in cycles
     */
    public long access(final int core, final boolean write, final long address, final int sdid, final int hdid) {
        final long latency = perform(core, write, address, sdid, hdid);
        stats.latencySum += latency;
        memory.advance(latency);
        return latency;
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

    private long perform(final int core, final boolean write, final long address, final int sdid,
            final int hdid) {
        stats.accesses++;
        final long line = address >>> LineAddress.LINE_SHIFT;
        final int set = (core << privateSetShift) | ((int) line & privateSetMask);
        final int slot = privateTags.findInSet(set, line);
        if (slot >= 0) {
            final byte s = state[slot];
            if (!write) {
                stats.hits++;
                return config.privateHitCycles();
            }
            stats.writes++;
            if (s != SHARED) {
                state[slot] = MODIFIED; // E to M is silent
                stats.hits++;
                return config.privateHitCycles();
            }
            return upgrade(core, slot, address, line, sdid, hdid);
        }
        if (write) {
            stats.writes++;
        }
        return miss(core, write, address, line, set, sdid, hdid);
    }

    // ---------------------------------------------------------------------------------------------- requests

    private long miss(final int core, final boolean write, final long address, final long line, final int set,
            final int sdid, final int hdid) {
        final int lhid = logicalHomeOfAddress(address, hdid);
        final int home = homeSlice(line, hdid, lhid);
        long latency = homeMapCycles(core, hdid, lhid);
        final int homeNode = homeNodes[home];
        latency += send(core, homeNode, controlFlits) + config.directoryCycles();
        stats.directoryAccesses++;
        final long issued = memory.now();
        prefetchSink ^= memory.touch(home, line); // the slice's set loads while the directory is searched
        final int entry = entryFor(home, line);
        final int owner = format.owner(entry);
        final byte granted;
        if (owner != DirectoryFormat.NONE) {
            // three hops: the owner supplies the line (and writes it back if dirty on a read)
            stats.forwards++;
            final int ownerSlot = ownerSlot(owner, line);
            latency += fromHome(home, homeNode, owner, controlFlits, issued + latency) + send(owner, core, dataFlits);
            if (write) {
                // the forwarded GetM invalidates the owner, whose (possibly dirty) data goes to the requester
                dropCopy(ownerSlot);
                format.reset(entry);
                format.setOwner(entry, core, sdid);
                granted = MODIFIED;
            } else {
                if (state[ownerSlot] == MODIFIED) {
                    writeBack(owner, homeNode, line);
                }
                state[ownerSlot] = SHARED;
                format.reset(entry);
                addSharer(entry, owner, sdid, home);
                addSharer(entry, core, sdid, home);
                granted = SHARED;
            }
        } else if (write) {
            final long round = invalidateSharers(entry, home, core);
            final long trainWait = memory.port(home, issued + latency, lastInjection);
            latency += Math.max(trainWait + round, memory.read(home, line, issued + latency));
            latency += fromHome(home, homeNode, core, dataFlits, issued + latency);
            format.reset(entry);
            format.setOwner(entry, core, sdid);
            granted = MODIFIED;
        } else if (format.isEmpty(entry)) {
            latency += memory.read(home, line, issued + latency);
            latency += fromHome(home, homeNode, core, dataFlits, issued + latency);
            format.setOwner(entry, core, sdid);
            granted = EXCLUSIVE;
        } else {
            latency += memory.read(home, line, issued + latency);
            latency += fromHome(home, homeNode, core, dataFlits, issued + latency);
            addSharer(entry, core, sdid, home);
            granted = SHARED;
        }
        if (write) {
            stats.writeMisses++;
        } else {
            stats.readMisses++;
        }
        fill(core, set, line, entry, granted);
        if (owner != DirectoryFormat.NONE) {
            data.fromCache(owner, core, line);
        } else {
            data.fromHome(core, line);
        }
        stats.missLatency.record(latency);
        return latency;
    }

    private long upgrade(final int core, final int slot, final long address, final long line, final int sdid,
            final int hdid) {
        stats.upgrades++;
        long latency = homeMapCycles(core, hdid, logicalHomeOfAddress(address, hdid));
        final int entry = entryOfSlot[slot];
        final int home = entryHome(entry);
        final int homeNode = homeNodes[home];
        latency += send(core, homeNode, controlFlits) + config.directoryCycles();
        stats.directoryAccesses++;
        final long issued = memory.now();
        memory.served(home);
        final long round = invalidateSharers(entry, home, core);
        latency += memory.port(home, issued + latency, lastInjection) + round;
        latency += fromHome(home, homeNode, core, controlFlits, issued + latency);
        format.reset(entry);
        format.setOwner(entry, core, sdid);
        state[slot] = MODIFIED;
        stats.missLatency.record(latency);
        return latency;
    }

    /** The line's logical home in its home domain, or {@link #NIL} when homes are global. */
    private int logicalHomeOfAddress(final long address, final int hdid) {
        return restrictedHomes ? homeMapping.logicalHomeOfAddress(address, homeDomains.size(hdid)) : NIL;
    }

    /** The home slice of a line, given its logical home ({@link #NIL} for a global home). */
    private int homeSlice(final long line, final int hdid, final int lhid) {
        return lhid == NIL ? homeMapping.globalHomeOfLine(line) : homeDomains.home(hdid, lhid);
    }

    /** The Home Map Cache's extra latency for finding a logical home (0 when homes are global). */
    private long homeMapCycles(final int core, final int hdid, final int lhid) {
        if (lhid == NIL) {
            return 0;
        }
        stats.homeMapLookups++;
        if (homeMapCaches.access(core, hdid, lhid)) {
            return 0;
        }
        stats.homeMapMisses++;
        return config.mapMissCycles();
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
    private int entryFor(final int home, final long line) {
        final int set = directorySet(home, line);
        final int entry = directoryTags.findInSet(set, line);
        if (entry >= 0) {
            return entry;
        }
        final int victim = directoryTags.victimInSet(set);
        if (directoryTags.isValid(victim)) {
            evictEntry(victim, home);
        }
        directoryTags.fillSlot(victim, line);
        format.reset(victim);
        firstHolder[victim] = NIL;
        return victim;
    }

    /** A sparse-directory eviction: every copy of the victim line is invalidated. */
    private void evictEntry(final int entry, final int home) {
        stats.directoryEvictions++;
        final int homeNode = homeNodes[home];
        final int owner = format.owner(entry);
        if (owner != DirectoryFormat.NONE) {
            invalidateCore(owner, directoryTags.tagAt(entry), homeNode);
        } else {
            invalidateSharers(entry, home, NIL);
            memory.port(home, memory.now(), lastInjection); // off the requester's path, but it occupies the port
        }
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

    private void addSharer(final int entry, final int core, final int sdid, final int home) {
        final int dropped = format.addSharer(entry, core, sdid);
        if (dropped != DirectoryFormat.NONE && dropped != core) {
            stats.overflowInvalidations++;
            invalidateCore(dropped, directoryTags.tagAt(entry), homeNodes[home]);
        }
    }

    /**
     * Invalidates the copies at the cores the format names (every core for a broadcast entry), except
     * {@code requester}'s; returns the round's latency. A target without a copy acknowledges all the same
     * (a superfluous invalidation).
     */
    private long invalidateSharers(final int entry, final int home, final int requester) {
        final int homeNode = homeNodes[home];
        if (format.isBroadcast(entry)) {
            return broadcast(entry, home, homeNode, requester);
        }
        final long line = directoryTags.tagAt(entry);
        final long smcMissesBefore = format.mapCacheMisses();
        final int n = format.invalidationTargets(entry, home, targets);
        long round = 0;
        long injected = 0;
        for (int i = 0; i < n; i++) {
            final int target = targets[i];
            if (target == requester) {
                continue;
            }
            injected += network.serializationCycles(homeNode, target, controlFlits);
            round = Math.max(round, invalidateCore(target, line, homeNode) + injected);
        }
        lastInjection = injected;
        return round + (format.mapCacheMisses() - smcMissesBefore) * config.mapMissCycles();
    }

    /**
     * An invalidation to every core but the requester. Its messages are accounted in closed form; it acts on
     * the copies that exist, which the holder list reaches without probing every core (the same outcome as
     * probing them all: a core without a copy has nothing to drop).
     */
    private long broadcast(final int entry, final int home, final int homeNode, final int requester) {
        stats.broadcasts++;
        final long others = cores - 1;
        stats.invalidations += others;
        stats.messages += 2 * others;
        stats.bytes += 2 * others * controlFlits * flitBytes;
        stats.flitHops += 2L * controlFlits * broadcastHopSum[home];
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
        lastInjection = network.broadcastInjectionCycles(homeNode, controlFlits);
        return 2 * network.maxLatencyFrom(homeNode, controlFlits) + lastInjection;
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

    /**
     * Sends an invalidation of {@code line} to {@code core}, which drops its copy if it has one and
     * acknowledges (with the data if dirty); returns the round trip.
     */
    private long invalidateCore(final int core, final long line, final int homeNode) {
        stats.invalidations++;
        final long there = send(homeNode, core, controlFlits);
        final int slot = slotOf(core, line);
        if (slot < 0) {
            stats.superfluousInvalidations++;
            return there + send(core, homeNode, controlFlits);
        }
        final long back;
        if (state[slot] == MODIFIED) {
            stats.writebacks++;
            back = send(core, homeNode, dataFlits);
            memory.writeBack(homeAtNode[homeNode], line);
            data.toHome(core, line);
        } else {
            back = send(core, homeNode, controlFlits);
        }
        dropCopy(slot);
        return there + back;
    }

    private void writeBack(final int core, final int homeNode, final long line) {
        stats.writebacks++;
        send(core, homeNode, dataFlits);
        memory.writeBack(homeAtNode[homeNode], line);
        data.toHome(core, line);
    }

    /** Places {@code line} in {@code core}'s cache (evicting a victim first) and links it to its entry. */
    private void fill(final int core, final int set, final long line, final int entry, final byte granted) {
        final int slot = privateTags.victimInSet(set);
        if (privateTags.isValid(slot)) {
            evict(core, slot);
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

    /** A replacement: PutS, PutE or PutM to the line's home. */
    private void evict(final int core, final int slot) {
        stats.evictions++;
        final int entry = entryOfSlot[slot];
        final int homeNode = homeNodes[entryHome(entry)];
        final byte s = state[slot];
        if (s == MODIFIED) {
            writeBack(core, homeNode, privateTags.tagAt(slot));
            format.reset(entry);
        } else if (s == EXCLUSIVE) {
            send(core, homeNode, controlFlits);
            format.reset(entry);
        } else {
            send(core, homeNode, controlFlits);
            format.removeSharer(entry, core);
        }
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

    /** A message the home sends on the requester's path: the wait for its port, then the message's latency. */
    private long fromHome(final int home, final int homeNode, final int to, final int flits, final long at) {
        return memory.port(home, at, network.serializationCycles(homeNode, to, flits)) + send(homeNode, to, flits);
    }

    /** Counts one message and returns its latency. */
    private long send(final int from, final int to, final int flits) {
        stats.messages++;
        stats.bytes += (long) flits * flitBytes;
        stats.flitHops += (long) flits * network.hops(from, to);
        return network.latency(from, to, flits);
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
