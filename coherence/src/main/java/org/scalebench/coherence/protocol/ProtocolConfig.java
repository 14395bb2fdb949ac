package org.scalebench.coherence.protocol;

import org.scalebench.coherence.domain.MapCacheReplacement;
import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.home.HomeMapping;
import org.scalebench.coherence.memory.MemoryConfig;
import org.scalebench.coherence.network.Interconnect;
import org.scalebench.core.Bits;
import org.scalebench.core.ReplacementPolicy;

/**
 * Everything {@link MesiProtocol} is sized and timed from. Validated on construction; every violation
 * names the parameter, its value and what is allowed.
 *
 * @param cores cores, each with a private cache, at least 2
 * @param network the interconnect; its nodes are the cores
 * @param homeNodes the node of each home slice (its length is the number of homes)
 * @param privateSetsPerCore sets of each private cache, a power of two
 * @param privateWays ways of each private cache, in [1, 64]
 * @param privatePolicy replacement of the private caches
 * @param privateHitCycles latency of a private-cache hit
 * @param directorySetsPerHome sets of each home's sparse directory, a power of two
 * @param directoryWays ways of the sparse directory, in [1, 64]
 * @param directoryPolicy replacement of the sparse directory
 * @param directoryCycles latency of a directory access at the home
 * @param homeDataCycles latency of reading a line's data at its home (the shared cache slice)
 * @param mapCacheEntries entries of each Sharer Map Cache and Home Map Cache, in [1, 64]
 * @param mapMissCycles latency of a map-table fetch from memory on a map-cache miss
 * @param format the directory format
 * @param homeMapping where lines' homes are
 * @param sharerDomainCount sharer domains (SDIDs)
 * @param homeDomainCount home domains (HDIDs)
 * @param memory the shared-cache slices, DRAM, controllers and queues behind the homes
 * @param broadcastExit when a broadcast-state entry returns to exact tracking
 * @param mapCacheReplacement replacement of the Sharer and Home Map Caches
 * @param invalidations how invalidation rounds travel: a multicast tree or one message per target
 * @param linkContention whether the network's links are modelled as queues (with contention on in {@code memory})
 */
public record ProtocolConfig(int cores, Interconnect network, int[] homeNodes, int privateSetsPerCore,
        int privateWays, ReplacementPolicy privatePolicy, int privateHitCycles, int directorySetsPerHome,
        int directoryWays, ReplacementPolicy directoryPolicy, int directoryCycles, int homeDataCycles,
        int mapCacheEntries, int mapMissCycles, FormatSpec format, HomeMapping homeMapping,
        int sharerDomainCount, int homeDomainCount, MemoryConfig memory,
        BroadcastExit broadcastExit, MapCacheReplacement mapCacheReplacement, InvalidationDelivery invalidations,
        boolean linkContention) {

    /**
     * The configuration without memory behind the homes ({@link MemoryConfig#ideal}: every line served by
     * its home in {@code homeDataCycles}, no contention), with OpenPiton's sticky broadcast state and LRU map
     * caches.
     *
     * @param cores cores
     * @param network the interconnect
     * @param homeNodes home slice nodes
     * @param privateSetsPerCore private sets per core
     * @param privateWays private ways
     * @param privatePolicy private replacement
     * @param privateHitCycles private hit latency
     * @param directorySetsPerHome directory sets per home
     * @param directoryWays directory ways
     * @param directoryPolicy directory replacement
     * @param directoryCycles directory latency
     * @param homeDataCycles data latency at the home
     * @param mapCacheEntries map-cache entries
     * @param mapMissCycles map-table fetch latency
     * @param format the directory format
     * @param homeMapping the home mapping
     * @param sharerDomainCount sharer domains
     * @param homeDomainCount home domains
     */
    public ProtocolConfig(final int cores, final Interconnect network, final int[] homeNodes,
            final int privateSetsPerCore, final int privateWays, final ReplacementPolicy privatePolicy,
            final int privateHitCycles, final int directorySetsPerHome, final int directoryWays,
            final ReplacementPolicy directoryPolicy, final int directoryCycles, final int homeDataCycles,
            final int mapCacheEntries, final int mapMissCycles, final FormatSpec format, final HomeMapping homeMapping,
            final int sharerDomainCount, final int homeDomainCount) {
        this(cores, network, homeNodes, privateSetsPerCore, privateWays, privatePolicy, privateHitCycles,
                directorySetsPerHome, directoryWays, directoryPolicy, directoryCycles, homeDataCycles, mapCacheEntries,
                mapMissCycles, format, homeMapping, sharerDomainCount, homeDomainCount,
                MemoryConfig.ideal(homeDataCycles), BroadcastExit.STICKY, MapCacheReplacement.LRU,
                InvalidationDelivery.TREE, false);
    }

    /** Validates every parameter. */
    public ProtocolConfig {
        if (cores < 2) {
            throw new IllegalArgumentException("cores = " + cores + ": must be at least 2");
        }
        if (network == null || network.nodes() != cores) {
            throw new IllegalArgumentException("network nodes = " + (network == null ? "none" : network.nodes())
                    + ": must equal cores = " + cores);
        }
        if (homeNodes == null || homeNodes.length < 1) {
            throw new IllegalArgumentException("homes = 0: must be at least 1");
        }
        for (int h = 0; h < homeNodes.length; h++) {
            if (homeNodes[h] < 0 || homeNodes[h] >= cores) {
                throw new IllegalArgumentException("node of home " + h + " = " + homeNodes[h] + ": must be in [0, "
                        + cores + ")");
            }
        }
        checkPowerOfTwo("private sets per core", privateSetsPerCore);
        checkRange("private ways", privateWays, 1, 64);
        checkPowerOfTwo("directory sets per home", directorySetsPerHome);
        checkRange("directory ways", directoryWays, 1, 64);
        if ((long) cores * privateSetsPerCore * privateWays > Bits.MAX_ARRAY_LENGTH) {
            throw new IllegalArgumentException("cores = " + cores + " x private lines = "
                    + privateSetsPerCore * privateWays + ": more private cache slots than one array holds");
        }
        if ((long) homeNodes.length * directorySetsPerHome * directoryWays > Bits.MAX_ARRAY_LENGTH) {
            throw new IllegalArgumentException("homes = " + homeNodes.length + " x directory entries = "
                    + directorySetsPerHome * directoryWays + ": more directory entries than one array holds");
        }
        checkRange("private hit cycles", privateHitCycles, 0, Integer.MAX_VALUE);
        checkRange("directory cycles", directoryCycles, 0, Integer.MAX_VALUE);
        checkRange("home data cycles", homeDataCycles, 0, Integer.MAX_VALUE);
        checkRange("map cache entries", mapCacheEntries, 1, 64);
        checkRange("map miss cycles", mapMissCycles, 0, Integer.MAX_VALUE);
        checkRange("sharer domains", sharerDomainCount, 1, 1 << 24);
        checkRange("home domains", homeDomainCount, 1, 1 << 24);
        if (format == null || homeMapping == null || privatePolicy == null || directoryPolicy == null) {
            throw new IllegalArgumentException("format, home mapping and replacement policies must be given");
        }
        if (memory == null || broadcastExit == null || mapCacheReplacement == null || invalidations == null) {
            throw new IllegalArgumentException("memory configuration, B-state policy, map-cache replacement and"
                    + " invalidation delivery must be given");
        }
    }

    /**
     * Number of home slices.
     *
     * @return homes
     */
    public int homes() {
        return homeNodes.length;
    }

    private static void checkPowerOfTwo(final String name, final int value) {
        if (value < 1 || Integer.bitCount(value) != 1) {
            throw new IllegalArgumentException(name + " = " + value + ": must be a power of two");
        }
    }

    private static void checkRange(final String name, final long value, final long min, final long max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(name + " = " + value + ": must be in [" + min + ", " + max + "]");
        }
    }
}
