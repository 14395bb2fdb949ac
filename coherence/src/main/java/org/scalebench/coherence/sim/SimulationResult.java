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
 * @param messages coherence and memory messages
 * @param bytes message bytes
 * @param flitHops flits x links crossed
 * @param broadcasts invalidation rounds sent to every core
 * @param invalidations invalidation messages
 * @param sharerMapMissRate Sharer Map Cache miss rate (0 when unused)
 * @param homeMapMissRate Home Map Cache miss rate (0 when unused)
 * @param directoryEvictions sparse-directory evictions
 * @param directoryBits directory sharer and state bits of the whole machine (storage model, no tags)
 * @param directoryBitsWithTags directory bits the machine stores: entries with tags plus Sharer Map Caches
 * @param homeHitRate reads at homes that their slice held
 * @param dramAccesses DRAM reads and writes
 * @param avgQueueCycles cycles waited at network interfaces and memory controllers, per miss
 * @param homesTouched homes that served at least one request
 * @param machineCycles machine time from the first counted access to the last counted transaction's end
 * @param energy energy by part
 * @param bState the broadcast-state policy
 * @param outside fraction of accesses from outside the domain (NaN for traces)
 * @param warmupAccesses accesses simulated before counting
 * @param warmupSteady whether the miss rate was steady when counting started ({@link Warmup})
 * @param simSeconds wall time of the simulation loop (warm-up included)
 * @param accessesPerSecond counted accesses per wall second of the counted part
 * @param activeCores cores that issue accesses
 * @param maxResourceUtilization the busiest queued resource's or link's busy fraction over the counted part
 * @param saturated whether that utilization reached {@link ClosedLoopMachine#SATURATION}: the machine's throughput,
 *     not its latency, then describes the configuration
 * @param accessesPerKilocycle counted accesses per thousand machine cycles (the machine's throughput)
 * @param warmupAccessesPerSecond warm-up and settling accesses per wall second of both
 * @param avgMissesInFlight the time average of misses outstanding over the counted part (Little's law: it equals
 *     the miss throughput times the mean miss latency)
 * @param busiestResource the busiest queued resource or link
 * @param settleAccesses timed accesses simulated after the warm-up and before counting, until the throughput was
 *     steady ({@link Warmup#settleWindow}); 0 for a trace
 * @param settled whether the throughput was steady when counting started (false for a trace, which is not settled)
 * @param littlesLawRatio the counted part's cycles over the issuing cores' time: the counted accesses' latencies,
 *     think times and gaps over issuing cores x the cycles from the first counted access to the last. Little's law
 *     makes it 1 in a steady state (the throughput then equals cores / (latency + think + gap)); away from 1 the
 *     counted part was not steady and its throughput and latency disagree; NaN (not checked) for cores with more than
 *     one miss register, whose overlapping misses break the identity
 */
public record SimulationResult(String system, String scheme, String format, String homes, String workload,
        long seed, long accesses, double missRate, double avgMissLatencyCycles, long p99MissLatencyCycles,
        double avgAccessLatencyCycles, long messages, long bytes, long flitHops, long broadcasts, long invalidations,
        double sharerMapMissRate, double homeMapMissRate, long directoryEvictions, long directoryBits,
        long directoryBitsWithTags, double homeHitRate, long dramAccesses, double avgQueueCycles, int homesTouched,
        long machineCycles, org.scalebench.coherence.energy.EnergyModel.Breakdown energy, String bState,
        double outside, long warmupAccesses, boolean warmupSteady, double simSeconds, double accessesPerSecond,
        int activeCores, double maxResourceUtilization, boolean saturated, double accessesPerKilocycle,
        double warmupAccessesPerSecond, double avgMissesInFlight, String busiestResource, long settleAccesses,
        boolean settled, double littlesLawRatio) {

    /** CSV header, in column order. */
    public static final String[] COLUMNS = {"system", "scheme", "format", "workload", "accesses", "miss_rate",
        "avg_miss_latency_cycles", "p99_miss_latency_cycles", "messages", "flit_hops", "broadcasts", "invalidations",
        "sharer_map_miss_rate", "home_map_miss_rate", "directory_bits", "energy_nj", "sim_seconds",
        "accesses_per_second", "homes", "seed", "avg_access_latency_cycles", "bytes", "directory_evictions",
        "home_hit_rate", "dram_accesses", "avg_queue_cycles", "homes_touched", "machine_cycles", "energy_network_nj",
        "energy_directory_nj", "energy_leakage_nj", "energy_dram_nj", "directory_bits_with_tags", "b_state",
        "outside", "warmup_accesses", "warmup_steady", "active_cores", "max_resource_utilization", "saturated",
        "accesses_per_kilocycle", "warmup_accesses_per_second", "avg_misses_in_flight", "busiest_resource",
        "settle_accesses", "settled", "littles_law_ratio"};

    /** The columns that measure the host (wall-clock time), not the machine: they differ from run to run. */
    public static final java.util.List<String> WALL_CLOCK_COLUMNS = java.util.List.of("sim_seconds",
            "accesses_per_second", "warmup_accesses_per_second");

    /**
     * Whether column {@code i} of {@link #COLUMNS} measures the host rather than the machine.
     *
     * @param i a column index
     * @return true for a wall-clock column
     */
    public static boolean isWallClock(final int i) {
        return i >= 0 && i < COLUMNS.length && WALL_CLOCK_COLUMNS.contains(COLUMNS[i]);
    }

    /**
     * Total energy.
     *
     * @return nanojoules
     */
    public double energyNanojoules() {
        return energy.totalNj();
    }

    /**
     * The values in {@link #COLUMNS} order, numbers formatted with a fixed locale so the same run gives the
     * same bytes (timing columns excepted).
     *
     * @return the row
     */
    public Object[] row() {
        return new Object[] {system, scheme, format, workload, accesses, fmt(missRate), fmt(avgMissLatencyCycles),
            p99MissLatencyCycles, messages, flitHops, broadcasts, invalidations, fmt(sharerMapMissRate),
            fmt(homeMapMissRate), directoryBits, fmt(energyNanojoules()), fmt(simSeconds), fmt(accessesPerSecond),
            homes, seed, fmt(avgAccessLatencyCycles), bytes, directoryEvictions, fmt(homeHitRate), dramAccesses,
            fmt(avgQueueCycles), homesTouched, machineCycles, fmt(energy.networkNj()), fmt(energy.directoryNj()),
            fmt(energy.leakageNj()), fmt(energy.dramNj()), directoryBitsWithTags, bState,
            Double.isNaN(outside) ? "" : fmt(outside), warmupAccesses, warmupSteady, activeCores,
            fmt(maxResourceUtilization), saturated, fmt(accessesPerKilocycle), fmt(warmupAccessesPerSecond),
            fmt(avgMissesInFlight), busiestResource, settleAccesses, settled, fmt(littlesLawRatio)};
    }

    /**
     * Reads a row back ({@link #row()}'s values as text, in {@link #COLUMNS} order), so that tables and figures
     * can be drawn from written or merged rows exactly as from a run.
     *
     * @param row the row's cells
     * @return the result, its numbers as the row holds them (six significant digits)
     * @throws IllegalArgumentException when the row does not have {@link #COLUMNS}' cells or a number is malformed
     */
    public static SimulationResult fromRow(final java.util.List<String> row) {
        if (row.size() < COLUMNS.length) {
            throw new IllegalArgumentException("a simulation row has " + COLUMNS.length + " cells, this one "
                    + row.size());
        }
        final java.util.function.IntFunction<String> at = row::get;
        final java.util.function.IntToDoubleFunction d = i -> Double.parseDouble(at.apply(i));
        final java.util.function.IntToLongFunction l = i -> Long.parseLong(at.apply(i));
        return new SimulationResult(at.apply(0), at.apply(1), at.apply(2), at.apply(18), at.apply(3), l.applyAsLong(19),
                l.applyAsLong(4), d.applyAsDouble(5), d.applyAsDouble(6), l.applyAsLong(7), d.applyAsDouble(20),
                l.applyAsLong(8), l.applyAsLong(21), l.applyAsLong(9), l.applyAsLong(10), l.applyAsLong(11),
                d.applyAsDouble(12), d.applyAsDouble(13), l.applyAsLong(22), l.applyAsLong(14), l.applyAsLong(32),
                d.applyAsDouble(23), l.applyAsLong(24), d.applyAsDouble(25), (int) l.applyAsLong(26),
                l.applyAsLong(27), new org.scalebench.coherence.energy.EnergyModel.Breakdown(d.applyAsDouble(28),
                        d.applyAsDouble(29), d.applyAsDouble(30), d.applyAsDouble(31)),
                at.apply(33), at.apply(34).isEmpty() ? Double.NaN : d.applyAsDouble(34), l.applyAsLong(35),
                Boolean.parseBoolean(at.apply(36)), d.applyAsDouble(16), d.applyAsDouble(17),
                (int) l.applyAsLong(37), d.applyAsDouble(38), Boolean.parseBoolean(at.apply(39)), d.applyAsDouble(40),
                d.applyAsDouble(41), d.applyAsDouble(42), at.apply(43), l.applyAsLong(44),
                Boolean.parseBoolean(at.apply(45)), d.applyAsDouble(46));
    }

    private static String fmt(final double v) {
        return String.format(java.util.Locale.ROOT, "%.6g", v);
    }
}
