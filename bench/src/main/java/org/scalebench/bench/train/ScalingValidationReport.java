package org.scalebench.bench.train;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.scalebench.bench.io.CsvFiles;
import org.scalebench.bench.io.Table;
import org.scalebench.training.projection.ScalingEffect;
import org.scalebench.training.validation.CorpusValidation;

/**
 * The tables and files of a scaling-corpus validation ({@link CorpusValidation}): the fitted constants with the
 * calibration rows behind them, every row beside its projection (or why it was not projected), and the errors on the
 * validation rows per family and overall against the targets. Used by {@code train validate} and by the
 * {@code reproduce} part.
 *
 * <p>Stateless; allocates.
 */
public final class ScalingValidationReport {

    /** The per-row CSV file. */
    public static final String ROWS_CSV = "corpus-validation.csv";
    /** The fitted-constants CSV file. */
    public static final String FITS_CSV = "fitted-constants.csv";

    private ScalingValidationReport() {
    }

    /**
     * The fitted constants, one row per family.
     *
     * @param r the report
     * @return the table
     */
    public static Table fits(final CorpusValidation.Report r) {
        final Table t = new Table("family", "F (ms)", "sync overhead (ms)", "straggler cv", "calibration MAE",
                "fitted on (calibration rows)").rightAlign(1, 2, 3, 4);
        for (final CorpusValidation.Fit f : r.fits()) {
            t.row(f.family(), bounded(ms(f.constants().fixedSeconds()), f.constants().fixedSeconds(),
                    CorpusValidation.FIXED_BOUND), bounded(ms(f.constants().syncOverheadSeconds()),
                    f.constants().syncOverheadSeconds(), CorpusValidation.SYNC_BOUND),
                    bounded(String.format(Locale.ROOT, "%.4f", f.constants().stragglerCv()),
                            f.constants().stragglerCv(), CorpusValidation.CV_BOUND), pct(f.calibrationMeanAbsError()),
                    f.rows().isEmpty() ? "none" : f.rows().size() + ": " + String.join(" ", f.rows()));
        }
        return t;
    }

    /**
     * Every compared row beside its projection.
     *
     * @param r the report
     * @return the table
     */
    public static Table rows(final CorpusValidation.Report r) {
        final Table t = new Table("row", "split", "cluster", "GPUs", "batch x acc", "measured / GPU", "projected / GPU",
                "error", "note").rightAlign(3, 4, 5, 6, 7);
        for (final CorpusValidation.RowResult x : r.rows()) {
            if (!x.row().compared()) {
                continue;
            }
            t.row(x.row().id(), x.row().split(), x.row().cluster(), Integer.toString(x.row().gpus()),
                    number(x.row().batch()) + (x.row().accumulation() == 0 ? " x ?"
                            : x.row().accumulation() > 1 ? " x " + x.row().accumulation() : ""),
                    number(x.measuredPerGpu()) + " " + x.row().unit(),
                    x.projected() ? number(x.projectedPerGpu()) : "-",
                    x.projected() ? String.format(Locale.ROOT, "%+.1f%%", 100 * x.error()) : "-",
                    x.projected() ? "" : "not projected: " + x.notProjected());
        }
        return t;
    }

    /**
     * The errors on the validation rows, per family and overall.
     *
     * @param r the report
     * @return the table
     */
    public static Table summary(final CorpusValidation.Report r) {
        final Table t = new Table("family", "validation rows", "projected", "mean abs error", "max abs error",
                "mean error", "target (MAE <= 10%, max <= 25%)").rightAlign(1, 2, 3, 4, 5);
        final List<CorpusValidation.Summary> all = new ArrayList<>(r.families());
        all.add(r.overall());
        for (final CorpusValidation.Summary s : all) {
            t.row(s.family(), Integer.toString(s.rows()), Integer.toString(s.projected()), pct(s.meanAbsError()),
                    pct(s.maxAbsError()), s.projected() == 0 ? "-" : String.format(Locale.ROOT, "%+.1f%%",
                            100 * s.meanError()), s.meetsTarget() ? "met" : "missed");
        }
        return t;
    }

    /**
     * One line naming the effects switched off.
     *
     * @param r the report
     * @return e.g. {@code every effect on}
     */
    public static String effects(final CorpusValidation.Report r) {
        if (r.disabled().isEmpty()) {
            return "every effect on";
        }
        return "switched off: " + String.join(", ", r.disabled().stream().sorted().map(ScalingEffect::id).toList());
    }

    /**
     * The report as Markdown (fitted constants, summary, rows).
     *
     * @param r the report
     * @return Markdown
     */
    public static String markdown(final CorpusValidation.Report r) {
        final int notProjected = (int) r.rows().stream().filter(x -> x.row().compared() && !x.projected()).count();
        final int compared = (int) r.rows().stream().filter(x -> x.row().compared()).count();
        return "Data-parallel throughput per GPU, projected from each row's reference row, against " + compared
                + " published multi-GPU measurements (" + notProjected + " not projected, with the reason); "
                + effects(r) + ". Constants fitted on calibration rows only; errors on validation rows only.\n\n"
                + summary(r).markdown() + "\nFitted constants:\n\n" + fits(r).markdown() + "\nEvery row:\n\n"
                + rows(r).markdown();
    }

    /**
     * Writes {@value #ROWS_CSV} and {@value #FITS_CSV} into a directory, each atomically.
     *
     * @param dir the directory
     * @param r the report
     * @return the two files
     * @throws IOException if writing fails
     */
    public static List<Path> writeCsv(final Path dir, final CorpusValidation.Report r) throws IOException {
        final List<List<String>> rows = new ArrayList<>();
        for (final CorpusValidation.RowResult x : r.rows()) {
            rows.add(List.of(x.row().id(), x.row().family(), x.row().model(), x.row().precision(), x.row().cluster(),
                    Integer.toString(x.row().gpus()), number(x.row().batch()),
                    x.row().accumulation() == 0 ? "" : Integer.toString(x.row().accumulation()), x.row().split(),
                    x.row().reference(), Double.toString(x.measuredPerGpu()),
                    x.projected() ? Double.toString(x.projectedPerGpu()) : "",
                    x.projected() ? Double.toString(x.error()) : "", x.projected() ? "" : x.notProjected(),
                    x.row().source()));
        }
        final Path rowsFile = dir.resolve(ROWS_CSV);
        CsvFiles.write(rowsFile, List.of("row", "family", "model", "precision", "cluster", "gpus", "batch",
                "accumulation", "split", "reference", "measured_per_gpu", "projected_per_gpu", "error", "not_projected",
                "source"), rows);
        final List<List<String>> fits = new ArrayList<>();
        for (final CorpusValidation.Fit f : r.fits()) {
            fits.add(List.of(f.family(), Double.toString(f.constants().fixedSeconds()),
                    Double.toString(f.constants().syncOverheadSeconds()), Double.toString(f.constants().stragglerCv()),
                    String.join(" ", f.rows()), effects(r), atBound(f.constants())));
        }
        final Path fitsFile = dir.resolve(FITS_CSV);
        CsvFiles.write(fitsFile, List.of("family", "fixed_s", "sync_overhead_s", "straggler_cv", "calibration_rows",
                "effects", "at_bound"), fits);
        return List.of(rowsFile, fitsFile);
    }

    /** The columns of {@value #FITS_CSV} whose fitted value is its search's upper bound, space-separated. */
    private static String atBound(final CorpusValidation.Constants c) {
        final List<String> names = new ArrayList<>();
        if (isAtBound(c.fixedSeconds(), CorpusValidation.FIXED_BOUND)) {
            names.add("fixed_s");
        }
        if (isAtBound(c.syncOverheadSeconds(), CorpusValidation.SYNC_BOUND)) {
            names.add("sync_overhead_s");
        }
        if (isAtBound(c.stragglerCv(), CorpusValidation.CV_BOUND)) {
            names.add("straggler_cv");
        }
        return String.join(" ", names);
    }

    private static boolean isAtBound(final double value, final double bound) {
        return value >= bound * (1 - 1e-6);
    }

    /**
     * A fitted value, marked when the search stopped at its upper bound: the fit would have gone further, so the
     * value is the bound's, not the data's.
     */
    private static String bounded(final String cell, final double value, final double bound) {
        return isAtBound(value, bound) ? cell + " (at its bound)" : cell;
    }

    private static String ms(final double seconds) {
        return String.format(Locale.ROOT, "%.2f", 1000 * seconds);
    }

    private static String pct(final double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f%%", 100 * v);
    }

    private static String number(final double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v)
                : String.format(Locale.ROOT, "%.1f", v);
    }
}
