package org.scalebench.bench.coherence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scalebench.coherence.sim.SystemSpec;

/**
 * {@code reproduce}'s wsc1m network points scale the system file's figures between servers, exactly and only
 * those, and each gives a machine whose messages between racks take the scaled time.
 */
class WscNetworkVariantsTest {

    private static final SystemSpec WSC = SystemSpec.named("wsc1m");

    @Test
    void thePointsScaleTheRoundTripsAndBandwidthsBetweenServersOnly() {
        final List<CdrReproduction.Variant> points = CdrReproduction.wscNetworkVariants(WSC);
        assertEquals(3, points.size());
        assertEquals(Map.of("rack_round_trip_ns", "10000", "array_round_trip_ns", "50000",
                "datacenter_round_trip_ns", "50000"), points.get(0).overrides());
        assertEquals(Map.of("rack_bandwidth_mbps", "1000", "array_bandwidth_mbps", "100",
                "datacenter_bandwidth_mbps", "100"), points.get(1).overrides());
        assertEquals(Map.of("rack_round_trip_ns", "1000", "array_round_trip_ns", "5000",
                "datacenter_round_trip_ns", "5000", "rack_bandwidth_mbps", "10000", "array_bandwidth_mbps", "1000",
                "datacenter_bandwidth_mbps", "1000"), points.get(2).overrides());
        for (final CdrReproduction.Variant v : points) {
            assertTrue(v.overrides().keySet().stream().noneMatch(k -> k.startsWith("server_")), v.name());
            assertEquals(List.of("global/dir-b-6", "hr/dir-b-6", "hr/dir-nb-4", "hier/hier", "sr+hr/cdr-sr"),
                    v.runs().stream().map(r -> r.scheme().id() + "/" + r.format()).toList(), v.name());
        }
    }

    @Test
    void aScaledMachineTakesTheScaledTimeBetweenRacksAndTheSameWithinAServer() {
        final SystemSpec fast = WSC.with(CdrReproduction.wscNetworkVariants(WSC).get(2).overrides(), "test");
        final int otherRack = 64 * 40; // the first core of the second rack
        final long slow = WSC.network().latency(0, otherRack, 1);
        final long quick = fast.network().latency(0, otherRack, 1);
        // 100,000 ns round trip at 2.5 GHz less 120 DRAM cycles, halved: 124,940 cycles one way, against 1,190
        assertTrue(slow > 100 * quick / 2 && quick > 1_000, slow + " against " + quick);
        assertEquals(WSC.network().latency(0, 1, 1), fast.network().latency(0, 1, 1), "within a server");
    }
}
