package org.scalebench.coherence.format;

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
     * @param domains sharer domains (used by {@code cdr-sr})
     * @param sharerMapCaches the homes' Sharer Map Caches (used by {@code cdr-sr})
     * @return the format
     */
    public static DirectoryFormat create(final FormatSpec spec, final int capacity, final SharerDomains domains,
            final MapCacheBank sharerMapCaches) {
        final int cores = domains.cores();
        switch (spec.kind()) {
            case FULL_MAP:
                return new FullMapFormat(capacity, cores);
            case DIR_B:
            case DIR_NB:
                return new LimitedPointerFormat(spec, capacity, cores);
            case COARSE_VECTOR:
                return new CoarseVectorFormat(spec, capacity, cores);
            case CDR_SR:
                return new CdrSharerFormat(capacity, domains, sharerMapCaches);
            default:
                throw new IllegalStateException("unhandled format " + spec);
        }
    }
}
