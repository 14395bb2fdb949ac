package org.scalebench.bench.train;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.scalebench.core.Progress;
import org.scalebench.bench.report.Claim;
import org.scalebench.bench.report.PartResult;
import org.scalebench.bench.report.ReproductionPart;

/**
 * The hybrid-training part of {@code scalebench reproduce}: {@link TrainingReproduction} on DGX-1 (the
 * projection is closed-form and deterministic, so quick and full runs are the same and the seed is unused).
 */
public final class TrainingPart implements ReproductionPart {

    @Override
    public String name() {
        return "Hybrid data + model parallel training (IEEE Micro 2019)";
    }

    @Override
    public PartResult run(final Path dir, final boolean quick, final long seed, final int jobs,
            final Progress progress) throws IOException {
        final TrainingReproduction.Result r = new TrainingReproduction().run(dir, new PrintWriter(Writer.nullWriter()));
        progress.update(1, 1);
        final List<Claim> claims = new ArrayList<>();
        for (final TrainingReproduction.ModelOutcome o : r.outcomes()) {
            claims.add(new Claim("hybrid speedup over the best data-parallel run at scale, " + o.model(),
                    String.format(Locale.ROOT, ">= %.1f%%", o.claimPercent()),
                    String.format(Locale.ROOT, "%+.1f%% (crossover N = %s)", o.projectedPercent(),
                            o.crossoverDevices() < 0 ? "none" : Integer.toString(o.crossoverDevices())),
                    String.format(Locale.ROOT, "%+.1f points", o.gapPoints())));
        }
        final String markdown = "### Speedup over one GPU\n\n![speedup](speedup.png)\n\n" + r.claimsMarkdown()
                + "\n\n### Break-even\n\n" + r.breakEvenMarkdown() + "\n\n### Sensitivity\n\n" + r.sensitivityMarkdown() + "\n\n### Validation\n\n"
                + r.validationMarkdown() + "\n";
        return new PartResult(markdown, claims, List.of(dir.relativize(r.csv()).toString(),
                dir.relativize(r.png()).toString(), dir.relativize(r.markdown()).toString()));
    }
}
