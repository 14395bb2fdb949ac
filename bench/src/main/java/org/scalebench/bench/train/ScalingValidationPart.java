package org.scalebench.bench.train;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.scalebench.core.Progress;
import org.scalebench.bench.report.Claim;
import org.scalebench.bench.report.PartResult;
import org.scalebench.bench.report.ReproductionPart;
import org.scalebench.training.validation.CorpusValidation;
import org.scalebench.training.validation.ScalingCorpus;

/**
 * The scaling-corpus part of {@code scalebench reproduce}: {@link CorpusValidation} on the built-in corpus with every
 * effect on, its tables in the report and its CSV files beside it (deterministic: quick and full runs are the same
 * and the seed is unused).
 */
public final class ScalingValidationPart implements ReproductionPart {

    @Override
    public String name() {
        return "Training projection against published multi-GPU throughput (scaling corpus)";
    }

    @Override
    public PartResult run(final Path dir, final boolean quick, final long seed, final int jobs,
            final Progress progress) throws IOException {
        final CorpusValidation.Report r = CorpusValidation.run(ScalingCorpus.builtIn(), Set.of());
        final List<Path> files = ScalingValidationReport.writeCsv(dir, r);
        progress.update(1, 1);
        final List<Claim> claims = new ArrayList<>();
        for (final CorpusValidation.Summary s : r.families()) {
            claims.add(claim("validation error, " + s.family(), s));
        }
        claims.add(claim("validation error, all families", r.overall()));
        final List<String> written = new ArrayList<>();
        for (final Path f : files) {
            written.add(dir.relativize(f).toString());
        }
        return new PartResult(ScalingValidationReport.markdown(r), claims, written);
    }

    private static Claim claim(final String what, final CorpusValidation.Summary s) {
        return new Claim(what, String.format(Locale.ROOT, "mean |error| <= %.0f%%, none above %.0f%%",
                100 * CorpusValidation.TARGET_MEAN, 100 * CorpusValidation.TARGET_MAX),
                String.format(Locale.ROOT, "%.1f%% mean, %.1f%% max (%d of %d rows projected)", 100 * s.meanAbsError(),
                        100 * s.maxAbsError(), s.projected(), s.rows()),
                s.meetsTarget() ? "met" : "missed");
    }
}
