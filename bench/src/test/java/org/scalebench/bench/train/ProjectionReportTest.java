package org.scalebench.bench.train;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.scalebench.training.cluster.ClusterCatalog;
import org.scalebench.training.model.ModelCatalog;
import org.scalebench.training.projection.ProjectionOptions;
import org.scalebench.training.projection.Projector;

/** The projection CSV: counts are written as they are, at every size. */
class ProjectionReportTest {

    private static String globalBatch(final int devices, final int batch, final int accumulation) {
        final Projector p = new Projector(ModelCatalog.builtIn("inception-v3"), ClusterCatalog.builtIn("dgx1"),
                ProjectionOptions.DEFAULTS.withFixedBatch(batch).withAccumulationSteps(accumulation), new int[] {1});
        final List<List<String>> rows = ProjectionReport.of(p, new int[] {devices}).rows(false);
        return rows.get(0).get(List.of(ProjectionReport.COLUMNS).indexOf("global_batch"));
    }

    @Test
    void aGlobalBatchOfSevenDigitsIsWrittenWholeNotRoundedToSix() {
        // 8,192 GPUs x 128 = 1,048,576 samples was written 1.04858e+06 (%.6g): 48 samples off
        assertEquals("1048576", globalBatch(8192, 128, 1));
        assertEquals("3145728", globalBatch(8192, 128, 3));
    }

    @Test
    void aGlobalBatchOfSixDigitsIsWrittenAsBefore() {
        assertEquals("131072", globalBatch(1024, 128, 1));
        assertEquals("128.000", globalBatch(1, 128, 1));
    }
}
