package org.scalebench.training.llm;

import org.scalebench.core.Checks;

/**
 * Achieved time of a (batched) GEMM on one GPU as a function of its shape, from two cited numbers and the
 * GPU's geometry, nothing fitted:
 * <pre>
 *   tiles   = batch * ceil(M / tm) * ceil(N / tn)          (or with tm and tn swapped, whichever is less work)
 *   waves   = ceil(tiles / SMs)
 *   compute = waves * SMs * 2 * tm * tn * K / MAMF          (tile and wave quantization at the measured rate)
 *   memory  = bytes * batch * (M K + K N + M N) / HBM bandwidth
 *   time    = max(compute, memory)
 * </pre>
 * {@code MAMF} is the largest matmul throughput measured on the GPU (maximum achievable matmul FLOP/s), the rate
 * of a wave of full tiles; {@code tm x tn} is the largest cuBLAS output tile (NVIDIA's Matrix Multiplication
 * Background guide explains tile and wave quantization). Small or skinny GEMMs lose to padding and partial
 * waves, and those with little reuse are bound by memory. Element-wise work is priced by
 * {@link #memorySeconds(double)}: bytes over the memory bandwidth. Two optional factors scale the rates: the
 * fraction of {@code MAMF} reached in a training loop and the fraction of the datasheet bandwidth memory-bound
 * kernels reach (both 1 unless given; see {@link Execution}).
 *
 * <p>Immutable and thread-safe; allocates nothing.
 */
public final class GemmModel {

    private final int sms;
    private final long tileM;
    private final long tileN;
    private final double secondsPerTileFlop;
    private final double secondsPerByte;
    private final int elementBytes;

    /**
     * Creates the model for a GPU.
     *
     * @param gpu the GPU
     * @param elementBytes bytes per matrix element (2 for FP16 and BF16)
     */
    public GemmModel(final GpuSpec gpu, final int elementBytes) {
        this(gpu, elementBytes, 1, 1);
    }

    /**
     * Creates the model for a GPU with achieved fractions of its matmul maximum and of its memory bandwidth.
     *
     * @param gpu the GPU
     * @param elementBytes bytes per matrix element (2 for FP16 and BF16)
     * @param computeEfficiency fraction of the measured matmul maximum, in (0, 1]
     * @param memoryEfficiency fraction of the datasheet memory bandwidth, in (0, 1]
     */
    public GemmModel(final GpuSpec gpu, final int elementBytes, final double computeEfficiency,
            final double memoryEfficiency) {
        Checks.requireAtLeast("elementBytes", elementBytes, 1);
        if (!(computeEfficiency > 0 && computeEfficiency <= 1 && memoryEfficiency > 0 && memoryEfficiency <= 1)) {
            throw new IllegalArgumentException("efficiencies " + computeEfficiency + ", " + memoryEfficiency
                    + ": must be in (0, 1]");
        }
        this.sms = gpu.sms();
        this.tileM = gpu.tileM();
        this.tileN = gpu.tileN();
        this.secondsPerTileFlop = 1.0 / (gpu.maxMatmul() * computeEfficiency);
        this.secondsPerByte = 1.0 / (gpu.memoryBandwidth() * memoryEfficiency);
        this.elementBytes = elementBytes;
    }

    /**
     * Streaming multiprocessors of the GPU.
     *
     * @return SMs
     */
    public int sms() {
        return sms;
    }

    /**
     * Time of {@code batch} independent {@code M x K} by {@code K x N} products.
     *
     * @param batch independent products, at least 1
     * @param m rows of the output, at least 1
     * @param n columns of the output, at least 1
     * @param k inner dimension, at least 1
     * @return seconds
     */
    public double seconds(final long batch, final long m, final long n, final long k) {
        // tile counts in double: exact below 2^53 (where ceil of the quotient is the integer ceiling), and past
        // 2^63 (2^16 heads x a microbatch of 2^24 x 2^20-token sequences) rounded, where a long wrapped
        final double wide = (double) batch * ((m + tileM - 1) / tileM) * ((n + tileN - 1) / tileN);
        final double tall = (double) batch * ((m + tileN - 1) / tileN) * ((n + tileM - 1) / tileM);
        final double tiles = Math.min(wide, tall);
        final double waves = Math.ceil(tiles / sms);
        final double compute = waves * (double) sms * 2.0 * tileM * tileN * k * secondsPerTileFlop;
        final double bytes = (double) elementBytes * batch * ((double) m * k + (double) k * n + (double) m * n);
        return Math.max(compute, bytes * secondsPerByte);
    }

    /**
     * Achieved throughput of a GEMM shape (for reports and tests).
     *
     * @param batch independent products
     * @param m rows of the output
     * @param n columns of the output
     * @param k inner dimension
     * @return FLOP/s
     */
    public double flopsPerSecond(final long batch, final long m, final long n, final long k) {
        return 2.0 * batch * m * n * k / seconds(batch, m, n, k);
    }

    /**
     * Time of memory-bound work that moves {@code bytes} through device memory.
     *
     * @param bytes bytes read plus bytes written
     * @return seconds
     */
    public double memorySeconds(final double bytes) {
        return bytes * secondsPerByte;
    }
}
