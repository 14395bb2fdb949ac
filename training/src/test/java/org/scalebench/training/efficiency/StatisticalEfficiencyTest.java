package org.scalebench.training.efficiency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StatisticalEfficiencyTest {

    @Test
    void mcCandlishDoublesTheMinimumAtTheCriticalBatch() {
        final McCandlishEfficiency e = new McCandlishEfficiency(10, 4096);
        assertEquals(20, e.epochs(4096), 1e-12);
        assertEquals(10 * (1 + 1.0 / 4096), e.epochs(1), 1e-12);
        // beyond B_crit the steps E*D/B tend to a constant: E(8B)/E(4B) -> 2 as B grows
        assertEquals(2, e.epochs(8e9) / e.epochs(4e9), 1e-5);
    }

    @Test
    void mcCandlishThroughAPointReproducesThePoint() {
        final McCandlishEfficiency e = McCandlishEfficiency.through(1600, 100, 31623);
        assertEquals(100, e.epochs(1600), 1e-9);
        assertEquals(100 / (1 + 1600 / 31623.0), e.minEpochs(), 1e-9);
        assertEquals(e.epochs(3200), e.withBatchScale(2).epochs(6400), 1e-9);
    }

    @Test
    void pointsAreExactAndLogLogLinearBetween() {
        final InterpolatedEfficiency e = new InterpolatedEfficiency(new double[] {2048, 8192, 12288},
                new double[] {4, 6, 8});
        assertEquals(4, e.epochs(2048), 1e-12);
        assertEquals(6, e.epochs(8192), 1e-12);
        assertEquals(8, e.epochs(12288), 1e-12);
        // halfway in log batch between 2048 and 8192 (4096): the geometric mean of 4 and 6
        assertEquals(Math.sqrt(24), e.epochs(4096), 1e-12);
    }

    @Test
    void pointsExtrapolateFlatBelowAndAtConstantStepsAbove() {
        final InterpolatedEfficiency e = new InterpolatedEfficiency(new double[] {2048, 12288}, new double[] {4, 8});
        assertEquals(4, e.epochs(1), 1e-12);
        assertEquals(16, e.epochs(24576), 1e-12);
        assertTrue(e.describe().contains("2048:4"), e.describe());
        assertEquals(e.epochs(4096), e.withBatchScale(2).epochs(8192), 1e-12);
    }

    @Test
    void badPointsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> new InterpolatedEfficiency(new double[0], new double[0]));
        assertThrows(IllegalArgumentException.class,
                () -> new InterpolatedEfficiency(new double[] {2, 1}, new double[] {1, 2}));
        assertEquals("epochs point at batch 8.0: epochs = 1.0 < 2.0 at the smaller batch: epochs must not decrease"
                + " with batch", assertThrows(IllegalArgumentException.class,
                        () -> new InterpolatedEfficiency(new double[] {4, 8}, new double[] {2, 1})).getMessage());
        assertEquals("critical_batch = 0.0: must be finite and positive",
                assertThrows(IllegalArgumentException.class, () -> new McCandlishEfficiency(1, 0)).getMessage());
    }

    @Test
    void leastSquaresRecoversAnExactMcCandlishCurve() {
        final java.util.SplittableRandom random = new java.util.SplittableRandom(20190730);
        for (int trial = 0; trial < 50; trial++) {
            final double eMin = 1 + 99 * random.nextDouble();
            final double bCrit = 1e3 + 1e5 * random.nextDouble();
            final McCandlishEfficiency truth = new McCandlishEfficiency(eMin, bCrit);
            final int n = 2 + random.nextInt(6);
            final double[] b = new double[n];
            final double[] e = new double[n];
            double batch = 100 + random.nextDouble() * 1000;
            for (int i = 0; i < n; i++) {
                b[i] = batch;
                e[i] = truth.epochs(batch);
                batch *= 1.5 + random.nextDouble() * 3;
            }
            final McCandlishFit fit = new McCandlishFit(b, e);
            assertEquals(eMin, fit.minEpochs(), eMin * 1e-8, "seed 20190730 trial " + trial);
            assertEquals(bCrit, fit.criticalBatch(), bCrit * 1e-6, "seed 20190730 trial " + trial);
            assertEquals(0, fit.rmsRelativeError(), 1e-9);
        }
    }

    @Test
    void theFitMinimisesTheSquaredErrorOfTheEpochs() {
        // a line through (1, 1), (2, 3), (3, 3) by least squares: slope 1, intercept 1/3; a planted one-point
        // fit (through the first and last points: slope 1, intercept 0) would not have E_min = 1/3
        final McCandlishFit fit = new McCandlishFit(new double[] {1, 2, 3}, new double[] {1, 3, 3});
        assertEquals(1.0 / 3, fit.minEpochs(), 1e-12);
        assertEquals(1.0 / 3, fit.criticalBatch(), 1e-12);
        assertTrue(fit.describe().contains("E_min = 0.3333, B_crit = 0.333333"), fit.describe());
        assertEquals(3, fit.interpolated().epochs(2.5), 1e-12);
        assertEquals(fit.epochs(4), fit.withBatchScale(2).epochs(8), 1e-12);
    }

    @Test
    void pointsThatDoNotGrowHaveNoCriticalBatch() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new McCandlishFit(new double[] {1, 2},
                new double[] {5, 5})).getMessage().contains("no growth (B_crit infinite)"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new McCandlishFit(new double[] {1, 2},
                new double[] {1, 10})).getMessage().contains("E_min <= 0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new McCandlishFit(new double[] {1},
                new double[] {1})).getMessage().contains("a least-squares fit needs at least 2"));
    }

    @Test
    void theFitsRmsErrorIsThatOfItsRelativeResiduals() {
        // E = 1/3 + B through (1, 1), (2, 3), (3, 3) predicts 4/3, 7/3, 10/3: relative errors 1/3, -2/9, 1/9,
        // rms sqrt((1/9 + 4/81 + 1/81) / 3) = sqrt(14/243) = 0.2400
        final McCandlishFit fit = new McCandlishFit(new double[] {1, 2, 3}, new double[] {1, 3, 3});
        assertEquals(Math.sqrt(14.0 / 243), fit.rmsRelativeError(), 1e-12);
        assertTrue(fit.describe().endsWith("(rms error 24.0%)"), fit.describe());
        assertTrue(fit.describe().contains("to 3 points (batch:epochs) 1:1.000 2:3.000 3:3.000:"), fit.describe());
        final McCandlishFit refit = new InterpolatedEfficiency(new double[] {1, 2, 3}, new double[] {1, 3, 3}).fitted();
        assertEquals(1.0 / 3, refit.minEpochs(), 1e-12);
        assertEquals(1.0 / 3, refit.criticalBatch(), 1e-12);
    }

    @Test
    void zeroIsNeitherAnEpochCountNorACriticalBatchNorAStretch() {
        // a line through the origin, E = B: E_min = 0
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new McCandlishFit(new double[] {1, 2},
                new double[] {1, 2})).getMessage().contains("E_min <= 0"));
        assertThrows(IllegalArgumentException.class, () -> new McCandlishFit(new double[] {2, 1},
                new double[] {1, 2}));
        // out of order though E = 1 + B would fit them
        assertThrows(IllegalArgumentException.class, () -> new McCandlishFit(new double[] {2, 1, 3},
                new double[] {3, 2, 4}));
        assertThrows(IllegalArgumentException.class, () -> new McCandlishEfficiency(0, 1));
        assertThrows(IllegalArgumentException.class, () -> new McCandlishEfficiency(1, 1).withBatchScale(0));
        assertThrows(IllegalArgumentException.class,
                () -> new InterpolatedEfficiency(new double[] {1, 2}, new double[] {1, 2}).withBatchScale(0));
        assertEquals("McCandlish E(B) = 2.000 (1 + B / 1000.00)", new McCandlishEfficiency(2, 1000).describe());
    }
}
