package org.scalebench.bench.study;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A parameter study: independent, deterministic points, each of which yields CSV rows of the same columns, and
 * final files (CSV, figures) that are a function of all rows in point order only. This is what lets the points
 * run on several cores ({@code --jobs}), in shards ({@code --shard I/N}, {@code merge}) or as a Slurm job array,
 * and still give exactly the files of one sequential run: the final files never depend on how the rows were
 * obtained. Points are numbered from 0 in the order of the sequential run's rows.
 *
 * <p>Implementations must let {@link #run} be called for different points from several threads at once.
 */
public interface Study {

    /**
     * The study's name, as in its command.
     *
     * @return e.g. {@code coherence sweep}
     */
    String name();

    /**
     * The columns of every row.
     *
     * @return the column names
     */
    List<String> columns();

    /**
     * Columns whose values depend on the machine's speed (wall time, rates); they are the only ones that may
     * differ between two runs of the same study.
     *
     * @return column names, a subset of {@link #columns()}
     */
    List<String> timingColumns();

    /**
     * How many points the study has.
     *
     * @return at least 1
     */
    int points();

    /**
     * A short description of a point, for progress and error messages.
     *
     * @param point a point index
     * @return e.g. {@code chip1024 sr+hr vm}
     */
    String describe(int point);

    /**
     * A rough upper bound of the heap one point needs while it runs, to keep concurrent points within the heap.
     *
     * @return bytes
     */
    long heapBytesPerPoint();

    /**
     * Called once before the points of this process run, with their indices: a study whose points share a
     * decision of point 0 (a comparison's common warm-up length) takes it here when point 0 is not among them
     * (another shard runs it). Does nothing by default.
     *
     * @param points the indices that will run here
     * @throws Exception when the preparation fails
     */
    default void prepare(final int[] points) throws Exception {
    }

    /**
     * Runs one point.
     *
     * @param point a point index
     * @return its rows, each with one cell per column
     * @throws Exception when the point fails (the study then fails)
     */
    List<List<String>> run(int point) throws Exception;

    /**
     * The files {@link #publish} writes, known before any point runs so that they can be checked first.
     *
     * @return the names, relative to the output directory, in the order {@link #publish} returns them
     */
    List<String> outputs();

    /**
     * Writes the final files from every point's rows.
     *
     * @param dir where to write (a staging directory; the caller publishes it)
     * @param rows every row of every point, in point order
     * @return the names of the files written, relative to {@code dir}: {@link #outputs()}
     * @throws IOException when a file cannot be written
     */
    List<String> publish(Path dir, List<List<String>> rows) throws IOException;
}
