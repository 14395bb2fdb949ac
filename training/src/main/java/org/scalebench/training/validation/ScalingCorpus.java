package org.scalebench.training.validation;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.scalebench.core.data.DataTable;
import org.scalebench.core.data.TextLimits;
import org.scalebench.training.cluster.ClusterCatalog;
import org.scalebench.training.projection.OptimizerSharding;

/**
 * The scaling corpus: published multi-GPU training throughput ({@code scaling-corpus.csv}, one measurement per row
 * with its source) and the models it needs ({@code scaling-models.csv}). Reading checks every row: a missing or
 * empty column, a source left empty, a number out of range, an unknown split, unit, model (not in
 * {@code scaling-models.csv}) or cluster (not a built-in cluster), a repeated id, or a reference to a row that is not
 * in the file or to the row itself is refused with the file and line. What the projection cannot express (unstated
 * accumulation, a reference on another system) is not refused here: {@link CorpusValidation} lists such rows as not
 * projected, with the reason.
 *
 * <p>Immutable after reading; reading allocates.
 */
public final class ScalingCorpus {

    /** The built-in corpus resource. */
    public static final String CORPUS_RESOURCE = "/org/scalebench/training/scaling-corpus.csv";
    /** The built-in models resource. */
    public static final String MODELS_RESOURCE = "/org/scalebench/training/scaling-models.csv";

    /** The throughput units a row may give (the units of {@code items_per_sample} in scaling-models.csv). */
    private static final List<String> UNITS = List.of("tokens/s", "sequences/s", "images/s");

    /**
     * What the corpus knows of a model.
     *
     * @param name the model
     * @param parameters the parameters whose gradient is all-reduced
     * @param itemsPerSample throughput units per batch sample
     * @param parametersSource where the count comes from
     */
    public record Model(String name, double parameters, double itemsPerSample, String parametersSource) {
    }

    private final String file;
    private final List<CorpusRow> rows;
    private final Map<String, CorpusRow> byId;
    private final Map<String, Model> models;

    private ScalingCorpus(final String file, final List<CorpusRow> rows, final Map<String, Model> models) {
        this.file = file;
        this.rows = Collections.unmodifiableList(rows);
        final Map<String, CorpusRow> ids = new HashMap<>();
        for (final CorpusRow r : rows) {
            ids.put(r.id(), r);
        }
        this.byId = Collections.unmodifiableMap(ids);
        this.models = Collections.unmodifiableMap(models);
    }

    /**
     * The built-in corpus and models.
     *
     * @return the corpus
     */
    public static ScalingCorpus builtIn() {
        return of(DataTable.resource(ScalingCorpus.class, CORPUS_RESOURCE),
                DataTable.resource(ScalingCorpus.class, MODELS_RESOURCE));
    }

    /**
     * A corpus file with the built-in models.
     *
     * @param corpus the corpus CSV
     * @return the corpus
     * @throws org.scalebench.core.data.DataFileException naming the file and line of a bad row
     */
    public static ScalingCorpus read(final Path corpus) {
        return of(DataTable.read(corpus), DataTable.resource(ScalingCorpus.class, MODELS_RESOURCE));
    }

    /**
     * A corpus from tables already read.
     *
     * @param corpus the corpus table
     * @param modelTable the models table
     * @return the corpus
     * @throws org.scalebench.core.data.DataFileException naming the file and line of a bad row
     */
    public static ScalingCorpus of(final DataTable corpus, final DataTable modelTable) {
        modelTable.requireColumns("model", "parameter", "value", "source");
        final Map<String, double[]> values = new LinkedHashMap<>();
        final Map<String, String> paramSources = new HashMap<>();
        for (final DataTable.Row row : modelTable.rows()) {
            final String model = row.require("model");
            row.require("source");
            final double[] v = values.computeIfAbsent(model, k -> new double[] {Double.NaN, 1.0});
            switch (row.require("parameter")) {
                case "parameters" -> {
                    v[0] = row.number("value", 1, 1e15);
                    paramSources.put(model, row.require("source"));
                }
                case "items_per_sample" -> v[1] = row.number("value", 1e-9, 1e9);
                default -> throw row.error("column 'parameter' = " + TextLimits.quoted(row.get("parameter"))
                        + ": must be parameters or items_per_sample");
            }
        }
        final Map<String, Model> models = new LinkedHashMap<>();
        for (final Map.Entry<String, double[]> e : values.entrySet()) {
            if (Double.isNaN(e.getValue()[0])) {
                throw new org.scalebench.core.data.DataFileException(modelTable.file(), 0, "model "
                        + TextLimits.quoted(e.getKey()) + " has no parameters row");
            }
            models.put(e.getKey(), new Model(e.getKey(), e.getValue()[0], e.getValue()[1],
                    paramSources.get(e.getKey())));
        }
        corpus.requireColumns("row", "family", "model", "precision", "cluster", "gpus", "batch", "accumulation",
                "overlap", "bucket_bytes", "gradient_bytes_per_parameter", "measured", "unit", "reference", "split",
                "source");
        final List<CorpusRow> rows = new ArrayList<>();
        final Map<String, DataTable.Row> seen = new HashMap<>();
        for (final DataTable.Row row : corpus.rows()) {
            final String id = row.require("row");
            row.require("source");
            if (seen.put(id, row) != null) {
                throw row.error("row " + TextLimits.quoted(id) + " given twice");
            }
            final String precision = row.require("precision").toLowerCase(Locale.ROOT);
            if (!precision.equals("fp32") && !precision.equals("mixed")) {
                throw row.error("column 'precision' = " + TextLimits.quoted(row.get("precision")) + ": must be fp32 or mixed");
            }
            final String split = row.require("split").toLowerCase(Locale.ROOT);
            if (!split.equals("calibration") && !split.equals("validation")) {
                throw row.error("column 'split' = " + TextLimits.quoted(row.get("split"))
                        + ": must be calibration or validation");
            }
            final String model = row.require("model");
            if (!models.containsKey(model)) {
                throw row.error("column 'model' = " + TextLimits.quoted(model) + ": must be " + oneOf(List.copyOf(
                        models.keySet())) + " (the models of scaling-models.csv)");
            }
            final String cluster = row.require("cluster");
            if (!ClusterCatalog.builtInNames().contains(cluster)) {
                throw row.error("column 'cluster' = " + TextLimits.quoted(cluster) + ": must be "
                        + oneOf(ClusterCatalog.builtInNames()) + " (the built-in clusters)");
            }
            final String unit = row.require("unit");
            if (!UNITS.contains(unit)) {
                throw row.error("column 'unit' = " + TextLimits.quoted(unit) + ": must be " + oneOf(UNITS));
            }
            final String accumulation = row.get("accumulation");
            rows.add(new CorpusRow(id, row.line(), row.require("family"), model, precision, cluster,
                    (int) row.whole("gpus", 1, 1 << 24), row.number("batch", 1e-9, 1e12),
                    accumulation.isEmpty() ? 0 : (int) row.whole("accumulation", 1, 1 << 24),
                    row.number("overlap", 0, 1) > 0, row.whole("bucket_bytes", 0, 1_000_000_000_000_000L),
                    row.number("gradient_bytes_per_parameter", 0.125, 16), row.number("measured", 1e-12, 1e18),
                    unit, row.get("reference"), split.equals("calibration"),
                    row.has("not_modelled") ? row.get("not_modelled") : "", row.require("source"),
                    optimizer(row)));
        }
        for (final CorpusRow r : rows) {
            if (r.reference().equals(r.id())) {
                throw seen.get(r.id()).error("column 'reference' = " + TextLimits.quoted(r.reference())
                        + ": the row itself; must be another row of the file, or empty for a reference row");
            }
            if (r.compared() && !seen.containsKey(r.reference())) {
                throw seen.get(r.id()).error("column 'reference' = " + TextLimits.quoted(r.reference())
                        + ": no such row in the file");
            }
        }
        if (rows.isEmpty()) {
            throw new org.scalebench.core.data.DataFileException(corpus.file(), 0, "holds no rows after the header");
        }
        if (rows.stream().noneMatch(CorpusRow::calibration)) {
            // every family would keep its constants at 0, fitted on nothing, and the report would still print fits
            throw new org.scalebench.core.data.DataFileException(corpus.file(), 0, "holds no calibration rows (split"
                    + " = calibration): the constants are fitted on them");
        }
        return new ScalingCorpus(corpus.file(), rows, models);
    }

    /** The allowed values for a message: {@code one of A, B or C}, {@code A or B}, {@code A}. */
    private static String oneOf(final List<String> allowed) {
        if (allowed.size() == 1) {
            return allowed.get(0);
        }
        final String listed = String.join(", ", allowed.subList(0, allowed.size() - 1)) + " or "
                + allowed.get(allowed.size() - 1);
        return allowed.size() == 2 ? listed : "one of " + listed;
    }

    /**
     * The file the rows were read from.
     *
     * @return its name
     */
    public String file() {
        return file;
    }

    /**
     * Every row, in file order.
     *
     * @return the rows
     */
    public List<CorpusRow> rows() {
        return rows;
    }

    /**
     * A row by id.
     *
     * @param id the id
     * @return the row, or null
     */
    public CorpusRow row(final String id) {
        return byId.get(id);
    }

    /**
     * A model by name.
     *
     * @param name the model
     * @return the model, or null if the models table has none
     */
    public Model model(final String name) {
        return models.get(name);
    }

    /** The optional {@code optimizer} column: empty or absent for a replicated optimizer. */
    private static OptimizerSharding optimizer(final DataTable.Row row) {
        final String text = row.has("optimizer") ? row.get("optimizer") : "";
        if (text.isEmpty()) {
            return OptimizerSharding.REPLICATED;
        }
        try {
            return OptimizerSharding.parse(text);
        } catch (final IllegalArgumentException e) {
            throw row.error("column 'optimizer' = " + TextLimits.quoted(text) + ": must be empty, "
                    + oneOf(java.util.Arrays.stream(OptimizerSharding.values()).map(OptimizerSharding::id).toList()));
        }
    }
}
