package org.scalebench.training.collective;

import java.util.Locale;
import org.scalebench.core.data.Named;

/** GPU architectures indexing NCCL's per-architecture bandwidth caps. */
public enum NcclArchitecture implements Named {
    /** Compute capability 7.0 (V100). */
    VOLTA(70),
    /** Compute capability 8.0 (A100). */
    AMPERE(80),
    /** Compute capability 9.0 (H100). */
    HOPPER(90),
    /** Compute capability 10.0 (B200). */
    BLACKWELL(100);

    private final int computeCapability;

    NcclArchitecture(final int computeCapability) {
        this.computeCapability = computeCapability;
    }

    /**
     * The compute capability times ten, as NCCL's {@code minCompCap}.
     *
     * @return e.g. 70 for Volta
     */
    public int computeCapability() {
        return computeCapability;
    }

    /**
     * The architecture's word.
     *
     * @return e.g. {@code volta}
     */
    @Override
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Parses a name ({@code volta}, {@code AMPERE}, ...).
     *
     * @param text the name
     * @return the architecture
     * @throws IllegalArgumentException naming the value and the allowed names
     */
    public static NcclArchitecture parse(final String text) {
        return Named.parse(NcclArchitecture.class, "architecture", text);
    }
}
