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
import org.scalebench.training.data.CsvTable;
import org.scalebench.training.data.DataFileException;
import org.scalebench.training.efficiency.InterpolatedEfficiency;
import org.scalebench.training.efficiency.McCandlishEfficiency;
import org.scalebench.training.efficiency.StatisticalEfficiency;
import org.scalebench.training.parallel.DataflowGraph;
import org.scalebench.training.parallel.DataflowPlacementSpeedup;
import org.scalebench.training.parallel.GivenMpSpeedup;
import org.scalebench.training.parallel.LstmPhase;
import org.scalebench.training.parallel.LstmWavefrontSpeedup;
import org.scalebench.training.parallel.MicrobatchPipelineSpeedup;
import org.scalebench.training.parallel.MpSpeedupModel;

/**
 * Reads model profiles from CSV files with columns {@code parameter,key,value,source}; every row but
 * {@code name} needs a source, and every error names the file and line. The built-in profiles
 * ({@code inception-v3}, {@code gnmt}, {@code biglstm}) are resources under {@code profiles/}; they document
 * every parameter and are the templates for user profiles.
 *
 * <p>Parameters (one row each unless keyed):
 * <ul>
 *   <li>{@code name}, {@code dataset}, optional {@code measured_on} (the device and precision of the step times)
 *   (text); {@code parameters}, {@code dense_gradient_bytes},
 *   {@code samples_per_epoch}, {@code max_batch_per_device}; optional {@code sparse_gradient_bytes_per_sample},
 *   {@code sparse_gradient_bytes_per_step}, {@code sparse_table_bytes};</li>
 *   <li>{@code step_time} keyed by per-device batch, value seconds (at least one row);</li>
 *   <li>{@code epochs_model}: {@code mccandlish} with {@code critical_batch} and either {@code epochs_min} or one
 *   {@code epochs} row (the curve through that point), or {@code points} with {@code epochs} rows keyed by global
 *   batch;</li>
 *   <li>{@code mp_model}: {@code given} with {@code mp_speedup} rows keyed by M; {@code dataflow} with
 *   {@code mp_graph} (a built-in graph name or a CSV path relative to the profile); {@code lstm-wavefront} with
 *   {@code lstm_phase} rows (key phase, value time steps, in execution order), {@code lstm_boundary_bytes} (key
 *   phase), {@code lstm_bidirectional}, {@code lstm_layer} and {@code lstm_head} rows keyed {@code phase/name}
 *   (value weights per time step); or {@code pipeline} with {@code pipeline_layer} rows (key name, value relative
 *   work), {@code pipeline_microbatches} and {@code pipeline_boundary_bytes}.</li>
 * </ul>
 *
 * <p>Stateless; the profiles it returns are immutable.
 */
public final class ModelCatalog {

    private static final String RESOURCE_DIR = "/org/scalebench/training/profiles/";
    private static final List<String> BUILT_IN = List.of("inception-v3", "gnmt", "biglstm");
    private static final Set<String> SINGLE = Set.of("name", "dataset", "measured_on", "parameters", "dense_gradient_bytes",
            "sparse_gradient_bytes_per_sample", "sparse_gradient_bytes_per_step", "sparse_table_bytes",
            "samples_per_epoch", "max_batch_per_device", "epochs_model", "epochs_min", "critical_batch", "mp_model",
            "mp_graph", "pipeline_microbatches", "pipeline_boundary_bytes");
    private static final Set<String> TEXT = Set.of("name", "dataset", "measured_on", "epochs_model", "mp_model", "mp_graph");
    private static final Set<String> KEYED = Set.of("step_time", "epochs", "mp_speedup", "lstm_phase",
            "lstm_boundary_bytes", "lstm_bidirectional", "lstm_layer", "lstm_head", "pipeline_layer");

    private ModelCatalog() {
    }

    /**
     * The built-in profile names.
     *
     * @return {@code [inception-v3, gnmt, biglstm]}
     */
    public static List<String> builtInNames() {
        return BUILT_IN;
    }

    /**
     * A built-in profile.
     *
     * @param name {@code inception-v3}, {@code gnmt} or {@code biglstm}
     * @return the profile
     * @throws IllegalArgumentException naming the value and the built-in names
     */
    public static ModelProfile builtIn(final String name) {
        final String key = name.trim().toLowerCase(Locale.ROOT);
        if (!BUILT_IN.contains(key)) {
            throw new IllegalArgumentException("model = '" + name + "': must be one of " + String.join(", ", BUILT_IN)
                    + " or a CSV file");
        }
        return read(CsvTable.resource(RESOURCE_DIR + key + ".csv"), null);
    }

    /**
     * A built-in profile by name, or a profile file.
     *
     * @param nameOrFile a built-in name or a path
     * @return the profile
     */
    public static ModelProfile resolve(final String nameOrFile) {
        final Path path = Path.of(nameOrFile);
        if (Files.isRegularFile(path)) {
            return load(path);
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
        return read(CsvTable.read(path), path.toAbsolutePath().getParent());
    }

    /**
     * Reads a profile table.
     *
     * @param table the table
     * @param directory where relative file names ({@code mp_graph}) resolve, or null for built-ins only
     * @return the profile
     * @throws DataFileException if the table is malformed
     */
    public static ModelProfile read(final CsvTable table, final Path directory) {
        table.requireColumns("parameter", "key", "value", "source");
        final Map<String, CsvTable.Row> single = new HashMap<>();
        final Map<String, List<CsvTable.Row>> keyed = new HashMap<>();
        final Map<String, String> sources = new LinkedHashMap<>();
        for (final CsvTable.Row row : table.rows()) {
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
                final List<CsvTable.Row> rows = keyed.computeIfAbsent(parameter, k -> new ArrayList<>());
                for (final CsvTable.Row other : rows) {
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
            return new ModelProfile(name, r.text("dataset"), r.optionalText("measured_on", "unspecified"),
                    r.count("parameters", 1), r.count("dense_gradient_bytes", 0),
                    r.optionalNumber("sparse_gradient_bytes_per_sample"), r.optionalNumber("sparse_gradient_bytes_per_step"),
                    r.optionalNumber("sparse_table_bytes"), r.count("samples_per_epoch", 1),
                    (int) Math.min(Integer.MAX_VALUE, r.count("max_batch_per_device", 1)), r.stepTime(),
                    r.efficiency(), r.mpModel(directory), sources);
        } catch (final DataFileException e) {
            throw e;
        } catch (final IllegalArgumentException e) {
            throw new DataFileException(table.file(), 0, "profile '" + name + "': " + e.getMessage());
        }
    }

    /** Typed access to the parsed rows, with located errors. */
    private static final class Reader {
        private final String file;
        private final Map<String, CsvTable.Row> single;
        private final Map<String, List<CsvTable.Row>> keyed;

        Reader(final String file, final Map<String, CsvTable.Row> single, final Map<String, List<CsvTable.Row>> keyed) {
            this.file = file;
            this.single = single;
            this.keyed = keyed;
        }

        CsvTable.Row need(final String parameter) {
            final CsvTable.Row row = single.get(parameter);
            if (row == null) {
                throw new DataFileException(file, 0, "missing parameter '" + parameter + "'");
            }
            return row;
        }

        String text(final String parameter) {
            return need(parameter).require("value");
        }

        String optionalText(final String parameter, final String otherwise) {
            final CsvTable.Row row = single.get(parameter);
            return row == null ? otherwise : row.require("value");
        }

        long count(final String parameter, final long min) {
            final CsvTable.Row row = need(parameter);
            final double v = row.number("value");
            if (v != Math.rint(v) || v < min || v > 9.0e15) {
                throw row.error(parameter + " = " + row.get("value") + ": must be an integer, at least " + min);
            }
            return (long) v;
        }

        double optionalNumber(final String parameter) {
            final CsvTable.Row row = single.get(parameter);
            if (row == null) {
                return 0.0;
            }
            final double v = row.number("value");
            if (!(v >= 0)) {
                throw row.error(parameter + " = " + row.get("value") + ": must be at least 0");
            }
            return v;
        }

        double positive(final CsvTable.Row row, final String what) {
            final double v = row.number("value");
            if (!(v > 0)) {
                throw row.error(what + " = " + row.get("value") + ": must be positive");
            }
            return v;
        }

        double positiveKey(final CsvTable.Row row, final String what) {
            final String key = row.get("key");
            try {
                final double v = org.scalebench.training.data.DataValues.parseDouble(key);
                if (v > 0) {
                    return v;
                }
            } catch (final NumberFormatException e) {
                // reported below
            }
            throw row.error(what + " key = '" + key + "': must be a positive number");
        }

        List<CsvTable.Row> rows(final String parameter) {
            return keyed.getOrDefault(parameter, List.of());
        }

        List<CsvTable.Row> sortedByKey(final String parameter, final String what) {
            final List<CsvTable.Row> rows = new ArrayList<>(rows(parameter));
            rows.sort((a, b) -> Double.compare(positiveKey(a, what), positiveKey(b, what)));
            return rows;
        }

        StepTimeCurve stepTime() {
            final List<CsvTable.Row> rows = sortedByKey("step_time", "step_time batch");
            if (rows.isEmpty()) {
                throw new DataFileException(file, 0, "missing parameter 'step_time': needs at least one row keyed by"
                        + " per-device batch");
            }
            final double[] b = new double[rows.size()];
            final double[] t = new double[rows.size()];
            for (int i = 0; i < b.length; i++) {
                b[i] = positiveKey(rows.get(i), "step_time batch");
                t[i] = positive(rows.get(i), "step_time");
                if (i > 0 && t[i] < t[i - 1]) {
                    throw rows.get(i).error("step_time = " + t[i] + " s at batch " + b[i] + " is below " + t[i - 1]
                            + " s at batch " + b[i - 1] + ": step time must not decrease with batch");
                }
            }
            return new StepTimeCurve(b, t);
        }

        StatisticalEfficiency efficiency() {
            final CsvTable.Row modelRow = need("epochs_model");
            final String model = modelRow.require("value").toLowerCase(Locale.ROOT);
            final List<CsvTable.Row> points = sortedByKey("epochs", "epochs global batch");
            switch (model) {
                case "mccandlish": {
                    final double critical = positive(need("critical_batch"), "critical_batch");
                    final CsvTable.Row minRow = single.get("epochs_min");
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
                    return new InterpolatedEfficiency(b, e);
                }
                default:
                    throw modelRow.error("epochs_model = '" + model + "': must be mccandlish or points");
            }
        }

        MpSpeedupModel mpModel(final Path directory) {
            final CsvTable.Row modelRow = need("mp_model");
            final String model = modelRow.require("value").toLowerCase(Locale.ROOT);
            switch (model) {
                case "given": {
                    final List<CsvTable.Row> rows = sortedByKey("mp_speedup", "mp_speedup degree");
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
                    final CsvTable.Row graphRow = need("mp_graph");
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
                    final List<CsvTable.Row> rows = rows("pipeline_layer");
                    if (rows.isEmpty()) {
                        throw modelRow.error("mp_model = pipeline: needs pipeline_layer rows");
                    }
                    final double[] w = new double[rows.size()];
                    for (int i = 0; i < w.length; i++) {
                        w[i] = positive(rows.get(i), "pipeline_layer");
                    }
                    final long k = count("pipeline_microbatches", 1);
                    final CsvTable.Row bytes = single.get("pipeline_boundary_bytes");
                    return new MicrobatchPipelineSpeedup(w, (int) Math.min(k, 1 << 20),
                            bytes == null ? 0.0 : optionalNumber("pipeline_boundary_bytes"));
                }
                default:
                    throw modelRow.error("mp_model = '" + model + "': must be given, dataflow, lstm-wavefront or"
                            + " pipeline");
            }
        }

        private MpSpeedupModel wavefront(final CsvTable.Row modelRow) {
            final List<CsvTable.Row> phaseRows = rows("lstm_phase");
            if (phaseRows.isEmpty()) {
                throw modelRow.error("mp_model = lstm-wavefront: needs lstm_phase rows (key phase, value time steps)");
            }
            final List<LstmPhase> phases = new ArrayList<>();
            for (final CsvTable.Row phaseRow : phaseRows) {
                final String phase = phaseRow.get("key");
                final double steps = positive(phaseRow, "lstm_phase " + phase + " time steps");
                double boundary = 0;
                for (final CsvTable.Row row : rows("lstm_boundary_bytes")) {
                    if (row.get("key").equals(phase)) {
                        boundary = positive(row, "lstm_boundary_bytes");
                    }
                }
                double bidirectional = 0;
                for (final CsvTable.Row row : rowsOfPhase("lstm_bidirectional", phase)) {
                    if (bidirectional > 0) {
                        throw row.error("phase '" + phase + "' has two lstm_bidirectional rows: at most one");
                    }
                    bidirectional = positive(row, "lstm_bidirectional");
                }
                final double[] layers = weights(rowsOfPhase("lstm_layer", phase), "lstm_layer");
                if (layers.length == 0) {
                    throw phaseRow.error("phase '" + phase + "' has no lstm_layer rows keyed '" + phase + "/NAME'");
                }
                phases.add(new LstmPhase(phase, steps, boundary, bidirectional, layers,
                        weights(rowsOfPhase("lstm_head", phase), "lstm_head")));
            }
            for (final String p : List.of("lstm_boundary_bytes", "lstm_bidirectional", "lstm_layer", "lstm_head")) {
                for (final CsvTable.Row row : rows(p)) {
                    final String phase = row.get("key").split("/", 2)[0];
                    if (phaseRows.stream().noneMatch(pr -> pr.get("key").equals(phase))) {
                        throw row.error(p + " key '" + row.get("key") + "': phase '" + phase
                                + "' has no lstm_phase row");
                    }
                }
            }
            return new LstmWavefrontSpeedup(phases);
        }

        private List<CsvTable.Row> rowsOfPhase(final String parameter, final String phase) {
            final List<CsvTable.Row> out = new ArrayList<>();
            for (final CsvTable.Row row : rows(parameter)) {
                if (row.get("key").startsWith(phase + "/")) {
                    out.add(row);
                }
            }
            return out;
        }

        private double[] weights(final List<CsvTable.Row> rows, final String what) {
            final double[] w = new double[rows.size()];
            for (int i = 0; i < w.length; i++) {
                w[i] = positive(rows.get(i), what);
            }
            return w;
        }
    }
}
