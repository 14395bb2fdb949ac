package org.scalebench.bench.train;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.scalebench.bench.io.AtomicFiles;
import org.scalebench.training.projection.ProjectionOptions;
import org.scalebench.training.projection.ProjectionTable;
import org.scalebench.training.projection.Projector;

/**
 * A filled projection presented two ways: CSV rows (one per device count and strategy, numbers in
 * {@link Locale#ROOT}) and a console table of the best strategy per device count with its per-term breakdown
 * (compute, exposed communication, epochs factor), followed by the crossover and the speedups, and the models
 * that produced each number.
 *
 * @param projector the projector that filled the table
 * @param table the filled table
 */
public record ProjectionReport(Projector projector, ProjectionTable table) {

    /** The columns of {@code train project --out}. */
    public static final String[] COLUMNS = {"model", "cluster", "devices", "strategy", "mp_degree",
        "per_device_batch", "global_batch", "epochs", "step_time_s", "time_to_train_h", "speedup_vs_dp"};

    /** {@link #COLUMNS} followed by the breakdown and provenance columns of {@code train reproduce}. */
    public static final String[] DETAILED_COLUMNS = {"model", "cluster", "devices", "strategy", "mp_degree",
        "per_device_batch", "global_batch", "epochs", "step_time_s", "time_to_train_h", "speedup_vs_dp",
        "speedup_vs_best_dp", "speedup_vs_one_device", "compute_s", "comm_s", "exposed_comm_s", "mp_speedup",
        "dense_shard", "best_at_devices", "mp_model", "epochs_model", "comm_model", "precision"};

    private static final double HOUR = 3600.0;

    /**
     * Runs a projection and wraps it.
     *
     * @param projector the projector
     * @param devices the device counts, ascending
     * @return the report
     */
    public static ProjectionReport of(final Projector projector, final int[] devices) {
        final ProjectionTable t = projector.newTable(devices.length);
        projector.project(devices, t);
        return new ProjectionReport(projector, t);
    }

    private static String num(final double v) {
        return String.format(Locale.ROOT, "%.6g", v);
    }

    /**
     * A count (samples): as {@link #num} while six digits hold it, whole from a million on, where {@code %.6g}
     * rounded it (8,192 GPUs x 128 = 1,048,576 was written 1.04858e+06). Exact below 2^53.
     */
    private static String count(final double v) {
        return v >= 1e6 && v < 0x1p53 && v == Math.rint(v) ? Long.toString((long) v) : num(v);
    }

    /**
     * The CSV values of every feasible cell.
     *
     * @param detailed true for {@link #DETAILED_COLUMNS}, false for {@link #COLUMNS}
     * @return rows of values, in column order
     */
    public List<List<String>> rows(final boolean detailed) {
        final List<List<String>> rows = new ArrayList<>();
        final int[] degrees = table.degrees();
        for (int r = 0; r < table.rows(); r++) {
            for (int c = 0; c < degrees.length; c++) {
                if (!table.feasible(r, c)) {
                    continue;
                }
                final List<String> row = new ArrayList<>(List.of(projector.model().name(), projector.cluster().name(),
                        Integer.toString(table.devices(r)), degrees[c] == 1 ? "dp" : "hybrid",
                        Integer.toString(degrees[c]), Integer.toString(table.batch(r, c)),
                        count(table.globalBatch(r, c)), num(table.epochs(r, c)), num(table.stepSeconds(r, c)),
                        num(table.trainSeconds(r, c) / HOUR), num(table.speedupOverDataParallel(r, c))));
                if (detailed) {
                    row.addAll(List.of(num(table.speedupOverBestDataParallel(r, c)),
                            num(table.speedupOverOneDevice(r, c)), num(table.computeSeconds(r, c)),
                            num(table.commSeconds(r, c)), num(table.exposedCommSeconds(r, c)),
                            num(table.mpSpeedup(r, c)), num(table.shardFraction(r, c)),
                            Boolean.toString(table.bestColumn(r) == c),
                            degrees[c] == 1 ? "none" : projector.model().mpSpeedup().name(),
                            projector.model().efficiency().describe(), communication(),
                            projector.model().precision().id()));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    /**
     * How the gradient exchange was priced, e.g. {@code NCCL 2.5.6 tuning model, sharded all-reduce, overlap 0}.
     *
     * @return the description
     */
    public String communication() {
        final ProjectionOptions o = projector.options();
        final String model = switch (o.communication()) {
            case NCCL -> (o.ncclGeneration() == null ? projector.cluster().ncclGeneration() : o.ncclGeneration())
                    .description() + " tuning model";
            case RING -> "flat ring (alpha-beta-gamma)";
            case HIERARCHICAL -> "two-level ring (alpha-beta-gamma)";
            case HIERARCHICAL_TREE -> "two-level ring and tree (alpha-beta-gamma)";
        };
        final String sharing = (o.nicSharing() == null ? projector.cluster().nicSharing() : o.nicSharing()).id();
        return model + ", " + (o.shardedAllReduce() ? (o.evenShards() ? "evenly sharded" : "sharded by placement")
                : "whole-gradient") + " all-reduce, NICs " + sharing + ", overlap "
                + String.format(Locale.ROOT, "%.2f", o.overlap())
                + (o.bucketBytes() > 0 ? ", buckets of " + ByteSize.format(o.bucketBytes()) : "")
                + switch (o.optimizerSharding()) {
                    case WORKERS -> ", optimizer sharded over the workers (reduce-scatter, parameter all-gather)";
                    case NODE -> ", optimizer sharded in each node (reduce-scatter in the node, all-reduce across"
                            + " nodes, parameter all-gather in the node)";
                    default -> "";
                }
                + (o.parameterGatherOverlapped() ? ", parameters gathered in buckets during the next forward pass" : "")
                + (o.disabledNcclCorrections().isEmpty() ? "" : ", NCCL corrections off: "
                        + o.disabledNcclCorrections());
    }

    /**
     * Writes CSV rows (header first) to a file, atomically.
     *
     * @param file the CSV file
     * @param detailed true for {@link #DETAILED_COLUMNS}
     * @param reports the reports to write, in order
     * @throws IOException if writing fails
     */
    public static void writeCsv(final Path file, final boolean detailed, final List<ProjectionReport> reports)
            throws IOException {
        final CSVFormat format = CSVFormat.DEFAULT.builder()
                .setHeader(detailed ? DETAILED_COLUMNS : COLUMNS).setRecordSeparator('\n').get();
        AtomicFiles.writeText(file, (Writer w) -> {
            final CSVPrinter printer = new CSVPrinter(w, format);
            for (final ProjectionReport report : reports) {
                for (final List<String> row : report.rows(detailed)) {
                    printer.printRecord(row);
                }
            }
            printer.flush();
        });
    }

    /**
     * Prints the best strategy per device count with its breakdown, then the crossover and speedups.
     *
     * @param out where to print
     */
    public void print(final PrintWriter out) {
        final int[] degrees = table.degrees();
        final double singleEpochs = projector.model().efficiency().epochs(projector.singleDeviceBatch());
        out.printf(Locale.ROOT, "%s on %s (%s)%n", projector.model().name(), projector.cluster().name(),
                projector.cluster().device());
        out.printf(Locale.ROOT, "%7s  %-9s %6s %9s %8s %7s %6s %10s %10s %9s %11s %8s %8s %8s%n", "N", "best", "batch",
                "global", "epochs", "x epoch", "shard", "compute s", "exp comm s", "step s", "time h", "vs DP", "vs DP*",
                "vs 1 GPU");
        for (int r = 0; r < table.rows(); r++) {
            final int c = table.bestColumn(r);
            out.printf(Locale.ROOT, "%7d  %-9s %6d %9.0f %8.2f %7.2f %6.3f %10.4f %10.4f %9.4f %11.3f %7.3fx %7.3fx"
                    + " %7.1fx%n",
                    table.devices(r), degrees[c] == 1 ? "DP" : "hybrid M=" + degrees[c], table.batch(r, c),
                    table.globalBatch(r, c), table.epochs(r, c), table.epochs(r, c) / singleEpochs,
                    table.shardFraction(r, c), table.computeSeconds(r, c), table.exposedCommSeconds(r, c),
                    table.stepSeconds(r, c),
                    table.trainSeconds(r, c) / HOUR, table.speedupOverDataParallel(r, c),
                    table.speedupOverBestDataParallel(r, c), table.speedupOverOneDevice(r, c));
        }
        out.println("(shard: the largest share of the dense parameters one GPU holds; vs DP: over data parallelism at the"
                + " same N; vs DP*: over data parallelism at its own best N)");
        final int crossover = table.crossoverRow();
        out.println(crossover < 0 ? "crossover: data parallelism stays fastest at every N"
                : "crossover: hybrid first beats data parallelism at N = " + table.devices(crossover));
        final int dpRow = table.bestDataParallelRow();
        final int hybridCell = table.bestHybridCell();
        if (hybridCell >= 0) {
            final int hr = hybridCell / degrees.length;
            final int hc = hybridCell % degrees.length;
            final double gain = table.hybridOverBestDataParallel();
            out.printf(Locale.ROOT, "DP at its best: N = %d, %.3f h; hybrid at its best: N = %d, M = %d, %.3f h;"
                    + " hybrid over best DP: %.3fx (%+.1f%%)%n", table.devices(dpRow),
                    table.trainSeconds(dpRow, table.dataParallelColumn()) / HOUR, table.devices(hr), degrees[hc],
                    table.trainSeconds(hr, hc) / HOUR, gain, 100 * (gain - 1));
        }
        out.println("models: SU_MP by " + projector.model().mpSpeedup().name() + "; epochs by "
                + projector.model().efficiency().describe() + "; communication by " + communication()
                + "; step time by single-GPU measurements on " + projector.model().measuredOn() + " ("
                + projector.model().stepTime() + "; of the fixed part, optimizer update "
                + String.format(Locale.ROOT, "%.4gs", projector.model().optimizerSeconds()) + ", split by the largest"
                + " shard); gradients " + projector.model().gradientDtype().id());
    }
}
