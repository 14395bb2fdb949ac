package org.scalebench.bench.coherence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scalebench.bench.coherence.Comparison.RunSpec;
import org.scalebench.bench.study.ParallelPoints;
import org.scalebench.coherence.sim.Scheme;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.sim.Warmup;
import org.scalebench.core.Progress;

/** The partition study's rows: one per partitioning of each run, deterministic, whatever the jobs. */
class PartitionStudyTest {

    private static final SystemSpec SMALL = SystemSpec.named("chip1024").shrunk();

    private static PartitionStudy study() {
        return new PartitionStudy(SMALL, List.of(new RunSpec(Scheme.GLOBAL, "full-map"),
                new RunSpec(Scheme.SR_HR, "cdr-sr")), new WorkloadSpec("vm", 4, null, null), List.of(0.0, 0.01),
                new int[] {1, 2, 4}, 20_000, Warmup.fixed(10_000), 3);
    }

    @Test
    void oneRowPerPartitioningOfEveryRunTheSameForAnyJobs(@TempDir final Path dir) throws Exception {
        final PartitionStudy study = study();
        assertEquals(4, study.points());
        assertEquals("chip1024 sr+hr/cdr-sr outside 0.01", study.describe(3).replaceFirst("^\\S+", "chip1024"));
        final List<List<String>> rows = ParallelPoints.runAll(study, 1, Progress.NONE);
        assertEquals(rows, ParallelPoints.runAll(study(), 2, Progress.NONE), "same rows on two jobs");
        assertEquals(4 * 3, rows.size());
        final List<String> columns = PartitionStudy.COLUMNS;
        for (final List<String> row : rows) {
            assertEquals(columns.size(), row.size(), row.toString());
            assertEquals("20000", row.get(columns.indexOf("accesses")), "the counted accesses only");
            final double share = Double.parseDouble(row.get(columns.indexOf("crossing_transaction_share")));
            final double bound = Double.parseDouble(row.get(columns.indexOf("speedup_bound")));
            final int blocks = Integer.parseInt(row.get(columns.indexOf("partitions")));
            if (blocks == 1) {
                assertEquals(0.0, share, row.toString());
                assertEquals("-1", row.get(columns.indexOf("lookahead_cycles")), row.toString());
                assertEquals(1.0, bound, 1e-9);
            } else {
                // Amdahl's law with perfect balance is the most the imbalance allows
                assertTrue(bound >= 1 && bound <= 1 / (share + (1 - share) / blocks) + 1e-4, row.toString());
            }
        }
        // global homes put most lines in another quadrant; within a 2 x 2 quadrant VM, sr+hr crosses far less
        final double global = Double.parseDouble(rows.get(5).get(columns.indexOf("crossing_transaction_share")));
        final double restricted = Double.parseDouble(rows.get(8).get(columns.indexOf("crossing_transaction_share")));
        assertEquals("4", rows.get(5).get(columns.indexOf("partitions")));
        assertEquals("2 x 2 tiles", rows.get(5).get(columns.indexOf("block")));
        assertEquals("sr+hr", rows.get(8).get(columns.indexOf("scheme")));
        assertTrue(global > 0.5 && restricted < global / 2, global + " " + restricted);

        assertEquals(List.of("partitions.csv"), study.publish(dir, rows));
        assertEquals(1 + rows.size(), Files.readAllLines(dir.resolve("partitions.csv")).size());
        final String table = PartitionStudy.table(rows);
        assertEquals(2 + rows.size(), table.strip().split("\n").length, table);
        assertTrue(table.contains("| chip1024"), table);
    }

    @Test
    void refusesABlockCountTheMachineCannotHold() {
        assertThrows(IllegalArgumentException.class, () -> new PartitionStudy(SMALL, List.of(
                new RunSpec(Scheme.GLOBAL, "full-map")), WorkloadSpec.vm(), List.of(0.0), new int[] {32}, 10,
                Warmup.fixed(0), 1));
    }
}
