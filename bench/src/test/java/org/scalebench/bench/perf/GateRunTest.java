package org.scalebench.bench.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.scalebench.bench.perf.GateVerdict.Failure;

/** The gate's procedure on scripted measurements: rounds of paired runs, each floor judged on their median. */
class GateRunTest {

    private static final BenchmarkCatalog CATALOG = new BenchmarkCatalog(List.of(
            new BenchmarkClass("org.scalebench.bench.jmh.RangeReductionBench", List.of("kernel", "modulo", "exact"),
                    Map.of("n", List.of("1000", "1024"))),
            new BenchmarkClass("org.scalebench.bench.jmh.SimulatorBench", List.of("kernel"),
                    Map.of("scheme", List.of("global")))));
    private static final ParamSet N1000 = ParamSet.parse("n=1000");
    private static final ParamSet N1024 = ParamSet.parse("n=1024");
    private static final PerfFloor MODULO_1000 = floor("modulo", N1000, 1.9);
    private static final PerfFloor MODULO_1024 = floor("modulo", N1024, 1.9);
    private static final PerfFloor SIMULATOR = new PerfFloor("SimulatorBench", PerfFloor.NO_REFERENCE,
            ParamSet.parse("scheme=global"), Double.NaN, 0.01, "f:5");

    private static PerfFloor floor(final String reference, final ParamSet params, final double min) {
        return new PerfFloor("RangeReductionBench", reference, params, min, 0.01, "f:" + reference + params);
    }

    /**
     * Measures every requested method from a script: call (round) i of the measurer gives the kernel of
     * {@code n=1000} the time {@code kernelNs[i]} and allocation {@code bytes[i]}; every reference takes 3 ns,
     * everything else 1 ns; records each call's requests.
     */
    private static final class Script implements GateRun.Measurer {
        final double[] kernelNs;
        final double[] bytes;
        final List<List<RunRequest>> calls = new ArrayList<>();

        Script(final double[] kernelNs, final double[] bytes) {
            this.kernelNs = kernelNs;
            this.bytes = bytes;
        }

        @Override
        public JmhResults measure(final List<RunRequest> requests) {
            final int call = calls.size();
            calls.add(requests);
            final List<Measurement> measured = new ArrayList<>();
            for (final RunRequest r : requests) {
                for (final String n : r.effectiveParams().getOrDefault("n", List.of(""))) {
                    final ParamSet params = n.isEmpty() ? ParamSet.parse("scheme=global") : ParamSet.parse("n=" + n);
                    for (final String method : r.methods()) {
                        final boolean scripted = "kernel".equals(method) && "1000".equals(n);
                        measured.add(new Measurement(r.benchmark().simpleName(), method, params,
                                scripted ? kernelNs[call] : "kernel".equals(method) ? 1.0 : 3.0, 0.05,
                                scripted ? bytes[call] : 0.0));
                    }
                }
            }
            return new JmhResults(List.of(), measured, RunSettings.GATE);
        }
    }

    private static GateRun.Outcome gate(final Script script, final List<String> log, final PerfFloor... floors) {
        return GateRun.run(List.of(floors), CATALOG, script, script.kernelNs.length, log::add);
    }

    @Test
    void roundsContinueOnlyForFloorsWhoseRoundsDisagreeAndTheMedianDecides() {
        // a busy machine slows the first round only: 3 / 2 = 1.5x < 1.9x, then 3x twice
        final Script script = new Script(new double[] {2.0, 1.0, 1.0}, new double[] {0, 0, 0});
        final List<String> log = new ArrayList<>();
        final GateRun.Outcome outcome = gate(script, log, MODULO_1000, MODULO_1024, SIMULATOR);
        assertEquals(0, outcome.failed());
        assertEquals(3, script.calls.size());
        assertEquals(3, outcome.passes().size());
        final GateVerdict v = outcome.verdicts().get(0);
        assertEquals(List.of(1.5, 3.0, 3.0), v.runs().stream().map(FloorRun::speedup).toList());
        assertEquals(3.0, v.speedup(), 1e-12);
        assertEquals(2, outcome.verdicts().get(1).runs().size(), "n=1024 passed its first two rounds");
        assertTrue(script.calls.get(2).stream().allMatch(r -> r.params().equals(Map.of("n", List.of("1000")))),
                script.calls.get(2).toString());
        assertEquals(List.of("round 1 of 3 measured (3 floors)", "round 2 of 3 measured (2 floors)",
                "round 3 of 3 measured (1 floor)"), log);
    }

    @Test
    void floorsWhoseFirstTwoRoundsAgreeEndTheGateEarly() {
        final Script script = new Script(new double[] {1.0, 1.0, 1.0}, new double[] {0, 0, 0});
        final List<String> log = new ArrayList<>();
        final GateRun.Outcome outcome = gate(script, log, MODULO_1000, MODULO_1024);
        assertEquals(2, script.calls.size());
        assertEquals(List.of("round 1 of 3 measured (2 floors)", "round 2 of 3 measured (2 floors)",
                "every verdict decided after 2 of 3 rounds"), log);
        outcome.verdicts().forEach(v -> assertEquals(2, v.runs().size()));
    }

    @Test
    void absoluteTimesAreMeasuredInTheFirstRoundOnly() {
        final Script script = new Script(new double[] {1.0, 1.0, 1.0}, new double[] {0, 0, 0});
        final GateRun.Outcome outcome = gate(script, new ArrayList<>(), MODULO_1000, SIMULATOR);
        assertEquals(1, outcome.verdicts().get(1).runs().size());
        assertEquals("reported", outcome.verdicts().get(1).status());
        assertTrue(script.calls.get(0).stream().anyMatch(r -> r.benchmark().simpleName().equals("SimulatorBench")));
        assertFalse(script.calls.get(1).stream().anyMatch(r -> r.benchmark().simpleName().equals("SimulatorBench")));
    }

    @Test
    void oneSlowRoundCannotFailAFloorButTwoDo() {
        final Script once = new Script(new double[] {1.0, 2.5, 1.0}, new double[] {0, 0, 0});
        assertEquals(0, gate(once, new ArrayList<>(), MODULO_1000).failed());
        final Script twice = new Script(new double[] {2.0, 1.0, 2.0}, new double[] {0, 0, 0});
        final GateRun.Outcome outcome = gate(twice, new ArrayList<>(), MODULO_1000);
        assertEquals(1, outcome.failed());
        final GateVerdict v = outcome.verdicts().get(0);
        assertEquals(Set.of(Failure.SPEEDUP), v.failures());
        assertEquals(1.5, v.speedup(), 1e-12);
        assertEquals(2.0, v.kernelNs());
        assertTrue(v.unstable(), "rounds of 1.5x and 3x straddle the 1.9x floor");
    }

    @Test
    void allocatingKernelFailsOnTheMedianAllocation() {
        final Script script = new Script(new double[] {1.0, 1.0, 1.0}, new double[] {144, 0, 144});
        final GateRun.Outcome outcome = gate(script, new ArrayList<>(), MODULO_1000);
        final GateVerdict v = outcome.verdicts().get(0);
        assertEquals(Set.of(Failure.ALLOCATION), v.failures());
        assertEquals(144, v.bytesPerOp());
        assertEquals(3, v.runs().size());
    }

    @Test
    void roundsOutsideTheirRangeAreRefused() {
        final Script script = new Script(new double[] {1.0}, new double[] {0});
        for (final int rounds : new int[] {0, GateRun.MAX_ROUNDS + 1}) {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> GateRun.run(List.of(MODULO_1000), CATALOG, script, rounds, line -> { }));
            assertEquals("rounds = " + rounds + ": must be in [1, " + GateRun.MAX_ROUNDS + "]", e.getMessage());
        }
    }

    @Test
    void aFloorFailingItsPlannedRoundsIsConfirmedAndJudgedOnTheMedianOfAllItsRounds() {
        // a slow spell over the first two rounds (1.5x < 1.9x), then 3x: the planned rounds alone would fail it
        final Script script = new Script(new double[] {2.0, 2.0, 1.0, 1.0, 1.0, 1.0, 1.0}, new double[7]);
        final List<String> log = new ArrayList<>();
        final GateRun.Outcome outcome = GateRun.run(List.of(MODULO_1000, MODULO_1024), CATALOG, script, 3, 4,
                log::add);
        assertEquals(0, outcome.failed());
        final GateVerdict v = outcome.verdicts().get(0);
        assertEquals(List.of(1.5, 1.5, 3.0, 3.0, 3.0, 3.0), v.runs().stream().map(FloorRun::speedup).toList(),
                "measured until four of the seven rounds agree");
        assertEquals(3.0, v.speedup(), 1e-12);
        assertEquals(2, outcome.verdicts().get(1).runs().size(), "a floor that passes is not measured again");
        assertEquals(6, script.calls.size());
        for (int call = 2; call < 6; call++) {
            assertTrue(script.calls.get(call).stream().allMatch(r -> r.params().equals(Map.of("n", List.of("1000")))),
                    script.calls.get(call).toString());
        }
        assertEquals(List.of("round 1 of 3 measured (2 floors)", "round 2 of 3 measured (2 floors)",
                "every verdict decided after 2 of 3 rounds",
                "confirming 1 failing floor in up to 4 more rounds (judged on the median of up to 7)",
                "confirmation round 1 of 4 measured (1 floor)", "confirmation round 2 of 4 measured (1 floor)",
                "confirmation round 3 of 4 measured (1 floor)", "confirmation round 4 of 4 measured (1 floor)"), log);
    }

    @Test
    void confirmationRoundsKeepAlternatingTheOrder() {
        final Script script = new Script(new double[] {2.0, 2.0, 2.0, 2.0}, new double[4]);
        GateRun.run(List.of(MODULO_1000), CATALOG, script, 3, 4, line -> { });
        for (int call = 0; call < 4; call++) {
            assertEquals(GatePlan.round(List.of(MODULO_1000), CATALOG, call), script.calls.get(call), "call " + call);
        }
        assertTrue(!script.calls.get(2).equals(script.calls.get(3)), "rounds 3 and 4 differ in order");
    }

    @Test
    void aRegressionFailsItsConfirmationRoundsToo() {
        final Script slowed = new Script(new double[] {2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0}, new double[7]);
        final GateRun.Outcome outcome = GateRun.run(List.of(MODULO_1000), CATALOG, slowed, 3, 4, line -> { });
        assertEquals(1, outcome.failed());
        assertEquals(4, outcome.verdicts().get(0).runs().size(), "decided once four of seven rounds are slow");
        assertEquals(Set.of(Failure.SPEEDUP), outcome.verdicts().get(0).failures());
        final Script allocating = new Script(new double[] {1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0},
                new double[] {144, 144, 144, 144, 144, 144, 144});
        final GateRun.Outcome heavy = GateRun.run(List.of(MODULO_1000), CATALOG, allocating, 3, 4, line -> { });
        assertEquals(Set.of(Failure.ALLOCATION), heavy.verdicts().get(0).failures());
        assertEquals(4, heavy.verdicts().get(0).runs().size());
    }

    @Test
    void noConfirmationJudgesOnThePlannedRoundsAlone() {
        final Script script = new Script(new double[] {2.0, 2.0, 1.0, 1.0, 1.0, 1.0, 1.0}, new double[7]);
        final List<String> log = new ArrayList<>();
        final GateRun.Outcome outcome = GateRun.run(List.of(MODULO_1000), CATALOG, script, 3, 0, log::add);
        assertEquals(1, outcome.failed());
        assertEquals(2, script.calls.size());
        assertFalse(log.stream().anyMatch(line -> line.startsWith("confirm")), log.toString());
    }

    @Test
    void confirmationRoundsOutsideTheirRangeAreRefused() {
        final Script script = new Script(new double[] {1.0}, new double[] {0});
        for (final int confirm : new int[] {-1, GateRun.MAX_CONFIRM + 1}) {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> GateRun.run(List.of(MODULO_1000), CATALOG, script, 3, confirm, line -> { }));
            assertEquals("confirm = " + confirm + ": must be in [0, " + GateRun.MAX_CONFIRM + "]", e.getMessage());
        }
    }
}
