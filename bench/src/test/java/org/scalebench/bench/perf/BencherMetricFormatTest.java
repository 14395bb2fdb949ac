package org.scalebench.bench.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The gate's Bencher Metric Format output is valid JSON of the documented shape. */
class BencherMetricFormatTest {

    private static final ParamSet N1000 = ParamSet.parse("n=1000");

    @SuppressWarnings("unchecked")
    private static Map<String, Map<String, Double>> measure(final Map<String, Object> bmf, final String id) {
        return (Map<String, Map<String, Double>>) bmf.get(id);
    }

    @Test
    @SuppressWarnings("unchecked")
    void floorsAndAbsoluteTimesBecomeBenchmarksWithMeasures() {
        final PerfFloor floor = new PerfFloor("RangeReductionBench", "modulo", N1000, 1.9, 0.01, "f:2");
        final PerfFloor absolute = new PerfFloor("SimulatorBench", PerfFloor.NO_REFERENCE,
                ParamSet.parse("scheme=sr+hr"), Double.NaN, Double.NaN, "f:3");
        final GateVerdict v = PerfGate.judge(floor, List.of(new FloorRun(
                new Measurement("RangeReductionBench", "kernel", N1000, 1.0, 0.1, 0.00003),
                new Measurement("RangeReductionBench", "modulo", N1000, 3.0, 0.3, 0))));
        final GateVerdict a = PerfGate.judge(absolute, List.of(new FloorRun(
                new Measurement("SimulatorBench", "kernel", absolute.params(), 93.5, 2.5, 0.0001), null)));
        final Map<String, Object> bmf = (Map<String, Object>) JsonReader.parse(BencherMetricFormat.json(List.of(v, a)));
        assertEquals(List.of("RangeReductionBench/modulo/n=1000", "SimulatorBench/scheme=sr+hr"),
                List.copyOf(bmf.keySet()));
        final Map<String, Map<String, Double>> f = measure(bmf, "RangeReductionBench/modulo/n=1000");
        assertEquals(3.0, f.get("speedup").get("value"), 1e-9);
        assertEquals(2.7 / 1.1, f.get("speedup").get("lower_value"), 1e-5);
        assertEquals(3.3 / 0.9, f.get("speedup").get("upper_value"), 1e-5);
        assertEquals(1.0, f.get("kernel_ns_per_op").get("value"), 1e-9);
        assertEquals(0.9, f.get("kernel_ns_per_op").get("lower_value"), 1e-9);
        assertEquals(0.00003, f.get("kernel_bytes_per_op").get("value"), 1e-12);
        assertEquals(1.9, f.get("min_speedup").get("value"), 1e-12);
        assertEquals(1.0, f.get("ratio_gated").get("value"));
        final Map<String, Map<String, Double>> s = measure(bmf, "SimulatorBench/scheme=sr+hr");
        assertFalse(s.containsKey("speedup"));
        assertEquals(93.5, s.get("kernel_ns_per_op").get("value"), 1e-9);
        assertEquals(96.0, s.get("kernel_ns_per_op").get("upper_value"), 1e-9);
        assertEquals(0.0, s.get("ratio_gated").get("value"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void unknownValuesAreLeftOutNotWrittenAsNaN() {
        final PerfFloor floor = new PerfFloor("X\"Bench", "modulo", N1000, 1.9, 0.01, "f:2");
        final GateVerdict notMeasured = PerfGate.judge(floor, List.of());
        final GateVerdict noErrors = PerfGate.judge(floor, List.of(new FloorRun(
                new Measurement("X\"Bench", "kernel", N1000, 1.0, Double.NaN, Double.NaN),
                new Measurement("X\"Bench", "modulo", N1000, 3.0, Double.NaN, 0))));
        final String json = BencherMetricFormat.json(List.of(notMeasured));
        assertFalse(json.contains("NaN"), json);
        final Map<String, Object> bmf = (Map<String, Object>) JsonReader.parse(json);
        assertEquals(Map.of("value", 1.9), measure(bmf, "X\"Bench/modulo/n=1000").get("min_speedup"));
        final String second = BencherMetricFormat.json(List.of(noErrors));
        assertFalse(second.contains("NaN"), second);
        final Map<String, Object> parsed = (Map<String, Object>) JsonReader.parse(second);
        assertEquals(Map.of("value", 3.0), measure(parsed, "X\"Bench/modulo/n=1000").get("speedup"));
    }

    @Test
    void theTestReaderRejectsWhatIsNotJson() {
        // the checker above must be able to fail
        assertThrows(IllegalArgumentException.class, () -> JsonReader.parse("{\"a\": NaN}"));
        assertThrows(IllegalArgumentException.class, () -> JsonReader.parse("{\"a\": 1,}"));
        assertThrows(IllegalArgumentException.class, () -> JsonReader.parse("{a: 1}"));
        assertThrows(IllegalArgumentException.class, () -> JsonReader.parse("{\"a\": 1} x"));
        assertTrue(JsonReader.parse("{\"a\": [1, -2.5e3, true, null, \"\\u0041\"]}") instanceof Map);
    }
}
