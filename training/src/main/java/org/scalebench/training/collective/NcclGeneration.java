package org.scalebench.training.collective;

import java.util.List;
import org.scalebench.core.data.Named;

/**
 * Which NCCL's constants and refinements the tuning model reproduces.
 */
public enum NcclGeneration implements Named {
    /** NCCL 2.5.6 (November 2019, contemporary with the DGX-1 / V100 paper). */
    V2019("2019", "NCCL 2.5.6", "2.5.6", "v2019"),
    /** NCCL HEAD (2.30-dev), with per-architecture bandwidth caps (Volta to Blackwell). */
    CURRENT("current", "NCCL HEAD (2.30-dev)", "head");

    private final String key;
    private final String description;
    private final List<String> aliases;

    NcclGeneration(final String key, final String description, final String... aliases) {
        this.key = key;
        this.description = description;
        this.aliases = List.of(aliases);
    }

    /**
     * The key used in data files and on the command line ({@code 2019} or {@code current}).
     *
     * @return the key
     */
    @Override
    public String id() {
        return key;
    }

    @Override
    public List<String> aliases() {
        return aliases;
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
        return Named.parse(NcclGeneration.class, "NCCL generation", text);
    }
}
