package org.scalebench.training.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.scalebench.core.data.DataFileException;
import org.scalebench.core.data.DataTable;

/**
 * Published Megatron-LM runs against the projection. The GEMM efficiency is fitted on the calibration rows only;
 * every validation row of a Megatron-LM run must be within the stated tolerance of 10% and fit in memory (the
 * calibration rows time one layer, whose whole model need not fit). The tolerance was set after the run it guards
 * (largest validation error 7.6%); the errors themselves are printed by {@code train llm reproduce}. MT-NLG's runs
 * and BLOOM's (Megatron-DeepSpeed, entered after the tolerance was set) are outside it: DeepSpeed's own costs are not
 * modelled (docs/llm-model.md), and their tests bound the gap instead of hiding it.
 */
class LlmValidationTest {

    /** The stated tolerance on validation rows: |projected - published| / published. */
    static final double TOLERANCE = 0.10;

    /** The rows of MT-NLG's Megatron-DeepSpeed runs. */
    static final String DEEPSPEED = "mtnlg-";

    /** The row of BLOOM's Megatron-DeepSpeed run. */
    static final String BLOOM = "bloom-176b-384";

    private static boolean megatronDeepSpeed(final LlmValidation.Row r) {
        return r.id().startsWith(DEEPSPEED) || r.id().equals(BLOOM);
    }

    static List<String> outsideTolerance(final List<LlmValidation.Row> rows, final double tolerance) {
        final List<String> out = new ArrayList<>();
        for (final LlmValidation.Row r : rows) {
            if (r.validation() && !megatronDeepSpeed(r) && (!(Math.abs(r.error()) <= tolerance) || !r.fits())) {
                out.add(String.format("%s: published %.4g, projected %.4g (%+.1f%%)%s", r.id(), r.published(),
                        r.projected(), 100 * r.error(), r.fits() ? "" : ", does not fit"));
            }
        }
        return out;
    }

    private static String builtInText() throws IOException {
        try (InputStream in = LlmValidation.class.getResourceAsStream("/org/scalebench/training/llm/validation.csv")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static DataTable table(final String text) throws IOException {
        return DataTable.read("validation.csv", new StringReader(text));
    }

    @Test
    void everyValidationRowIsProjectedWithinTheTolerance() {
        final List<LlmValidation.Row> rows = LlmValidation.run();
        assertEquals(36, rows.size());
        assertEquals(26, rows.stream().filter(LlmValidation.Row::validation).count());
        assertEquals(List.of(), outsideTolerance(rows, TOLERANCE));
    }

    @Test
    void mtNlgLosesEfficiencyWithDataParallelismAndRunsSlowerThanProjected() {
        final List<LlmValidation.Row> runs = LlmValidation.run().stream().filter(r -> r.id().startsWith(DEEPSPEED))
                .toList();
        assertEquals(List.of(2240, 2800, 3360), runs.stream().map(r -> r.config().gpus()).toList());
        for (int i = 1; i < runs.size(); i++) {
            final LlmValidation.Row fewer = runs.get(i - 1);
            final LlmValidation.Row more = runs.get(i);
            assertTrue(fewer.published() * fewer.config().gpus() < more.published() * more.config().gpus(),
                    "published: GPU-seconds per iteration grow with data parallelism at a fixed batch");
            assertTrue(fewer.projected() * fewer.config().gpus() < more.projected() * more.config().gpus(),
                    "projected: a smaller share of each pipeline's microbatches hides the same bubble");
        }
        for (final LlmValidation.Row r : runs) {
            assertTrue(r.fits(), r.id());
            assertTrue(r.error() < 0 && r.error() > -0.25, r.id() + ": DeepSpeed's own costs are not modelled, so the"
                    + " projection is faster than published, by less than a quarter: " + r.error());
        }
    }

    @Test
    void bloomRunsAsPublishedOnJeanZayAndSlowerThanProjected() {
        final LlmValidation.Row r = LlmValidation.run().stream().filter(x -> x.id().equals(BLOOM)).findFirst()
                .orElseThrow();
        assertTrue(r.validation());
        assertEquals(List.of(384, 4, 12, 8, 2048, 2, 1), List.of(r.config().gpus(), r.config().tp(), r.config().pp(),
                r.config().dp(), r.config().globalBatch(), r.config().microBatch(), r.config().interleave()));
        assertEquals(ZeroStage.of(1), r.config().zero());
        assertEquals(Recompute.FULL, r.config().recompute());
        assertEquals(HalfFormat.BF16, r.config().halfFormat());
        assertTrue(r.fits());
        assertTrue(r.error() < 0 && r.error() > -0.25, "DeepSpeed's own costs are not modelled, so the projection is"
                + " faster than published, by less than a quarter: " + r.error());
    }

    @Test
    void theToleranceCheckCatchesAPlantedError() {
        final List<LlmValidation.Row> planted = new ArrayList<>();
        for (final LlmValidation.Row r : LlmValidation.run()) {
            planted.add(new LlmValidation.Row(r.id(), r.set(), r.metric(), r.published(),
                    r.id().equals("korthikanti-175b-full") ? 1.5 * r.projected() : r.projected(), r.iterationSeconds(),
                    r.config(), r.fits(), r.source()));
        }
        final List<String> caught = outsideTolerance(planted, TOLERANCE);
        assertEquals(1, caught.size(), caught.toString());
        assertTrue(caught.get(0).startsWith("korthikanti-175b-full"));
    }

    @Test
    void theGemmEfficiencyIsFittedOnTheCalibrationRowsOnly() throws IOException {
        final String text = builtInText();
        final double fitted = LlmValidation.fit(table(text), LlmValidation.gpu(), Set.of()).gemmEfficiency();
        assertEquals(LlmValidation.calibration().gemmEfficiency(), fitted, 1e-12);
        assertTrue(fitted > 0.5 && fitted < 1, "fitted " + fitted);
        assertEquals(10, LlmValidation.calibration().rows().size());
        assertTrue(LlmValidation.calibration().rows().stream().allMatch(r -> !r.validation()));
        final String validationMoved = text.replace("iteration_s,18.13,", "iteration_s,30.0,");
        assertNotEquals(text, validationMoved);
        assertEquals(fitted, LlmValidation.fit(table(validationMoved), LlmValidation.gpu(), Set.of()).gemmEfficiency(),
                1e-12, "a validation row must not move the fit");
        final String calibrationMoved = text.replace("layer_forward_ms,7.7,", "layer_forward_ms,9.0,");
        assertNotEquals(text, calibrationMoved);
        assertTrue(LlmValidation.fit(table(calibrationMoved), LlmValidation.gpu(), Set.of()).gemmEfficiency()
                < fitted - 0.01, "slower published layers must fit a lower efficiency");
    }

    @Test
    void aRowOutsideTheDeclaredSetsIsRefusedWithItsLine() throws IOException {
        final String text = builtInText().replaceFirst(",calibration,", ",training,");
        final DataFileException e = assertThrows(DataFileException.class,
                () -> LlmValidation.fit(table(text), LlmValidation.gpu(), Set.of()));
        assertTrue(e.getMessage().contains("validation.csv") && e.getMessage().contains("set = 'training'"),
                e.getMessage());
    }

    @Test
    void switchingAPartOffMovesTheFitAndTheErrorsInItsDirection() throws IOException {
        final DataTable builtIn = table(builtInText());
        final double on = LlmValidation.fit(builtIn, LlmValidation.gpu(), Set.of()).gemmEfficiency();
        final double noOverlap = LlmValidation.fit(builtIn, LlmValidation.gpu(), EnumSet.of(ExecutionPart.TP_OVERLAP))
                .gemmEfficiency();
        assertTrue(noOverlap > on, "with the backward collectives exposed, faster GEMMs fit the same layers: "
                + noOverlap + " against " + on);
        final double noFit = errorOf(LlmValidation.run(LlmValidation.gpu(),
                EnumSet.of(ExecutionPart.GEMM_EFFICIENCY)), "korthikanti-1t-full");
        assertTrue(noFit < errorOf(LlmValidation.run(), "korthikanti-1t-full"), "GEMMs at the measured maximum are"
                + " optimistic");
        final double ideal = errorOf(LlmValidation.run(LlmValidation.gpu(), EnumSet.allOf(ExecutionPart.class)),
                "korthikanti-1t-full");
        assertTrue(ideal < -0.05, "the ideal model is optimistic: " + ideal);
    }

    private static double errorOf(final List<LlmValidation.Row> rows, final String id) {
        return rows.stream().filter(r -> r.id().equals(id)).findFirst().orElseThrow().error();
    }

    @Test
    void unpublishedFieldsAreSearchedWithThePublishedOnesFixed() {
        boolean seen = false;
        for (final LlmValidation.Row r : LlmValidation.run()) {
            if (r.id().equals("narayanan-1t")) {
                seen = true;
                assertEquals(8, r.config().tp());
                assertEquals(64, r.config().pp());
                assertEquals(6, r.config().dp());
                assertEquals(Recompute.FULL, r.config().recompute());
                assertFalse(r.config().sequenceParallel());
            }
        }
        assertTrue(seen);
    }
}
