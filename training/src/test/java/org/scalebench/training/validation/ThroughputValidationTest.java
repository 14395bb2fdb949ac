package org.scalebench.training.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.scalebench.training.model.Precision;

/**
 * The projector against published throughput ({@code validation.csv}). The tolerance (20%) was stated before the
 * comparison was run; FP32 inside one node meets it; mixed precision and 48 nodes do not, and there the projection
 * errs in one direction (too optimistic for data parallelism), which the README relies on.
 */
class ThroughputValidationTest {

    private static final List<ThroughputValidation.Result> RESULTS = ThroughputValidation.run();

    @Test
    void everyPublishedCaseIsCompared() {
        assertEquals(List.of("dle-fp32-4", "dle-fp32-8", "dle-mixed-4", "dle-mixed-8", "mlperf-48nodes"),
                RESULTS.stream().map(ThroughputValidation.Result::name).toList());
        // measured efficiencies come from the file: 75,658 / 4 / 21,424 and 14,410,841 / 384 / (723,007 / 8)
        assertEquals(75_658.0 / 4 / 21_424, RESULTS.get(0).measured(), 1e-12);
        assertEquals(14_410_841.0 / 384 / (723_007.0 / 8), RESULTS.get(4).measured(), 1e-12);
    }

    @Test
    void fp32ScalingInsideANodeIsWithinTheStatedTolerance() {
        for (final ThroughputValidation.Result r : RESULTS) {
            if (r.precision() == Precision.FP32) {
                assertTrue(r.withinTolerance(), r.name() + ": error " + r.error());
            }
        }
    }

    @Test
    void everyCaseOutsideTheToleranceOverestimatesDataParallelScaling() {
        for (final ThroughputValidation.Result r : RESULTS) {
            if (!r.withinTolerance()) {
                assertTrue(r.error() > 0, r.name() + ": error " + r.error());
            }
        }
    }

    @Test
    void theToleranceCheckFlagsAPlantedMiss() {
        final ThroughputValidation.Result close = new ThroughputValidation.Result("planted", "m", Precision.FP32, 8,
                1, "ref", 0.80, 0.95, "test");
        final ThroughputValidation.Result far = new ThroughputValidation.Result("planted", "m", Precision.FP32, 8, 1,
                "ref", 0.80, 0.97, "test");
        assertTrue(close.withinTolerance());
        assertFalse(far.withinTolerance());
        assertEquals(0.97 / 0.80 - 1, far.error(), 1e-12);
    }
}
