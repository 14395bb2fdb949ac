package org.scalebench.training.llm;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the 3D-parallel projector needs of one GPU type: dense tensor-core peaks, device memory capacity and
 * bandwidth, the SM count, the largest measured matmul throughput and the GEMM output tile (for
 * {@link GemmModel}). Every number comes from {@code llm/gpus.csv} (or a user file) with its source.
 *
 * <p>Immutable and thread-safe.
 *
 * @param name the GPU's name, e.g. {@code a100-sxm4-80gb}
 * @param device the device as cluster files spell it, e.g. {@code A100-SXM4-80GB}
 * @param peakFp16 dense FP16 tensor-core peak, FLOP/s
 * @param peakBf16 dense BF16 tensor-core peak, FLOP/s
 * @param memoryBytes device memory, bytes
 * @param memoryBandwidth device memory bandwidth, bytes per second
 * @param sms streaming multiprocessors
 * @param maxMatmul the largest measured matmul throughput, FLOP/s
 * @param tileM GEMM output tile rows
 * @param tileN GEMM output tile columns
 * @param sources the source of every parameter, by parameter name
 */
public record GpuSpec(String name, String device, double peakFp16, double peakBf16, double memoryBytes,
        double memoryBandwidth, int sms, double maxMatmul, int tileM, int tileN, Map<String, String> sources) {

    /**
     * Validates the numbers.
     *
     * @throws IllegalArgumentException naming the parameter, its value and what is allowed
     */
    public GpuSpec {
        positive("peak_dense_fp16_tflops", peakFp16);
        positive("peak_dense_bf16_tflops", peakBf16);
        positive("hbm_capacity_gib", memoryBytes);
        positive("hbm_bandwidth_gbps", memoryBandwidth);
        positive("sms", sms);
        positive("mamf_tflops", maxMatmul);
        positive("gemm_tile_m", tileM);
        positive("gemm_tile_n", tileN);
        if (maxMatmul > Math.max(peakFp16, peakBf16)) {
            throw new IllegalArgumentException("mamf_tflops = " + maxMatmul / 1e12 + ": must not exceed the peak");
        }
        sources = Collections.unmodifiableMap(new TreeMap<>(sources));
    }

    private static void positive(final String parameter, final double value) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(parameter + " = " + value + ": must be finite and positive");
        }
    }

    /**
     * Dense peak for a precision.
     *
     * @param halfFormat FP16 or BF16
     * @return FLOP/s
     */
    public double peak(final HalfFormat halfFormat) {
        return halfFormat == HalfFormat.FP16 ? peakFp16 : peakBf16;
    }

    /**
     * The source of a parameter.
     *
     * @param parameter e.g. {@code mamf_tflops}
     * @return the source, or an empty string
     */
    public String source(final String parameter) {
        return sources.getOrDefault(parameter, "");
    }
}
