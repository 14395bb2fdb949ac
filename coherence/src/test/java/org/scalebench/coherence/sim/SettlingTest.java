package org.scalebench.coherence.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.scalebench.coherence.protocol.MesiProtocol;

/**
 * A run counts only once its timing is steady: after an untimed warm-up every core starts at the same moment and
 * the machine moves in waves for a while; counting then breaks Little's law, which the result's ratio shows, and
 * settling (timed, uncounted windows until the throughput is steady) restores it.
 */
class SettlingTest {

    private static final SystemSpec CHIP = SystemSpec.named("chip1024");
    private static final long UNTIMED = 4_000_000;

    private static SyntheticWorkload vm() {
        return new SyntheticWorkload(CHIP, SyntheticWorkload.Params.defaults(SyntheticWorkload.Kind.VM, CHIP, 7));
    }

    /** The planted fault: counting starts right after the untimed warm-up, with neither a timed tail nor settling. */
    @Test
    void countingRightAfterAnUntimedWarmupBreaksLittlesLawAndSettlingRestoresIt() {
        final Workload w = vm();
        final MesiProtocol protocol = new MesiProtocol(CHIP.protocolConfig(
                CoherenceSimulator.formatFor(CHIP, Scheme.SR_HR, null), CoherenceSimulator.mappingFor(CHIP, Scheme.SR_HR,
                        null)));
        w.defineDomains(protocol.sharerDomains(), protocol.homeDomains());
        final ClosedLoopMachine machine = new ClosedLoopMachine(protocol, w, CHIP.mshrsPerCore(), CHIP.thinkCycles(),
                1 << 12);
        assertEquals(UNTIMED, new FunctionalWarmup(protocol, w).run(UNTIMED));
        protocol.links().discardOffered();
        machine.startCounting();
        final long counted = 32L * machine.issuingCores();
        assertEquals(counted, machine.runFor(counted));
        final long lastIssue = machine.timeline().now();
        machine.drain();
        final double unsettled = CoherenceSimulator.littlesLawRatio(protocol.stats(), CHIP.thinkCycles(), machine,
                lastIssue - machine.countedFrom());
        assertTrue(Math.abs(unsettled - 1) > 0.10, "the waves after the untimed part: " + unsettled);

        final SimulationResult r = CoherenceSimulator.run(CHIP, Scheme.SR_HR, null, null, vm(),
                Warmup.fixed(UNTIMED + Warmup.tailLength(CHIP.cores())).functionally(), counted, 7,
                CoherenceSimulator.Progress.NONE);
        assertTrue(r.settled(), "settled");
        assertTrue(r.settleAccesses() > 0 && r.settleAccesses() % Warmup.settleWindow(CHIP.cores()) == 0,
                "whole settling windows: " + r.settleAccesses());
        assertEquals(1, r.littlesLawRatio(), 0.03, "settled, the counted part keeps Little's law");
    }

    /**
     * Every window's throughput is reported: first those in which the cores spend their random idle stretch (the
     * machine slowed), then windows until the last two changes are within the tolerance.
     */
    @Test
    void settlingStopsWhenTheThroughputIsSteady() {
        final java.util.List<Double> windows = new java.util.ArrayList<>();
        final CoherenceSimulator.Progress progress = new CoherenceSimulator.Progress() {
            @Override
            public void update(final long done, final long total) {
            }

            @Override
            public void settling(final long accesses, final double accessesPerKilocycle) {
                assertEquals(Warmup.settleWindow(CHIP.cores()), accesses);
                windows.add(accessesPerKilocycle);
            }
        };
        final SimulationResult r = CoherenceSimulator.run(CHIP, Scheme.GLOBAL, null, null, vm(),
                Warmup.fixed(UNTIMED).functionally(), 200_000, 7, progress);
        assertEquals(windows.size() * Warmup.settleWindow(CHIP.cores()), r.settleAccesses());
        assertTrue(r.settled());
        final int n = windows.size();
        assertTrue(n >= 3, "the cores' idle stretches, then at least three windows judged: " + windows);
        assertTrue(Math.abs(windows.get(n - 1) / windows.get(n - 2) - 1) <= Warmup.SETTLE_TOLERANCE, "" + windows);
        assertTrue(Math.abs(windows.get(n - 2) / windows.get(n - 3) - 1) <= Warmup.SETTLE_TOLERANCE, "" + windows);
        final double slowest = windows.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        assertTrue(slowest < 0.6 * windows.get(n - 1), "the idle stretches slow the machine: " + windows);
    }

    @Test
    void aSeriesIsSteadyAfterTwoSmallChangesInARow() {
        final Steadiness s = new Steadiness(0.02);
        assertFalse(s.add(100));
        assertFalse(s.add(101), "one change is not enough");
        assertTrue(s.add(100.5));
        assertFalse(s.add(150), "a wave");
        assertFalse(s.add(150.5), "the wave is still the change before");
        assertTrue(s.add(151));
    }
}
