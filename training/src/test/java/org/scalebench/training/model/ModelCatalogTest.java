package org.scalebench.training.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scalebench.core.data.DataFileException;
import org.scalebench.training.efficiency.McCandlishFit;
import org.scalebench.training.parallel.DataflowPlacementSpeedup;
import org.scalebench.training.parallel.LstmWavefrontSpeedup;

class ModelCatalogTest {

    @Test
    void inceptionV3UsesTheMxnetV100Measurements() {
        final ModelProfile m = ModelCatalog.builtIn("inception-v3");
        assertEquals(23_851_784, m.parameters());
        assertEquals(4L * 23_851_784, m.denseGradientBytes());
        assertEquals(1_281_167, m.samplesPerEpoch());
        assertEquals(128 / 253.68, m.stepTime().seconds(128), 1e-12);
        assertEquals(1 / 21.83, m.stepTime().seconds(1), 1e-12);
        // fixed part: the intercept 2 t(64) - t(128) = overhead + optimizer (20 B x 23,851,784 / 900 GB/s)
        assertEquals(2 * 64 / 247.43 - 128 / 253.68, m.stepTime().fixedSeconds(), 1e-6);
        assertEquals(20.0 * 23_851_784 / 900e9, m.optimizerSeconds(), 1e-12);
        final double fixed = m.stepTime().fixedSeconds();
        assertEquals(fixed + (128 / 253.68 - fixed) * 2, m.stepTime().seconds(256), 1e-12);
        // least squares through the five MLPerf ResNet-50 points (numpy.polyfit gives 58.0413 and 113,597.19)
        final McCandlishFit fit = (McCandlishFit) m.efficiency();
        assertEquals(58.0412818618, fit.minEpochs(), 1e-8);
        assertEquals(113_597.191397, fit.criticalBatch(), 1e-4);
        assertTrue(m.mpSpeedup() instanceof DataflowPlacementSpeedup);
        assertTrue(m.source("step_time[128]").contains("apache/mxnet"), m.source("step_time[128]"));
    }

    @Test
    void gnmtUsesMlperfEpochsAndTheWavefront() {
        final ModelProfile m = ModelCatalog.builtIn("gnmt");
        // least squares through (2048, 4), (8192, 6), (12288, 8): E_min 3.10526, B_crit 8,055.47
        final McCandlishFit fit = (McCandlishFit) m.efficiency();
        assertEquals(3.105263157894739, fit.minEpochs(), 1e-12);
        assertEquals(8055.466666666672, fit.criticalBatch(), 1e-8);
        assertEquals(6.263157894736843, m.efficiency().epochs(8192), 1e-12);
        assertEquals(6, m.measuredEpochs().epochs(8192), 1e-12);
        // byte floor: 15.9 GB of recurrent weights at 900 GB/s, above the optimizer's 7.6 ms fixed part
        final double optimizer = 28.0 * 243_967_233 / 900e9;
        assertEquals(optimizer, m.stepTime().fixedSeconds(), 1e-12);
        assertEquals(optimizer + 15_894_902_211L / 900e9, m.stepTime().seconds(1), 1e-12);
        assertEquals(optimizer + (0.552654 - optimizer) * 32 / 128, m.stepTime().seconds(32), 1e-12);
        assertEquals(0.552654, m.stepTime().seconds(128), 1e-12);
        assertEquals(32_768_000, ((LstmWavefrontSpeedup) m.mpSpeedup()).phases().get(0).embeddingParameters());
        final ModelProfile mixed = m.withPrecision(Precision.MIXED);
        assertEquals(Precision.MIXED, mixed.precision());
        assertEquals(GradientDtype.FP16, mixed.gradientDtype());
        assertEquals(2 * m.parameters(), mixed.denseGradientBytes());
        assertEquals(0.173324, mixed.stepTime().seconds(128), 1e-12);
        assertEquals(optimizer + 7_947_451_105L / 900e9, mixed.stepTime().seconds(1), 1e-12);
        assertEquals(3_964_928, m.samplesPerEpoch());
        assertTrue(m.mpSpeedup() instanceof LstmWavefrontSpeedup);
        assertEquals(2, ((LstmWavefrontSpeedup) m.mpSpeedup()).phases().size());
        assertEquals(4 * m.parameters(), m.denseGradientBytes());
    }

    @Test
    void bigLstmHasSparseEmbeddingAndSoftmaxGradients() {
        final ModelProfile m = ModelCatalog.builtIn("biglstm");
        assertEquals(2 * 75_530_240L * 4, m.denseGradientBytes());
        assertEquals(163_840, m.sparseBytesPerSample(), 0);
        assertEquals(33_554_432, m.sparseBytesPerStep(), 0);
        assertEquals(6_503_280_120.0, m.sparseTableBytes(), 0);
        assertEquals(2, m.sparseTables().size());
        assertEquals(SparseTable.Placement.FIRST, m.sparseTables().get(0).placement());
        assertEquals(SparseTable.Placement.SPREAD, m.sparseTables().get(1).placement());
        assertEquals(25.34, m.efficiency().epochs(1024), 1e-9);
        assertEquals(java.util.List.of(Precision.FP32), m.precisions());
        assertEquals("precision = mixed: biglstm has no measured mixed-precision step times (the profile gives fp32"
                + " only)", assertThrows(IllegalArgumentException.class, () -> m.withPrecision(Precision.MIXED))
                .getMessage());
    }

    @Test
    void everyNumberOfEveryBuiltInProfileHasASource() {
        for (final String name : ModelCatalog.builtInNames()) {
            final ModelProfile m = ModelCatalog.builtIn(name);
            m.sources().forEach((parameter, source) -> assertFalse(source.isBlank(), name + " " + parameter));
        }
    }

    private static Path profile(final Path dir, final String from, final String to) throws IOException {
        final String text;
        try (var in = ModelCatalog.class.getResourceAsStream("/org/scalebench/training/profiles/biglstm.csv")) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertTrue(text.contains(from), from);
        final Path file = dir.resolve("mine.csv");
        Files.writeString(file, text.replace(from, to));
        return file;
    }

    private static String error(final Path file) {
        return assertThrows(DataFileException.class, () -> ModelCatalog.load(file)).getMessage();
    }

    @Test
    void aUserProfileLoads(@TempDir final Path dir) throws IOException {
        final ModelProfile m = ModelCatalog.resolve(profile(dir, "samples_per_epoch,,40000000",
                "samples_per_epoch,,20000000").toString());
        assertEquals(20_000_000, m.samplesPerEpoch());
    }

    @Test
    void malformedProfilesNameFileLineParameterAndWhatIsAllowed(@TempDir final Path dir) throws IOException {
        assertTrue(error(profile(dir, "samples_per_epoch,,40000000", "samples_per_epoch,,-3"))
                .matches(".*mine\\.csv:\\d+: samples_per_epoch = '-3': must be an integer in \\[1, 9000000000000000\\]"));
        assertTrue(error(profile(dir, "max_batch_per_device,,256,", "max_batch_per_device,,256,\"\"\n#"))
                .matches(".*mine\\.csv:\\d+: column 'source' is empty: a value is required"));
        assertTrue(error(profile(dir, "mp_model,,lstm-wavefront", "mp_model,,magic"))
                .matches(".*mine\\.csv:\\d+: mp_model = 'magic': must be given, dataflow, lstm-wavefront or pipeline"));
        assertTrue(error(profile(dir, "step_time,256,", "step_time,128,0.7,x\nstep_time,256,"))
                .matches(".*mine\\.csv:\\d+: step_time = 0.605917 s at batch 256.0 is below .*"));
        assertTrue(error(profile(dir, "step_time,256,0.605917", "step_time,256,0.01"))
                .matches(".*mine\\.csv:\\d+: step_time: step floor = 0.0149\\d* s: must be in \\[0, .*"), error(
                        profile(dir, "step_time,256,0.605917", "step_time,256,0.01")));
        assertTrue(error(profile(dir, "memory_bandwidth_gbps,,900,", "memory_bandwidth_gbps,,0,"))
                .contains("optimizer_bytes_per_parameter needs memory_bandwidth_gbps"));
        assertTrue(error(profile(dir, "sparse_table_placement,embedding,first", "sparse_table_placement,embedding,last"))
                .matches(".*mine\\.csv:\\d+: sparse_table_placement = 'last': must be first or spread"));
        assertTrue(error(profile(dir, "epochs_model,,mccandlish,", "epochs_model,,mccandlish-fit,"))
                .contains("epochs_model = mccandlish-fit: needs at least two epochs rows keyed by global batch"));
        assertTrue(error(profile(dir, "epochs_model,,mccandlish", "epochs_modle,,mccandlish"))
                .matches(".*mine\\.csv:\\d+: parameter = 'epochs_modle': must be one of .*"));
        assertTrue(error(profile(dir, "lstm_layer,lm/2", "lstm_layer,xx/2"))
                .matches(".*mine\\.csv:\\d+: lstm_layer key 'xx/2': phase 'xx' has no lstm_phase row"));
        assertTrue(error(profile(dir, "critical_batch,,1024", "critical_batch,,abc"))
                .matches(".*mine\\.csv:\\d+: column 'value' = 'abc': must be a finite number.*"));
        assertEquals("model = 'resnet': must be one of inception-v3, gnmt, biglstm, gnmt-4layer or a CSV file",
                assertThrows(IllegalArgumentException.class, () -> ModelCatalog.resolve("resnet")).getMessage());
    }

    @Test
    void stepTimeCurveInterpolatesAndExtrapolates() {
        final StepTimeCurve c = new StepTimeCurve(new double[] {2, 4}, new double[] {1, 3});
        assertEquals(1, c.seconds(1), 0);
        assertEquals(2, c.seconds(3), 1e-12);
        assertEquals(6, c.seconds(8), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> new StepTimeCurve(new double[] {2, 4},
                new double[] {3, 1}));
    }

    @Test
    void aByteFloorStopsTheBatchDependentPartFromShrinkingBelowIt() {
        // fixed 0.1 s, floor 0.2 s: below b = 4 the batch-dependent part (0.9 s at b = 4) scales down to 0.2 s
        final StepTimeCurve c = new StepTimeCurve(new double[] {4, 8}, new double[] {1.0, 1.9}, 0.1, 0.2);
        assertEquals(0.1 + 0.9 / 2, c.seconds(2), 1e-12);
        assertEquals(0.1 + 0.2, c.seconds(0.5), 1e-12);
        assertEquals(0.1 + 1.8 * 2, c.seconds(16), 1e-12);
        assertEquals(0.9 / 2, c.variableSeconds(2), 1e-12);
        // the legacy flat floor holds t(35) for every smaller batch
        assertEquals(c.seconds(3), c.withFlatBelow(3).seconds(1), 0);
        assertEquals(1.0, c.withoutFloor().seconds(1), 0);
        assertThrows(IllegalArgumentException.class, () -> new StepTimeCurve(new double[] {4}, new double[] {1}, 1.0,
                Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> new StepTimeCurve(new double[] {4}, new double[] {1}, 0.5,
                0.6));
    }
}
