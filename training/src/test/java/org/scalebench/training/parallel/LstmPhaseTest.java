package org.scalebench.training.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** A phase's checks at their edges, equality field by field (arrays by content), and how it prints. */
class LstmPhaseTest {

    private static LstmPhase phase(final String name, final double steps, final double bytes, final double bidi,
            final double[] layers, final double[] heads, final double[] headParameters, final double embedding) {
        return new LstmPhase(name, steps, bytes, bidi, layers, heads, headParameters, embedding);
    }

    private static final LstmPhase BASE = phase("e", 2, 10, 4, new double[] {1, 2}, new double[] {3},
            new double[] {5}, 6);

    @Test
    void phasesAreEqualByContentAndDifferInAnyField() {
        final LstmPhase same = phase("e", 2, 10, 4, new double[] {1, 2}, new double[] {3}, new double[] {5}, 6);
        assertEquals(BASE, same, "equal arrays in other instances");
        assertEquals(BASE.hashCode(), same.hashCode(), "equal phases hash alike");
        assertNotEquals(BASE, "e", "not a phase");
        final LstmPhase[] others = {
            phase("d", 2, 10, 4, new double[] {1, 2}, new double[] {3}, new double[] {5}, 6),
            phase("e", 3, 10, 4, new double[] {1, 2}, new double[] {3}, new double[] {5}, 6),
            phase("e", 2, 11, 4, new double[] {1, 2}, new double[] {3}, new double[] {5}, 6),
            phase("e", 2, 10, 5, new double[] {1, 2}, new double[] {3}, new double[] {5}, 6),
            phase("e", 2, 10, 4, new double[] {1, 3}, new double[] {3}, new double[] {5}, 6),
            phase("e", 2, 10, 4, new double[] {1, 2}, new double[] {4}, new double[] {5}, 6),
            phase("e", 2, 10, 4, new double[] {1, 2}, new double[] {3}, new double[] {7}, 6),
            phase("e", 2, 10, 4, new double[] {1, 2}, new double[] {3}, new double[] {5}, 8)};
        for (final LstmPhase other : others) {
            assertNotEquals(BASE, other, other + " differs in one field");
        }
    }

    @Test
    void aPhasePrintsItsStepsLayersAndBidirectionalFirstLayer() {
        assertEquals("e (2.0 steps, 2 layers + bidirectional first)", BASE.toString(), "with a bidirectional layer");
        assertEquals("d (3.0 steps, 1 layers)", new LstmPhase("d", 3, 0, 0, new double[] {1}, new double[0])
                .toString(), "without");
    }

    @Test
    void stepsAndLayersMustBePositiveHeadsMayWeighNothing() {
        // weights per step: layer 1 + head 0
        assertEquals(1.0, new LstmPhase("d", 1, 0, 0, new double[] {1}, new double[] {0}).weightsPerStep(), 0.0,
                "a head of weight 0 is allowed");
        assertEquals("phase d: time steps = 0.0: must be finite and positive", assertThrows(
                IllegalArgumentException.class, () -> new LstmPhase("d", 0, 0, 0, new double[] {1}, new double[0]))
                .getMessage(), "no steps");
        assertEquals("phase d: layer weights = 0.0: must be positive", assertThrows(IllegalArgumentException.class,
                () -> new LstmPhase("d", 1, 0, 0, new double[] {0}, new double[0])).getMessage(), "a weightless layer");
    }
}
