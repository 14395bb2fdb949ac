package org.scalebench.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.scalebench.training.cluster.ClusterCatalog;
import org.scalebench.training.model.ModelCatalog;
import org.scalebench.training.projection.ProjectionOptions;
import org.scalebench.training.projection.ProjectionTable;
import org.scalebench.training.projection.Projector;

/** Benchmark sanity: the sweep fills all three tables and returns their best times at 8192 GPUs. */
class ProjectorBenchTest {

    @Test
    void kernelSweepsThreeModelsAndIsRepeatable() {
        final ProjectorBench bench = new ProjectorBench();
        bench.setUp();
        final double first = bench.kernel();
        assertEquals(first, bench.kernel(), 0.0);
        double expected = 0;
        for (final String model : new String[] {"inception-v3", "gnmt", "biglstm"}) {
            final Projector p = new Projector(ModelCatalog.builtIn(model), ClusterCatalog.builtIn("dgx1"),
                    ProjectionOptions.DEFAULTS, ProjectorBench.MP);
            final ProjectionTable t = p.newTable(ProjectorBench.DEVICES.length);
            p.project(ProjectorBench.DEVICES, t);
            expected += t.trainSeconds(13, t.bestColumn(13));
        }
        assertEquals(expected, first, expected * 1e-12);
        for (final ProjectionTable t : bench.tables) {
            assertEquals(14, t.rows());
            assertTrue(t.feasible(13, 3));
        }
    }
}
