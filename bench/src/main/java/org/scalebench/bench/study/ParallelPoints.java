package org.scalebench.bench.study;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.scalebench.core.Progress;
import org.scalebench.core.Checks;

/**
 * Runs the points of a study on a fixed pool of threads ({@link ExecutorService}) and returns their rows in point
 * order, whatever order they finish in. Each point builds its own simulator or projector, so points share no
 * mutable state; the rows are the same as a sequential run's. {@link #runAll} runs a whole study in this process,
 * as the command line's study commands and {@code reproduce} both do.
 */
public final class ParallelPoints {

    private ParallelPoints() {
    }

    /**
     * How many points to run at once: the requested number, at most the number of points, and at most as many as
     * the heap holds at the study's estimate per point (always at least 1).
     *
     * @param requested the requested jobs, at least 1
     * @param study the study
     * @param points points to run
     * @param maxHeapBytes the heap available
     * @return the jobs to use
     */
    public static int jobs(final int requested, final Study study, final int points, final long maxHeapBytes) {
        final long perPoint = Math.max(1, study.heapBytesPerPoint());
        final long fit = Math.max(1, maxHeapBytes / perPoint);
        return (int) Math.max(1, Math.min(Math.min(requested, points), fit));
    }

    /**
     * Runs points.
     *
     * @param study the study
     * @param points the point indices to run, in the order their rows are returned
     * @param jobs how many at once, at least 1
     * @param progress told how many points are done (calls are serialized)
     * @return each point's rows, in the order of {@code points}
     * @throws Exception the first failure in point order (the others are cancelled)
     */
    public static List<PointRows> run(final Study study, final int[] points, final int jobs, final Progress progress)
            throws Exception {
        Checks.requireAtLeast("jobs", jobs, 1);
        final Object lock = new Object();
        final AtomicInteger done = new AtomicInteger();
        progress.update(0, points.length);
        if (jobs == 1) {
            final List<PointRows> rows = new ArrayList<>();
            for (final int point : points) {
                rows.add(new PointRows(point, study.run(point)));
                progress.update(done.incrementAndGet(), points.length);
            }
            return rows;
        }
        final AtomicInteger threads = new AtomicInteger();
        final ExecutorService pool = Executors.newFixedThreadPool(jobs, task -> {
            final Thread t = new Thread(task, "scalebench-point-" + threads.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        try {
            final List<Future<PointRows>> futures = new ArrayList<>();
            for (final int point : points) {
                futures.add(pool.submit(() -> {
                    final PointRows rows = new PointRows(point, study.run(point));
                    synchronized (lock) {
                        progress.update(done.incrementAndGet(), points.length);
                    }
                    return rows;
                }));
            }
            final List<PointRows> rows = new ArrayList<>();
            for (final Future<PointRows> f : futures) {
                try {
                    rows.add(f.get());
                } catch (final ExecutionException e) {
                    futures.forEach(other -> other.cancel(true));
                    if (e.getCause() instanceof Exception cause) {
                        throw cause;
                    }
                    if (e.getCause() instanceof Error error) {
                        throw error;
                    }
                    throw e;
                }
            }
            return rows;
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Runs every point of a study in this process: prepares it, runs its points on at most {@code jobs} threads
     * (fewer when the heap holds fewer, {@link #jobs}) and returns every row in point order, the rows its
     * {@link Study#publish} takes. The rows do not depend on {@code jobs}.
     *
     * @param study the study
     * @param jobs the most points at once, at least 1
     * @param progress told how many points are done (calls are serialized)
     * @return every row of every point, in point order
     * @throws Exception the study's preparation failure or its first point failure in point order
     */
    public static List<List<String>> runAll(final Study study, final int jobs, final Progress progress)
            throws Exception {
        Checks.requireAtLeast("jobs", jobs, 1);
        final int[] points = IntStream.range(0, study.points()).toArray();
        study.prepare(points);
        return flatten(run(study, points, jobs(jobs, study, points.length, Runtime.getRuntime().maxMemory()),
                progress));
    }

    /**
     * Every point's rows, one after the other.
     *
     * @param points the points' rows in point order
     * @return the rows
     */
    public static List<List<String>> flatten(final List<PointRows> points) {
        final List<List<String>> rows = new ArrayList<>();
        points.forEach(p -> rows.addAll(p.rows()));
        return rows;
    }
}
