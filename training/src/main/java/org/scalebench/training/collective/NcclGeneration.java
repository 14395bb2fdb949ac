package org.scalebench.training.collective;

import java.util.Locale;

/**
 * Which NCCL's constants and refinements the tuning model reproduces.
 */
public enum NcclGeneration {
    /** NCCL 2.5.6 (November 2019, contemporary with the DGX-1 / V100 paper). */
    V2019("2019", "NCCL 2.5.6"),
    /** NCCL HEAD (2.30-dev), with per-architecture bandwidth caps (Volta to Blackwell). */
    CURRENT("current", "NCCL HEAD (2.30-dev)");

    private final String key;
    private final String description;

    NcclGeneration(final String key, final String description) {
        this.key = key;
        this.description = description;
    }

    /**
     * The key used in data files and on the command line ({@code 2019} or {@code current}).
     *
     * @return the key
     */
    public String key() {
        return key;
    }

    /**
     * A human-readable description, e.g. {@code NCCL 2.5.6}.
     *
     * @return the description
     */
    public String description() {
        return description;
    }

    /**
     * Parses a key ({@code 2019}, {@code 2.5.6}, {@code current}, {@code head}).
     *
     * @param text the key
     * @return the generation
     * @throws IllegalArgumentException naming the value and the allowed keys
     */
    public static NcclGeneration parse(final String text) {
        final String t = text.trim().toLowerCase(Locale.ROOT);
        switch (t) {
            case "2019":
            case "2.5.6":
            case "v2019":
                return V2019;
            case "current":
            case "head":
                return CURRENT;
            default:
                throw new IllegalArgumentException("NCCL generation = '" + text + "': must be 2019 or current");
        }
    }
}
