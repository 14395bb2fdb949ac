package org.scalebench.bench.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scalebench.core.Progress;
import org.scalebench.bench.io.StagedDirectory;

/** Points in parallel keep their order; shards write, read back and combine exactly; bad shards are refused. */
class StudyFrameworkTest {

    @TempDir
    Path dir;

    /** Point p yields p % 3 rows "p,k,p*p"; point 7 can be made to fail; threads are recorded. */
    private static final class Squares implements Study {
        final int points;
        final boolean failAtSeven;
        final java.util.Set<String> threads = ConcurrentHashMap.newKeySet();
        final List<int[]> prepared = new ArrayList<>();

        Squares(final int points, final boolean failAtSeven) {
            this.points = points;
            this.failAtSeven = failAtSeven;
        }

        @Override
        public String name() {
            return "test squares";
        }

        @Override
        public List<String> columns() {
            return List.of("p", "k", "square");
        }

        @Override
        public List<String> timingColumns() {
            return List.of();
        }

        @Override
        public int points() {
            return points;
        }

        @Override
        public String describe(final int point) {
            return "point " + point;
        }

        @Override
        public long heapBytesPerPoint() {
            return 1 << 20;
        }

        @Override
        public void prepare(final int[] here) {
            prepared.add(here.clone());
        }

        @Override
        public List<List<String>> run(final int point) throws Exception {
            threads.add(Thread.currentThread().getName());
            Thread.sleep((points - point) % 5); // later points often finish first
            if (failAtSeven && point == 7) {
                throw new IllegalStateException("point 7 fails");
            }
            final List<List<String>> rows = new ArrayList<>();
            for (int k = 0; k < point % 3; k++) {
                rows.add(List.of(Integer.toString(point), Integer.toString(k), Long.toString((long) point * point)));
            }
            return rows;
        }

        @Override
        public List<String> outputs() {
            return List.of("all.txt");
        }

        @Override
        public List<String> publish(final Path out, final List<List<String>> rows) throws IOException {
            Files.writeString(out.resolve("all.txt"), rows.toString());
            return outputs();
        }
    }

    private static int[] all(final int n) {
        return IntStream.range(0, n).toArray();
    }

    @Test
    void parallelPointsReturnRowsInPointOrderLikeOneThread() throws Exception {
        final Squares study = new Squares(40, false);
        final List<PointRows> one = ParallelPoints.run(study, all(40), 1, Progress.NONE);
        final Squares parallel = new Squares(40, false);
        final List<PointRows> four = ParallelPoints.run(parallel, all(40), 4, Progress.NONE);
        assertEquals(one, four);
        assertTrue(parallel.threads.size() > 1, "ran on several threads: " + parallel.threads);
    }

    @Test
    void aWholeStudyRunsPreparedAndFlatInPointOrderWhateverTheJobs() throws Exception {
        final Squares study = new Squares(12, false);
        final List<Long> progress = new ArrayList<>();
        final List<List<String>> rows = ParallelPoints.runAll(study, 3, (done, total) -> progress.add(done));
        assertEquals(1, study.prepared.size(), "prepared once");
        assertEquals(List.of(IntStream.range(0, 12).boxed().toList()),
                study.prepared.stream().map(p -> IntStream.of(p).boxed().toList()).toList(), "with every point");
        assertEquals(ParallelPoints.flatten(ParallelPoints.run(new Squares(12, false), all(12), 1, Progress.NONE)),
                rows);
        assertEquals(List.of("1", "0", "1"), rows.get(0), "point 0 has no row; point 1 the first");
        assertEquals(12, rows.size(), "0+1+2 rows per three points");
        assertEquals(12L, progress.get(progress.size() - 1), "progress counts points");
        assertThrows(IllegalArgumentException.class, () -> ParallelPoints.runAll(study, 0, Progress.NONE));
    }

    @Test
    void theFirstFailureInPointOrderIsRethrown() {
        final IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ParallelPoints.run(new Squares(40, true), all(40), 3, Progress.NONE));
        assertEquals("point 7 fails", e.getMessage());
    }

    @Test
    void jobsAreCappedByPointsAndHeap() {
        final Squares study = new Squares(3, false);
        assertEquals(3, ParallelPoints.jobs(8, study, 3, 1L << 30));
        assertEquals(2, ParallelPoints.jobs(8, study, 3, 2L << 20));
        assertEquals(1, ParallelPoints.jobs(8, study, 3, 1));
    }

    @Test
    void shardsSelectByIndexModuloCount() {
        final Shard s = Shard.parse("1/3");
        assertEquals(List.of(1, 4, 7), IntStream.range(0, 9).filter(s::selects).boxed().toList());
        assertThrows(IllegalArgumentException.class, () -> Shard.parse("3/3"));
        assertThrows(IllegalArgumentException.class, () -> Shard.parse("1"));
        assertThrows(IllegalArgumentException.class, () -> Shard.parse("-1/2"));
        assertThrows(IllegalArgumentException.class, () -> Shard.parse("0/0"));
    }

    private ShardManifest manifest(final Shard shard, final String seed) {
        return new ShardManifest("test squares", List.of("--seed", seed), "0.1.0", "abc", "JDK 17", shard, 10,
                List.of("p", "k", "square"), 0, "", List.of());
    }

    private ShardFiles.Contents writeShard(final Shard shard, final String seed) throws Exception {
        final Squares study = new Squares(10, false);
        final int[] points = IntStream.range(0, 10).filter(shard::selects).toArray();
        final Path shardDir = dir.resolve("s" + shard.index() + "-" + seed);
        try (StagedDirectory staged = StagedDirectory.open(shardDir)) {
            ShardFiles.write(staged.staging(), manifest(shard, seed), ParallelPoints.run(study, points, 2,
                    Progress.NONE));
            staged.publish(List.of("command: test", ShardFiles.markerLine(staged.staging())));
        }
        return ShardFiles.read(shardDir);
    }

    @Test
    void shardsCombineIntoExactlyTheUnshardedRows() throws Exception {
        final List<PointRows> whole = ParallelPoints.run(new Squares(10, false), all(10), 1, Progress.NONE);
        final List<ShardFiles.Contents> shards = new ArrayList<>();
        for (final int i : new int[] {2, 0, 1}) {
            shards.add(writeShard(new Shard(i, 3), "1"));
        }
        final ShardFiles.Contents merged = ShardFiles.combine(shards);
        assertEquals(whole, merged.points());
        assertEquals(List.of("--seed", "1"), merged.manifest().arguments());
    }

    @Test
    void missingDuplicatedAndForeignShardsAreRefused() throws Exception {
        final ShardFiles.Contents s0 = writeShard(new Shard(0, 3), "1");
        final ShardFiles.Contents s1 = writeShard(new Shard(1, 3), "1");
        final ShardFiles.Contents s2 = writeShard(new Shard(2, 3), "1");
        final ShardFiles.Contents other = writeShard(new Shard(2, 3), "2");
        assertEquals("missing shard 2/3 of test squares (given: 2)",
                assertThrows(IllegalArgumentException.class, () -> ShardFiles.combine(List.of(s0, s1))).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ShardFiles.combine(List.of(s0, s1, s1)))
                .getMessage().startsWith("shard 1/3 is given twice"));
        final String foreign = assertThrows(IllegalArgumentException.class,
                () -> ShardFiles.combine(List.of(s0, s1, other))).getMessage();
        assertTrue(foreign.contains("is a shard of a different command or seed ('--seed 2', not '--seed 1')"), foreign);
        assertEquals(10, ShardFiles.combine(List.of(s0, s1, s2)).points().size());
    }

    @Test
    void manifestRoundTripsAndNamesDifferences() {
        final ShardManifest m = manifest(new Shard(1, 4), "7");
        assertEquals(m, ShardManifest.parse("x", m.lines()));
        final ShardManifest newer = new ShardManifest(m.study(), m.arguments(), "0.2.0", m.commit(), m.jdk(),
                new Shard(2, 4), m.points(), m.columns(), 0, "", List.of());
        assertEquals("another scalebench version ('0.2.0', not '0.1.0')", m.differenceFrom(newer));
        assertEquals(null, m.differenceFrom(new ShardManifest(m.study(), m.arguments(), m.version(), m.commit(),
                "another JDK", new Shard(3, 4), m.points(), m.columns(), 5, "ab", List.of())));
        final ShardManifest otherInput = new ShardManifest(m.study(), m.arguments(), m.version(), m.commit(), m.jdk(),
                new Shard(2, 4), m.points(), m.columns(), 0, "", List.of(new ShardManifest.Input("/in.csv",
                        "0".repeat(64))));
        assertTrue(m.differenceFrom(otherInput).startsWith("other input files or other contents of them ('/in.csv' "
                + "read by one only"), m.differenceFrom(otherInput));
        assertThrows(IllegalArgumentException.class, () -> ShardManifest.parse("x", List.of("study: s")));
    }

    @Test
    void aDirectoryWithoutShardFilesSaysSo() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ShardFiles.read(dir));
        assertTrue(e.getMessage().endsWith("not a shard directory (no shard.txt and shard.csv; was the shard's run "
                + "interrupted?)"), e.getMessage());
        assertFalse(Files.exists(dir.resolve("shard.txt")));
    }
}
