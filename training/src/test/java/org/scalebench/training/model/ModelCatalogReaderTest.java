package org.scalebench.training.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scalebench.core.data.DataFileException;
import org.scalebench.core.data.DataTable;
import org.scalebench.training.efficiency.McCandlishFit;
import org.scalebench.training.parallel.DataflowPlacementSpeedup;
import org.scalebench.training.parallel.GivenMpSpeedup;
import org.scalebench.training.parallel.LstmPhase;
import org.scalebench.training.parallel.LstmWavefrontSpeedup;
import org.scalebench.training.parallel.MicrobatchPipelineSpeedup;

/**
 * The profile file reader on a small hand-written profile: what each parameter is read as, the edges of every range
 * it checks (both ends accepted, just outside refused) and the exact message a user sees for each malformed row,
 * "file:line: message" for a row and "file: message" for the whole file. Line 1 is the header, so the n-th row of
 * {@link #BASE} is on line n + 1.
 */
class ModelCatalogReaderTest {

    /** A valid profile with the fewest rows: McCandlish epochs from E_min, a given SU_MP, two step times. */
    private static final String BASE = String.join("\n",
            "parameter,key,value,source",
            "name,,tiny,",
            "dataset,,d,s",
            "parameters,,1000,s",
            "dense_gradient_bytes,,4000,s",
            "samples_per_epoch,,100,s",
            "max_batch_per_device,,8,s",
            "step_time,2,0.2,s",
            "step_time,4,0.3,s",
            "epochs_model,,mccandlish,s",
            "epochs_min,,10,s",
            "critical_batch,,100,s",
            "mp_model,,given,s",
            "mp_speedup,2,1.5,s") + "\n";

    private static ModelProfile read(final String text) {
        try {
            return ModelCatalog.read(DataTable.read("tiny.csv", new StringReader(text)), null);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** BASE with the row starting {@code from} replaced by {@code to} (which may hold several rows or none). */
    private static String with(final String from, final String to) {
        final int start = BASE.indexOf("\n" + from) + 1;
        assertEquals(true, start > 0, from);
        final int end = BASE.indexOf('\n', start) + 1;
        return BASE.substring(0, start) + (to.isEmpty() ? "" : to + "\n") + BASE.substring(end);
    }

    private static String error(final String text) {
        return assertThrows(DataFileException.class, () -> read(text)).getMessage();
    }

    @Test
    void theBaseProfileReadsAsWritten() {
        final ModelProfile m = read(BASE);
        assertEquals("tiny", m.name(), "name");
        assertEquals("d", m.dataset(), "dataset");
        // measured_on, measured_on_mixed and gradient_dtype are optional: "unspecified" and fp32 without them
        assertEquals("unspecified", m.measuredOn(), "measured_on's default");
        assertEquals(GradientDtype.FP32, m.gradientDtype(), "gradient_dtype's default");
        assertEquals(1000, m.parameters(), "parameters");
        assertEquals(100, m.samplesPerEpoch(), "samples_per_epoch");
        assertEquals(8, m.maxBatchPerDevice(), "max_batch_per_device");
        // without memory_bandwidth_gbps or step_floor_bytes there is no floor (NaN) and no fixed part
        assertEquals(Double.NaN, m.stepTime().floorSeconds(), "no step floor");
        assertEquals(0.0, m.stepTime().fixedSeconds(), "no fixed part");
        // E(B) = E_min (1 + B / B_crit) = 10 (1 + 300 / 100) = 40
        assertEquals(40.0, m.efficiency().epochs(300), 1e-12, "McCandlish epochs from epochs_min");
        assertNull(m.measuredEpochs(), "no epochs rows, no measured epochs");
        assertEquals(1.5, m.mpSpeedup().speedup(2, 1, null, null), 0.0, "the given SU_MP(2)");
        assertEquals(List.of("inception-v3", "gnmt", "biglstm", "gnmt-4layer"), ModelCatalog.builtInNames(),
                "the built-in names as documented");
    }

    @Test
    void measuredOnIsReadWhenGiven() {
        assertEquals("V100", read(BASE + "measured_on,,V100,s\n").measuredOn(), "measured_on as written");
    }

    @Test
    void stepTimeRowsMayComeInAnyOrderAndMayBeFlat() {
        // the rows are sorted by batch before the non-decreasing check: 4 then 2 reads like 2 then 4
        final ModelProfile m = read(with("step_time,2,0.2,s", "").replace("step_time,4,0.3,s",
                "step_time,4,0.3,s\nstep_time,2,0.2,s"));
        assertArrayEquals(new double[] {2, 4}, m.stepTime().batches(), "sorted batches");
        assertEquals(0.2, m.stepTime().seconds(2), 0.0, "t(2) as measured");
        // equal step times are non-decreasing: accepted, and t(3) between them is the same 0.2
        final ModelProfile flat = read(with("step_time,4,0.3,s", "step_time,4,0.2,s"));
        assertEquals(0.2, flat.stepTime().seconds(3), 1e-15, "a flat curve");
        assertEquals("tiny.csv:9: step_time = 0.1 s at batch 4.0 is below 0.2 s at batch 2.0: step time must not"
                + " decrease with batch", error(with("step_time,4,0.3,s", "step_time,4,0.1,s")), "a falling curve");
    }

    @Test
    void countsAcceptBothEndsOfTheirRange() {
        // parameters in [1, 9e15]; max_batch_per_device in [1, 2^20 = 1,048,576]
        assertEquals(1, read(with("parameters,,1000,s", "parameters,,1,s")).parameters(), "the least count");
        assertEquals(1_048_576, read(with("max_batch_per_device,,8,s", "max_batch_per_device,,1048576,s"))
                .maxBatchPerDevice(), "the largest per-device batch");
        assertEquals("tiny.csv:7: max_batch_per_device = '1048577': must be an integer in [1, 1048576]",
                error(with("max_batch_per_device,,8,s", "max_batch_per_device,,1048577,s")), "one above 2^20");
        assertEquals("tiny.csv:4: parameters = '0': must be an integer in [1, 9000000000000000]",
                error(with("parameters,,1000,s", "parameters,,0,s")), "no parameters");
        assertEquals("tiny.csv:4: parameters = '2.5': must be an integer in [1, 9000000000000000]",
                error(with("parameters,,1000,s", "parameters,,2.5,s")), "a fractional count");
    }

    @Test
    void positiveNumbersAndKeysAcceptUpTo1e15AndRefuseZero() {
        // critical_batch is positive, at most 1e15: 1e15 is accepted; E(1e15) = 10 (1 + 1) = 20
        assertEquals(20.0, read(with("critical_batch,,100,s", "critical_batch,,1e15,s")).efficiency().epochs(1e15),
                1e-9, "critical batch of 1e15");
        assertEquals("tiny.csv:12: critical_batch = '0': must be positive, at most 1e15",
                error(with("critical_batch,,100,s", "critical_batch,,0,s")), "a zero critical batch");
        assertEquals("tiny.csv:12: critical_batch = '1.1e15': must be positive, at most 1e15",
                error(with("critical_batch,,100,s", "critical_batch,,1.1e15,s")), "above 1e15");
        // a batch key of 1e15 is accepted (the step is proportional to the batch beyond it)
        assertArrayEquals(new double[] {2, 4, 1e15}, read(BASE + "step_time,1e15,0.4,s\n").stepTime().batches(),
                "a batch key of 1e15");
        assertEquals("tiny.csv:8: step_time batch key = '0': must be a positive number, at most 1e15",
                error(with("step_time,2,0.2,s", "step_time,0,0.2,s")), "a zero batch key");
        assertEquals("tiny.csv:9: step_time batch key = '2e15': must be a positive number, at most 1e15",
                error(with("step_time,4,0.3,s", "step_time,2e15,0.3,s")), "a batch key above 1e15");
    }

    @Test
    void optionalNumbersAcceptZeroTo1e15() {
        // memory_bandwidth_gbps is only needed by byte counts; alone it changes nothing and may be 0 or 1e15
        assertEquals(Double.NaN, read(BASE + "memory_bandwidth_gbps,,1e15,s\n").stepTime().floorSeconds(),
                "bandwidth without step_floor_bytes: still no floor");
        assertEquals(0.0, read(BASE + "memory_bandwidth_gbps,,0,s\n").optimizerSeconds(), 0.0, "bandwidth 0");
        assertEquals("tiny.csv:15: memory_bandwidth_gbps = '1.5e15': must be in [0, 1e15]",
                error(BASE + "memory_bandwidth_gbps,,1.5e15,s\n"), "bandwidth above 1e15");
        // optimizer bytes: 8 B x (4000 B / 4 B per fp32 parameter) / (1 GB/s) = 8e-6 s, the curve's fixed part
        final ModelProfile m = read(BASE + "memory_bandwidth_gbps,,1,s\noptimizer_bytes_per_parameter,,8,s\n");
        assertEquals(8e-6, m.optimizerSeconds(), 1e-18, "optimizer seconds");
        assertEquals(8e-6, m.stepTime().fixedSeconds(), 1e-18, "the optimizer is the fixed part");
        assertEquals("tiny.csv:15: optimizer_bytes_per_parameter needs memory_bandwidth_gbps (of the device the step"
                + " times were measured on)", error(BASE + "optimizer_bytes_per_parameter,,8,s\n"), "no bandwidth");
    }

    @Test
    void rowsAndColumnsThatCannotBeReadAreNamed() {
        assertEquals("tiny.csv:1: missing column 'source': the header must name parameter,key,value,source",
                error("parameter,key,value\nname,,tiny\n"), "no source column");
        assertEquals("tiny.csv: missing parameter 'dataset'", error(with("dataset,,d,s", "")), "no dataset");
        assertEquals("tiny.csv:4: parameter 'dataset' given twice",
                error(with("dataset,,d,s", "dataset,,d,s\ndataset,,e,s")), "dataset twice");
        assertEquals("tiny.csv:3: parameter 'dataset' takes no key (key = 'k')", error(with("dataset,,d,s",
                "dataset,k,d,s")), "a key on a single parameter");
        assertEquals("tiny.csv:8: parameter 'step_time' needs a key", error(with("step_time,2,0.2,s",
                "step_time,,0.2,s")), "a keyed parameter without key");
        assertEquals("tiny.csv:10: parameter 'step_time' key '2' given twice (also line 8)",
                error(with("step_time,4,0.3,s", "step_time,4,0.3,s\nstep_time,2,0.5,s")), "a key twice");
        assertEquals("tiny.csv: missing parameter 'step_time': needs at least one row keyed by per-device batch",
                error(with("step_time,4,0.3,s", "").replace("step_time,2,0.2,s\n", "")), "no step times");
    }

    @Test
    void mcCandlishTakesEpochsMinOrExactlyOneEpochsRow() {
        // through one point: E_min = E / (1 + B / B_crit) = 2 / (1 + 100 / 100) = 1, so E(300) = 1 (1 + 3) = 4
        final ModelProfile m = read(with("epochs_min,,10,s", "epochs,100,2,s"));
        assertEquals(4.0, m.efficiency().epochs(300), 1e-12, "McCandlish through one epochs row");
        assertEquals("tiny.csv:10: epochs_model = mccandlish: needs critical_batch and either epochs_min or exactly one"
                + " epochs row (found 1 epochs_min, 1 epochs rows)", error(BASE + "epochs,100,2,s\n"), "both given");
        assertEquals("tiny.csv:10: epochs_model = mccandlish: needs critical_batch and either epochs_min or exactly one"
                + " epochs row (found 0 epochs_min, 0 epochs rows)", error(with("epochs_min,,10,s", "")), "neither");
        assertEquals("tiny.csv:10: epochs_model = 'linear': must be mccandlish, points or mccandlish-fit",
                error(with("epochs_model,,mccandlish,s", "epochs_model,,linear,s")), "an unknown epochs model");
    }

    @Test
    void aFitThroughTwoPointsAndMeasuredPoints() {
        // two epochs rows are enough for the fit: E = E_min + (E_min / B_crit) B through (100, 2) and (200, 3) has
        // slope 0.01 and intercept 1, so E_min = 1 and B_crit = 1 / 0.01 = 100
        final String two = with("epochs_min,,10,s", "epochs,100,2,s\nepochs,200,3,s")
                .replace("epochs_model,,mccandlish,", "epochs_model,,mccandlish-fit,");
        final ModelProfile m = read(two);
        final McCandlishFit fit = (McCandlishFit) m.efficiency();
        assertEquals(1.0, fit.minEpochs(), 1e-9, "E_min of the line through two points");
        assertEquals(100.0, fit.criticalBatch(), 1e-6, "B_crit of the line through two points");
        // two rows are also the measured points kept beside the model; at a measured batch they give its epochs
        assertEquals(3.0, m.measuredEpochs().epochs(200), 1e-12, "measured epochs at 200");
        assertEquals("tiny.csv:10: epochs_model = mccandlish-fit: needs at least two epochs rows keyed by global batch"
                + " (found 1)", error(two.replace("epochs,200,3,s\n", "")), "one point");
        final String points = two.replace("mccandlish-fit", "points");
        assertEquals(2.0, read(points).efficiency().epochs(100), 1e-12, "points: E at a measured batch");
        assertEquals("tiny.csv:12: epochs = 1.5 at global batch 200.0 is below 2.0 at batch 100.0: epochs must not"
                + " decrease with batch", error(points.replace("epochs,200,3,s", "epochs,200,1.5,s")),
                "falling epochs");
        assertEquals("tiny.csv:10: epochs_model = points: needs at least one epochs row keyed by global batch",
                error(with("epochs_model,,mccandlish,s", "epochs_model,,points,s")), "points without points");
    }

    @Test
    void aGivenSpeedupNeedsIntegerDegreesOfAtLeastTwo() {
        assertEquals("tiny.csv:13: mp_model = given: needs mp_speedup rows keyed by M",
                error(with("mp_speedup,2,1.5,s", "")), "no speedups");
        assertEquals("tiny.csv:14: mp_speedup key = '1': must be an integer MP degree, at least 2",
                error(with("mp_speedup,2,1.5,s", "mp_speedup,1,1.5,s")), "degree 1");
        assertEquals("tiny.csv:14: mp_speedup key = '2.5': must be an integer MP degree, at least 2",
                error(with("mp_speedup,2,1.5,s", "mp_speedup,2.5,1.5,s")), "a fractional degree");
        assertEquals("tiny.csv:13: mp_model = 'magic': must be given, dataflow, lstm-wavefront or pipeline",
                error(with("mp_model,,given,s", "mp_model,,magic,s")), "an unknown MP model");
        assertEquals(GivenMpSpeedup.class, read(BASE).mpSpeedup().getClass(), "given");
    }

    @Test
    void aPipelineTakesLayersMicroBatchesAndBoundaryBytes() {
        final String pipeline = with("mp_speedup,2,1.5,s", "pipeline_layer,a,1,s\npipeline_layer,b,3,s\n"
                + "pipeline_microbatches,,4,s").replace("mp_model,,given,", "mp_model,,pipeline,");
        final MicrobatchPipelineSpeedup p = (MicrobatchPipelineSpeedup) read(pipeline).mpSpeedup();
        // the bubble (S - 1) / k with S = 2 stages and k = 4 micro-batches: 1/4
        assertEquals(0.25, p.bubbleFraction(2), 0.0, "four micro-batches");
        // micro-batches are capped at 2^20: 2^20 + 1 reads as 1,048,576
        assertEquals("microbatch-pipeline (GPipe, 1048576 micro-batches)", read(pipeline.replace(
                "pipeline_microbatches,,4,", "pipeline_microbatches,,1048577,")).mpSpeedup().name(), "the cap");
        assertEquals("tiny.csv:17: pipeline_boundary_bytes = '-1': must be in [0, 1e15]",
                error(pipeline + "pipeline_boundary_bytes,,-1,s\n"), "negative boundary bytes");
        assertEquals("tiny.csv:13: mp_model = pipeline: needs pipeline_layer rows", error(with("mp_speedup,2,1.5,s", "")
                .replace("mp_model,,given,", "mp_model,,pipeline,")), "no layers");
    }

    /** A one-phase wavefront profile: phase p of 10 steps, two layers, a head and its parameter count. */
    private static String wavefront(final String extra) {
        return with("mp_speedup,2,1.5,s", "lstm_phase,p,10,s\nlstm_layer,p/1,5,s\nlstm_layer,p/2,6,s\n"
                + "lstm_head,p/h,7,s\n" + extra).replace("mp_model,,given,", "mp_model,,lstm-wavefront,");
    }

    @Test
    void aWavefrontPhaseTakesItsHeadParametersAndOneBidirectionalLayer() {
        final LstmPhase phase = ((LstmWavefrontSpeedup) read(wavefront("lstm_head_parameters,p/h,9,s\n")).mpSpeedup())
                .phases().get(0);
        assertArrayEquals(new double[] {5, 6}, phase.layerWeights(), "layers in file order");
        assertArrayEquals(new double[] {7}, phase.headWeights(), "head weights per step");
        assertArrayEquals(new double[] {9}, phase.headParameters(), "the head's own parameter count");
        assertArrayEquals(new double[] {7}, ((LstmWavefrontSpeedup) read(wavefront("")).mpSpeedup()).phases().get(0)
                .headParameters(), "without lstm_head_parameters the head's parameters are its weights");
        assertEquals("tiny.csv:18: lstm_head_parameters key 'p/x' has no lstm_head row",
                error(wavefront("lstm_head_parameters,p/x,9,s\n")), "parameters of no head");
        assertEquals("tiny.csv:19: phase 'p' has two lstm_bidirectional rows: at most one",
                error(wavefront("lstm_bidirectional,p/a,3,s\nlstm_bidirectional,p/b,4,s\n")), "two bidirectional");
    }

    @Test
    void aWavefrontReadsOneBidirectionalRowHeadParametersByKeyAndAZeroEmbedding() {
        final LstmPhase phase = ((LstmWavefrontSpeedup) read(wavefront("lstm_bidirectional,p/a,3,s\n"
                + "lstm_head,p/g,8,s\nlstm_head_parameters,p/g,9,s\nlstm_embedding,p/e,0,s\n")).mpSpeedup()).phases()
                .get(0);
        assertEquals(3.0, phase.bidirectionalWeights(), 0.0, "one bidirectional row");
        // heads h (7) and g (8); only g's parameters are given (9), h keeps its weights
        assertArrayEquals(new double[] {7, 9}, phase.headParameters(), "parameters of the second head");
        assertEquals(0.0, phase.embeddingParameters(), 0.0, "an embedding of 0 is allowed");
        // the phase's own lstm_boundary_bytes row, and an embedding of 1e15, the largest number a profile may give
        final LstmPhase bounded = ((LstmWavefrontSpeedup) read(wavefront("lstm_boundary_bytes,p,64,s\n"
                + "lstm_embedding,p/e,1e15,s\n")).mpSpeedup()).phases().get(0);
        assertEquals(64.0, bounded.boundaryBytes(), 0.0, "boundary bytes of phase p");
        assertEquals(1e15, bounded.embeddingParameters(), 0.0, "an embedding of 1e15");
        assertEquals("tiny.csv:18: lstm_embedding = '-1': must be in [0, 1e15]",
                error(wavefront("lstm_embedding,p/e,-1,s\n")), "a negative embedding");
    }

    @Test
    void aDataflowGraphFileBesideTheProfileIsLoaded(@TempDir final Path dir) throws IOException {
        Files.writeString(dir.resolve("g.csv"), "node,op,inputs,in_channels,out_channels,kernel_h,kernel_w,out_h,"
                + "out_w,source\nin,input,,1,1,1,1,1,1,s\nf,fc,in,1,1,1,1,1,1,s\n");
        final Path profile = dir.resolve("tiny.csv");
        Files.writeString(profile, with("mp_speedup,2,1.5,s", "mp_graph,,g.csv,s")
                .replace("mp_model,,given,", "mp_model,,dataflow,"));
        // the graph is read from the file next to the profile and named after it
        assertEquals("g.csv", ((DataflowPlacementSpeedup) ModelCatalog.resolve(profile.toString()).mpSpeedup())
                .graph().name(), "the graph file's name");
        assertEquals("gnmt", ModelCatalog.resolve("gnmt").name(), "a built-in by name");
    }

    @Test
    void sparseGradientsNeedATable() {
        assertEquals("tiny.csv: sparse_table_bytes = 0.0: must be positive when the model has sparse gradients",
                error(BASE + "sparse_gradient_bytes_per_sample,,16,s\n"), "sparse gradients, no table");
    }
}
