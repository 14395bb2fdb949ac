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
import org.scalebench.training.data.DataFileException;
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
        assertEquals(100, m.efficiency().epochs(1600), 1e-9);
        assertTrue(m.mpSpeedup() instanceof DataflowPlacementSpeedup);
        assertTrue(m.source("step_time[128]").contains("apache/mxnet"), m.source("step_time[128]"));
    }

    @Test
    void gnmtUsesMlperfEpochsAndTheWavefront() {
        final ModelProfile m = ModelCatalog.builtIn("gnmt");
        assertEquals(6, m.efficiency().epochs(8192), 1e-12);
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
        assertTrue(m.sparseTableBytes() > 6e9);
        assertEquals(25.34, m.efficiency().epochs(1024), 1e-9);
    }

    @Test
    void everyNumberOfEveryBuiltInProfileHasASource() {
        for (final String name : ModelCatalog.builtInNames()) {
            final ModelProfile m = ModelCatalog.builtIn(name);
            m.sources().forEach((parameter, source) -> {
                if (!parameter.equals("name")) {
                    assertFalse(source.isBlank(), name + " " + parameter);
                }
            });
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
                .matches(".*mine\\.csv:\\d+: samples_per_epoch = -3: must be an integer, at least 1"));
        assertTrue(error(profile(dir, "max_batch_per_device,,256,", "max_batch_per_device,,256,\"\"\n#"))
                .matches(".*mine\\.csv:\\d+: column 'source' is empty: a value is required"));
        assertTrue(error(profile(dir, "mp_model,,lstm-wavefront", "mp_model,,magic"))
                .matches(".*mine\\.csv:\\d+: mp_model = 'magic': must be given, dataflow, lstm-wavefront or pipeline"));
        assertTrue(error(profile(dir, "step_time,256,", "step_time,256,0.01,x\n#"))
                .matches(".*mine\\.csv:\\d+: step_time = 0.01 s at batch 256.0 is below .*"));
        assertTrue(error(profile(dir, "epochs_model,,mccandlish", "epochs_modle,,mccandlish"))
                .matches(".*mine\\.csv:\\d+: parameter = 'epochs_modle': must be one of .*"));
        assertTrue(error(profile(dir, "lstm_layer,lm/2", "lstm_layer,xx/2"))
                .matches(".*mine\\.csv:\\d+: lstm_layer key 'xx/2': phase 'xx' has no lstm_phase row"));
        assertTrue(error(profile(dir, "critical_batch,,1024", "critical_batch,,abc"))
                .matches(".*mine\\.csv:\\d+: column 'value' = 'abc': must be a finite number.*"));
        assertEquals("model = 'resnet': must be one of inception-v3, gnmt, biglstm or a CSV file",
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
}
