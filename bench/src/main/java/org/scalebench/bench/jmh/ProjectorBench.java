package org.scalebench.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.scalebench.training.cluster.Cluster;
import org.scalebench.training.cluster.ClusterCatalog;
import org.scalebench.training.model.ModelCatalog;
import org.scalebench.training.projection.ProjectionOptions;
import org.scalebench.training.projection.ProjectionTable;
import org.scalebench.training.projection.Projector;

/**
 * The full projection sweep of the reproduction: 14 device counts (1 to 8192) x 4 MP degrees (1, 2, 4, 8) x 3
 * models (Inception-V3, GNMT, BigLSTM) on DGX-1, each cell choosing its best batch among up to 11 candidates
 * with the NCCL 2.5.6 model pricing every gradient exchange. Time per whole sweep (target: under 1 ms). The
 * model-parallel speedups are computed in setup, as {@link Projector}'s constructor does.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 2, jvmArgsAppend = "-Xmx1g")
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
public class ProjectorBench {

    static final int[] DEVICES = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192};
    static final int[] MP = {1, 2, 4, 8};

    Projector[] projectors;
    ProjectionTable[] tables;

    /** Builds the three projectors and their tables. */
    @Setup
    public void setUp() {
        final Cluster dgx1 = ClusterCatalog.builtIn("dgx1");
        final String[] models = {"inception-v3", "gnmt", "biglstm"};
        projectors = new Projector[models.length];
        tables = new ProjectionTable[models.length];
        for (int i = 0; i < models.length; i++) {
            projectors[i] = new Projector(ModelCatalog.builtIn(models[i]), dgx1, ProjectionOptions.DEFAULTS, MP);
            tables[i] = projectors[i].newTable(DEVICES.length);
        }
    }

    /**
     * scalebench's projector: the whole sweep.
     *
     * @return the sum of the best times at the largest device count (seconds), so the work cannot be dropped
     */
    @Benchmark
    public double kernel() {
        double checksum = 0;
        for (int i = 0; i < projectors.length; i++) {
            projectors[i].project(DEVICES, tables[i]);
            final int last = DEVICES.length - 1;
            checksum += tables[i].trainSeconds(last, tables[i].bestColumn(last));
        }
        return checksum;
    }
}
