package org.scalebench.training.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Kaplan et al.'s critical batch: larger batches cost tokens, save steps; losses below the floor are unreachable. */
class CriticalBatchTest {

    private static final CriticalBatch KAPLAN = CriticalBatch.kaplan();
    private static final double N = TransformerCatalog.builtIn("gpt3-175b").nonEmbeddingParameters();

    @Test
    void atTheCriticalBatchTrainingTakesTwiceTheMinimumStepsAndTokens() {
        final double loss = 2.0;
        final double bCrit = KAPLAN.criticalBatchTokens(loss);
        assertEquals(2e8 / Math.pow(2.0, 1 / 0.21), bCrit, 1e-6 * bCrit);
        final double sMin = KAPLAN.minimumSteps(N, loss);
        assertEquals(2 * sMin, KAPLAN.steps(N, loss, bCrit), 1e-9 * sMin);
        assertEquals(2 * sMin * bCrit, KAPLAN.tokens(N, loss, bCrit), 1e-9 * sMin * bCrit);
    }

    @Test
    void aLargerBatchCostsMoreTokensAndFewerSteps() {
        final double loss = 2.0;
        double tokens = 0;
        double steps = Double.POSITIVE_INFINITY;
        for (double b = 1e5; b <= 1e8; b *= 2) {
            assertTrue(KAPLAN.tokens(N, loss, b) > tokens);
            assertTrue(KAPLAN.steps(N, loss, b) < steps);
            tokens = KAPLAN.tokens(N, loss, b);
            steps = KAPLAN.steps(N, loss, b);
        }
    }

    @Test
    void aLossBelowTheModelsFloorIsOutOfReach() {
        final double floor = KAPLAN.lossFloor(N);
        assertTrue(floor > 1.4 && floor < 1.8, "floor " + floor);
        assertEquals(Double.POSITIVE_INFINITY, KAPLAN.tokens(N, floor, 1e6));
        assertTrue(Double.isFinite(KAPLAN.tokens(N, floor + 0.1, 1e6)));
        assertTrue(KAPLAN.lossFloor(10 * N) < floor, "a larger model reaches lower losses");
        assertTrue(KAPLAN.source("b_star").contains("Kaplan"));
    }
}
