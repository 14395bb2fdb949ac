package org.scalebench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.scalebench.core.testing.Allocations;

@Tag("allocation")
class TopologyAllocationTest {

    private static final int MILLION = 1 << 20;

    @Test
    void meshAndTorusDistancesAllocateNothing() {
        final MeshTopology mesh = new MeshTopology(1000, 1000);
        final TorusTopology torus = new TorusTopology(1024, 1024);
        final MeshTopology chip = new MeshTopology(32, 32);     // coordinate-table path
        final TorusTopology smallTorus = new TorusTopology(16, 16);
        assertEquals(0L, Allocations.bytesAllocated(i -> chip.hops(i & 1023, (i * 7919) & 1023)));
        assertEquals(0L, Allocations.bytesAllocated(i -> smallTorus.hops(i & 255, (i * 7919) & 255)));
        assertEquals(0L, Allocations.bytesAllocated(i -> mesh.hops(i % 1_000_000, (i * 7919) % 1_000_000)));
        assertEquals(0L, Allocations.bytesAllocated(i -> mesh.x(i & 0xFFFF) + mesh.y(i & 0xFFFF)));
        assertEquals(0L, Allocations.bytesAllocated(i -> torus.hops(i & (MILLION - 1), (i * 7919) & (MILLION - 1))));
        assertEquals(0L, Allocations.bytesAllocated(i -> torus.x(i & 0xFFFF) + torus.y(i & 0xFFFF)));
    }

    @Test
    void hierarchicalLevelsAndLatenciesAllocateNothing() {
        final long[] latencies = {0, 10, 200, 3_000, 40_000};
        final HierarchicalTopology bitFields = new HierarchicalTopology(64, 16, 32, 32, latencies);
        final HierarchicalTopology mixedRadix = new HierarchicalTopology(48, 40, 24, 23, latencies);
        for (final HierarchicalTopology machine : new HierarchicalTopology[] {bitFields, mixedRadix}) {
            final int cores = machine.cores();
            assertEquals(0L, Allocations.bytesAllocated(i -> machine.level(i % cores, (i * 7919) % cores)));
            assertEquals(0L, Allocations.bytesAllocated(i -> machine.latency(i % cores, (i * 7919) % cores)));
            assertEquals(0L, Allocations.bytesAllocated(
                    i -> machine.serverOf(i % cores) + machine.rackOf(i % cores) + machine.clusterOf(i % cores)));
        }
    }

    @Test
    void fastDivisionAllocatesNothing() {
        final FastDivisor divisor = new FastDivisor(1_000_003);
        assertEquals(0L, Allocations.bytesAllocated(i -> divisor.divide(i * 0x9E3779B9) + divisor.remainder(i)));
        assertEquals(0L, Allocations.bytesAllocated(i -> RangeReduction.reduce32(i * 0x9E3779B9, 1000)));
    }
}
