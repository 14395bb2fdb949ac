package org.scalebench.coherence.protocol;

import org.scalebench.coherence.memory.MemoryStats;
import org.scalebench.coherence.network.Messenger;
import org.scalebench.core.LatencyHistogram;

/**
 * Counters of a {@link MesiProtocol} run: accesses, misses by kind, messages (count, bytes, flit-hops),
 * invalidations, broadcasts, evictions, map-cache traffic, the memory side ({@link #memory()}) and the
 * miss-latency distribution. Updated in
 * place on the hot path (no allocation); read after the run.
 */
public final class ProtocolStats {

    long accesses;
    long writes;
    long hits;
    long readMisses;
    long writeMisses;
    long upgrades;
    long invalidations;
    long broadcasts;
    long forwards;
    long evictions;
    long writebacks;
    long directoryAccesses;
    long directoryEvictions;
    long overflowInvalidations;
    long homeMapLookups;
    long homeMapMisses;
    final MemoryStats memory = new MemoryStats();
    long broadcastExits;
    private Messenger coherenceTraffic;
    private Messenger memoryTraffic;
    long latencySum;
    long superfluousInvalidations;
    final LatencyHistogram missLatency = new LatencyHistogram();

    /** Zeroes every counter. */
    public void reset() {
        accesses = 0;
        writes = 0;
        hits = 0;
        readMisses = 0;
        writeMisses = 0;
        upgrades = 0;
        if (coherenceTraffic != null) {
            coherenceTraffic.reset();
            memoryTraffic.reset();
        }
        invalidations = 0;
        broadcasts = 0;
        forwards = 0;
        evictions = 0;
        writebacks = 0;
        directoryAccesses = 0;
        directoryEvictions = 0;
        overflowInvalidations = 0;
        homeMapLookups = 0;
        homeMapMisses = 0;
        memory.reset();
        broadcastExits = 0;
        latencySum = 0;
        missLatency.reset();
        superfluousInvalidations = 0;
    }

    /** @return accesses simulated */
    public long accesses() {
        return accesses;
    }

    /** @return stores among them */
    public long writes() {
        return writes;
    }

    /** @return private-cache hits (a store to an S copy is an upgrade, not a hit) */
    public long hits() {
        return hits;
    }

    /** @return loads that missed */
    public long readMisses() {
        return readMisses;
    }

    /** @return stores that missed */
    public long writeMisses() {
        return writeMisses;
    }

    /** @return stores to a shared copy (S to M) */
    public long upgrades() {
        return upgrades;
    }

    /** @return requests sent to a home: read misses, write misses and upgrades */
    public long misses() {
        return readMisses + writeMisses + upgrades;
    }

    /** @return misses / accesses */
    public double missRate() {
        return accesses == 0 ? 0 : (double) misses() / accesses;
    }

    /** Connects the counters of the protocol's two messengers (coherence traffic, memory traffic). */
    void attach(final Messenger coherence, final Messenger memoryTraffic) {
        this.coherenceTraffic = coherence;
        this.memoryTraffic = memoryTraffic;
    }

    /** @return messages sent: coherence messages and those between homes and memory controllers */
    public long messages() {
        return coherenceTraffic.messages() + memoryTraffic.messages();
    }

    /** @return bytes of those messages */
    public long bytes() {
        return coherenceTraffic.bytes() + memoryTraffic.bytes();
    }

    /** @return flits times links crossed, of those messages */
    public long flitHops() {
        return coherenceTraffic.flitHops() + memoryTraffic.flitHops();
    }

    /** @return messages between homes and memory controllers only */
    public long memoryMessages() {
        return memoryTraffic.messages();
    }

    /**
     * Records an access's latency (the caller's: zero-load for {@link MesiProtocol#access}, the timeline's in a
     * simulation).
     *
     * @param cycles the latency
     */
    public void recordAccess(final long cycles) {
        latencySum += cycles;
    }

    /**
     * Records a miss's latency (also to be recorded as an access).
     *
     * @param cycles the latency
     */
    public void recordMiss(final long cycles) {
        missLatency.record(cycles);
    }

    /** @return invalidation messages sent (to sharers, broadcast targets, evicted owners) */
    public long invalidations() {
        return invalidations;
    }

    /** @return invalidation rounds that went to every core */
    public long broadcasts() {
        return broadcasts;
    }

    /** @return requests forwarded to an exclusive owner */
    public long forwards() {
        return forwards;
    }

    /** @return private-cache evictions (PutS, PutE, PutM) */
    public long evictions() {
        return evictions;
    }

    /** @return dirty lines written back to their home */
    public long writebacks() {
        return writebacks;
    }

    /** @return directory lookups at homes */
    public long directoryAccesses() {
        return directoryAccesses;
    }

    /** @return sparse-directory entries evicted (their copies invalidated) */
    public long directoryEvictions() {
        return directoryEvictions;
    }

    /** @return sharers invalidated because a limited-pointer entry overflowed (Dir_i NB) */
    public long overflowInvalidations() {
        return overflowInvalidations;
    }

    /** @return Home Map Cache lookups */
    public long homeMapLookups() {
        return homeMapLookups;
    }

    /** @return Home Map Cache misses */
    public long homeMapMisses() {
        return homeMapMisses;
    }

    /** @return the memory side: home slices, DRAM, homes touched */
    public MemoryStats memory() {
        return memory;
    }

    /** @return broadcast-state entries freed when their last copy went (B-state policy reset-on-empty) */
    public long broadcastExits() {
        return broadcastExits;
    }

    /** @return the sum of every access's latency */
    public long latencySum() {
        return latencySum;
    }

    /** @return latency of every miss (requests to a home) */
    public LatencyHistogram missLatency() {
        return missLatency;
    }

    /**
     * Invalidations that reached a core without a copy: the price of a superset format (coarse groups, a
     * broadcast) or of a stale pointer. Included in {@link #invalidations()}.
     *
     * @return superfluous invalidations
     */
    public long superfluousInvalidations() {
        return superfluousInvalidations;
    }
}
