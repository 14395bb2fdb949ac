package org.scalebench.training.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;
import org.scalebench.core.data.DataFileException;
import org.scalebench.core.data.DataTable;

/** The execution parts: the built-in data, the Megatron-LM versions, switching parts off, bad files. */
class ExecutionTest {

    private static final String HEADER = "parameter,value,source\n";
    private static final String VALID = HEADER
            + "elementwise_bandwidth_fraction,0.9,a\nkernel_launch_us,5,a\noptimizer_unscale_bytes,8,a\n"
            + "optimizer_grad_norm_bytes,4,a\noptimizer_adam_bytes,28,a\noptimizer_copy_bytes,6,a\n"
            + "optimizer_zero_grad_bytes,4,a\nloss_bytes_per_logit,52,a\nunfused_accumulation_bytes,10,a\n"
            + "megatron-2021.tp_overlap,0,a\nmegatron-2021.fused_gradient_accumulation,0,a\n"
            + "megatron-2022.tp_overlap,1,a\nmegatron-2022.fused_gradient_accumulation,1,a\n"
            + "ddp_bucket_min_parameters,40000000,a\nddp_bucket_parameters_per_rank,1000000,a\n"
            + "megatron-2021.dp_overlap,0,a\nmegatron-2022.dp_overlap,0,a\n"
            + "megatron-2021.tp_comm_overlap,0,a\nmegatron-2022.tp_comm_overlap,0,a\n"
            + "userbuffers_scatter_splits,4,a\n";

    private static Execution read(final String text) throws IOException {
        return Execution.read(DataTable.read("execution.csv", new StringReader(text)));
    }

    @Test
    void theMegatronVersionsDifferInOverlapAndGradientAccumulation() {
        final Execution v2021 = Execution.megatron(Execution.MEGATRON_2021);
        final Execution v2022 = Execution.megatron(Execution.MEGATRON_2022);
        assertFalse(v2021.has(ExecutionPart.TP_OVERLAP));
        assertTrue(v2021.has(ExecutionPart.GRADIENT_ACCUMULATION));
        assertTrue(v2022.has(ExecutionPart.TP_OVERLAP));
        assertFalse(v2022.has(ExecutionPart.GRADIENT_ACCUMULATION));
        assertEquals(10, v2021.accumulationBytesPerParameter());
        assertEquals(0, v2022.accumulationBytesPerParameter());
        assertFalse(v2022.has(ExecutionPart.GEMM_EFFICIENCY));
        assertTrue(Execution.defaults().has(ExecutionPart.GEMM_EFFICIENCY));
        assertEquals(LlmValidation.calibration().gemmEfficiency(), Execution.defaults().gemmEfficiency(), 0);
    }

    @Test
    void dataParallelOverlapIsInNeitherVersionAndSwitchesOnWithMegatronsBuckets() {
        final Execution v2022 = Execution.megatron(Execution.MEGATRON_2022);
        assertFalse(Execution.megatron(Execution.MEGATRON_2021).has(ExecutionPart.DP_OVERLAP));
        assertFalse(v2022.has(ExecutionPart.DP_OVERLAP));
        assertFalse(v2022.has(ExecutionPart.TP_COMM_OVERLAP));
        assertFalse(Execution.megatron(Execution.MEGATRON_2021).has(ExecutionPart.TP_COMM_OVERLAP));
        assertEquals(Double.POSITIVE_INFINITY, v2022.bucketParameters(64), "one bucket without the overlap");
        final Execution on = v2022.with(EnumSet.of(ExecutionPart.DP_OVERLAP));
        assertTrue(on.has(ExecutionPart.DP_OVERLAP));
        assertEquals(v2022.parts().size() + 1, on.parts().size(), "the other parts stay as they were");
        // max(40 M, 1 M x d) parameters
        assertEquals(40e6, on.bucketParameters(8), 0);
        assertEquals(40e6, on.bucketParameters(40), 0);
        assertEquals(96e6, on.bucketParameters(96), 0);
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> v2022.with(EnumSet.of(ExecutionPart.GEMM_EFFICIENCY)));
        assertTrue(e.getMessage().contains("gemm-efficiency"), e.getMessage());
        assertEquals("megatron-2022 elementwise-bandwidth+kernel-launch+optimizer-passes+fp32-loss+embedding-sync"
                + "+tp-overlap+dp-overlap", on.label());
        assertEquals("ideal", Execution.ideal().label());
        assertFalse(on.source("ddp_bucket_min_parameters").isBlank());
        assertFalse(on.source("megatron-2022.dp_overlap").isBlank());
    }

    @Test
    void theBuiltInInputsAreMegatronsPassesAndEveryOneHasASource() {
        final Execution e = Execution.megatron(Execution.MEGATRON_2022);
        assertEquals(0.88, e.memoryEfficiency(), 0);
        assertEquals(5e-6, e.kernelFloorSeconds(), 1e-18);
        assertEquals(8 + 4 + 28 + 6 + 4, e.optimizerBytesPerParameter(true), 0);
        assertEquals(4 + 28 + 6 + 4, e.optimizerBytesPerParameter(false), 0, "BF16 has no loss scaler to unscale");
        assertEquals(52, e.lossBytesPerLogit(), 0);
        for (final String p : new String[] {"elementwise_bandwidth_fraction", "kernel_launch_us", "optimizer_adam_bytes",
            "loss_bytes_per_logit", "unfused_accumulation_bytes", "megatron-2021.tp_overlap"}) {
            assertFalse(e.source(p).isBlank(), p);
        }
    }

    @Test
    void switchingEveryPartOffGivesTheIdealModel() {
        final Execution off = Execution.defaults().without(EnumSet.allOf(ExecutionPart.class));
        final Execution ideal = Execution.ideal();
        assertTrue(off.parts().isEmpty());
        assertEquals(ideal.memoryEfficiency(), off.memoryEfficiency(), 0);
        assertEquals(1, off.memoryEfficiency(), 0);
        assertEquals(0, off.kernelFloorSeconds(), 0);
        assertEquals(Execution.IDEAL_OPTIMIZER_BYTES, off.optimizerBytesPerParameter(true), 0);
        assertEquals(Execution.IDEAL_LOSS_BYTES, off.lossBytesPerLogit(), 0);
        assertEquals(1, off.gemmEfficiency(), 0);
        assertThrows(IllegalArgumentException.class, () -> ideal.withGemmEfficiency(1.2));
    }

    @Test
    void partsParseByTheirLabelsAndBadNamesAreRefusedNamingTheOption() {
        for (final ExecutionPart p : ExecutionPart.values()) {
            assertEquals(p, ExecutionPart.parse("--without", p.id()));
        }
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ExecutionPart.parse("--without", "launch"));
        assertTrue(e.getMessage().startsWith("--without = 'launch': must be one of elementwise-bandwidth,"),
                e.getMessage());
        final IllegalArgumentException v = assertThrows(IllegalArgumentException.class,
                () -> Execution.megatron("megatron-2019"));
        assertTrue(v.getMessage().startsWith("software = 'megatron-2019': must be one of"), v.getMessage());
    }

    @Test
    void aValidTableReadsAndBadRowsAreRefusedWithFileAndLine() throws IOException {
        assertEquals(0.9, read(VALID).number("elementwise_bandwidth_fraction"), 0);
        assertEquals(4, read(VALID).scatterSplits());
        final String[][] bad = {
            {VALID.replace("kernel_launch_us,5,a", "kernel_launch_us,5,"), "execution.csv:3"},
            {VALID.replace("elementwise_bandwidth_fraction,0.9", "elementwise_bandwidth_fraction,1.5"),
                "execution.csv:2"},
            {VALID.replace("megatron-2022.tp_overlap,1", "megatron-2022.tp_overlap,2"), "execution.csv:13"},
            {VALID + "gpu_speed,3,a\n", "execution.csv:22"},
            {VALID + "kernel_launch_us,6,a\n", "execution.csv:22"},
            {VALID.replace("userbuffers_scatter_splits,4", "userbuffers_scatter_splits,2.5"), "execution.csv:21"},
            {VALID.replace("userbuffers_scatter_splits,4", "userbuffers_scatter_splits,0"), "execution.csv:21"},
            {VALID.replace("ddp_bucket_min_parameters,40000000", "ddp_bucket_min_parameters,0"),
                "execution.csv:15"},
            {VALID.replace("megatron-2022.dp_overlap,0,a\n", ""), "no 'megatron-2022.dp_overlap' row"},
            {VALID.replace("loss_bytes_per_logit,52,a\n", ""), "no 'loss_bytes_per_logit' row"},
        };
        for (final String[] b : bad) {
            final DataFileException e = assertThrows(DataFileException.class, () -> read(b[0]), b[1]);
            assertTrue(e.getMessage().contains(b[1]), e.getMessage());
        }
    }
}
