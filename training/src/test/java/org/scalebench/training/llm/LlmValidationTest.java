package org.scalebench.training.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Published Megatron-LM runs against the projection, with a stated tolerance: every projected iteration time,
 * throughput and training duration within 25% of the published number. No input was tuned to these numbers;
 * the errors are in the README.
 */
class LlmValidationTest {

    /** The stated tolerance: |projected - published| / published. */
    static final double TOLERANCE = 0.25;

    static List<String> outsideTolerance(final List<LlmValidation.Row> rows, final double tolerance) {
        final List<String> out = new ArrayList<>();
        for (final LlmValidation.Row r : rows) {
            if (!(Math.abs(r.error()) <= tolerance) || !r.fits()) {
                out.add(String.format("%s: published %.4g, projected %.4g (%+.1f%%)%s", r.id(), r.published(),
                        r.projected(), 100 * r.error(), r.fits() ? "" : ", does not fit"));
            }
        }
        return out;
    }

    @Test
    void everyPublishedRunIsProjectedWithinTheTolerance() {
        final List<LlmValidation.Row> rows = LlmValidation.run();
        assertEquals(14, rows.size());
        assertEquals(List.of(), outsideTolerance(rows, TOLERANCE));
    }

    @Test
    void theToleranceCheckCatchesAPlantedError() {
        final List<LlmValidation.Row> planted = new ArrayList<>();
        for (final LlmValidation.Row r : LlmValidation.run()) {
            planted.add(new LlmValidation.Row(r.id(), r.metric(), r.published(),
                    r.id().equals("korthikanti-175b-full") ? 1.5 * r.projected() : r.projected(), r.config(), r.fits(),
                    r.source()));
        }
        final List<String> caught = outsideTolerance(planted, TOLERANCE);
        assertEquals(1, caught.size(), caught.toString());
        assertTrue(caught.get(0).startsWith("korthikanti-175b-full"));
    }

    @Test
    void unpublishedFieldsAreSearchedWithThePublishedOnesFixed() {
        for (final LlmValidation.Row r : LlmValidation.run()) {
            if (r.id().equals("narayanan-1t")) {
                assertEquals(8, r.config().tp());
                assertEquals(64, r.config().pp());
                assertEquals(6, r.config().dp());
                assertEquals(Recompute.FULL, r.config().recompute());
                assertFalse(r.config().sequenceParallel());
            }
        }
    }
}
