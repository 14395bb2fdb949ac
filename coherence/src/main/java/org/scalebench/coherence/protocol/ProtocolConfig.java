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
 * names the parameter, its value and what is allowed. Built by name with {@link #builder()} (or
 * {@link #toBuilder()} to change some parameters of a machine's configuration), never by position.
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


    /**
     * A builder with no parameter set but the defaults: memory {@link MemoryConfig#ideal} at {@code homeDataCycles},
     * OpenPiton's sticky broadcast state, LRU map caches, multicast-tree invalidations, links without contention.
     *
     * @return the builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * A builder holding this configuration's parameters, to change some of them.
     *
     * @return the builder
     */
    public Builder toBuilder() {
        final Builder b = new Builder();
        b.cores = cores;
        b.network = network;
        b.homeNodes = homeNodes;
        b.privateSetsPerCore = privateSetsPerCore;
        b.privateWays = privateWays;
        b.privatePolicy = privatePolicy;
        b.privateHitCycles = privateHitCycles;
        b.directorySetsPerHome = directorySetsPerHome;
        b.directoryWays = directoryWays;
        b.directoryPolicy = directoryPolicy;
        b.directoryCycles = directoryCycles;
        b.homeDataCycles = homeDataCycles;
        b.mapCacheEntries = mapCacheEntries;
        b.mapMissCycles = mapMissCycles;
        b.format = format;
        b.homeMapping = homeMapping;
        b.sharerDomainCount = sharerDomainCount;
        b.homeDomainCount = homeDomainCount;
        b.memory = memory;
        b.broadcastExit = broadcastExit;
        b.mapCacheReplacement = mapCacheReplacement;
        b.invalidations = invalidations;
        b.linkContention = linkContention;
        return b;
    }

    /** Sets a {@link ProtocolConfig}'s parameters by name; {@link #build} validates them. Not thread-safe. */
    public static final class Builder {

        private int cores;
        private Interconnect network;
        private int[] homeNodes;
        private int privateSetsPerCore;
        private int privateWays;
        private ReplacementPolicy privatePolicy;
        private int privateHitCycles;
        private int directorySetsPerHome;
        private int directoryWays;
        private ReplacementPolicy directoryPolicy;
        private int directoryCycles;
        private int homeDataCycles;
        private int mapCacheEntries;
        private int mapMissCycles;
        private FormatSpec format;
        private HomeMapping homeMapping;
        private int sharerDomainCount;
        private int homeDomainCount;
        private MemoryConfig memory;
        private BroadcastExit broadcastExit = BroadcastExit.STICKY;
        private MapCacheReplacement mapCacheReplacement = MapCacheReplacement.LRU;
        private InvalidationDelivery invalidations = InvalidationDelivery.TREE;
        private boolean linkContention = false;

        private Builder() {
        }

        /**
         * Sets {@code cores}.
         *
         * @param value see {@link ProtocolConfig}
         * @return this builder
         */
        public Builder cores(final int value) {
            cores = value;
            return this;
        }

        /**
         * Sets {@code network}.
         *
         * @param value see {@link ProtocolConfig}
         * @return this builder
         */
        public Builder network(final Interconnect value) {
            network = value;
            return this;
        }

        /**
         * Sets {@code homeNodes}.
         *
         * @param value see {@link ProtocolConfig}
         * @return this builder
         */
        public Builder homeNodes(final int[] value) {
            homeNodes = value;
            return this;
        }

        /**
         * Sets {@code privateSetsPerCore}.
         *
         * @param value see {@link ProtocolConfig}
         * @return this builder
         */
        public Builder privateSetsPerCore(final int value) {
            privateSetsPerCore = value;
            return this;
        }

        /**
         * Sets {@code privateWays}.
         *
         * @param value see {@link ProtocolConfig}
         * @return this builder
         */
        public Builder privateWays(final int value) {
            privateWays = value;
            return this;
        }

        /**
         * Sets {@code privatePolicy}.
         *
         * @param value see {@link ProtocolConfig}
         * @return this builder
         */
        public Builder privatePolicy(final ReplacementPolicy value) {
            privatePolicy = value;
            return this;
        }

        /**
         * Sets {@code privateHitCycles}.
         *
         * @param value see {@link ProtocolConfig}
         * @return this builder
         */
        public Builder privateHitCycles(final int value) {
            privateHitCycles = value;
            return this;
        }

        /**
         * Sets {@code directorySetsPerHome}.
         *
         * @param value see {@link ProtocolConfig}
         * @return this builder
         */
        public Builder directorySetsPerHome(final int value) {
            directorySetsPerHome = value;
            return this;
        }

        /**
         * Sets {@code directoryWays}.
         *
         * @param value see {@link ProtocolConfig}
         * @return this builder
         */
        public Builder directoryWays(final int value) {
            directoryWays = value;
            return this;
        }

        /**
         * Sets {@code directoryPolicy}.
         *
         * @param value see {@link ProtocolConfig}
         * @return this builder
         */
        public Builder directoryPolicy(final ReplacementPolicy value) {
            directoryPolicy = value;
            return this;
        }

        /**
         * Sets {@code directoryCycles}.
         *
         * @param value see {@link ProtocolConfig}
         * @return this builder
         */
        public Builder directoryCycles(final int value) {
            directoryCycles = value;
            return this;
        }

        /**
         * Sets {@code homeDataCycles}.
         *
         * @param value see {@link ProtocolConfig}
         * @return this builder
         */
        public Builder homeDataCycles(final int value) {
            homeDataCycles = value;
            return this;
        }

        /**
         * Sets {@code mapCacheEntries}.
         *
         * @param value see {@link ProtocolConfig}
         * @return this builder
         */
        public Builder mapCacheEntries(final int value) {
            mapCacheEntries = value;
            return this;
        }

        /**
         * Sets {@code mapMissCycles}.
         *
         * @param value see {@link ProtocolConfig}
         * @return this builder
         */
        public Builder mapMissCycles(final int value) {
            mapMissCycles = value;
            return this;
        }

        /**
         * Sets {@code format}.
         *
         * @param value see {@link ProtocolConfig}
         * @return this builder
         */
        public Builder format(final FormatSpec value) {
            format = value;
            return this;
        }

        /**
         * Sets {@code homeMapping}.
         *
         * @param value see {@link ProtocolConfig}
         * @return this builder
         */
        public Builder homeMapping(final HomeMapping value) {
            homeMapping = value;
            return this;
        }

        /**
         * Sets {@code sharerDomainCount}.
         *
         * @param value see {@link ProtocolConfig}
         * @return this builder
         */
        public Builder sharerDomainCount(final int value) {
            sharerDomainCount = value;
            return this;
        }

        /**
         * Sets {@code homeDomainCount}.
         *
         * @param value see {@link ProtocolConfig}
         * @return this builder
         */
        public Builder homeDomainCount(final int value) {
            homeDomainCount = value;
            return this;
        }

        /**
         * Sets {@code memory}.
         *
         * @param value see {@link ProtocolConfig}
         * @return this builder
         */
        public Builder memory(final MemoryConfig value) {
            memory = value;
            return this;
        }

        /**
         * Sets {@code broadcastExit}.
         *
         * @param value see {@link ProtocolConfig}
         * @return this builder
         */
        public Builder broadcastExit(final BroadcastExit value) {
            broadcastExit = value;
            return this;
        }

        /**
         * Sets {@code mapCacheReplacement}.
         *
         * @param value see {@link ProtocolConfig}
         * @return this builder
         */
        public Builder mapCacheReplacement(final MapCacheReplacement value) {
            mapCacheReplacement = value;
            return this;
        }

        /**
         * Sets {@code invalidations}.
         *
         * @param value see {@link ProtocolConfig}
         * @return this builder
         */
        public Builder invalidations(final InvalidationDelivery value) {
            invalidations = value;
            return this;
        }

        /**
         * Sets {@code linkContention}.
         *
         * @param value see {@link ProtocolConfig}
         * @return this builder
         */
        public Builder linkContention(final boolean value) {
            linkContention = value;
            return this;
        }

        /**
         * The configuration.
         *
         * @return it
         * @throws IllegalArgumentException naming the first parameter that is out of range or missing
         */
        public ProtocolConfig build() {
            return new ProtocolConfig(cores, network, homeNodes, privateSetsPerCore, privateWays, privatePolicy,
                    privateHitCycles, directorySetsPerHome, directoryWays, directoryPolicy, directoryCycles,
                    homeDataCycles, mapCacheEntries, mapMissCycles, format, homeMapping, sharerDomainCount,
                    homeDomainCount, memory == null ? MemoryConfig.ideal(homeDataCycles) : memory, broadcastExit,
                    mapCacheReplacement, invalidations, linkContention);
        }
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
