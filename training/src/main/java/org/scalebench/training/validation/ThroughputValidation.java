package org.scalebench.training.validation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.scalebench.training.cluster.ClusterCatalog;
import org.scalebench.core.data.DataTable;
import org.scalebench.core.data.DataFileException;
import org.scalebench.training.model.ModelCatalog;
import org.scalebench.training.model.ModelProfile;
import org.scalebench.training.model.Precision;
import org.scalebench.training.projection.ProjectionOptions;
import org.scalebench.training.projection.ProjectionTable;
import org.scalebench.training.projection.Projector;

/**
 * The projector's step times against published multi-GPU and multi-node training throughput
 * ({@code validation.csv}, every measurement with its source). A case with a reference is compared through
 * scaling efficiency: measured {@code (T / N) / (T_ref / N_ref)} against the projection's
 * {@code (b / t_step(N, b)) / (b_ref / t_step(N_ref, b_ref))} for data parallelism at the measured per-GPU batch,
 * with the framework's overlap and gradient buckets, so the absolute speed of the measured code cancels and what is checked is how the step grows with the device
 * count and shrinks with the batch (communication, fixed parts, byte floors). Nothing in the projection is fitted to
 * these measurements: they are read only here.
 *
 * <p>Stateless; {@link #run()} allocates.
 */
public final class ThroughputValidation {

    /** The tolerance stated before the comparison: a projected scaling efficiency within 20% of the measured. */
    public static final double TOLERANCE = 0.20;

    private static final String RESOURCE = "/org/scalebench/training/validation.csv";

    private ThroughputValidation() {
    }

    /**
     * One measured case beside the projection.
     *
     * @param name the case's name
     * @param model the model profile
     * @param precision the precision
     * @param devices GPUs
     * @param batch per-GPU batch
     * @param reference the reference case
     * @param measured measured scaling efficiency against the reference
     * @param projected projected scaling efficiency against the reference
     * @param source where the measurement comes from
     */
    public record Result(String name, String model, Precision precision, int devices, int batch, String reference,
            double measured, double projected, String source) {

        /**
         * Projected over measured, minus one.
         *
         * @return the relative error, e.g. 0.12 for a projection 12% above the measurement
         */
        public double error() {
            return projected / measured - 1;
        }

        /**
         * Whether the error is within {@link #TOLERANCE}.
         *
         * @return true if within
         */
        public boolean withinTolerance() {
            return Math.abs(error()) <= TOLERANCE;
        }
    }

    private record Case(String name, String model, Precision precision, String cluster, int devices, int batch,
            double overlap, long bucketBytes, double measured, String reference, String source) {
    }

    /**
     * Compares every case of the built-in validation table.
     *
     * @return one result per case with a reference, in file order
     */
    public static List<Result> run() {
        final DataTable table = DataTable.resource(ThroughputValidation.class, RESOURCE);
        table.requireColumns("case", "model", "precision", "cluster", "devices", "batch", "overlap", "bucket_bytes", "measured", "unit",
                "reference_case", "source");
        final Map<String, Case> cases = new HashMap<>();
        final List<Case> order = new ArrayList<>();
        for (final DataTable.Row row : table.rows()) {
            final Case c = new Case(row.require("case"), row.require("model"),
                    Precision.parse(row.require("precision")), row.require("cluster"), (int) row.number("devices"),
                    (int) row.number("batch"), row.number("overlap"), (long) row.number("bucket_bytes"),
                    row.number("measured"), row.get("reference_case"),
                    row.require("source"));
            if (cases.put(c.name, c) != null) {
                throw row.error("case '" + c.name + "' given twice");
            }
            order.add(c);
        }
        final List<Result> results = new ArrayList<>();
        for (final Case c : order) {
            if (c.reference.isEmpty()) {
                continue;
            }
            final Case ref = cases.get(c.reference);
            if (ref == null) {
                throw new DataFileException(table.file(), 0, "case '" + c.name + "' refers to unknown case '"
                        + c.reference + "'");
            }
            final double measured = (c.measured / c.devices) / (ref.measured / ref.devices);
            final double projected = (c.batch / stepSeconds(c)) / (ref.batch / stepSeconds(ref));
            results.add(new Result(c.name, c.model, c.precision, c.devices, c.batch, c.reference, measured, projected,
                    c.source));
        }
        return results;
    }

    /** Data parallelism's projected step at the case's device count and batch. */
    private static double stepSeconds(final Case c) {
        final ModelProfile base = ModelCatalog.builtIn(c.model).withPrecision(c.precision);
        final ModelProfile profile = base.withMaxBatchPerDevice(Math.max(base.maxBatchPerDevice(), c.batch));
        final Projector p = new Projector(profile, ClusterCatalog.builtIn(c.cluster),
                ProjectionOptions.DEFAULTS.withOverlap(c.overlap).withFixedBatch(c.batch)
                        .withBucketBytes(c.bucketBytes), new int[] {1});
        final ProjectionTable t = p.newTable(1);
        p.project(new int[] {c.devices}, t);
        return t.stepSeconds(0, t.dataParallelColumn());
    }
}
