package org.scalebench.coherence.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.home.HomeMapping;
import org.scalebench.coherence.network.Interconnect;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.timing.ScriptedCores;
import org.scalebench.coherence.verify.RandomProtocolTester;
import org.scalebench.core.Mix64;
import org.scalebench.core.RangeReduction;

/** The memory behind the homes, the home-port queue and the B-state policy, inside the protocol (chip1024). */
class MesiProtocolMemoryTest {

    /** chip1024 with two memory controllers: tile (16, 0) and tile (16, 31). */
    private static final SystemSpec CHIP = SystemSpec.named("chip1024").with(Map.of("memory_controllers", "2"), "test");

    private static MesiProtocol chip(final SystemSpec system, final String format) {
        return new MesiProtocol(system.protocolConfig(FormatSpec.parse(format), HomeMapping.parse("global", 1024)));
    }

    private static long at(final long line) {
        return line << 6;
    }

    @Test
    void aFirstTouchIsReadFromDramThroughTheLinesControllerAndTheNextFromTheSlice() {
        final MesiProtocol p = chip(CHIP, "full-map");
        final Interconnect net = CHIP.network();
        // line 33: home tile 33 = (1, 1); page 0 is interleaved onto controller reduce(mix(0), 2)
        final int controller = RangeReduction.reduce(Mix64.stafford13(0), 2) == 0 ? 16 : 31 * 32 + 16;
        final long dram = 10 + net.latency(33, controller, 3) + 120 + net.latency(controller, 33, 10);
        assertEquals(5 + 10 + dram + 12, p.access(0, false, at(33), 0, 0));
        assertEquals(1, p.stats().memory().dramReads());
        // core 0 writes it (E -> M, a hit), core 2 reads: forwarded to the owner, who writes back to the slice
        p.access(0, true, at(33), 0, 0);
        p.access(2, false, at(33), 0, 0);
        assertEquals(1, p.stats().memory().dramReads());
        // a third core's read is served by the slice in 10 cycles: core 34 = (2, 1), one hop from the home
        final long third = p.access(34, false, at(33), 0, 0);
        assertEquals(4 + 10 + 10 + 11, third);
        assertEquals(1, p.stats().memory().homeHits());
        assertEquals(1, p.stats().memory().homesTouched());
    }

    @Test
    void aSerialBroadcastIsATrainEachWayThatAResponseIsInterleavedWith() {
        final MesiProtocol p = chip(CHIP.with(Map.of("invalidation_delivery", "serial"), "test"), "cdr-sr");
        p.sharerDomains().define(0, new int[] {0, 1, 2, 3});
        p.sharerDomains().makePrimary(0);
        p.access(0, false, at(33), 0, 0);
        p.access(100, false, at(33), 0, 0); // the public sharer: B state
        p.access(2, false, at(33 + 1024), 0, 0); // core 2 caches another line of home 33
        final long[] latency = new ScriptedCores(p)
                .at(0, 1, true, at(33), 0, 0)           // broadcast: 1023 invalidations, 3 cycles each, and acks
                .at(200, 3, false, at(33 + 1024), 0, 0)  // a read of home 33's other line while the train is out
                .run();
        assertEquals(1, p.stats().broadcasts());
        assertTrue(latency[0] >= 2 * 1023 * 3, "two trains of 1,023 packets: " + latency[0]);
        final long alone = p.access(3, false, at(33 + 2048), 0, 0) - 0; // the same path, idle
        assertTrue(latency[1] <= alone + 2 * 3 + 2, "the response waits at most one train packet at each "
                + "interface: " + latency[1] + " against " + alone + " idle");
    }

    @Test
    void aTreeBroadcastIsOneMessageEachWay() {
        final MesiProtocol p = chip(CHIP, "cdr-sr");
        p.sharerDomains().define(0, new int[] {0, 1, 2, 3});
        p.sharerDomains().makePrimary(0);
        p.access(0, false, at(33), 0, 0);
        p.access(100, false, at(33), 0, 0); // B state
        final long latency = p.access(1, true, at(33), 0, 0);
        assertEquals(1, p.stats().broadcasts());
        final Interconnect net = CHIP.network();
        // GetM from core 1 to home 33, the round (to the farthest tile and back) overlapped with the slice read,
        // data back: the round decides
        final long round = 2 * net.maxLatencyFrom(33, 3);
        assertEquals(net.latency(1, 33, 3) + 10 + Math.max(round, 10) + net.latency(33, 1, 10), latency);
    }

    /** Core {@code core} reads 8 other lines of line 33's private set (64 sets): its copy of 33 is evicted. */
    private static void evict33(final MesiProtocol p, final int core) {
        for (int k = 1; k <= 8; k++) {
            p.access(core, false, at(33 + 64L * 4096 * k), 0, 0);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sticky", "reset-on-empty"})
    void aBroadcastLineWhoseCopiesAreGoneBroadcastsOnlyWhenSticky(final String policy) {
        final MesiProtocol p = chip(CHIP.with(Map.of("b_state", policy), "test"), "cdr-sr");
        p.sharerDomains().define(0, new int[] {0, 1, 2, 3});
        p.sharerDomains().makePrimary(0);
        p.access(0, false, at(33), 0, 0);
        p.access(100, false, at(33), 0, 0); // B state
        evict33(p, 0);
        evict33(p, 100);
        p.access(1, true, at(33), 0, 0);
        if (policy.equals("sticky")) {
            assertEquals(1, p.stats().broadcasts(), "OpenPiton: B ends only with a broadcast");
            assertEquals(0, p.stats().broadcastExits());
        } else {
            assertEquals(0, p.stats().broadcasts(), "the entry left B when its last copy went");
            assertEquals(1, p.stats().broadcastExits());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"cdr-sr", "dir-b-2"})
    void theRandomTesterFindsNoViolationWithResetOnEmpty(final String format) {
        final SystemSpec system = SystemSpec.named("chip1024").with(Map.of("b_state", "reset-on-empty"), "test");
        final RandomProtocolTester.Report report = new RandomProtocolTester(system, FormatSpec.parse(format), "global")
                .run(40_000, 0xB57A7EL, true);
        assertEquals(0, report.violations(), report.firstViolation());
        assertTrue(report.broadcasts() > 10, "broadcasts still happen: " + report);
    }

    @Test
    void theTrafficTotalsAddTheMemorySideAndAResetClearsBothSides() {
        final MesiProtocol p = chip(CHIP, "full-map");
        final Interconnect net = CHIP.network();
        final int controller = RangeReduction.reduce(Mix64.stafford13(0), 2) == 0 ? 16 : 31 * 32 + 16;
        p.access(0, false, at(33), 0, 0); // a first touch: request and data over 2 hops, a DRAM read behind them
        final ProtocolStats s = p.stats();
        final long controllerHops = net.latency(33, controller, 3) - 3;
        assertEquals(2, s.memoryMessages());
        assertEquals(2 + 2, s.messages());
        assertEquals((3 + 10) * 2 + (3 + 10) * controllerHops, s.flitHops());
        assertEquals(2L * (3 + 10) * net.flitBytes(), s.bytes());
        assertEquals(1, s.memory().dramReads());
        assertEquals(1, s.missLatency().count());
        s.reset();
        assertEquals(0, s.memoryMessages());
        assertEquals(0, s.messages());
        assertEquals(0, s.flitHops());
        assertEquals(0, s.bytes());
        assertEquals(0, s.memory().dramReads());
        assertEquals(0, s.missLatency().count());
    }
}
