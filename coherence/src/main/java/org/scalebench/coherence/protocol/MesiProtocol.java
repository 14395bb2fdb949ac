package org.scalebench.coherence.protocol;

import org.scalebench.coherence.domain.HomeDomains;
import org.scalebench.coherence.domain.MapCacheBank;
import org.scalebench.coherence.domain.SharerDomains;
import org.scalebench.coherence.format.DirectoryFormat;
import org.scalebench.coherence.format.DirectoryFormats;
import org.scalebench.coherence.home.HomeMapping;
import org.scalebench.coherence.memory.HomeMemory;
import org.scalebench.coherence.network.Interconnect;
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
 * The holder list of an entry links the private slots that really hold the line. It is the simulator's
 * ground truth: invalidations are sent to the format's targets (exact, superset, or every core), and a
 * broadcast reaches the holders through the list instead of probing a million caches.
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
 * <p>Allocation: arrays sized from the configuration at construction; {@link #access} allocates nothing
 * (except the value table's growth when values are tracked, for the tester). Thread-safety: none.
 */
public final class MesiProtocol {

    /** Private-cache line states. */
    static final byte INVALID = 0;
    static final byte SHARED = 1;
    static final byte EXCLUSIVE = 2;
    static final byte MODIFIED = 3;

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

    private final int[] values;
    private final LineTable homeValues;
    private long lastValue;
    private int lastHome;
    /** Keeps {@link #prefetch}'s loads alive. */
    private long prefetchSink;

    /**
     * Builds the machine: empty caches and directories, undefined domains.
     *
     * @param config the configuration
     */
    public MesiProtocol(final ProtocolConfig config) {
        this.config = config;
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

        this.sharerMapCaches = new MapCacheBank(homes, config.mapCacheEntries());
        this.homeMapCaches = new MapCacheBank(cores, config.mapCacheEntries());
        this.sharerDomains = new SharerDomains(config.sharerDomainCount(), cores, sharerMapCaches);
        this.homeDomains = new HomeDomains(config.homeDomainCount(), homes, homeMapCaches);
        this.homeMapping = config.homeMapping();
        this.restrictedHomes = homeMapping.restricted();
        this.format = DirectoryFormats.create(config.format(), directoryTags.capacity(), sharerDomains,
                sharerMapCaches);
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
        this.values = config.trackValues() ? new int[privateSlots] : null;
        this.homeValues = config.trackValues() ? new LineTable(1024, 0) : null;
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
        final long latency = perform(core, write, address, sdid, hdid, 0);
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
        final long line = address >>> 6;
        prefetchSink ^= privateTags.touchSet((core << privateSetShift) | ((int) line & privateSetMask));
    }

    /**
     * Performs one access carrying a value (the random tester): a store writes {@code value}, a load's
     * result is {@link #lastValue()} afterwards. Requires {@code trackValues}.
     *
     * @param core the requesting core
     * @param write true for a store
     * @param address the byte address
     * @param sdid the sharer domain of the page
     * @param hdid the home domain of the page
     * @param value the value a store writes (the tester's store counter)
     * @return the access latency in cycles
     */
    public long accessValue(final int core, final boolean write, final long address, final int sdid,
            final int hdid, final int value) {
        if (values == null) {
            throw new IllegalStateException("values are not tracked: build with trackValues = true");
        }
        final long latency = perform(core, write, address, sdid, hdid, value);
        memory.advance(latency);
        return latency;
    }

    /**
     * The value the last {@link #accessValue} read or wrote.
     *
     * @return the value
     */
    public long lastValue() {
        return lastValue;
    }

    private long perform(final int core, final boolean write, final long address, final int sdid,
            final int hdid, final int value) {
        stats.accesses++;
        final long line = address >>> 6;
        final int set = (core << privateSetShift) | ((int) line & privateSetMask);
        final int slot = privateTags.findInSet(set, line);
        if (slot >= 0) {
            final byte s = state[slot];
            if (!write) {
                stats.hits++;
                if (values != null) {
                    lastValue = values[slot];
                }
                return config.privateHitCycles();
            }
            stats.writes++;
            if (s != SHARED) {
                state[slot] = MODIFIED; // E to M is silent
                stats.hits++;
                storeValue(slot, value);
                return config.privateHitCycles();
            }
            final long latency = upgrade(core, slot, address, line, sdid, hdid);
            storeValue(slot, value);
            return latency;
        }
        if (write) {
            stats.writes++;
        }
        return miss(core, write, address, line, set, sdid, hdid, value);
    }

    private void storeValue(final int slot, final int value) {
        if (values != null) {
            values[slot] = value;
            lastValue = value;
        }
    }

    // ---------------------------------------------------------------------------------------------- requests

    private long miss(final int core, final boolean write, final long address, final long line, final int set,
            final int sdid, final int hdid, final int value) {
        long latency = homeOf(core, address, line, hdid);
        final int home = lastHome;
        final int homeNode = homeNodes[home];
        latency += send(core, homeNode, controlFlits) + config.directoryCycles();
        stats.directoryAccesses++;
        final long issued = memory.now();
        prefetchSink ^= memory.touch(home, line); // the slice's set loads while the directory is searched
        final int entry = entryFor(home, line);
        final int owner = format.owner(entry);
        final byte granted;
        int source = NIL;
        if (owner != DirectoryFormat.NONE) {
            // three hops: the owner supplies the line (and writes it back if dirty on a read)
            stats.forwards++;
            final int ownerSlot = firstHolder[entry]; // an owned line has exactly one copy, the owner's
            source = valueOf(ownerSlot);
            latency += fromHome(home, homeNode, owner, controlFlits, issued + latency) + send(owner, core, dataFlits);
            if (write) {
                // the forwarded GetM invalidates the owner, whose (possibly dirty) data goes to the requester
                dropCopy(ownerSlot);
                format.reset(entry);
                format.setOwner(entry, core, sdid);
                granted = MODIFIED;
            } else {
                if (state[ownerSlot] == MODIFIED) {
                    writeBack(owner, homeNode, line, values == null ? 0 : values[ownerSlot]);
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
        } else if (firstHolder[entry] == NIL && format.isEmpty(entry)) {
            // (a line with a holder is never empty in a correct format: the holder test only saves a lookup)
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
        final int slot = fill(core, set, line, entry, granted);
        if (values != null) {
            values[slot] = write ? value : (owner != DirectoryFormat.NONE ? source : homeValues.get(line));
            lastValue = values[slot];
        }
        stats.missLatency.record(latency);
        return latency;
    }

    private long upgrade(final int core, final int slot, final long address, final long line, final int sdid,
            final int hdid) {
        stats.upgrades++;
        long latency = homeOf(core, address, line, hdid);
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

    /** Sets {@link #lastHome} to the line's home and returns the Home Map Cache's extra latency. */
    private long homeOf(final int core, final long address, final long line, final int hdid) {
        if (!restrictedHomes) {
            lastHome = homeMapping.globalHome(line);
            return 0;
        }
        final int lhid = homeMapping.logicalHome(address, homeDomains.size(hdid));
        lastHome = homeDomains.home(hdid, lhid);
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

    /** The directory entry of {@code line} at {@code home}, allocating (and evicting) if needed. */
    private int entryFor(final int home, final long line) {
        final int set = (home << directorySetShift) | ((int) Mix64.murmur3(line) & directorySetMask);
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
            invalidateCopy(owner, firstHolder[entry], homeNode);
        } else {
            invalidateSharers(entry, home, NIL);
            memory.port(home, memory.now(), lastInjection); // off the requester's path, but it occupies the port
        }
        format.reset(entry);
        directoryTags.invalidate(entry);
    }

    private void freeIfEmpty(final int entry) {
        if (firstHolder[entry] == NIL) {
            if (format.isEmpty(entry)) {
                directoryTags.invalidate(entry);
            } else if (resetBroadcastOnEmpty && format.isBroadcast(entry)) {
                // B-state policy reset-on-empty: the last copy of a broadcast line went
                stats.broadcastExits++;
                format.reset(entry);
                directoryTags.invalidate(entry);
            }
        }
    }

    private void addSharer(final int entry, final int core, final int sdid, final int home) {
        final int dropped = format.addSharer(entry, core, sdid);
        if (dropped != DirectoryFormat.NONE && dropped != core) {
            stats.overflowInvalidations++;
            final int homeNode = homeNodes[home];
            final int slot = slotOf(dropped, directoryTags.tagAt(entry));
            if (slot >= 0) {
                invalidateCopy(dropped, slot, homeNode);
            } else {
                send(homeNode, dropped, controlFlits);
                send(dropped, homeNode, controlFlits);
                stats.invalidations++;
            }
        }
    }

    /**
     * Invalidates every copy the format says may exist, except {@code requester}'s; returns the round's
     * latency.
     */
    private long invalidateSharers(final int entry, final int home, final int requester) {
        final int homeNode = homeNodes[home];
        if (format.isBroadcast(entry)) {
            return broadcast(entry, home, homeNode, requester);
        }
        // messages and latency follow the format's targets (a superset format also reaches cores without a
        // copy); the copies themselves are found through the holder list, without probing any cache
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
            stats.invalidations++;
            final long trip = send(homeNode, target, controlFlits) + send(target, homeNode, controlFlits);
            round = Math.max(round, trip + injected);
        }
        lastInjection = injected;
        dropHolders(entry, requester, homeNode);
        return round + (format.mapCacheMisses() - smcMissesBefore) * config.mapMissCycles();
    }

    private long broadcast(final int entry, final int home, final int homeNode, final int requester) {
        stats.broadcasts++;
        final long others = cores - 1;
        stats.invalidations += others;
        stats.messages += 2 * others;
        stats.bytes += 2 * others * controlFlits * flitBytes;
        stats.flitHops += 2L * controlFlits * broadcastHopSum[home];
        // every holder acts on it; the list reaches them without probing every core
        dropHolders(entry, requester, homeNode);
        lastInjection = network.broadcastInjectionCycles(homeNode, controlFlits);
        return 2 * network.maxLatencyFrom(homeNode, controlFlits) + lastInjection;
    }

    /** Drops every copy of an entry's line except {@code requester}'s (writing back a dirty one). */
    private void dropHolders(final int entry, final int requester, final int homeNode) {
        for (int slot = firstHolder[entry]; slot != NIL;) {
            final int next = nextHolder[slot];
            final int holder = coreOfSlot(slot);
            if (holder != requester) {
                if (state[slot] == MODIFIED) {
                    writeBack(holder, homeNode, privateTags.tagAt(slot), values == null ? 0 : values[slot]);
                }
                dropCopy(slot);
            }
            slot = next;
        }
    }

    // ------------------------------------------------------------------------------------- private caches

    private int coreOfSlot(final int slot) {
        return privateTags.setOfSlot(slot) >>> privateSetShift;
    }

    private int slotOf(final int core, final long line) {
        return privateTags.peekInSet((core << privateSetShift) | ((int) line & privateSetMask), line);
    }

    private int valueOf(final int slot) {
        return values == null ? 0 : values[slot];
    }

    /** Invalidates {@code core}'s copy in {@code slot}: invalidation + acknowledgement (with data if dirty). */
    private long invalidateCopy(final int core, final int slot, final int homeNode) {
        stats.invalidations++;
        final long there = send(homeNode, core, controlFlits);
        final long back;
        if (state[slot] == MODIFIED) {
            stats.writebacks++;
            back = send(core, homeNode, dataFlits);
            memory.writeBack(homeAtNode[homeNode], privateTags.tagAt(slot));
            if (values != null) {
                homeValues.put(privateTags.tagAt(slot), values[slot]);
            }
        } else {
            back = send(core, homeNode, controlFlits);
        }
        dropCopy(slot);
        return there + back;
    }

    private void writeBack(final int core, final int homeNode, final long line, final int value) {
        stats.writebacks++;
        send(core, homeNode, dataFlits);
        memory.writeBack(homeAtNode[homeNode], line);
        if (values != null) {
            homeValues.put(line, value);
        }
    }

    /** Places {@code line} in {@code core}'s cache (evicting a victim first) and links it to its entry. */
    private int fill(final int core, final int set, final long line, final int entry, final byte granted) {
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
        return slot;
    }

    /** A replacement: PutS, PutE or PutM to the line's home. */
    private void evict(final int core, final int slot) {
        stats.evictions++;
        final int entry = entryOfSlot[slot];
        final int homeNode = homeNodes[entryHome(entry)];
        final byte s = state[slot];
        if (s == MODIFIED) {
            writeBack(core, homeNode, privateTags.tagAt(slot), values == null ? 0 : values[slot]);
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

    // --------------------------------------------------------------------------------- checks (tester)

    /**
     * Checks the coherence invariants of one line after an access; used by the random tester.
     *
     * @param line the line index (address / 64)
     * @param home the line's home slice
     * @return null when consistent, else what is wrong
     */
    public String checkLine(final long line, final int home) {
        int writers = 0;
        int readers = 0;
        int holderCount = 0;
        for (int core = 0; core < cores; core++) {
            final int slot = slotOf(core, line);
            if (slot < 0) {
                continue;
            }
            holderCount++;
            if (state[slot] == MODIFIED || state[slot] == EXCLUSIVE) {
                writers++;
            } else {
                readers++;
            }
        }
        if (writers > 1 || (writers == 1 && readers > 0)) {
            return "single-writer/multiple-reader violated: " + writers + " exclusive and " + readers
                    + " shared copies";
        }
        if (holderCount == 0) {
            return null;
        }
        final int set = (home << directorySetShift) | ((int) Mix64.murmur3(line) & directorySetMask);
        final int entry = directoryTags.peekInSet(set, line);
        if (entry < 0) {
            return holderCount + " cached copies but no directory entry at home " + home;
        }
        int listed = 0;
        for (int slot = firstHolder[entry]; slot != NIL; slot = nextHolder[slot]) {
            listed++;
        }
        if (listed != holderCount) {
            return "holder list has " + listed + " copies, caches hold " + holderCount;
        }
        final int owner = format.owner(entry);
        if (writers == 1) {
            final int slot = owner == DirectoryFormat.NONE ? -1 : slotOf(owner, line);
            if (slot < 0 || state[slot] < EXCLUSIVE) {
                return "the exclusive copy is not the directory's owner (owner " + owner + ")";
            }
            return null;
        }
        if (owner != DirectoryFormat.NONE) {
            return "directory names owner " + owner + " but only shared copies exist";
        }
        if (format.isBroadcast(entry)) {
            return null;
        }
        final int n = format.invalidationTargets(entry, home, targets);
        int covered = 0;
        for (int core = 0; core < cores; core++) {
            if (slotOf(core, line) < 0) {
                continue;
            }
            boolean found = false;
            for (int i = 0; i < n; i++) {
                if (targets[i] == core) {
                    found = true;
                    break;
                }
            }
            if (!found) {
                return "core " + core + " holds a copy the directory does not track";
            }
            covered++;
        }
        if (format.isExact(entry) && n != covered) {
            return "exact format tracks " + n + " sharers but " + covered + " copies exist";
        }
        return null;
    }

    /**
     * The home slice of a line for a given domain, without touching any cache or counter (tester).
     *
     * @param address the byte address
     * @param hdid the page's home domain
     * @return the home slice
     */
    public int homeSliceOf(final long address, final int hdid) {
        if (!restrictedHomes) {
            return homeMapping.globalHome(address >>> 6);
        }
        return homeDomains.home(hdid, homeMapping.logicalHome(address, homeDomains.size(hdid)));
    }
}
