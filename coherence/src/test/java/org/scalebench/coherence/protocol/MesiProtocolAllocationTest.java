package org.scalebench.coherence.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.scalebench.coherence.memory.MemoryStats;
import org.scalebench.coherence.sim.ClosedLoopMachine;
import org.scalebench.coherence.sim.CoherenceSimulator;
import org.scalebench.coherence.sim.Scheme;
import org.scalebench.coherence.sim.SyntheticWorkload;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.core.testing.Allocations;

/**
 * The simulator's inner loop (the closed-loop machine: workload, protocol, timing paths, events and queues)
 * allocates nothing once warm, for every scheme (hits, misses, broadcasts, map caches), for the superset and
 * overflow formats (invalidations to coarse groups, broadcasts, Dir_i NB overflow), and with DRAM traffic, queues,
 * link contention and broadcast-state exits.
 */
@Tag("allocation")
class MesiProtocolAllocationTest {

    /**
     * Runs 256,000 measured accesses of the vm workload on the closed-loop machine after 512,000 warm ones (the
     * chain store and event queue reach their size); returns the machine's protocol.
     *
     * @param chip the machine
     * @param schemeAndFormat a scheme, optionally with a format: {@code global:dir-b-4}
     */
    private static MesiProtocol assertNoAllocation(final SystemSpec chip, final String schemeAndFormat) {
        final String[] parts = schemeAndFormat.split(":");
        final Scheme scheme = Scheme.parse(parts[0]);
        final String format = parts.length > 1 ? parts[1] : null;
        final MesiProtocol p = new MesiProtocol(chip.protocolConfig(CoherenceSimulator.formatFor(chip, scheme, format),
                CoherenceSimulator.mappingFor(chip, scheme, null)));
        final SyntheticWorkload w = new SyntheticWorkload(chip,
                SyntheticWorkload.Params.defaults(SyntheticWorkload.Kind.VM, chip, 5));
        w.defineDomains(p.sharerDomains(), p.homeDomains());
        final ClosedLoopMachine machine = new ClosedLoopMachine(p, w, chip.mshrsPerCore(), chip.thinkCycles(), 16);
        final long bytes = Allocations.bytesAllocated(i -> machine.runFor(128), 4_000, 2_000);
        assertEquals(0L, bytes);
        return p;
    }

    @ParameterizedTest
    @ValueSource(strings = {"global", "sr", "hr", "sr+hr", "global:coarse-vector-4", "global:dir-b-4",
        "global:dir-nb-2"})
    void accessAllocatesNothing(final String schemeAndFormat) {
        final MesiProtocol p = assertNoAllocation(SystemSpec.named("chip1024"), schemeAndFormat);
        assertEquals(true, p.stats().misses() > 1000 && p.stats().invalidations() > 100, "the loop exercised misses");
    }

    /** With 1 KiB slices (DRAM reads, dirty evictions, controller queues) and the reset-on-empty B state. */
    @ParameterizedTest
    @ValueSource(strings = {"global", "sr+hr"})
    void accessWithDramQueuesAndBStateExitsAllocatesNothing(final String schemeName) {
        final SystemSpec chip = SystemSpec.named("chip1024").with(java.util.Map.of("home_slice_kib", "1",
                "b_state", "reset-on-empty"), "allocation test");
        final MemoryStats memory = assertNoAllocation(chip, schemeName).stats().memory();
        assertEquals(true, memory.dramReads() > 1000 && memory.dramWrites() > 10,
                "the loop exercised DRAM: " + memory.dramReads() + " reads, " + memory.dramWrites() + " writes");
    }

    /** The RTL's map-cache replacement (used and lock bits) allocates nothing either. */
    @ParameterizedTest
    @ValueSource(strings = {"sr", "sr+hr"})
    void accessWithRtlMapCacheReplacementAllocatesNothing(final String schemeName) {
        final SystemSpec chip = SystemSpec.named("chip1024").with(java.util.Map.of("map_cache_replacement", "rtl"),
                "allocation test");
        final MesiProtocol p = assertNoAllocation(chip, schemeName);
        assertEquals(true, p.homeMapCaches().misses() + p.sharerMapCaches().misses() > 0,
                "the loop exercised the map caches");
    }
}
