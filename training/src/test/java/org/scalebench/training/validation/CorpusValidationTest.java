package org.scalebench.training.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.scalebench.training.projection.OptimizerSharding;
import org.scalebench.core.data.DataFileException;
import org.scalebench.core.data.DataTable;
import org.scalebench.training.projection.ScalingEffect;

/** The scaling corpus and its validation: fit discipline, targets, rows not projected, bad files, a planted bug. */
class CorpusValidationTest {

    /**
     * The built-in corpus's report, run for each test (JUnit makes an instance per test): PIT counts only what a
     * test method runs as its coverage, so a report made once, in a static initializer or {@code @BeforeAll}, hid the
     * fit's and the projection's mutants from every assertion on it. Each run takes well under a second.
     */
    private final CorpusValidation.Report builtIn = CorpusValidation.run();

    @Test
    void theBuiltInCorpusHasAtLeastFortyMultiGpuRowsEachWithItsSource() {
        final ScalingCorpus corpus = ScalingCorpus.builtIn();
        final long compared = corpus.rows().stream().filter(CorpusRow::compared).count();
        assertTrue(compared >= 40, compared + " compared rows");
        for (final CorpusRow r : corpus.rows()) {
            assertTrue(r.source().contains("@"), r.id() + ": the source names a commit: " + r.source());
        }
        assertEquals(corpus.rows().size(), builtIn.rows().size(), "no row is dropped");
    }

    /**
     * The validation rows the model misses by more than the target's 25%, each named with its reason in
     * docs/training-model.md: GNMT's MLPerf v0.6 runs on 16 and 24 DGX-2H nodes (the family's fitted spread and
     * overhead, shared with v0.7 code that runs faster), and Transformer's MLPerf v0.7 run on 60 DGX-2H nodes (the
     * family's per-step costs, fitted on other code, exceed its whole measured step).
     */
    private static final Set<String> KNOWN_MISSES = Set.of("gnmt-mlperf06-dgx2h-n16", "gnmt-mlperf06-dgx2h-n24",
            "tr-mlperf07-dgx2h-n60");

    @Test
    void validationErrorsMeetTheTargetsBesideTheNamedMisses() {
        for (final CorpusValidation.Summary s : builtIn.families()) {
            assertTrue(s.projected() == s.rows() && s.meanAbsError() <= 0.10, s.toString());
        }
        assertTrue(builtIn.overall().meanAbsError() <= 0.10, builtIn.overall().toString());
        assertTrue(builtIn.overall().projected() >= 40, builtIn.overall().toString());
        int misses = 0;
        for (final CorpusValidation.RowResult r : builtIn.rows()) {
            if (!r.row().compared() || r.row().calibration()) {
                continue;
            }
            final double e = Math.abs(r.error());
            if (KNOWN_MISSES.contains(r.row().id())) {
                misses++;
                assertTrue(e > 0.25 && e <= 0.45, r.row().id() + ": " + r.error());
            } else {
                assertTrue(e <= 0.25, r.row().id() + ": " + r.error());
            }
        }
        assertEquals(KNOWN_MISSES.size(), misses);
    }

    @Test
    void theSummariesAreTheValidationRowsErrorsAveraged() {
        final CorpusValidation.Report r = CorpusValidation.run(corpus(corpusOf("bert")), Set.of());
        int rows = 0;
        int projected = 0;
        double abs = 0;
        double signed = 0;
        double max = 0;
        for (final CorpusValidation.RowResult x : r.rows()) {
            if (x.row().compared() && !x.row().calibration()) {
                rows++;
                if (x.projected()) {
                    projected++;
                    abs += Math.abs(x.error());
                    signed += x.error();
                    max = Math.max(max, Math.abs(x.error()));
                }
            }
        }
        assertTrue(projected > 10 && signed != abs, projected + " projected, errors of both signs");
        for (final CorpusValidation.Summary s : List.of(r.families().get(0), r.overall())) {
            assertEquals(rows, s.rows(), s.toString());
            assertEquals(projected, s.projected(), s.toString());
            assertEquals(abs / projected, s.meanAbsError(), 1e-12, s.toString());
            assertEquals(signed / projected, s.meanError(), 1e-12, s.toString());
            assertEquals(max, s.maxAbsError(), 1e-12, s.toString());
        }
        // the targets: at most 10% on average and none above 25%, both bounds included
        assertTrue(new CorpusValidation.Summary("x", 1, 1, 0.10, 0.25, 0).meetsTarget());
        assertFalse(new CorpusValidation.Summary("x", 1, 1, 0.1001, 0.25, 0).meetsTarget());
        assertFalse(new CorpusValidation.Summary("x", 1, 1, 0.10, 0.2501, 0).meetsTarget());
        assertFalse(new CorpusValidation.Summary("x", 1, 0, Double.NaN, Double.NaN, Double.NaN).meetsTarget());
    }

    @Test
    void everyComparedRowIsProjectedOrSaysWhyNot() {
        final List<String> notProjected = new ArrayList<>();
        for (final CorpusValidation.RowResult r : builtIn.rows()) {
            if (r.row().compared()) {
                assertEquals(r.projected(), r.notProjected().isEmpty(), r.row().id());
                assertEquals(r.projected(), !Double.isNaN(r.error()), r.row().id());
                if (!r.projected()) {
                    notProjected.add(r.row().id());
                    // the one row the model cannot express ran its cross-node all-reduce on SHARP
                    assertTrue(r.notProjected().startsWith("SHARP:"), r.notProjected());
                }
            }
        }
        assertEquals(List.of("bert-mlperf10-dgxa100-n8"), notProjected,
                "every compared row of the built-in corpus is expressed but MLPerf v1.0 BERT on 8 nodes (SHARP)");
        // a row the model cannot express is listed with the reason the file gives
        final String text0 = corpusOf("resnet50");
        final CorpusRow victim = firstValidationRow(CorpusValidation.run(corpus(text0), Set.of()));
        final CorpusValidation.Report listed = CorpusValidation.run(corpus(planted(text0, victim.id(), 15,
                "a planted reason")), Set.of());
        assertEquals("a planted reason", row(listed, victim.id()).notProjected());
        assertFalse(row(listed, victim.id()).projected());
        // a row whose source does not state its accumulation steps is listed, not guessed
        final String text = corpusOf("bert");
        final String id = "bert-pt1907-dgx2h-s128-mixed-n64";
        final CorpusValidation.Report unstated = CorpusValidation.run(corpus(planted(text, id, 7, "")), Set.of());
        assertEquals("the source does not state the gradient accumulation steps", row(unstated, id).notProjected());
        assertTrue(row(builtIn, id).projected(), "configurations.yml states it for the built-in row");
    }

    @Test
    void constantsComeFromCalibrationRowsOnly() {
        for (final CorpusValidation.Fit f : builtIn.fits()) {
            for (final String id : f.rows()) {
                assertTrue(row(builtIn, id).row().calibration(), id);
            }
        }
        // changing a validation row's measurement changes its error, not the constants
        final String family = "resnet50";
        final String text = corpusOf(family);
        final CorpusValidation.Report before = CorpusValidation.run(corpus(text), Set.of());
        final CorpusRow victim = firstValidationRow(before);
        final CorpusValidation.Report after = CorpusValidation.run(corpus(scaled(text, victim.id(), 0.5)), Set.of());
        assertEquals(before.fits(), after.fits());
        assertEquals(2 * (1 + row(before, victim.id()).error()) - 1, row(after, victim.id()).error(), 1e-9);
    }

    @Test
    void aPlantedWrongMeasurementIsReportedAsAMiss() {
        // a validation row's throughput halved: the projection then sits near +100% and the family misses the target
        final String text = corpusOf("resnet50");
        final CorpusValidation.Report clean = CorpusValidation.run(corpus(text), Set.of());
        assertTrue(clean.families().get(0).meetsTarget(), clean.families().get(0).toString());
        final CorpusRow victim = firstValidationRow(clean);
        final CorpusValidation.Report planted = CorpusValidation.run(corpus(scaled(text, victim.id(), 0.5)),
                Set.of());
        final double error = row(planted, victim.id()).error();
        assertTrue(error > 0.8, "planted row error " + error);
        assertFalse(planted.families().get(0).meetsTarget(), planted.families().get(0).toString());
    }

    @Test
    void switchingEffectsOffFitsWithoutThem() {
        final CorpusValidation.Report off = CorpusValidation.run(corpus(corpusOf("transformer-xl")),
                Set.of(ScalingEffect.STEP_OVERHEAD, ScalingEffect.STRAGGLER));
        final CorpusValidation.Constants c = off.fits().get(0).constants();
        assertEquals(CorpusValidation.Constants.ZERO, c);
        assertEquals(Set.of(ScalingEffect.STEP_OVERHEAD, ScalingEffect.STRAGGLER), off.disabled());
        // without them, data parallelism is overestimated on the multi-GPU rows
        assertTrue(off.overall().meanError() > 0.05, off.overall().toString());
    }

    @Test
    void aRowWhoseReferenceRanOnAnotherSystemScalesItsComputeByTheirPeakThroughput() {
        // BERT on 4 DGX-2H nodes, its reference the DGX-2 figure: 64 accumulated micro-steps per exchange, so the
        // step is nearly all compute, which the DGX-2H's 2.1 against 2 petaFLOPS makes 1.05 times as fast
        final String id = "bert-tf1908-dgx2h-s512-fp32-n4";
        // run here, not taken from the class's shared report, so that mutation testing sees this test cover it
        final CorpusValidation.Report with = CorpusValidation.run(ScalingCorpus.builtIn(), Set.of());
        final CorpusValidation.RowResult on = row(with, id);
        assertEquals("dgx2", row(with, on.row().reference()).row().cluster());
        final CorpusValidation.Report off = CorpusValidation.run(ScalingCorpus.builtIn(),
                Set.of(ScalingEffect.DEVICE_SPEED));
        assertEquals(with.fits(), off.fits(), "the calibration rows share their reference's system");
        final double ratio = on.projectedPerGpu() / row(off, id).projectedPerGpu();
        assertTrue(ratio > 1.045 && ratio <= 1.05, "projected with / without the speed ratio: " + ratio);
        // rows on one system are untouched
        assertEquals(row(with, "rn50-mlperf06-dgx1-n130").projectedPerGpu(),
                row(off, "rn50-mlperf06-dgx1-n130").projectedPerGpu(), 0);
    }

    @Test
    void aShardedOptimizerRowIsPricedWithItsOwnExchangeAndABadOneIsRefused() {
        final String text = corpusOf("transformer");
        final String id = "tr-mlperf07-dgx2h-n60";
        final CorpusValidation.Report sharded = CorpusValidation.run(corpus(text), Set.of());
        assertEquals(OptimizerSharding.NODE, row(sharded, id).row().optimizer());
        assertTrue(row(sharded, id).projected(), id);
        // the same rows with the optimizer column emptied (replicated: one all-reduce) project otherwise
        final CorpusValidation.Report replicated = CorpusValidation.run(corpus(text.replace(",sharded-in-node\n",
                ",\n")), Set.of());
        assertEquals(OptimizerSharding.REPLICATED, row(replicated, id).row().optimizer());
        assertTrue(Math.abs(row(replicated, id).projectedPerGpu() / row(sharded, id).projectedPerGpu() - 1) > 1e-3);
        final String bad = text.replaceFirst(",sharded-in-node\n", ",zero-3\n");
        final DataFileException e = assertThrows(DataFileException.class, () -> corpus(bad));
        assertTrue(e.getMessage().contains("column 'optimizer' = 'zero-3': must be empty, one of replicated, sharded"
                + " or sharded-in-node"), e.getMessage());
    }

    @Test
    void anUnknownModelOrClusterIsRefusedWithFileLineColumnAndValue() {
        final String text = corpusOf("resnet50");
        final CorpusRow victim = firstValidationRow(CorpusValidation.run(corpus(text), Set.of()));
        final String line = "planted.csv:" + lineOf(text, victim.id()) + ": ";
        final DataFileException model = assertThrows(DataFileException.class,
                () -> corpus(planted(text, victim.id(), 2, "foo")));
        assertEquals(line + "column 'model' = 'foo': must be one of gnmt-4layer, resnet50-v1.5, transformer-big,"
                + " transformer-xl-base, transformer-xl-large or bert-large (the models of scaling-models.csv)",
                model.getMessage());
        final DataFileException cluster = assertThrows(DataFileException.class,
                () -> corpus(planted(text, victim.id(), 4, "foo")));
        assertTrue(cluster.getMessage().startsWith(line + "column 'cluster' = 'foo': must be one of dgx1, "),
                cluster.getMessage());
        assertTrue(cluster.getMessage().endsWith(" (the built-in clusters)"), cluster.getMessage());
    }

    @Test
    void aRowWithoutSourceIsRefusedWithFileAndLine() {
        final String text = corpusOf("resnet50");
        final List<String> lines = new ArrayList<>(text.lines().toList());
        int target = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("rn50-")) {
                target = i;
                break;
            }
        }
        final String line = lines.get(target);
        lines.set(target, line.substring(0, line.indexOf(",\"")) + ",,");
        final DataFileException e = assertThrows(DataFileException.class,
                () -> corpus(String.join("\n", lines) + "\n"));
        assertTrue(e.getMessage().startsWith("planted.csv:" + (target + 1) + ":"), e.getMessage());
        assertTrue(e.getMessage().contains("column 'source'"), e.getMessage());
        final String dangling = text.replaceFirst(",rn50-dle1812-dgx1-fp32-1,", ",rn50-nowhere,");
        final DataFileException missingReference = assertThrows(DataFileException.class, () -> corpus(dangling));
        assertTrue(missingReference.getMessage().contains("column 'reference' = 'rn50-nowhere': no such row"),
                missingReference.getMessage());
    }

    @Test
    void anUnknownUnitOrARowReferencingItselfIsRefusedWithFileLineColumnAndValue() {
        final String text = corpusOf("resnet50");
        final CorpusRow victim = firstValidationRow(CorpusValidation.run(corpus(text), Set.of()));
        final String line = "planted.csv:" + lineOf(text, victim.id()) + ": ";
        final DataFileException unit = assertThrows(DataFileException.class,
                () -> corpus(planted(text, victim.id(), 12, "parsecs")));
        assertEquals(line + "column 'unit' = 'parsecs': must be one of tokens/s, sequences/s or images/s",
                unit.getMessage());
        final DataFileException self = assertThrows(DataFileException.class,
                () -> corpus(planted(text, victim.id(), 13, victim.id())));
        assertEquals(line + "column 'reference' = '" + victim.id() + "': the row itself; must be another row of the"
                + " file, or empty for a reference row", self.getMessage());
    }

    @Test
    void aBadPrecisionSplitOrReferenceIsQuotedAsTheOtherColumnsAre() {
        final String text = corpusOf("resnet50");
        final CorpusRow victim = firstValidationRow(CorpusValidation.run(corpus(text), Set.of()));
        final String line = "planted.csv:" + lineOf(text, victim.id()) + ": ";
        final DataFileException precision = assertThrows(DataFileException.class,
                () -> corpus(planted(text, victim.id(), 3, "fp8\u0007")));
        assertEquals(line + "column 'precision' = 'fp8\\u0007': must be fp32 or mixed", precision.getMessage());
        final DataFileException split = assertThrows(DataFileException.class,
                () -> corpus(planted(text, victim.id(), 14, "x".repeat(500))));
        assertTrue(split.getMessage().startsWith(line + "column 'split' = 'xxx"), split.getMessage());
        assertTrue(split.getMessage().length() < 300, "a long value is cut: " + split.getMessage().length());
        final DataFileException reference = assertThrows(DataFileException.class,
                () -> corpus(planted(text, victim.id(), 13, "nowhere")));
        assertEquals(line + "column 'reference' = 'nowhere': no such row in the file", reference.getMessage());
        // a count is a whole number: 8.5 GPUs was read as 8
        final DataFileException gpus = assertThrows(DataFileException.class,
                () -> corpus(planted(text, victim.id(), 5, "8.5")));
        assertEquals(line + "column 'gpus' = '8.5': must be a whole number in [1, 16777216]", gpus.getMessage());
        final DataFileException accumulation = assertThrows(DataFileException.class,
                () -> corpus(planted(text, victim.id(), 7, "2.5")));
        assertTrue(accumulation.getMessage().startsWith(line + "column 'accumulation' = '2.5': must be a whole"),
                accumulation.getMessage());
    }

    @Test
    void aCorpusWithoutRowsOrWithoutCalibrationRowsIsRefused() {
        final String text = corpusOf("resnet50");
        final String header = text.lines().filter(l -> l.startsWith("row,")).findFirst().orElseThrow() + "\n";
        assertEquals("planted.csv: holds no rows after the header",
                assertThrows(DataFileException.class, () -> corpus(header)).getMessage());
        final String validationOnly = text.replace(",calibration,", ",validation,");
        assertTrue(!validationOnly.equals(text), "the family has calibration rows to turn");
        assertEquals("planted.csv: holds no calibration rows (split = calibration): the constants are fitted on them",
                assertThrows(DataFileException.class, () -> corpus(validationOnly)).getMessage());
    }

    private static CorpusValidation.RowResult row(final CorpusValidation.Report r, final String id) {
        return r.rows().stream().filter(x -> x.row().id().equals(id)).findFirst().orElseThrow();
    }

    private static CorpusRow firstValidationRow(final CorpusValidation.Report r) {
        return r.rows().stream().filter(x -> x.row().compared() && !x.row().calibration() && x.projected())
                .findFirst().orElseThrow().row();
    }

    /** The built-in corpus's comments, header and the rows of one family. */
    private static String corpusOf(final String family) {
        final StringBuilder b = new StringBuilder();
        for (final String line : builtInText().lines().toList()) {
            if (line.startsWith("#") || line.startsWith("row,") || line.split(",")[1].equals(family)) {
                b.append(line).append('\n');
            }
        }
        return b.toString();
    }

    /** The text with one row's measured throughput multiplied. */
    private static String scaled(final String text, final String id, final double factor) {
        final StringBuilder b = new StringBuilder();
        for (final String line : text.lines().toList()) {
            if (line.startsWith(id + ",")) {
                final String[] cells = line.split(",", -1);
                cells[11] = Double.toString(Double.parseDouble(cells[11]) * factor);
                b.append(String.join(",", cells)).append('\n');
            } else {
                b.append(line).append('\n');
            }
        }
        return b.toString();
    }

    /** The text with one cell of one row replaced (the cells before the quoted source hold no comma). */
    private static String planted(final String text, final String id, final int column, final String value) {
        final StringBuilder b = new StringBuilder();
        for (final String line : text.lines().toList()) {
            if (line.startsWith(id + ",")) {
                final String[] cells = line.split(",", -1);
                cells[column] = value;
                b.append(String.join(",", cells)).append('\n');
            } else {
                b.append(line).append('\n');
            }
        }
        return b.toString();
    }

    /** The physical line (1-based) of a row in the text. */
    private static int lineOf(final String text, final String id) {
        final List<String> lines = text.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(id + ",")) {
                return i + 1;
            }
        }
        throw new IllegalArgumentException("no row " + id);
    }

    private static ScalingCorpus corpus(final String text) {
        try {
            return ScalingCorpus.of(DataTable.read("planted.csv", new StringReader(text)),
                    DataTable.resource(ScalingCorpus.class, ScalingCorpus.MODELS_RESOURCE));
        } catch (final IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String builtInText() {
        try (InputStream in = CorpusValidationTest.class.getResourceAsStream(ScalingCorpus.CORPUS_RESOURCE)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (final IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
