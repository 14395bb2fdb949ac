package org.scalebench.training.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scalebench.training.efficiency.McCandlishEfficiency;
import org.scalebench.training.parallel.GivenMpSpeedup;

/**
 * The profile's sensitivity variants carry the change into its mixed-precision variant, the short constructor's
 * sparse-gradient checks and dense parameter count, and what the built-in gnmt-4layer file says in its rows.
 */
class ModelProfileTest {

    private static final ModelProfile GNMT4 = ModelCatalog.builtIn("gnmt-4layer");

    /** The short constructor: 4,000 dense gradient bytes, 2 s steps at batch 1 and 4 s at 2. */
    private static ModelProfile legacy(final long denseBytes, final double perSample, final double table) {
        return new ModelProfile("m", "d", "gpu", 1000, denseBytes, perSample, 0, table, 100, 8,
                new StepTimeCurve(new double[] {1, 2}, new double[] {2, 4}), new McCandlishEfficiency(1, 100),
                new GivenMpSpeedup(new int[] {2}, new double[] {1.5}), Map.of());
    }

    @Test
    void theFileRowsAreReadAsWritten() {
        // gnmt-4layer.csv: dataset and measured_on rows, and each row's source kept by parameter name
        assertEquals("WMT16 English-German", GNMT4.dataset(), "dataset row");
        assertEquals("Tesla V100 16G, FP32", GNMT4.measuredOn(), "measured_on row");
        assertEquals("WMT16 news translation task (statmt.org/wmt16); europarl-v7 + commoncrawl + news-commentary",
                GNMT4.sources().get("dataset"), "the dataset row's source");
        assertSame(GNMT4, GNMT4.withPrecision(Precision.FP32), "its own precision is the profile itself");
        assertEquals("gnmt-4layer on WMT16 English-German", GNMT4.toString(), "name on dataset");
        assertEquals(GNMT4.source("step_time[128]"), GNMT4.sources().get("step_time[128]"), "a keyed row's source");
    }

    @Test
    void variantsCarryTheirChangeIntoTheMixedPrecisionProfile() {
        final McCandlishEfficiency e = new McCandlishEfficiency(2, 300);
        assertSame(e, GNMT4.withEfficiency(e).efficiency(), "fp32 efficiency");
        assertSame(e, GNMT4.withEfficiency(e).withPrecision(Precision.MIXED).efficiency(), "mixed efficiency");
        assertEquals(64, GNMT4.withMaxBatchPerDevice(64).maxBatchPerDevice(), "fp32 batch limit");
        assertEquals(64, GNMT4.withMaxBatchPerDevice(64).withPrecision(Precision.MIXED).maxBatchPerDevice(),
                "mixed batch limit");
        final GivenMpSpeedup mp = new GivenMpSpeedup(new int[] {2}, new double[] {1.9});
        assertSame(mp, GNMT4.withMpSpeedup(mp).mpSpeedup(), "fp32 MP model");
        assertSame(mp, GNMT4.withMpSpeedup(mp).withPrecision(Precision.MIXED).mpSpeedup(), "mixed MP model");
        assertSame(ScalingTerms.NONE, GNMT4.withScaling(ScalingTerms.NONE).withPrecision(Precision.MIXED).scaling(),
                "mixed scaling terms");
        final StepTimeCurve curve = GNMT4.stepTime().withFixedSeconds(GNMT4.stepTime().fixedSeconds());
        assertSame(curve, GNMT4.withStepTime(curve).stepTime(), "another curve of the same fixed part");
        // a 10 ms overhead beside the optimizer's 28 B x 160,015,617 / 900 GB/s: the fixed part is their sum
        final double optimizer = 28.0 * 160_015_617 / 900e9;
        final ModelProfile slow = GNMT4.withStepOverhead(0.01);
        assertEquals(0.01, slow.stepOverheadSeconds(), 0.0, "overhead");
        assertEquals(optimizer, slow.optimizerSeconds(), 1e-15, "optimizer unchanged");
        assertEquals(0.01 + optimizer, slow.stepTime().fixedSeconds(), 1e-15, "fixed part");
        assertEquals(0.01 + optimizer, slow.withPrecision(Precision.MIXED).stepTime().fixedSeconds(), 1e-15,
                "the mixed profile's fixed part");
    }

    @Test
    void anOverheadOnlyFp32StepsCanHoldDropsTheMixedVariantNotTheProfile() {
        // between the two precisions' shortest measured steps: FP32 re-splits, mixed (the shorter) cannot
        // (gnmt-4layer.csv measures one batch, 128: step_time 0.333 s, step_time_mixed 0.104 s)
        final double mixedShortest = GNMT4.withPrecision(Precision.MIXED).stepTime().seconds(128);
        final double fp32Shortest = GNMT4.stepTime().seconds(128);
        assertTrue(mixedShortest < fp32Shortest, mixedShortest + " < " + fp32Shortest);
        final double overhead = (mixedShortest + fp32Shortest) / 2;
        final ModelProfile fp32 = GNMT4.withStepOverhead(overhead);
        assertEquals(overhead, fp32.stepOverheadSeconds(), 0.0, "fp32 takes the overhead");
        assertEquals(java.util.List.of(Precision.FP32), fp32.precisions(), "the mixed variant is dropped");
        assertThrows(IllegalArgumentException.class, () -> fp32.withPrecision(Precision.MIXED));
        assertThrows(IllegalArgumentException.class,
                () -> GNMT4.withPrecision(Precision.MIXED).withStepOverhead(overhead), "mixed itself refuses");
        assertThrows(IllegalArgumentException.class, () -> GNMT4.withStepOverhead(fp32Shortest), "fp32 refuses");
    }

    @Test
    void theShortConstructorTakesFp32GradientsAndChecksSparseBytes() {
        // FP32 gradients: 4,000 B / 4 B = 1,000 dense parameters; no sparse bytes, no table
        final ModelProfile m = legacy(4000, 0, 0);
        assertEquals(1000.0, m.denseParameters(), 0.0, "dense parameters");
        assertTrue(m.sparseTables().isEmpty(), "no sparse table");
        assertEquals(0.0, legacy(0, 0, 0).denseParameters(), 0.0, "no dense gradient");
        assertEquals("sparse_table_bytes = 0.0: must be positive when the model has sparse gradients",
                assertThrows(IllegalArgumentException.class, () -> legacy(4000, 16, 0)).getMessage(),
                "sparse bytes, no table");
        assertEquals("sparse gradient bytes (-1.0, 0.0, table 0.0): must be at least 0",
                assertThrows(IllegalArgumentException.class, () -> legacy(4000, -1, 0)).getMessage(),
                "negative sparse bytes");
    }
}
