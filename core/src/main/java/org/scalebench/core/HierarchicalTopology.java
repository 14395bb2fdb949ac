package org.scalebench.core;

import java.util.Arrays;

/**
 * A hierarchical machine: cores grouped into servers, servers into racks, racks into clusters, with one
 * latency per level of the hierarchy. This is the distance model of a warehouse-scale computer (Barroso,
 * Clidaras, Hölzle, "The Datacenter as a Computer": local, rack and array latencies) and of the
 * 1,000,000-core system of Coherence Domain Restriction (Fu et al., MICRO 2015), where a request pays the
 * latency of the highest level its source and destination differ at.
 *
 * <p>Cores are numbered so that each server, rack and cluster holds a contiguous range: core {@code c} is
 * in server {@code floor(c / coresPerServer)}, rack {@code floor(c / (coresPerServer * serversPerRack))}
 * and cluster {@code floor(c / (coresPerServer * serversPerRack * racksPerCluster))}. Two cores are at
 * <ul>
 *   <li>level {@value #SAME_CORE} when they are the same core,</li>
 *   <li>level {@value #SAME_SERVER} when they share a server,</li>
 *   <li>level {@value #SAME_RACK} when they share a rack but not a server,</li>
 *   <li>level {@value #SAME_CLUSTER} when they share a cluster but not a rack,</li>
 *   <li>level {@value #ACROSS_CLUSTERS} otherwise,</li>
 * </ul>
 * and {@link #latency} returns {@code latencyByLevel[level]}.
 *
 * <p>Since the groups nest, the level is the number of groupings two cores differ in:
 * {@code [a != b] + [server(a) != server(b)] + [rack(a) != rack(b)] + [cluster(a) != cluster(b)]}, which is
 * computed without branches, with {@link FastDivisor} multiplies instead of divides. When every group
 * size is a power of two the ids are bit fields of the core number, the level depends only on the highest
 * bit in which two cores differ, and {@link #level} and {@link #latency} become an exclusive-or, a
 * leading-zero count and a lookup in a 33-entry table.
 *
 * <p>Core arguments must be in {@code [0, cores())}; they are not checked on the hot path (an
 * {@code assert} checks them when assertions are enabled): out of range, {@link #level} and {@link #latency} give a
 * meaningless level and {@link #serverOf}, {@link #rackOf} and {@link #clusterOf} a group that does not exist
 * ({@code serverOf(cores())} is one past the last server; a negative core is read as unsigned).
 *
 * <p>Allocation: none after construction. Thread-safety: immutable, safe from any thread.
 */
public final class HierarchicalTopology {

    /** Level of a core and itself. */
    public static final int SAME_CORE = 0;
    /** Level of two cores of one server. */
    public static final int SAME_SERVER = 1;
    /** Level of two cores in one rack, different servers. */
    public static final int SAME_RACK = 2;
    /** Level of two cores in one cluster, different racks. */
    public static final int SAME_CLUSTER = 3;
    /** Level of two cores in different clusters. */
    public static final int ACROSS_CLUSTERS = 4;
    /** Number of levels, the length of {@code latencyByLevel}. */
    public static final int LEVELS = 5;

    private static final int INDEX_BITS = Integer.SIZE + 1;

    private final int coresPerServer;
    private final int serversPerRack;
    private final int racksPerCluster;
    private final int clusters;
    private final int cores;
    private final FastDivisor coresPerServerDivisor;
    private final FastDivisor coresPerRackDivisor;
    private final FastDivisor coresPerClusterDivisor;
    private final long[] latencyByLevel;
    /** True when every group size is a power of two: the bit-field path is used. */
    private final boolean bitFields;
    /** Level indexed by {@code 32 - numberOfLeadingZeros(a ^ b)} (bit-field path only). */
    private final int[] levelByHighBit;
    /** Latency indexed like {@link #levelByHighBit}. */
    private final long[] latencyByHighBit;

    /**
     * Builds the hierarchy.
     *
     * @param coresPerServer cores in a server, at least 1
     * @param serversPerRack servers in a rack, at least 1
     * @param racksPerCluster racks in a cluster, at least 1
     * @param clusters clusters in the machine, at least 1
     * @param latencyByLevel {@value #LEVELS} non-negative latencies (any unit, e.g. cycles or ns): same core
     *     (typically 0), same server, same rack, same cluster, across clusters; copied
     * @throws IllegalArgumentException if a count is below 1, the machine has more than 2^31 - 1 cores,
     *     or {@code latencyByLevel} is null, has the wrong length or a negative entry
     */
    public HierarchicalTopology(final int coresPerServer, final int serversPerRack, final int racksPerCluster,
            final int clusters, final long[] latencyByLevel) {
        Checks.requireAtLeast("coresPerServer", coresPerServer, 1);
        Checks.requireAtLeast("serversPerRack", serversPerRack, 1);
        Checks.requireAtLeast("racksPerCluster", racksPerCluster, 1);
        Checks.requireAtLeast("clusters", clusters, 1);
        final long coresPerRack = (long) coresPerServer * serversPerRack;
        final long coresPerCluster = coresPerRack * racksPerCluster;
        final long total = coresPerCluster * clusters;
        if (coresPerRack > Integer.MAX_VALUE || coresPerCluster > Integer.MAX_VALUE || total > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("coresPerServer = " + coresPerServer + ", serversPerRack = "
                    + serversPerRack + ", racksPerCluster = " + racksPerCluster + ", clusters = " + clusters
                    + ": the machine must have at most " + Integer.MAX_VALUE + " cores");
        }
        this.latencyByLevel = checkLatencies(latencyByLevel);
        this.coresPerServer = coresPerServer;
        this.serversPerRack = serversPerRack;
        this.racksPerCluster = racksPerCluster;
        this.clusters = clusters;
        this.cores = (int) total;
        this.coresPerServerDivisor = new FastDivisor(coresPerServer);
        this.coresPerRackDivisor = new FastDivisor((int) coresPerRack);
        this.coresPerClusterDivisor = new FastDivisor((int) coresPerCluster);
        this.bitFields = Bits.isPowerOfTwo(coresPerServer) && Bits.isPowerOfTwo(serversPerRack)
                && Bits.isPowerOfTwo(racksPerCluster);
        this.levelByHighBit = new int[INDEX_BITS];
        this.latencyByHighBit = new long[INDEX_BITS];
        if (bitFields) {
            // core a and b differ first (from the top) at bit p = index - 1; they share a group of 2^k cores
            // exactly when p < k
            final int serverBits = Integer.numberOfTrailingZeros(coresPerServer);
            final int rackBits = Integer.numberOfTrailingZeros((int) coresPerRack);
            final int clusterBits = Integer.numberOfTrailingZeros((int) coresPerCluster);
            for (int index = 1; index < INDEX_BITS; index++) {
                final int p = index - 1;
                levelByHighBit[index] = p < serverBits ? SAME_SERVER
                        : p < rackBits ? SAME_RACK
                        : p < clusterBits ? SAME_CLUSTER
                        : ACROSS_CLUSTERS;
            }
            for (int index = 0; index < INDEX_BITS; index++) {
                latencyByHighBit[index] = this.latencyByLevel[levelByHighBit[index]];
            }
        }
    }

    private static long[] checkLatencies(final long[] latencies) {
        if (latencies == null || latencies.length != LEVELS) {
            throw new IllegalArgumentException("latencyByLevel has "
                    + (latencies == null ? "no array" : latencies.length + " entries")
                    + ": must have " + LEVELS + " (same core, same server, same rack, same cluster, across clusters)");
        }
        for (int level = 0; level < LEVELS; level++) {
            if (latencies[level] < 0) {
                throw new IllegalArgumentException("latencyByLevel[" + level + "] = " + latencies[level]
                        + ": must be at least 0");
            }
        }
        return latencies.clone();
    }

    /**
     * The number of cores.
     *
     * @return {@code coresPerServer * serversPerRack * racksPerCluster * clusters}
     */
    public int cores() {
        return cores;
    }

    /**
     * Cores in a server.
     *
     * @return the count given at construction
     */
    public int coresPerServer() {
        return coresPerServer;
    }

    /**
     * Servers in a rack.
     *
     * @return the count given at construction
     */
    public int serversPerRack() {
        return serversPerRack;
    }

    /**
     * Racks in a cluster.
     *
     * @return the count given at construction
     */
    public int racksPerCluster() {
        return racksPerCluster;
    }

    /**
     * Clusters in the machine.
     *
     * @return the count given at construction
     */
    public int clusters() {
        return clusters;
    }

    /**
     * The latency of a level.
     *
     * @param level a level in {@code [0, LEVELS)}
     * @return its latency
     */
    public long latencyOfLevel(final int level) {
        return latencyByLevel[level];
    }

    /**
     * The server holding a core (servers numbered machine-wide).
     *
     * @param core a core in {@code [0, cores())}
     * @return {@code floor(core / coresPerServer)}
     */
    public int serverOf(final int core) {
        assert core >= 0 && core < cores : "core = " + core + ": must be in [0, " + cores + ")";
        return coresPerServerDivisor.divide(core);
    }

    /**
     * The rack holding a core (racks numbered machine-wide).
     *
     * @param core a core in {@code [0, cores())}
     * @return {@code floor(core / (coresPerServer * serversPerRack))}
     */
    public int rackOf(final int core) {
        assert core >= 0 && core < cores : "core = " + core + ": must be in [0, " + cores + ")";
        return coresPerRackDivisor.divide(core);
    }

    /**
     * The cluster holding a core.
     *
     * @param core a core in {@code [0, cores())}
     * @return {@code floor(core / (coresPerServer * serversPerRack * racksPerCluster))}
     */
    public int clusterOf(final int core) {
        assert core >= 0 && core < cores : "core = " + core + ": must be in [0, " + cores + ")";
        return coresPerClusterDivisor.divide(core);
    }

    /**
     * The highest level at which two cores differ.
     *
     * @param coreA a core in {@code [0, cores())}
     * @param coreB a core in {@code [0, cores())}
     * @return one of {@link #SAME_CORE}, {@link #SAME_SERVER}, {@link #SAME_RACK}, {@link #SAME_CLUSTER},
     *     {@link #ACROSS_CLUSTERS}
     */
    public int level(final int coreA, final int coreB) {
        assert coreA >= 0 && coreA < cores && coreB >= 0 && coreB < cores
                : "cores " + coreA + ", " + coreB + " outside [0, " + cores + ")";
        if (bitFields) {
            return levelByHighBit[Integer.SIZE - Integer.numberOfLeadingZeros(coreA ^ coreB)];
        }
        return countedLevel(coreA, coreB);
    }

    /**
     * The latency between two cores: the latency of their {@link #level}.
     *
     * @param coreA a core in {@code [0, cores())}
     * @param coreB a core in {@code [0, cores())}
     * @return {@code latencyByLevel[level(coreA, coreB)]}
     */
    public long latency(final int coreA, final int coreB) {
        assert coreA >= 0 && coreA < cores && coreB >= 0 && coreB < cores
                : "cores " + coreA + ", " + coreB + " outside [0, " + cores + ")";
        if (bitFields) {
            return latencyByHighBit[Integer.SIZE - Integer.numberOfLeadingZeros(coreA ^ coreB)];
        }
        return latencyByLevel[countedLevel(coreA, coreB)];
    }

    /** The level as the number of nested groupings the two cores differ in; branch-free. */
    private int countedLevel(final int coreA, final int coreB) {
        return (coreA != coreB ? 1 : 0)
                + (coresPerServerDivisor.divide(coreA) != coresPerServerDivisor.divide(coreB) ? 1 : 0)
                + (coresPerRackDivisor.divide(coreA) != coresPerRackDivisor.divide(coreB) ? 1 : 0)
                + (coresPerClusterDivisor.divide(coreA) != coresPerClusterDivisor.divide(coreB) ? 1 : 0);
    }

    @Override
    public String toString() {
        return "HierarchicalTopology[" + coresPerServer + " cores/server, " + serversPerRack + " servers/rack, "
                + racksPerCluster + " racks/cluster, " + clusters + " clusters, latencies "
                + Arrays.toString(latencyByLevel) + "]";
    }
}
