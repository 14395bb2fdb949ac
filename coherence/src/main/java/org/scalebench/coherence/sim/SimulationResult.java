package org.scalebench.coherence.sim;

/**
 * The outcome of one simulation run: what the CLI prints and writes as one CSV row.
 *
 * @param system machine name
 * @param scheme global, sr, hr or sr+hr
 * @param format directory format id
 * @param homes home mapping id
 * @param workload workload name
 * @param seed workload seed
 * @param accesses measured accesses (after warm-up)
 * @param missRate requests to a home per access
 * @param avgMissLatencyCycles mean latency of a miss
 * @param p99MissLatencyCycles 99th percentile miss latency (1/32 resolution)
 * @param avgAccessLatencyCycles mean latency over all accesses
 * @param messages coherence messages
 * @param bytes message bytes
 * @param flitHops flits x links crossed
 * @param broadcasts invalidation rounds sent to every core
 * @param invalidations invalidation messages
 * @param mapCacheMissRate combined Sharer and Home Map Cache miss rate (0 when unused)
 * @param sharerMapMissRate Sharer Map Cache miss rate
 * @param homeMapMissRate Home Map Cache miss rate
 * @param directoryEvictions sparse-directory evictions
 * @param directoryBits directory storage of the whole machine for this format (storage model)
 * @param energyNanojoules network plus directory energy estimate
 * @param simSeconds wall time of the simulation loop
 * @param accessesPerSecond simulated accesses (warm-up included) per wall second
 */
public record SimulationResult(String system, String scheme, String format, String homes, String workload,
        long seed, long accesses, double missRate, double avgMissLatencyCycles, long p99MissLatencyCycles,
        double avgAccessLatencyCycles, long messages, long bytes, long flitHops, long broadcasts, long invalidations,
        double mapCacheMissRate, double sharerMapMissRate, double homeMapMissRate, long directoryEvictions,
        long directoryBits, double energyNanojoules, double simSeconds, double accessesPerSecond) {

    /** CSV header, in column order. */
    public static final String[] COLUMNS = {"system", "scheme", "format", "workload", "accesses", "miss_rate",
        "avg_miss_latency_cycles", "p99_miss_latency_cycles", "messages", "flit_hops", "broadcasts", "invalidations",
        "map_cache_miss_rate", "directory_bits", "energy_nj", "sim_seconds", "accesses_per_second", "homes", "seed",
        "avg_access_latency_cycles", "bytes", "sharer_map_miss_rate", "home_map_miss_rate", "directory_evictions"};

    /**
     * The values in {@link #COLUMNS} order, numbers formatted with a fixed locale so the same run gives the
     * same bytes (timing columns excepted).
     *
     * @return the row
     */
    public Object[] row() {
        return new Object[] {system, scheme, format, workload, accesses, fmt(missRate), fmt(avgMissLatencyCycles),
            p99MissLatencyCycles, messages, flitHops, broadcasts, invalidations, fmt(mapCacheMissRate), directoryBits,
            fmt(energyNanojoules), fmt(simSeconds), fmt(accessesPerSecond), homes, seed, fmt(avgAccessLatencyCycles),
            bytes, fmt(sharerMapMissRate), fmt(homeMapMissRate), directoryEvictions};
    }

    private static String fmt(final double v) {
        return String.format(java.util.Locale.ROOT, "%.6g", v);
    }
}
