package org.scalebench.coherence.format;

import org.scalebench.coherence.domain.MapCacheBank;
import org.scalebench.coherence.domain.SharerDomains;

/**
 * Builds the directory format of a protocol, once, at its construction. {@link DirectoryFormats#create} is the
 * standard one; another simulator (or a test planting a deliberately broken format) passes its own.
 */
@FunctionalInterface
public interface DirectoryFormatFactory {

    /**
     * Creates the format.
     *
     * @param spec the format named in the configuration
     * @param capacity directory entries
     * @param domains the sharer domains and their map table
     * @param sharerMapCaches the homes' Sharer Map Caches
     * @return the format
     */
    DirectoryFormat create(FormatSpec spec, int capacity, SharerDomains domains, MapCacheBank sharerMapCaches);
}
