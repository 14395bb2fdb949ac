package org.scalebench.bench.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.scalebench.bench.perf.GateVerdict.Failure;

/** The gate's comparison on synthetic results: a slowed or allocating kernel fails, noise inside the floor passes. */
class PerfGateTest {

    private static final ParamSet N1000 = ParamSet.parse("n=1000");
    private static final PerfFloor FLOOR = new PerfFloor("RangeReductionBench", "modulo", N1000, 1.9, 0.01, "f:2");

    private static Measurement kernel(final double ns, final double bytes) {
        return new Measurement("RangeReductionBench", "kernel", N1000, ns, 0.01, bytes);
    }

    private static Measurement modulo(final double ns) {
        return new Measurement("RangeReductionBench", "modulo", N1000, ns, 0.01, 0.0001);
    }

    private static GateVerdict judge(final Measurement... measured) {
        final List<GateVerdict> verdicts = PerfGate.evaluate(List.of(measured), List.of(FLOOR));
        assertEquals(1, verdicts.size());
        return verdicts.get(0);
    }

    @Test
    void fastAllocationFreeKernelPasses() {
        final GateVerdict v = judge(kernel(1.06, 0.00003), modulo(2.82));
        assertTrue(v.passed());
        assertEquals("pass", v.status());
        assertEquals(2.82 / 1.06, v.speedup(), 1e-12);
        assertEquals(1.06, v.kernelNs());
        assertEquals(2.82, v.referenceNs());
        assertEquals(0.00003, v.bytesPerOp());
    }

    @Test
    void slowedKernelFailsOnSpeedup() {
        final GateVerdict v = judge(kernel(2.0, 0.00003), modulo(2.82));
        assertEquals(Set.of(Failure.SPEEDUP), v.failures());
        assertEquals("fail:speedup", v.status());
    }

    @Test
    void speedupEqualToTheFloorPasses() {
        assertTrue(judge(kernel(1.0, 0), modulo(1.9)).passed());
    }

    @Test
    void allocatingKernelFailsOnAllocation() {
        final GateVerdict v = judge(kernel(1.0, 24.0), modulo(2.82));
        assertEquals(Set.of(Failure.ALLOCATION), v.failures());
        assertEquals("fail:allocation", v.status());
    }

    @Test
    void allocationEqualToTheBoundPasses() {
        assertTrue(judge(kernel(1.0, 0.01), modulo(2.82)).passed());
    }

    @Test
    void unknownAllocationFails() {
        // NaN means the GC profiler failed: never read as "allocation-free"
        assertEquals(Set.of(Failure.ALLOCATION), judge(kernel(1.0, Double.NaN), modulo(2.82)).failures());
    }

    @Test
    void slowAndAllocatingKernelFailsOnBoth() {
        final GateVerdict v = judge(kernel(5.0, 8.0), modulo(2.82));
        assertEquals("fail:speedup+allocation", v.status());
    }

    @Test
    void missingKernelOrReferenceFailsAsNotMeasured() {
        assertEquals("fail:not-measured", judge(modulo(2.82)).status());
        final GateVerdict noReference = judge(kernel(1.0, 0));
        assertEquals(Set.of(Failure.NOT_MEASURED), noReference.failures());
        assertTrue(noReference.runs().isEmpty());
        assertTrue(Double.isNaN(noReference.kernelNs()));
        assertTrue(Double.isNaN(noReference.referenceNs()));
        assertEquals("fail:not-measured", judge().status());
    }

    @Test
    void resultsOfOtherParamsOrClassesDoNotCount() {
        final ParamSet other = ParamSet.parse("n=1024");
        final GateVerdict v = judge(new Measurement("RangeReductionBench", "kernel", other, 1.0, 0, 0),
                new Measurement("RangeReductionBench", "modulo", other, 3.0, 0, 0),
                new Measurement("RangeReductionBatchBench", "kernel", N1000, 1.0, 0, 0),
                new Measurement("RangeReductionBatchBench", "modulo", N1000, 3.0, 0, 0));
        assertFalse(v.passed());
        assertEquals(Set.of(Failure.NOT_MEASURED), v.failures());
    }

    @Test
    void medianOfThreeRunsDecides() {
        final List<FloorRun> runs = List.of(run(2.0, 2.82, 0), run(1.0, 2.82, 0), run(1.2, 2.82, 0));
        final GateVerdict v = PerfGate.judge(FLOOR, runs);
        assertTrue(v.passed(), v.toString());
        assertEquals(2.82 / 1.2, v.speedup(), 1e-12);
        assertEquals(1.2, v.kernelNs());
        assertEquals(3, v.runs().size());
        final GateVerdict slow = PerfGate.judge(FLOOR, List.of(run(1.0, 2.82, 0), run(2.0, 2.82, 0),
                run(2.0, 2.82, 0)));
        assertEquals(Set.of(Failure.SPEEDUP), slow.failures());
    }

    @Test
    void roundsSpreadWiderThanTheMarginOverTheFloorAreUnstable() {
        // floor 1.9: rounds 2.82x, 2.35x, 1.41x: median 2.35, margin 0.45, spread 1.41: unstable though passing
        final GateVerdict wide = PerfGate.judge(FLOOR, List.of(run(1.0, 2.82, 0), run(1.2, 2.82, 0),
                run(2.0, 2.82, 0)));
        assertTrue(wide.passed());
        assertTrue(wide.unstable());
        assertEquals(2.82 / 2.0, wide.speedupMin(), 1e-12);
        assertEquals(2.82, wide.speedupMax(), 1e-12);
        // rounds 2.82x, 2.71x, 2.56x: margin 0.81 over a spread of 0.26: stable
        final GateVerdict tight = PerfGate.judge(FLOOR, List.of(run(1.0, 2.82, 0), run(1.04, 2.82, 0),
                run(1.1, 2.82, 0)));
        assertFalse(tight.unstable());
        // failing by more than the spread is a stable failure; one run cannot be unstable
        final GateVerdict slow = PerfGate.judge(FLOOR, List.of(run(2.0, 2.82, 0), run(2.1, 2.82, 0),
                run(2.2, 2.82, 0)));
        assertFalse(slow.passed());
        assertFalse(slow.unstable());
        assertFalse(PerfGate.judge(FLOOR, List.of(run(1.0, 2.82, 0))).unstable());
    }

    @Test
    void medianAllocationDecides() {
        assertTrue(PerfGate.judge(FLOOR, List.of(run(1.0, 2.82, 50), run(1.0, 2.82, 0), run(1.0, 2.82, 0)))
                .passed());
        assertEquals(Set.of(Failure.ALLOCATION), PerfGate.judge(FLOOR,
                List.of(run(1.0, 2.82, 50), run(1.0, 2.82, 0), run(1.0, 2.82, 24))).failures());
    }

    @Test
    void absoluteTimeIsReportedNotGated() {
        final PerfFloor absolute = new PerfFloor("RangeReductionBench", PerfFloor.NO_REFERENCE, N1000, Double.NaN,
                0.01, "f:4");
        final GateVerdict slow = PerfGate.evaluate(List.of(kernel(1e6, 0)), List.of(absolute)).get(0);
        assertTrue(slow.passed());
        assertEquals("reported", slow.status());
        assertTrue(Double.isNaN(slow.speedup()));
        assertEquals(1e6, slow.kernelNs());
        final GateVerdict allocating = PerfGate.evaluate(List.of(kernel(1, 8)), List.of(absolute)).get(0);
        assertEquals(Set.of(Failure.ALLOCATION), allocating.failures());
        final PerfFloor ungated = new PerfFloor("RangeReductionBench", PerfFloor.NO_REFERENCE, N1000, Double.NaN,
                Double.NaN, "f:5");
        assertTrue(PerfGate.evaluate(List.of(kernel(1, 8)), List.of(ungated)).get(0).passed());
    }

    private static FloorRun run(final double kernelNs, final double referenceNs, final double bytes) {
        return new FloorRun(kernel(kernelNs, bytes), modulo(referenceNs));
    }

    @Test
    void verdictsFollowFloorOrder() {
        final PerfFloor second = new PerfFloor("RangeReductionBench", "modulo", ParamSet.parse("n=1024"), 1.5, 0.01,
                "f:3");
        final List<GateVerdict> verdicts = PerfGate.evaluate(List.of(kernel(1.0, 0), modulo(1.0)),
                List.of(second, FLOOR));
        assertEquals(List.of(second, FLOOR), verdicts.stream().map(GateVerdict::floor).toList());
        assertEquals(List.of("fail:not-measured", "fail:speedup"), verdicts.stream().map(GateVerdict::status).toList());
    }
}
