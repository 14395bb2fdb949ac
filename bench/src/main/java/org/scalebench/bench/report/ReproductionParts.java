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
        return List.of();
    }

    /**
     * The parts the issues ask for that do not exist yet.
     *
     * @return one description per missing part
     */
    public static List<String> notBuilt() {
        return List.of(
                "CDR storage figure (directory bits per entry and in total, 16 to 1,048,576 cores)",
                "CDR chip1024 comparison (global coherence vs Sharer, Home and both restrictions) and a small wsc1m run",
                "hybrid data + model parallel training projection (Inception-V3, GNMT, BigLSTM)");
    }
}
