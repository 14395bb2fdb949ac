package org.scalebench.coherence.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;
import org.scalebench.coherence.sim.SimulationResult;

/**
 * The queueing-theory checks on results built by hand, at and past their bounds: each check's formula worked out
 * on round numbers, so that a changed operator, a lost term or a bound moved by one step fails a test.
 */
class MachineSanityTest {

    @Test
    void aResourceBusyAtMostTheElapsedTimePassesAndOneBusierIsNamed() {
        assertNull(MachineSanity.utilization(result(16, 100, 150, 0.5)));
        assertNull(MachineSanity.utilization(result(16, 100, 150, 1.0)), "busy the whole time is allowed");
        assertNull(MachineSanity.utilization(result(16, 100, 150, 1 + 1e-9)), "the rounding slack is inclusive");
        assertEquals("home-port-7 busy 1.0010 of the time: a server cannot be busier than the time elapsed",
                MachineSanity.utilization(result(16, 100, 150, 1.001)));
    }

    @Test
    void littlesLawComparesTheMeanLatencyWithCoresOverThroughputLessTheThinkTime() {
        // 16 cores at 100 accesses per kilocycle (0.1 a cycle): 160 cycles an access, 10 of them thinking, so 150
        assertNull(MachineSanity.littlesLaw(result(16, 100, 150, 0.5), 10, 0.03));
        assertNull(MachineSanity.littlesLaw(result(16, 100, 153, 0.5), 10, 0.03), "2% apart, 3% allowed");
        assertNull(MachineSanity.littlesLaw(result(16, 100, 157.5, 0.5), 10, 0.05), "5% apart, 5% allowed");
        assertEquals("mean access latency 156.000 cycles, but 16 cores at 0.10000 accesses per cycle with 10.0 cycles "
                + "between accesses give 150.000 (4.0% apart, allowed 3.0%)",
                MachineSanity.littlesLaw(result(16, 100, 156, 0.5), 10, 0.03));
        assertEquals("mean access latency 144.000 cycles, but 16 cores at 0.10000 accesses per cycle with 10.0 cycles "
                + "between accesses give 150.000 (4.0% apart, allowed 3.0%)",
                MachineSanity.littlesLaw(result(16, 100, 144, 0.5), 10, 0.03), "too short is as wrong as too long");
        // 8 cores at 200 per kilocycle: 40 cycles an access with no think time
        assertNull(MachineSanity.littlesLaw(result(8, 200, 40, 0.5), 0, 0.001));
    }

    @Test
    void littlesLawWithAnExpectedLatencyOfZeroComparesAbsolutely() {
        // 1 core at 100 per kilocycle thinking 10 cycles of every 10: the accesses themselves take no time
        assertNull(MachineSanity.littlesLaw(result(1, 100, 0, 0.5), 10, 0.03));
        assertEquals("mean access latency 1.000 cycles, but 1 cores at 0.10000 accesses per cycle with 10.0 cycles "
                + "between accesses give 0.000 (100000000000000.0% apart, allowed 3.0%)",
                MachineSanity.littlesLaw(result(1, 100, 1, 0.5), 10, 0.03));
    }

    @Test
    void md1WaitIsPollaczekKhinchineForDeterministicService() {
        assertEquals(0, MachineSanity.md1Wait(0, 10), 0);
        assertEquals(5, MachineSanity.md1Wait(0.5, 10), 1e-12); // 0.5 x 10 / (2 x 0.5)
        assertEquals(20, MachineSanity.md1Wait(0.8, 10), 1e-12); // 0.8 x 10 / (2 x 0.2)
        assertEquals(2.25, MachineSanity.md1Wait(0.75, 1.5), 1e-12); // 0.75 x 1.5 / (2 x 0.25)
    }

    @Test
    void md1AcceptsAWaitWithinTheToleranceOnEitherSide() {
        assertNull(MachineSanity.md1(5, 0.5, 10, 0.10));
        assertNull(MachineSanity.md1(5.5, 0.5, 10, 0.10), "10% apart, 10% allowed");
        assertNull(MachineSanity.md1(4.5, 0.5, 10, 0.10));
        assertEquals("mean wait 5.600 cycles at load 0.500, M/D/1 gives 5.000 for service 10.0 (12.0% apart, allowed "
                + "10.0%)", MachineSanity.md1(5.6, 0.5, 10, 0.10));
        assertEquals("mean wait 4.400 cycles at load 0.500, M/D/1 gives 5.000 for service 10.0 (12.0% apart, allowed "
                + "10.0%)", MachineSanity.md1(4.4, 0.5, 10, 0.10));
    }

    /**
     * A result whose cores, throughput, mean access latency and busiest resource's load are given; every other field
     * is a placeholder the checks do not read.
     */
    private static SimulationResult result(final int activeCores, final double accessesPerKilocycle,
            final double avgAccessLatencyCycles, final double maxResourceUtilization) {
        return new SimulationResult("chip16", "global", "full-map", "global", "vm", 1, 1000, 0.1, 100, 200,
                avgAccessLatencyCycles, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 1000, null, "", 0, 0, true, 1, 1,
                activeCores, maxResourceUtilization, false, accessesPerKilocycle, 1, 1, "home-port-7", 0, true, 1);
    }
}
