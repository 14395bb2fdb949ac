package org.scalebench.bench.train;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.scalebench.core.Progress;
import org.scalebench.bench.report.Claim;
import org.scalebench.bench.report.PartResult;
import org.scalebench.bench.report.ReproductionPart;
import org.scalebench.training.llm.LlmValidation;

/**
 * The 3D-parallel transformer part of {@code scalebench reproduce}: {@link LlmReproduction} (closed-form and
 * deterministic: quick and full runs are the same, the seed is unused). Its claims are the published Megatron-LM
 * numbers beside the projections.
 */
public final class LlmPart implements ReproductionPart {

    @Override
    public String name() {
        return "3D-parallel transformer training (Megatron-LM)";
    }

    @Override
    public PartResult run(final Path dir, final boolean quick, final long seed, final int jobs,
            final Progress progress) throws IOException {
        final LlmReproduction.Result r = new LlmReproduction().run(dir, new PrintWriter(Writer.nullWriter()));
        progress.update(1, 1);
        final List<Claim> claims = r.validation().stream().filter(LlmValidation.Row::validation).map(LlmPart::claim)
                .toList();
        return new PartResult(r.markdown(), claims, r.files().stream().map(f -> dir.relativize(f).toString()).toList());
    }

    private static Claim claim(final LlmValidation.Row v) {
        return new Claim(v.id() + " (" + v.metric() + ")", String.format(Locale.ROOT, "%.4g", v.published()),
                String.format(Locale.ROOT, "%.4g", v.projected()), String.format(Locale.ROOT, "%+.1f%%",
                        100 * v.error()));
    }
}
