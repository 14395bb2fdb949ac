package org.scalebench.bench.report;

import java.util.List;

/**
 * The registry of reproduction parts. When a part is built, add it to {@link #built()} and remove its entry
 * from {@link #notBuilt()}; the report lists whatever is still not built.
 */
public final class ReproductionParts {

    private ReproductionParts() {
    }

    /**
     * The parts {@code reproduce} runs, in report order.
     *
     * @return the parts
     */
    public static List<ReproductionPart> built() {
        return List.of(new org.scalebench.bench.coherence.CdrReproduction(),
                new org.scalebench.bench.train.TrainingPart(), new org.scalebench.bench.train.LlmPart());
    }

    /**
     * The parts the issues ask for that do not exist yet.
     *
     * @return one description per missing part
     */
    public static List<String> notBuilt() {
        return List.of();
    }
}
