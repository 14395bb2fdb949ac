package org.scalebench.bench.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.scalebench.bench.perf.GateVerdict.Failure;

/** The gate's procedure on scripted measurements: failing floors are re-measured and judged on the median. */
class GateRunTest {

    private static final BenchmarkCatalog CATALOG = new BenchmarkCatalog(List.of(
            new BenchmarkClass("org.scalebench.bench.jmh.RangeReductionBench", List.of("kernel", "modulo", "exact"),
                    Map.of("n", List.of("1000", "1024"))),
            new BenchmarkClass("org.scalebench.bench.jmh.SimulatorBench", List.of("kernel"),
                    Map.of("scheme", List.of("global")))));
    private static final ParamSet N1000 = ParamSet.parse("n=1000");
    private static final ParamSet N1024 = ParamSet.parse("n=1024");
    private static final PerfFloor MODULO_1000 = floor("modulo", N1000, 1.9);
    private static final PerfFloor EXACT_1000 = floor("exact", N1000, 1.5);
    private static final PerfFloor MODULO_1024 = floor("modulo", N1024, 1.9);
    private static final PerfFloor SIMULATOR = new PerfFloor("SimulatorBench", PerfFloor.NO_REFERENCE,
            ParamSet.parse("scheme=global"), Double.NaN, 0.01, "f:5");

    private static PerfFloor floor(final String reference, final ParamSet params, final double min) {
        return new PerfFloor("RangeReductionBench", reference, params, min, 0.01, "f:" + reference + params);
    }

    /**
     * Measures every requested method from a script: call i of the measurer gives the kernel of {@code n=1000}
     * the time {@code kernelNs[i]} and allocation {@code bytes[i]}; every reference takes 3 ns, everything else
     * 1 ns; records each call's requests.
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
        return GateRun.run(List.of(floors), CATALOG, script, log::add);
    }

    @Test
    void floorsThatPassAreMeasuredOnce() {
        final Script script = new Script(new double[] {1.0}, new double[] {0});
        final List<String> log = new ArrayList<>();
        final GateRun.Outcome outcome = gate(script, log, MODULO_1000, MODULO_1024, SIMULATOR);
        assertEquals(0, outcome.failed());
        assertEquals(1, script.calls.size());
        assertTrue(log.isEmpty(), log.toString());
        outcome.verdicts().forEach(v -> assertEquals(1, v.runs().size()));
        assertEquals("reported", outcome.verdicts().get(2).status());
    }

    @Test
    void aFloorFailingOnceIsReMeasuredAndPassesOnTheMedian() {
        // a busy machine slows the first run only: 3 / 2 = 1.5x < 1.9x, then 3x twice
        final Script script = new Script(new double[] {2.0, 1.0, 1.0}, new double[] {0, 0, 0});
        final List<String> log = new ArrayList<>();
        final GateRun.Outcome outcome = gate(script, log, MODULO_1000, MODULO_1024);
        assertEquals(0, outcome.failed());
        assertEquals(1 + GateRun.EXTRA_RUNS, script.calls.size());
        assertEquals(3, outcome.passes().size());
        final GateVerdict v = outcome.verdicts().get(0);
        assertEquals(3, v.runs().size());
        assertTrue(v.remeasured());
        assertEquals(3.0, v.speedup(), 1e-12);
        assertEquals(1, outcome.verdicts().get(1).runs().size());
        assertEquals(1, log.size());
        assertTrue(log.get(0).startsWith("re-measuring 1 failing floor 2 more times"), log.get(0));
    }

    @Test
    void reMeasurementRunsOnlyTheFailingCombinationWithItsReferences() {
        final Script script = new Script(new double[] {2.5, 2.5, 2.5}, new double[] {0, 0, 0});
        gate(script, new ArrayList<>(), MODULO_1000, EXACT_1000, MODULO_1024);
        final List<RunRequest> again = script.calls.get(1);
        assertEquals(1, again.size());
        assertEquals(List.of("kernel", "modulo", "exact").stream().sorted().toList(),
                again.get(0).methods().stream().sorted().toList());
        assertEquals(Map.of("n", List.of("1000")), again.get(0).params());
        assertEquals(script.calls.get(1), script.calls.get(2));
    }

    @Test
    void slowedKernelStillFailsAfterReMeasurement() {
        final Script script = new Script(new double[] {2.0, 2.0, 1.0}, new double[] {0, 0, 0});
        final GateRun.Outcome outcome = gate(script, new ArrayList<>(), MODULO_1000, MODULO_1024);
        assertEquals(1, outcome.failed());
        final GateVerdict v = outcome.verdicts().get(0);
        assertEquals(Set.of(Failure.SPEEDUP), v.failures());
        assertEquals(3, v.runs().size());
        assertEquals(1.5, v.speedup(), 1e-12);
        assertEquals(2.0, v.kernelNs());
    }

    @Test
    void allocatingKernelStillFailsAfterReMeasurement() {
        final Script script = new Script(new double[] {1.0, 1.0, 1.0}, new double[] {144, 0, 144});
        final GateRun.Outcome outcome = gate(script, new ArrayList<>(), MODULO_1000);
        final GateVerdict v = outcome.verdicts().get(0);
        assertEquals(Set.of(Failure.ALLOCATION), v.failures());
        assertEquals(144, v.bytesPerOp());
        assertEquals(3, v.runs().size());
    }

    @Test
    void absoluteTimeIsNotReMeasuredForItsTime() {
        final Script script = new Script(new double[] {1.0}, new double[] {0});
        final GateRun.Outcome outcome = gate(script, new ArrayList<>(), SIMULATOR);
        assertFalse(outcome.verdicts().get(0).remeasured());
        assertEquals(1, script.calls.size());
    }
}
