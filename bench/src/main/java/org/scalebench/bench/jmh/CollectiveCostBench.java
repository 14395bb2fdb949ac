package org.scalebench.bench.jmh;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.scalebench.bench.reference.DirectCollectiveFormulas;
import org.scalebench.training.collective.AlphaBetaGamma;
import org.scalebench.training.collective.CollectiveCost;
import org.scalebench.training.collective.HierarchicalAllReduce;
import org.scalebench.training.collective.RabenseifnerAllReduce;
import org.scalebench.training.collective.RingAllReduce;

/**
 * Evaluates one collective's cost for a (message size, rank count) pair: scalebench's closed form
 * ({@code kernel}: integer logarithms, no {@code Math.pow}) against the textbook formula typed out with
 * {@link Math#log}, {@link Math#pow} and a loop over rounds ({@code formula}, {@link DirectCollectiveFormulas}).
 * Inputs come round-robin from a 4096-entry table of message sizes (0 to 1 TiB) and rank counts (2 to 8192, mostly
 * non-powers of two), on a DGX-1-like link (5.7 us, 120 GB/s; 6.6 us, 48 GB/s between nodes).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = "-Xmx1g")
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
public class CollectiveCostBench {

    private static final int MASK = 4095;
    private static final double A1 = 5.7e-6;
    private static final double B1 = 1 / 120e9;
    private static final double A2 = 6.6e-6;
    private static final double B2 = 8 / 48e9;
    private static final double G = 3 / 900e9;

    /** Which algorithm: ring all-reduce, Rabenseifner all-reduce, or two-level (8 ranks per node) all-reduce. */
    @Param({"ring", "rabenseifner", "hierarchical"})
    String algorithm;

    long[] bytes;
    int[] ranks;
    int next;
    CollectiveCost cost;
    int formulaCode;

    /** Fills the input table from a fixed seed and builds the kernel. */
    @Setup
    public void setUp() {
        final SplittableRandom random = new SplittableRandom(0x5ca1ab1eL);
        bytes = new long[MASK + 1];
        ranks = new int[MASK + 1];
        for (int i = 0; i <= MASK; i++) {
            bytes[i] = random.nextLong(1L << 40);
            ranks[i] = 2 + random.nextInt(8191);
        }
        final AlphaBetaGamma intra = new AlphaBetaGamma(A1, B1, G);
        switch (algorithm) {
            case "ring":
                cost = new RingAllReduce(intra);
                formulaCode = 0;
                break;
            case "rabenseifner":
                cost = new RabenseifnerAllReduce(intra);
                formulaCode = 1;
                break;
            case "hierarchical":
                cost = new HierarchicalAllReduce(intra, new AlphaBetaGamma(A2, B2, G), 8, false);
                formulaCode = 2;
                break;
            default:
                throw new IllegalArgumentException("algorithm = " + algorithm + ": must be ring, rabenseifner or"
                        + " hierarchical");
        }
    }

    /**
     * scalebench's closed form.
     *
     * @return seconds
     */
    @Benchmark
    public double kernel() {
        final int i = next++ & MASK;
        return cost.seconds(bytes[i], ranks[i]);
    }

    /**
     * The direct formula with {@code Math.log}, {@code Math.pow} and loops.
     *
     * @return seconds
     */
    @Benchmark
    public double formula() {
        final int i = next++ & MASK;
        final double n = bytes[i];
        final int p = ranks[i];
        switch (formulaCode) {
            case 0:
                return DirectCollectiveFormulas.ringAllReduce(n, p, A1, B1, G);
            case 1:
                return DirectCollectiveFormulas.rabenseifnerAllReduce(n, p, A1, B1, G);
            default:
                return DirectCollectiveFormulas.hierarchicalAllReduce(n, p, 8, A1, B1, A2, B2, G);
        }
    }
}
