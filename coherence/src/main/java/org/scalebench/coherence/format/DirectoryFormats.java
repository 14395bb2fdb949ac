package org.scalebench.coherence.format;

import java.util.Objects;
import org.scalebench.coherence.domain.MapCacheBank;
import org.scalebench.coherence.domain.SharerDomains;

/** Builds the format a {@link FormatSpec} names. */
public final class DirectoryFormats {

    private DirectoryFormats() {
    }

    /**
     * Creates a format.
     *
     * @param spec the format
     * @param capacity directory entries
     * @param domains sharer domains, required for every format: all take the machine's core count from it,
     *     {@code cdr-sr} also its domains
     * @param sharerMapCaches the homes' Sharer Map Caches (required by {@code cdr-sr}, unused by the others)
     * @return the format
     * @throws NullPointerException if {@code spec} or {@code domains} is null, or {@code sharerMapCaches} is null
     *     for {@code cdr-sr}
     */
    public static DirectoryFormat create(final FormatSpec spec, final int capacity, final SharerDomains domains,
            final MapCacheBank sharerMapCaches) {
        final int cores = Objects.requireNonNull(domains, "domains").cores();
        switch (spec.kind()) {
            case FULL_MAP:
                return new FullMapFormat(capacity, cores);
            case DIR_B:
            case DIR_NB:
                return new LimitedPointerFormat(spec, capacity, cores);
            case COARSE_VECTOR:
                return new CoarseVectorFormat(spec, capacity, cores);
            case HIER:
                return new HierarchicalFormat(capacity, cores);
            case CDR_SR:
                return new CdrSharerFormat(capacity, domains,
                        Objects.requireNonNull(sharerMapCaches, "sharerMapCaches (cdr-sr)"));
            default:
                throw new IllegalStateException("unhandled format " + spec);
        }
    }
}
