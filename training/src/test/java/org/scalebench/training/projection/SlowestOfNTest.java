package org.scalebench.training.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SlowestOfNTest {

    @Test
    void matchesTheExactExpectedMaximumOfNormals() {
        assertEquals(0.0, SlowestOfN.expectedMax(1));
        // exact: 1 / sqrt(pi) for 2; 1.0294, 1.4236 and 1.7660 for 4, 8 and 16 (tables of normal order statistics)
        // and Blom beyond the integrated range within 1% of the integral at its end
        assertEquals(SlowestOfN.expectedMax(64), SlowestOfN.expectedMax(64.5), 0.01 * SlowestOfN.expectedMax(64));
        assertEquals(1 / Math.sqrt(Math.PI), SlowestOfN.expectedMax(2), 1e-4);
        assertEquals(1.0294, SlowestOfN.expectedMax(4), 1e-3);
        assertEquals(1.4236, SlowestOfN.expectedMax(8), 1e-3);
        assertEquals(1.7660, SlowestOfN.expectedMax(16), 1e-3);
    }

    @Test
    void growsWithTheNumberOfGpus() {
        double previous = 0;
        for (int n = 2; n <= 1 << 20; n <<= 1) {
            final double e = SlowestOfN.expectedMax(n);
            assertTrue(e > previous, "n = " + n);
            previous = e;
        }
        assertEquals(0.0, SlowestOfN.inverseNormal(0.5), 1e-12);
        assertEquals(1.959964, SlowestOfN.inverseNormal(0.975), 1e-6);
        assertEquals(-2.326348, SlowestOfN.inverseNormal(0.01), 1e-6);
    }
}
