package org.scalebench.training.model;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.scalebench.core.data.ItemRows;
import org.scalebench.core.data.DataTable;
import org.scalebench.core.data.DataFileException;
import org.scalebench.training.efficiency.InterpolatedEfficiency;
import org.scalebench.training.efficiency.McCandlishEfficiency;
import org.scalebench.training.efficiency.McCandlishFit;
import org.scalebench.training.efficiency.StatisticalEfficiency;
import org.scalebench.training.parallel.DataflowGraph;
import org.scalebench.training.parallel.DataflowPlacementSpeedup;
import org.scalebench.training.parallel.GivenMpSpeedup;
import org.scalebench.training.parallel.LstmPhase;
import org.scalebench.training.parallel.LstmWavefrontSpeedup;
import org.scalebench.training.parallel.MicrobatchPipelineSpeedup;
import org.scalebench.training.parallel.MpSpeedupModel;
import org.scalebench.core.data.TextLimits;

/**
 * Reads model profiles from CSV files with columns {@code parameter,key,value,source}; every row but
 * {@code name} needs a source, and every error names the file and line. The built-in profiles
 * ({@code inception-v3}, {@code gnmt}, {@code biglstm}, and {@code gnmt-4layer} for validation) are resources under
 * {@code profiles/}; they document
 * every parameter and are the templates for user profiles.
 *
 * <p>Parameters (one row each unless keyed):
 * <ul>
 *   <li>{@code name}, {@code dataset}, optional {@code measured_on} (the device and precision of the step times)
 *   (text); {@code parameters}, {@code dense_gradient_bytes}, optional {@code gradient_dtype} ({@code fp32}
 *   default, {@code fp16}, {@code bf16}), {@code samples_per_epoch}, {@code max_batch_per_device};</li>
 *   <li>sparse gradients, either as totals ({@code sparse_gradient_bytes_per_sample},
 *   {@code sparse_gradient_bytes_per_step}, {@code sparse_table_bytes}; one table spread over a worker's GPUs) or
 *   per table: {@code sparse_table} keyed by table name (dense bytes), with {@code sparse_table_placement}
 *   ({@code first}: on a worker's first GPU; {@code spread}: split over its GPUs), {@code sparse_bytes_per_sample}
 *   and {@code sparse_bytes_per_step} rows keyed by the same name;</li>
 *   <li>{@code step_time} keyed by per-device batch, value seconds (at least one row); optional
 *   {@code memory_bandwidth_gbps} (of the device the step times were measured on), {@code step_floor_bytes} (bytes
 *   every step reads however small its batch: the floor of the batch-dependent part is these over the memory
 *   bandwidth; without it the time stays flat below the smallest measured batch), {@code step_overhead_s} (the
 *   fixed part every GPU pays per step) and {@code optimizer_bytes_per_parameter} (the optimizer update reads and
 *   writes these per dense parameter: a fixed part split like the parameters);</li>
 *   <li>mixed precision, where measured: {@code step_time_mixed} rows keyed by batch, {@code gradient_dtype_mixed},
 *   {@code step_floor_bytes_mixed} (with {@code step_floor_bytes}), optional {@code measured_on_mixed};</li>
 *   <li>{@code epochs_model}: {@code mccandlish} with {@code critical_batch} and either {@code epochs_min} or one
 *   {@code epochs} row (the curve through that point); {@code points} with {@code epochs} rows keyed by global
 *   batch (log-log interpolation, constant steps beyond the last); or {@code mccandlish-fit} with at least two
 *   {@code epochs} rows (McCandlish's curve fitted by least squares);</li>
 *   <li>{@code mp_model}: {@code given} with {@code mp_speedup} rows keyed by M; {@code dataflow} with
 *   {@code mp_graph} (a built-in graph name or a CSV path relative to the profile); {@code lstm-wavefront} with
 *   {@code lstm_phase} rows (key phase, value time steps, in execution order), {@code lstm_boundary_bytes} (key
 *   phase), {@code lstm_bidirectional}, {@code lstm_layer} and {@code lstm_head} rows keyed {@code phase/name}
 *   (value weights per time step), optional {@code lstm_head_parameters} (a head's dense parameters when they
 *   differ from its weights per step) and {@code lstm_embedding} (dense parameters kept with the phase's first
 *   layer) keyed {@code phase/name}; or {@code pipeline} with {@code pipeline_layer} rows (key name, value relative
 *   work), {@code pipeline_microbatches} and {@code pipeline_boundary_bytes}.</li>
 * </ul>
 *
 * <p>Stateless; the profiles it returns are immutable.
 */
public final class ModelCatalog {

    private static final String RESOURCE_DIR = "/org/scalebench/training/profiles/";
    /** The largest per-device batch a profile may give (2^20 samples); larger batches fit no device built. */
    public static final long MAX_BATCH_PER_DEVICE = 1L << 20;
    /** The largest count a profile may give (parameters, samples per epoch): 9e15, exact in a double. */
    static final long MAX_COUNT = 9_000_000_000_000_000L;
    /**
     * The largest other number a profile may give (seconds, epochs, speedups, batch keys, byte counts): 10^15, far
     * above any measured value, so that every time and count derived from it stays finite and printable.
     */
    static final double MAX_NUMBER = 1e15;
    private static final List<String> BUILT_IN = List.of("inception-v3", "gnmt", "biglstm", "gnmt-4layer");
    private static final Set<String> SINGLE = Set.of("name", "dataset", "measured_on", "parameters", "dense_gradient_bytes",
            "sparse_gradient_bytes_per_sample", "sparse_gradient_bytes_per_step", "sparse_table_bytes",
            "samples_per_epoch", "max_batch_per_device", "epochs_model", "epochs_min", "critical_batch", "mp_model",
            "mp_graph", "pipeline_microbatches", "pipeline_boundary_bytes", "gradient_dtype", "gradient_dtype_mixed",
            "measured_on_mixed", "memory_bandwidth_gbps", "step_floor_bytes", "step_floor_bytes_mixed",
            "step_overhead_s", "optimizer_bytes_per_parameter");
    private static final Set<String> TEXT = Set.of("name", "dataset", "measured_on", "epochs_model", "mp_model", "mp_graph",
            "gradient_dtype", "gradient_dtype_mixed", "measured_on_mixed", "sparse_table_placement");
    private static final Set<String> KEYED = Set.of("step_time", "step_time_mixed", "epochs", "mp_speedup", "lstm_phase",
            "lstm_boundary_bytes", "lstm_bidirectional", "lstm_layer", "lstm_head", "lstm_head_parameters",
            "lstm_embedding", "pipeline_layer", "sparse_table", "sparse_table_placement", "sparse_bytes_per_sample",
            "sparse_bytes_per_step");
    private static final double GIGA = 1e9;

    private ModelCatalog() {
    }

    /**
     * The built-in profile names.
     *
     * @return {@code [inception-v3, gnmt, biglstm, gnmt-4layer]}
     */
    public static List<String> builtInNames() {
        return BUILT_IN;
    }

    /**
     * A built-in profile.
     *
     * @param name {@code inception-v3}, {@code gnmt}, {@code biglstm} or {@code gnmt-4layer}
     * @return the profile
     * @throws IllegalArgumentException naming the value and the built-in names
     */
    public static ModelProfile builtIn(final String name) {
        final String key = name.trim().toLowerCase(Locale.ROOT);
        if (!BUILT_IN.contains(key)) {
            throw new IllegalArgumentException("model = '" + name + "': must be one of " + String.join(", ", BUILT_IN)
                    + " or a CSV file");
        }
        return read(DataTable.resource(ModelCatalog.class, RESOURCE_DIR + key + ".csv"), null);
    }

    /**
     * A built-in profile by name, or a profile file.
     *
     * @param nameOrFile a built-in name or a path
     * @return the profile
     */
    public static ModelProfile resolve(final String nameOrFile) {
        if (ItemRows.readsFile("model", nameOrFile, builtInNames())) {
            return load(Path.of(nameOrFile));
        }
        return builtIn(nameOrFile);
    }

    /**
     * Reads a profile file.
     *
     * @param path the file
     * @return the profile
     * @throws DataFileException if the file is malformed (the message names file and line)
     */
    public static ModelProfile load(final Path path) {
        return read(DataTable.read(path), path.toAbsolutePath().getParent());
    }

    /**
     * Reads a profile table.
     *
     * @param table the table
     * @param directory where relative file names ({@code mp_graph}) resolve, or null for built-ins only
     * @return the profile
     * @throws DataFileException if the table is malformed
     */
    public static ModelProfile read(final DataTable table, final Path directory) {
        table.requireColumns("parameter", "key", "value", "source");
        final Map<String, DataTable.Row> single = new HashMap<>();
        final Map<String, List<DataTable.Row>> keyed = new HashMap<>();
        final Map<String, String> sources = new LinkedHashMap<>();
        for (final DataTable.Row row : table.rows()) {
            final String parameter = row.require("parameter").toLowerCase(Locale.ROOT);
            row.require("value");
            if (!parameter.equals("name")) {
                row.require("source");
            }
            final String key = row.get("key");
            if (!TEXT.contains(parameter) && (SINGLE.contains(parameter) || KEYED.contains(parameter))) {
                row.number("value");
            }
            if (SINGLE.contains(parameter)) {
                if (!key.isEmpty()) {
                    throw row.error("parameter '" + parameter + "' takes no key (key = '" + key + "')");
                }
                if (single.put(parameter, row) != null) {
                    throw row.error("parameter '" + parameter + "' given twice");
                }
                sources.put(parameter, row.get("source"));
            } else if (KEYED.contains(parameter)) {
                if (key.isEmpty()) {
                    throw row.error("parameter '" + parameter + "' needs a key");
                }
                final List<DataTable.Row> rows = keyed.computeIfAbsent(parameter, k -> new ArrayList<>());
                for (final DataTable.Row other : rows) {
                    if (other.get("key").equals(key)) {
                        throw row.error("parameter '" + parameter + "' key '" + key + "' given twice (also line "
                                + other.line() + ")");
                    }
                }
                rows.add(row);
                sources.put(parameter + "[" + key + "]", row.get("source"));
            } else {
                throw row.error("parameter = '" + parameter + "': must be one of " + String.join(", ", new java.util
                        .TreeSet<>(SINGLE)) + ", " + String.join(", ", new java.util.TreeSet<>(KEYED)));
            }
        }
        final Reader r = new Reader(table.file(), single, keyed);
        final String name = r.text("name");
        try {
            return r.profile(name, directory, sources);
        } catch (final DataFileException e) {
            throw e;
        } catch (final IllegalArgumentException e) {
            throw new DataFileException(table.file(), 0, "profile '" + name + "': " + e.getMessage());
        }
    }

    /** Typed access to the parsed rows, with located errors. */
    private static final class Reader {
        private final String file;
        private final Map<String, DataTable.Row> single;
        private final Map<String, List<DataTable.Row>> keyed;

        Reader(final String file, final Map<String, DataTable.Row> single, final Map<String, List<DataTable.Row>> keyed) {
            this.file = file;
            this.single = single;
            this.keyed = keyed;
        }

        DataTable.Row need(final String parameter) {
            final DataTable.Row row = single.get(parameter);
            if (row == null) {
                throw new DataFileException(file, 0, "missing parameter '" + parameter + "'");
            }
            return row;
        }

        String text(final String parameter) {
            return need(parameter).require("value");
        }

        String optionalText(final String parameter, final String otherwise) {
            final DataTable.Row row = single.get(parameter);
            return row == null ? otherwise : row.require("value");
        }

        long count(final String parameter, final long min) {
            return count(parameter, min, MAX_COUNT);
        }

        long count(final String parameter, final long min, final long max) {
            final DataTable.Row row = need(parameter);
            final double v = row.number("value");
            if (v != Math.rint(v) || v < min || v > max) {
                throw row.error(parameter + " = " + TextLimits.quoted(row.get("value")) + ": must be an integer in [" + min + ", "
                        + max + "]");
            }
            return (long) v;
        }

        double optionalNumber(final String parameter) {
            final DataTable.Row row = single.get(parameter);
            if (row == null) {
                return 0.0;
            }
            final double v = row.number("value");
            if (!(v >= 0 && v <= MAX_NUMBER)) {
                throw row.error(parameter + " = " + TextLimits.quoted(row.get("value")) + ": must be in [0, 1e15]");
            }
            return v;
        }

        double positive(final DataTable.Row row, final String what) {
            final double v = row.number("value");
            if (!(v > 0 && v <= MAX_NUMBER)) {
                throw row.error(what + " = " + TextLimits.quoted(row.get("value")) + ": must be positive, at most 1e15");
            }
            return v;
        }

        double positiveKey(final DataTable.Row row, final String what) {
            final String key = row.get("key");
            try {
                final double v = org.scalebench.core.data.DataValues.parseDouble(key);
                if (v > 0 && v <= MAX_NUMBER) {
                    return v;
                }
            } catch (final NumberFormatException e) {
                // reported below
            }
            throw row.error(what + " key = " + org.scalebench.core.data.TextLimits.quoted(key)
                    + ": must be a positive number, at most 1e15");
        }

        List<DataTable.Row> rows(final String parameter) {
            return keyed.getOrDefault(parameter, List.of());
        }

        List<DataTable.Row> sortedByKey(final String parameter, final String what) {
            final List<DataTable.Row> rows = new ArrayList<>(rows(parameter));
            rows.sort((a, b) -> Double.compare(positiveKey(a, what), positiveKey(b, what)));
            return rows;
        }

        ModelProfile profile(final String name, final Path directory, final Map<String, String> sources) {
            final GradientDtype dtype = GradientDtype.parse(optionalText("gradient_dtype", "fp32"));
            final long dense = count("dense_gradient_bytes", 0);
            final double denseParameters = dense / (double) dtype.bytes();
            final List<SparseTable> tables = sparseTables();
            final MpSpeedupModel mp = mpModel(directory);
            final double bandwidth = optionalNumber("memory_bandwidth_gbps") * GIGA;
            final double overhead = optionalNumber("step_overhead_s");
            final double optimizer = secondsOfBytes("optimizer_bytes_per_parameter", denseParameters, bandwidth);
            final StepTimeCurve fp32 = stepTime("step_time", overhead + optimizer,
                    secondsOfBytes("step_floor_bytes", 1.0, bandwidth));
            final StatisticalEfficiency efficiency = efficiency();
            final InterpolatedEfficiency measured = measuredEpochs();
            final String dataset = text("dataset");
            final long parameters = count("parameters", 1);
            final long samples = count("samples_per_epoch", 1);
            final int maxBatch = (int) count("max_batch_per_device", 1, MAX_BATCH_PER_DEVICE);
            ModelProfile mixed = null;
            if (!rows("step_time_mixed").isEmpty()) {
                final GradientDtype mixedDtype = GradientDtype.parse(text("gradient_dtype_mixed"));
                final double factor = mixedDtype.bytes() / (double) dtype.bytes();
                if (single.containsKey("step_floor_bytes") != single.containsKey("step_floor_bytes_mixed")) {
                    throw new DataFileException(file, 0, "step_floor_bytes and step_floor_bytes_mixed: give both or"
                            + " neither when the profile has step_time_mixed rows");
                }
                final List<SparseTable> mixedTables = new ArrayList<>();
                for (final SparseTable t : tables) {
                    mixedTables.add(t.scaled(factor));
                }
                mixed = new ModelProfile(name, dataset, optionalText("measured_on_mixed", "unspecified, mixed precision"),
                        Precision.MIXED, mixedDtype, parameters, Math.round(dense * factor), denseParameters,
                        mixedTables, samples, maxBatch, stepTime("step_time_mixed", overhead + optimizer,
                        secondsOfBytes("step_floor_bytes_mixed", 1.0, bandwidth)), overhead, optimizer, efficiency,
                        measured, mp, null, sources);
            } else if (single.containsKey("gradient_dtype_mixed") || single.containsKey("step_floor_bytes_mixed")) {
                throw new DataFileException(file, 0, "gradient_dtype_mixed and step_floor_bytes_mixed need"
                        + " step_time_mixed rows (mixed-precision step times measured somewhere)");
            }
            return new ModelProfile(name, dataset, optionalText("measured_on", "unspecified"), Precision.FP32, dtype,
                    parameters, dense, denseParameters, tables, samples, maxBatch, fp32, overhead, optimizer,
                    efficiency, measured, mp, mixed, sources);
        }

        private double secondsOfBytes(final String parameter, final double multiplier, final double bandwidth) {
            final DataTable.Row row = single.get(parameter);
            if (row == null) {
                return parameter.startsWith("step_floor") ? Double.NaN : 0.0;
            }
            if (!(bandwidth > 0)) {
                throw row.error(parameter + " needs memory_bandwidth_gbps (of the device the step times were"
                        + " measured on)");
            }
            return optionalNumber(parameter) * multiplier / bandwidth;
        }

        private List<SparseTable> sparseTables() {
            final List<DataTable.Row> tableRows = rows("sparse_table");
            if (tableRows.isEmpty()) {
                for (final String p : List.of("sparse_table_placement", "sparse_bytes_per_sample",
                        "sparse_bytes_per_step")) {
                    if (!rows(p).isEmpty()) {
                        throw rows(p).get(0).error(p + " needs a sparse_table row keyed '" + rows(p).get(0).get("key")
                                + "'");
                    }
                }
                final double perSample = optionalNumber("sparse_gradient_bytes_per_sample");
                final double perStep = optionalNumber("sparse_gradient_bytes_per_step");
                final double table = optionalNumber("sparse_table_bytes");
                if ((perSample > 0 || perStep > 0) && !(table > 0)) {
                    throw new DataFileException(file, 0, "sparse_table_bytes = " + table
                            + ": must be positive when the model has sparse gradients");
                }
                return table > 0 ? List.of(new SparseTable("sparse", table, perSample, perStep,
                        SparseTable.Placement.SPREAD)) : List.of();
            }
            for (final String total : List.of("sparse_gradient_bytes_per_sample", "sparse_gradient_bytes_per_step",
                    "sparse_table_bytes")) {
                if (single.containsKey(total)) {
                    throw single.get(total).error(total + " and sparse_table rows: give the totals or the tables,"
                            + " not both");
                }
            }
            final List<SparseTable> tables = new ArrayList<>();
            for (final DataTable.Row row : tableRows) {
                final String key = row.get("key");
                final DataTable.Row placement = keyedRow("sparse_table_placement", key);
                if (placement == null) {
                    throw row.error("sparse_table '" + key + "' has no sparse_table_placement row (first or spread)");
                }
                final SparseTable.Placement where;
                try {
                    where = SparseTable.Placement.parse(placement.require("value"));
                } catch (final IllegalArgumentException e) {
                    throw placement.error(e.getMessage());
                }
                final DataTable.Row sample = keyedRow("sparse_bytes_per_sample", key);
                final DataTable.Row step = keyedRow("sparse_bytes_per_step", key);
                tables.add(new SparseTable(key, positive(row, "sparse_table " + key),
                        sample == null ? 0.0 : nonNegative(sample, "sparse_bytes_per_sample " + key),
                        step == null ? 0.0 : nonNegative(step, "sparse_bytes_per_step " + key), where));
            }
            for (final String p : List.of("sparse_table_placement", "sparse_bytes_per_sample", "sparse_bytes_per_step")) {
                for (final DataTable.Row row : rows(p)) {
                    if (keyedRow("sparse_table", row.get("key")) == null) {
                        throw row.error(p + " key " + TextLimits.quoted(row.get("key")) + " has no sparse_table row");
                    }
                }
            }
            return tables;
        }

        private DataTable.Row keyedRow(final String parameter, final String key) {
            for (final DataTable.Row row : rows(parameter)) {
                if (row.get("key").equals(key)) {
                    return row;
                }
            }
            return null;
        }

        double nonNegative(final DataTable.Row row, final String what) {
            final double v = row.number("value");
            if (!(v >= 0 && v <= MAX_NUMBER)) {
                throw row.error(what + " = " + TextLimits.quoted(row.get("value")) + ": must be in [0, 1e15]");
            }
            return v;
        }

        InterpolatedEfficiency measuredEpochs() {
            final List<DataTable.Row> points = sortedByKey("epochs", "epochs global batch");
            if (points.size() < 2) {
                return null;
            }
            final double[][] be = epochPoints(points);
            return new InterpolatedEfficiency(be[0], be[1]);
        }

        private double[][] epochPoints(final List<DataTable.Row> points) {
            final double[] b = new double[points.size()];
            final double[] e = new double[points.size()];
            for (int i = 0; i < b.length; i++) {
                b[i] = positiveKey(points.get(i), "epochs global batch");
                e[i] = positive(points.get(i), "epochs");
                if (i > 0 && e[i] < e[i - 1]) {
                    throw points.get(i).error("epochs = " + e[i] + " at global batch " + b[i] + " is below "
                            + e[i - 1] + " at batch " + b[i - 1] + ": epochs must not decrease with batch");
                }
            }
            return new double[][] {b, e};
        }

        StepTimeCurve stepTime(final String parameter, final double fixed, final double floor) {
            final List<DataTable.Row> rows = sortedByKey(parameter, parameter + " batch");
            if (rows.isEmpty()) {
                throw new DataFileException(file, 0, "missing parameter '" + parameter + "': needs at least one row"
                        + " keyed by per-device batch");
            }
            final double[] b = new double[rows.size()];
            final double[] t = new double[rows.size()];
            for (int i = 0; i < b.length; i++) {
                b[i] = positiveKey(rows.get(i), parameter + " batch");
                t[i] = positive(rows.get(i), parameter);
                if (i > 0 && t[i] < t[i - 1]) {
                    throw rows.get(i).error(parameter + " = " + t[i] + " s at batch " + b[i] + " is below " + t[i - 1]
                            + " s at batch " + b[i - 1] + ": step time must not decrease with batch");
                }
            }
            try {
                return new StepTimeCurve(b, t, fixed, floor);
            } catch (final IllegalArgumentException e) {
                throw rows.get(0).error(parameter + ": " + e.getMessage() + " (step_overhead_s, optimizer_bytes_per_"
                        + "parameter and step_floor_bytes must fit under the measured step)");
            }
        }

        StatisticalEfficiency efficiency() {
            final DataTable.Row modelRow = need("epochs_model");
            final String model = modelRow.require("value").toLowerCase(Locale.ROOT);
            final List<DataTable.Row> points = sortedByKey("epochs", "epochs global batch");
            switch (model) {
                case "mccandlish": {
                    final double critical = positive(need("critical_batch"), "critical_batch");
                    final DataTable.Row minRow = single.get("epochs_min");
                    if (minRow != null && points.isEmpty()) {
                        return new McCandlishEfficiency(positive(minRow, "epochs_min"), critical);
                    }
                    if (minRow == null && points.size() == 1) {
                        return McCandlishEfficiency.through(positiveKey(points.get(0), "epochs global batch"),
                                positive(points.get(0), "epochs"), critical);
                    }
                    throw modelRow.error("epochs_model = mccandlish: needs critical_batch and either epochs_min or"
                            + " exactly one epochs row (found " + (minRow == null ? 0 : 1) + " epochs_min, "
                            + points.size() + " epochs rows)");
                }
                case "points": {
                    if (points.isEmpty()) {
                        throw modelRow.error("epochs_model = points: needs at least one epochs row keyed by global batch");
                    }
                    final double[][] be = epochPoints(points);
                    return new InterpolatedEfficiency(be[0], be[1]);
                }
                case "mccandlish-fit": {
                    if (points.size() < 2) {
                        throw modelRow.error("epochs_model = mccandlish-fit: needs at least two epochs rows keyed by"
                                + " global batch (found " + points.size() + ")");
                    }
                    final double[][] be = epochPoints(points);
                    try {
                        return new McCandlishFit(be[0], be[1]);
                    } catch (final IllegalArgumentException e) {
                        throw modelRow.error(e.getMessage());
                    }
                }
                default:
                    throw modelRow.error("epochs_model = '" + model + "': must be mccandlish, points or mccandlish-fit");
            }
        }

        MpSpeedupModel mpModel(final Path directory) {
            final DataTable.Row modelRow = need("mp_model");
            final String model = modelRow.require("value").toLowerCase(Locale.ROOT);
            switch (model) {
                case "given": {
                    final List<DataTable.Row> rows = sortedByKey("mp_speedup", "mp_speedup degree");
                    if (rows.isEmpty()) {
                        throw modelRow.error("mp_model = given: needs mp_speedup rows keyed by M");
                    }
                    final int[] m = new int[rows.size()];
                    final double[] s = new double[rows.size()];
                    for (int i = 0; i < m.length; i++) {
                        final double key = positiveKey(rows.get(i), "mp_speedup degree");
                        if (key != Math.rint(key) || key < 2) {
                            throw rows.get(i).error("mp_speedup key = '" + rows.get(i).get("key")
                                    + "': must be an integer MP degree, at least 2");
                        }
                        m[i] = (int) key;
                        s[i] = positive(rows.get(i), "mp_speedup");
                    }
                    return new GivenMpSpeedup(m, s);
                }
                case "dataflow": {
                    final DataTable.Row graphRow = need("mp_graph");
                    final String graph = graphRow.require("value");
                    if (directory != null && Files.isRegularFile(directory.resolve(graph))) {
                        return new DataflowPlacementSpeedup(DataflowGraph.load(directory.resolve(graph)));
                    }
                    try {
                        return new DataflowPlacementSpeedup(DataflowGraph.builtIn(graph));
                    } catch (final DataFileException e) {
                        throw e;
                    } catch (final IllegalArgumentException e) {
                        throw graphRow.error(e.getMessage());
                    }
                }
                case "lstm-wavefront":
                    return wavefront(modelRow);
                case "pipeline": {
                    final List<DataTable.Row> rows = rows("pipeline_layer");
                    if (rows.isEmpty()) {
                        throw modelRow.error("mp_model = pipeline: needs pipeline_layer rows");
                    }
                    final double[] w = new double[rows.size()];
                    for (int i = 0; i < w.length; i++) {
                        w[i] = positive(rows.get(i), "pipeline_layer");
                    }
                    final long k = count("pipeline_microbatches", 1);
                    final DataTable.Row bytes = single.get("pipeline_boundary_bytes");
                    return new MicrobatchPipelineSpeedup(w, (int) Math.min(k, 1 << 20),
                            bytes == null ? 0.0 : optionalNumber("pipeline_boundary_bytes"));
                }
                default:
                    throw modelRow.error("mp_model = '" + model + "': must be given, dataflow, lstm-wavefront or"
                            + " pipeline");
            }
        }

        private MpSpeedupModel wavefront(final DataTable.Row modelRow) {
            final List<DataTable.Row> phaseRows = rows("lstm_phase");
            if (phaseRows.isEmpty()) {
                throw modelRow.error("mp_model = lstm-wavefront: needs lstm_phase rows (key phase, value time steps)");
            }
            final List<LstmPhase> phases = new ArrayList<>();
            for (final DataTable.Row phaseRow : phaseRows) {
                final String phase = phaseRow.get("key");
                final double steps = positive(phaseRow, "lstm_phase " + phase + " time steps");
                double boundary = 0;
                for (final DataTable.Row row : rows("lstm_boundary_bytes")) {
                    if (row.get("key").equals(phase)) {
                        boundary = positive(row, "lstm_boundary_bytes");
                    }
                }
                double bidirectional = 0;
                for (final DataTable.Row row : rowsOfPhase("lstm_bidirectional", phase)) {
                    if (bidirectional > 0) {
                        throw row.error("phase '" + phase + "' has two lstm_bidirectional rows: at most one");
                    }
                    bidirectional = positive(row, "lstm_bidirectional");
                }
                final double[] layers = weights(rowsOfPhase("lstm_layer", phase), "lstm_layer");
                if (layers.length == 0) {
                    throw phaseRow.error("phase '" + phase + "' has no lstm_layer rows keyed '" + phase + "/NAME'");
                }
                final double[] heads = weights(rowsOfPhase("lstm_head", phase), "lstm_head");
                final double[] headParameters = heads.clone();
                final List<DataTable.Row> headRows = rowsOfPhase("lstm_head", phase);
                for (final DataTable.Row row : rowsOfPhase("lstm_head_parameters", phase)) {
                    final int h = indexOfKey(headRows, row.get("key"));
                    if (h < 0) {
                        throw row.error("lstm_head_parameters key " + TextLimits.quoted(row.get("key")) + " has no lstm_head row");
                    }
                    headParameters[h] = nonNegative(row, "lstm_head_parameters");
                }
                double embedding = 0;
                for (final DataTable.Row row : rowsOfPhase("lstm_embedding", phase)) {
                    embedding += nonNegative(row, "lstm_embedding");
                }
                phases.add(new LstmPhase(phase, steps, boundary, bidirectional, layers, heads, headParameters,
                        embedding));
            }
            for (final String p : List.of("lstm_boundary_bytes", "lstm_bidirectional", "lstm_layer", "lstm_head",
                    "lstm_head_parameters", "lstm_embedding")) {
                for (final DataTable.Row row : rows(p)) {
                    final String phase = row.get("key").split("/", 2)[0];
                    if (phaseRows.stream().noneMatch(pr -> pr.get("key").equals(phase))) {
                        throw row.error(p + " key " + TextLimits.quoted(row.get("key")) + ": phase '" + phase
                                + "' has no lstm_phase row");
                    }
                }
            }
            return new LstmWavefrontSpeedup(phases);
        }

        private int indexOfKey(final List<DataTable.Row> rows, final String key) {
            for (int i = 0; i < rows.size(); i++) {
                if (rows.get(i).get("key").equals(key)) {
                    return i;
                }
            }
            return -1;
        }

        private List<DataTable.Row> rowsOfPhase(final String parameter, final String phase) {
            final List<DataTable.Row> out = new ArrayList<>();
            for (final DataTable.Row row : rows(parameter)) {
                if (row.get("key").startsWith(phase + "/")) {
                    out.add(row);
                }
            }
            return out;
        }

        private double[] weights(final List<DataTable.Row> rows, final String what) {
            final double[] w = new double[rows.size()];
            for (int i = 0; i < w.length; i++) {
                w[i] = positive(rows.get(i), what);
            }
            return w;
        }
    }
}
