package org.scalebench.bench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.scalebench.bench.io.StagedDirectory;
import org.scalebench.bench.train.ScalingValidationReport;
import org.scalebench.training.projection.ScalingEffect;
import org.scalebench.training.validation.CorpusValidation;
import org.scalebench.training.validation.ScalingCorpus;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code scalebench train validate}: the data-parallel step model against the scaling corpus. */
@Command(name = "validate", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Project every row of the scaling corpus (published multi-GPU training throughput, one source"
                + " per row) from its reference row, with three constants per model family fitted on the calibration"
                + " rows; print the fitted constants and the rows they came from, every row beside its projection (or"
                + " why it was not projected), and the errors on the validation rows per family and overall; with"
                + " --out DIR, write DIR/corpus-validation.csv and DIR/fitted-constants.csv."})
public final class TrainValidateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--corpus", paramLabel = "FILE",
            description = "A corpus CSV in the format of scaling-corpus.csv (default: the built-in corpus).")
    Path corpus;

    @Option(names = "--without", paramLabel = "EFFECT[,EFFECT]",
            description = "Parts of the step model to switch off: step-overhead, timeline, loss-scaling, cube-mesh,"
                    + " straggler, input-pipeline, device-speed (a reference row from another system taken as"
                    + " equally fast; default: none).")
    String without = "none";

    @Option(names = "--summary", description = "Print the summary and the fitted constants only, not every row.")
    boolean summaryOnly;

    @Option(names = "--out", paramLabel = "DIR", description = "Write DIR/corpus-validation.csv and"
            + " DIR/fitted-constants.csv.")
    Path out;

    @Override
    public Integer call() throws Exception {
        final Set<ScalingEffect> disabled = TrainOptions.effects("--without", without);
        if (corpus != null) {
            OptionValues.inputFile("--corpus", corpus.toString());
        }
        final ScalingCorpus c = corpus == null ? ScalingCorpus.builtIn() : ScalingCorpus.read(corpus);
        if (out == null) {
            print(CorpusValidation.run(c, disabled));
            return Scalebench.OK;
        }
        try (StagedDirectory staged = OutputPaths.stage(out, "--out",
                List.of(ScalingValidationReport.ROWS_CSV, ScalingValidationReport.FITS_CSV), OutputPaths.producer(spec))) {
            final CorpusValidation.Report report = CorpusValidation.run(c, disabled);
            print(report);
            ScalingValidationReport.writeCsv(staged.staging(), report);
            staged.publish(OutputPaths.marker(spec));
            spec.commandLine().getOut().println(OutputPaths.wrote(staged.directory(),
                    List.of(Path.of(ScalingValidationReport.ROWS_CSV), Path.of(ScalingValidationReport.FITS_CSV))));
        }
        return Scalebench.OK;
    }

    private void print(final CorpusValidation.Report report) {
        final PrintWriter w = spec.commandLine().getOut();
        w.println("scaling corpus: " + ScalingValidationReport.effects(report));
        if (!summaryOnly) {
            w.println();
            w.print(ScalingValidationReport.rows(report).text());
        }
        w.println();
        w.println("fitted constants (calibration rows only):");
        w.print(ScalingValidationReport.fits(report).text());
        w.println();
        w.println("errors on the validation rows:");
        w.print(ScalingValidationReport.summary(report).text());
    }
}
