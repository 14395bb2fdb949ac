package org.scalebench.coherence.sim;

import org.scalebench.coherence.energy.EnergyModel;
import org.scalebench.coherence.energy.SramTable;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.scalebench.coherence.LineAddress;
import org.scalebench.coherence.domain.MapCacheReplacement;
import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.home.HomeMapping;
import org.scalebench.coherence.memory.MemoryConfig;
import org.scalebench.coherence.network.HierarchicalInterconnect;
import org.scalebench.coherence.network.Interconnect;
import org.scalebench.coherence.network.MeshInterconnect;
import org.scalebench.coherence.protocol.BroadcastExit;
import org.scalebench.coherence.protocol.InvalidationDelivery;
import org.scalebench.coherence.protocol.ProtocolConfig;
import org.scalebench.coherence.storage.StorageModel;
import org.scalebench.core.HierarchicalTopology;
import org.scalebench.core.MeshTopology;
import org.scalebench.core.ReplacementPolicy;
import org.scalebench.core.data.DataFileException;
import org.scalebench.core.data.DataValues;
import org.scalebench.core.data.TextLimits;

/**
 * A simulated machine read from a configuration file ({@code parameter,value,unit,source}; see
 * {@code systems/chip1024.csv} and {@code systems/wsc1m.csv} in this module's resources): its network,
 * home slices, caches, directory and latencies, and the {@link ProtocolConfig} of a run on it.
 *
 * <p>Two topologies: {@code mesh} (one core and one home slice per tile) and {@code hierarchical}
 * (cores in servers in racks in arrays, {@code homes_per_server} home slices per server, each at the first
 * core of its share of the server).
 *
 * <p>Memory behind the homes ({@link MemoryConfig}): each home has a shared-cache slice of
 * {@code home_slice_kib} ({@code home_slice_ways}-way); its misses go to DRAM ({@code memory_cycles}) through
 * memory controllers placed by {@code memory_controller_placement}: {@code top-bottom} puts
 * {@code memory_controllers} on the mesh's top and bottom rows, evenly spaced, with 4 KiB pages interleaved
 * over them; {@code per-server} gives every server its own controller, serving the homes of that server.
 * A controller is busy {@code ceil(64 / bytes per cycle)} cycles per line at {@code memory_channel_gbps}.
 *
 * <p>Latency semantics: a hierarchical level's {@code <level>_round_trip_ns} is a round trip (request,
 * DRAM access at the far end, reply), as the source tabulates it; the one-way latency of a message is
 * {@code (round trip - memory_cycles) / 2}.
 */
public final class SystemSpec {

    /** The bundled systems. */
    public static final String BUNDLED = "chip1024, wsc1m";

    private final String name;
    private final ParameterTable table;
    private final boolean mesh;
    private final int cores;
    private final Interconnect network;
    private final int[] homeNodes;
    private final int homesPerServer;
    private final int coresPerServer;
    private final int meshWidth;
    private final int meshHeight;
    private final int privateSets;
    private final int privateWays;
    private final int directorySets;
    private final int directoryWays;
    private final ReplacementPolicy policy;
    private final FormatSpec baselineFormat;
    private final MemoryConfig memory;
    private final BroadcastExit broadcastExit;
    private final MapCacheReplacement mapCacheReplacement;
    private final InvalidationDelivery invalidationDelivery;
    private final int mshrsPerCore;
    private final int thinkCycles;
    private final boolean linkContention;
    private final EnergyModel energy;
    private final int sharerDomains;
    private final int homeDomains;
    private final int mapCacheEntries;
    private final int physicalAddressBits;
    private final int privateHitCycles;
    private final int directoryCycles;

    private SystemSpec(final String name, final ParameterTable t) {
        this.name = name;
        this.table = t;
        final String topology = t.string("topology").toLowerCase(Locale.ROOT);
        this.cores = t.integer("cores", 2, 1 << 30);
        final double ghz = t.number("clock_ghz", MIN_CLOCK_GHZ, MAX_CLOCK_GHZ);
        final int headerFlits = t.integer("header_flits", 1, 64);
        final int flitBytes = t.integer("flit_bytes", 1, 1024);
        if (topology.equals("mesh")) {
            this.mesh = true;
            this.meshWidth = t.integer("mesh_width", 1, 1 << 15);
            this.meshHeight = t.integer("mesh_height", 1, 1 << 15);
            if ((long) meshWidth * meshHeight != cores) {
                throw t.error("mesh_width", "mesh_width x mesh_height = " + (long) meshWidth * meshHeight
                        + ": must equal cores = " + cores);
            }
            if (t.integer("homes_per_node", 1, 1) != 1) {
                throw t.error("homes_per_node", "homes_per_node must be 1 on a mesh");
            }
            this.network = new MeshInterconnect(new MeshTopology(meshWidth, meshHeight),
                    t.integer("router_cycles", 0, 1 << 20), t.integer("link_cycles", 0, 1 << 20),
                    t.integer("inject_cycles", 0, 1 << 20), headerFlits, flitBytes);
            this.homeNodes = new int[cores];
            for (int h = 0; h < cores; h++) {
                homeNodes[h] = h;
            }
            this.homesPerServer = 1;
            this.coresPerServer = 1;
        } else if (topology.equals("hierarchical")) {
            this.mesh = false;
            this.meshWidth = 0;
            this.meshHeight = 0;
            this.coresPerServer = t.integer("cores_per_server", 1, 1 << 20);
            final HierarchicalTopology h = new HierarchicalTopology(coresPerServer,
                    t.integer("servers_per_rack", 1, 1 << 20), t.integer("racks_per_array", 1, 1 << 20),
                    t.integer("arrays", 1, 1 << 20), new long[HierarchicalTopology.LEVELS]);
            final String[] levels = {"server", "rack", "array", "datacenter"};
            final long[] latency = new long[HierarchicalTopology.LEVELS];
            final double[] bytesPerCycle = new double[HierarchicalTopology.LEVELS];
            bytesPerCycle[0] = Double.MAX_VALUE;
            final long dram = t.integer("memory_cycles", 0, 1 << 30);
            for (int level = 1; level < HierarchicalTopology.LEVELS; level++) {
                // the source gives round trips that include the DRAM access at the far end
                final long roundTrip = Math.round(t.number(levels[level - 1] + "_round_trip_ns", 0, MAX_LATENCY_NS)
                        * ghz);
                if (roundTrip < dram) {
                    throw t.error(levels[level - 1] + "_round_trip_ns", levels[level - 1] + "_round_trip_ns = "
                            + t.string(levels[level - 1] + "_round_trip_ns") + ": must cover memory_cycles = " + dram);
                }
                latency[level] = (roundTrip - dram) / 2;
                // MB/s -> bytes per cycle: 1e6 B/s / (ghz * 1e9 cycles/s)
                bytesPerCycle[level] = t.number(levels[level - 1] + "_bandwidth_mbps", MIN_BANDWIDTH_MBPS,
                        MAX_BANDWIDTH_MBPS) * 1e6 / (ghz * 1e9);
            }
            this.network = new HierarchicalInterconnect(h, cores, latency, bytesPerCycle, headerFlits, flitBytes);
            this.homesPerServer = t.integer("homes_per_server", 1, coresPerServer);
            final int servers = (cores + coresPerServer - 1) / coresPerServer;
            final int perHome = coresPerServer / homesPerServer;
            this.homeNodes = new int[servers * homesPerServer];
            for (int s = 0; s < servers; s++) {
                for (int k = 0; k < homesPerServer; k++) {
                    homeNodes[s * homesPerServer + k] = Math.min(cores - 1, s * coresPerServer + k * perHome);
                }
            }
        } else {
            throw t.error("topology", "topology = " + TextLimits.quoted(t.string("topology"))
                    + ": must be mesh or hierarchical");
        }
        final int privateLines = t.has("private_lines") ? t.integer("private_lines", 1, 1 << 24)
                : t.integer("private_kib", 1, 1 << 20) * 1024 / LineAddress.LINE_BYTES;
        this.privateWays = t.integer("private_ways", 1, 64);
        this.privateSets = powerOfTwo(t.has("private_lines") ? "private_lines" : "private_kib",
                "private_kib / 64 / private_ways", privateLines / privateWays);
        this.directoryWays = t.integer("directory_ways", 1, 64);
        final long coresPerHome = Math.max(1, cores / homeNodes.length);
        final int coverage = t.integer("directory_coverage", 1, 64);
        final long entriesPerHome = coverage * coresPerHome * privateLines;
        final long sets = Math.max(1, entriesPerHome / directoryWays);
        if (sets > MAX_DIRECTORY_SETS) {
            // a long cast to int would keep the low 32 bits: 33 x 2^29 sets would pass as 2^29
            throw t.error("directory_coverage", "directory entries per home / directory_ways = "
                    + "directory_coverage x cores per home x private lines / directory_ways = " + coverage + " x "
                    + coresPerHome + " x " + privateLines + " / " + directoryWays + " = " + sets + ": must be at most "
                    + MAX_DIRECTORY_SETS + " (2^30) sets per home");
        }
        this.directorySets = powerOfTwo("directory_coverage", "directory entries per home / directory_ways",
                (int) sets);
        this.policy = t.named("replacement", ReplacementPolicy.class);
        // read and checked once, here: a bad value is refused when the file is read (or a --set given), with its
        // line, not at the first run
        this.baselineFormat = t.parsed("baseline_format", FormatSpec::parse);
        this.sharerDomains = t.integer("sharer_domains", 1, 1 << 24);
        this.homeDomains = t.integer("home_domains", 1, 1 << 24);
        this.mapCacheEntries = t.integer("map_cache_entries", 1, 64);
        this.physicalAddressBits = t.integer("physical_address_bits", 12, 64);
        this.privateHitCycles = t.integer("private_hit_cycles", 0, 1 << 20);
        this.directoryCycles = t.integer("directory_cycles", 0, 1 << 20);
        this.memory = readMemoryConfig();
        this.broadcastExit = t.named("b_state", BroadcastExit.class);
        this.mapCacheReplacement = t.named("map_cache_replacement", MapCacheReplacement.class);
        this.invalidationDelivery = t.named("invalidation_delivery", InvalidationDelivery.class);
        this.mshrsPerCore = t.integer("mshrs_per_core", 1, 64);
        this.thinkCycles = t.integer("think_cycles", 0, 1 << 20);
        this.linkContention = t.onOff("link_contention");
        this.energy = new EnergyModel(t.number("energy_flit_hop_pj", 0, EnergyModel.MAX_ENERGY_PJ),
                t.rows().get("energy_flit_hop_pj").source(), t.parsed("sram_table", SramTable::named),
                t.number("energy_dram_line_pj", 0, EnergyModel.MAX_ENERGY_PJ),
                t.rows().get("energy_dram_line_pj").source(), clockGhz());
    }

    /** The most sparse-directory sets of one home (the largest power of two an int holds). */
    static final int MAX_DIRECTORY_SETS = 1 << 30;
    /** The slowest and fastest clock a system file may give: 1 MHz to 100 GHz. */
    static final double MIN_CLOCK_GHZ = 1e-3;
    static final double MAX_CLOCK_GHZ = 100;
    /** The longest latency a system file may give: 1 s (far beyond any network; keeps cycle counts exact). */
    static final double MAX_LATENCY_NS = 1e9;
    /** Link bandwidths a system file may give: 1 Mb/s to 1 Pb/s. */
    static final double MIN_BANDWIDTH_MBPS = 1;
    static final double MAX_BANDWIDTH_MBPS = 1e9;

    /**
     * The memory behind the homes, from the table.
     *
     * @return the configuration
     */
    public MemoryConfig memoryConfig() {
        return memory;
    }

    private MemoryConfig readMemoryConfig() {
        final ParameterTable t = table;
        final int sliceLines = t.has("home_slice_lines") ? t.integer("home_slice_lines", 1, 1 << 24)
                : t.integer("home_slice_kib", 1, 1 << 20) * 1024 / LineAddress.LINE_BYTES;
        final int sliceWays = t.integer("home_slice_ways", 1, 64);
        final int sliceSets = powerOfTwo(t.has("home_slice_lines") ? "home_slice_lines" : "home_slice_kib",
                "home_slice_kib / 64 / home_slice_ways", Math.max(1, sliceLines / sliceWays));
        final String placement = t.string("memory_controller_placement").toLowerCase(Locale.ROOT);
        final int[] nodes;
        final int[] ofHome;
        if (placement.equals("top-bottom")) {
            if (!mesh) {
                throw t.error("memory_controller_placement", "memory_controller_placement = top-bottom needs a mesh");
            }
            final int count = t.integer("memory_controllers", 2, 2 * meshWidth);
            if (count % 2 != 0) {
                throw t.error("memory_controllers", "memory_controllers = " + count
                        + ": must be even (half on the top row, half on the bottom row)");
            }
            nodes = topBottomControllers(meshWidth, meshHeight, count);
            ofHome = null;
        } else if (placement.equals("per-server")) {
            final int servers = (cores + coresPerServer - 1) / coresPerServer;
            nodes = new int[servers];
            for (int s = 0; s < servers; s++) {
                nodes[s] = s * coresPerServer;
            }
            ofHome = new int[homeNodes.length];
            for (int h = 0; h < homeNodes.length; h++) {
                ofHome[h] = homeNodes[h] / coresPerServer;
            }
        } else {
            throw t.error("memory_controller_placement", "memory_controller_placement = "
                    + TextLimits.quoted(t.string("memory_controller_placement")) + ": must be top-bottom or per-server");
        }
        final double bytesPerCycle = t.positive("memory_channel_gbps") / clockGhz();
        final double lineCycles = Math.ceil(LineAddress.LINE_BYTES / bytesPerCycle);
        if (lineCycles > Integer.MAX_VALUE) {
            // the cast to int would saturate: every line would take 2^31 - 1 cycles, whatever the bandwidth
            throw t.error("memory_channel_gbps", "memory_channel_gbps = " + t.string("memory_channel_gbps")
                    + " at clock_ghz = " + t.string("clock_ghz") + ": a 64-byte line takes "
                    + DataValues.format(lineCycles) + " cycles of its channel, must be at most " + Integer.MAX_VALUE + " (give a higher bandwidth)");
        }
        final int service = (int) lineCycles;
        return new MemoryConfig(sliceSets, sliceWays, t.named("home_slice_replacement", ReplacementPolicy.class),
                t.integer("home_data_cycles", 0, 1 << 30),
                t.integer("memory_cycles", 0, 1 << 30), nodes, ofHome, service, t.onOff("contention"),
                t.integer("think_cycles", 0, 1 << 20));
    }

    /**
     * {@code count} controllers, half on the top row and half on the bottom row, each row's share at the
     * centres of equal stretches ({@code x = (2i + 1) * width / count} for {@code i < count / 2}).
     *
     * @param width mesh width
     * @param height mesh height
     * @param count controllers, even
     * @return their nodes, top row first
     */
    static int[] topBottomControllers(final int width, final int height, final int count) {
        final int perRow = count / 2;
        final int[] nodes = new int[count];
        for (int i = 0; i < perRow; i++) {
            final int x = (int) ((2L * i + 1) * width / (2L * perRow));
            nodes[i] = x;
            nodes[perRow + i] = (height - 1) * width + x;
        }
        return nodes;
    }

    /** {@code value}, refused at {@code parameter}'s line unless a power of two. */
    private int powerOfTwo(final String parameter, final String what, final int value) {
        if (value < 1 || Integer.bitCount(value) != 1) {
            throw table.error(parameter, what + " = " + value + ": must be a power of two");
        }
        return value;
    }

    /**
     * The same kind of machine shrunk to 16 cores with 4-line private caches and 4-entry directories per home
     * (2 sets x 2 ways), keeping every latency and message parameter: the random tester's machine, small
     * enough to force evictions, directory evictions, overflows and broadcasts.
     *
     * @return the shrunk system
     */
    public SystemSpec shrunk() {
        final java.util.Map<String, String> o = new java.util.LinkedHashMap<>();
        o.put("cores", "16");
        if (mesh) {
            o.put("mesh_width", "4");
            o.put("mesh_height", "4");
        } else {
            o.put("cores_per_server", "2");
            o.put("servers_per_rack", "2");
            o.put("racks_per_array", "2");
            o.put("arrays", "2");
            o.put("homes_per_server", "1");
        }
        o.put("private_lines", "4");
        o.put("private_ways", "2");
        o.put("directory_coverage", "1");
        o.put("directory_ways", "2");
        o.put("sharer_domains", "64");
        o.put("home_domains", "64");
        o.put("home_slice_lines", "4");
        o.put("home_slice_ways", "2");
        if (mesh) {
            o.put("memory_controllers", "2");
        }
        return new SystemSpec(name + "-shrunk", table.with(o, "shrunk for the random protocol tester"));
    }

    /**
     * A bundled system by name.
     *
     * @param name {@code chip1024} or {@code wsc1m}
     * @return the system
     */
    public static SystemSpec named(final String name) {
        final String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        if (!n.equals("chip1024") && !n.equals("wsc1m")) {
            throw new IllegalArgumentException("system '" + name + "': must be one of " + BUNDLED
                    + " or a configuration file");
        }
        return new SystemSpec(n, ParameterTable.fromResource("/org/scalebench/coherence/systems/" + n + ".csv"));
    }

    /**
     * A system from a configuration file.
     *
     * @param file the file
     * @return the system
     * @throws IOException if unreadable
     */
    public static SystemSpec fromFile(final Path file) throws IOException {
        final String base = file.getFileName().toString().replaceFirst("\\.csv$", "");
        final ParameterTable table = ParameterTable.fromFile(file);
        final Set<String> known = knownParameters();
        for (final ParameterTable.Row row : table.rows().values()) {
            if (!known.contains(row.parameter())) {
                // a misspelt name would otherwise be ignored, and the system run with a value it does not say
                throw new DataFileException(table.origin(), row.line(), "parameter "
                        + TextLimits.quoted(row.parameter()) + ": not a system parameter (the names are those of the "
                        + "bundled " + BUNDLED + " files, and "
                        + String.join(", ", OPTIONAL_PARAMETERS) + ")");
            }
        }
        return new SystemSpec(base, table);
    }

    /** The bundled systems' names. */
    private static final List<String> BUNDLED_NAMES = List.of("chip1024", "wsc1m");

    /** Parameters a system file may give that no bundled file does: sizes in lines instead of KiB. */
    private static final List<String> OPTIONAL_PARAMETERS = List.of("private_lines", "home_slice_lines");

    /** The parameter names a system file may hold: every bundled file's, and {@link #OPTIONAL_PARAMETERS}. */
    private static Set<String> knownParameters() {
        final Set<String> known = new HashSet<>(OPTIONAL_PARAMETERS);
        for (final String bundled : BUNDLED_NAMES) {
            known.addAll(ParameterTable.fromResource("/org/scalebench/coherence/systems/" + bundled + ".csv").rows()
                    .keySet());
        }
        return known;
    }

    /**
     * A bundled name or a file path.
     *
     * @param nameOrFile {@code chip1024}, {@code wsc1m} or a path to a configuration file
     * @return the system
     * @throws IOException if the file is unreadable
     */
    public static SystemSpec resolve(final String nameOrFile) throws IOException {
        final Path p = Path.of(nameOrFile);
        final boolean bundled = BUNDLED_NAMES.contains(nameOrFile.strip().toLowerCase(java.util.Locale.ROOT));
        if ((!bundled && (nameOrFile.endsWith(".csv") || java.nio.file.Files.exists(p)))
                || org.scalebench.core.data.ItemRows.readsFile("system", nameOrFile, BUNDLED_NAMES)) {
            if (!java.nio.file.Files.exists(p)) {
                throw new java.nio.file.NoSuchFileException(nameOrFile);
            }
            return fromFile(p);
        }
        return named(nameOrFile);
    }

    /**
     * The same machine with some parameters replaced (a CLI option, a sensitivity point), each recorded
     * with why.
     *
     * @param values parameter to new value; an empty map returns this machine
     * @param why the source recorded for the new values
     * @return the modified machine (validated as a whole)
     */
    public SystemSpec with(final java.util.Map<String, String> values, final String why) {
        if (values.isEmpty()) {
            return this;
        }
        return new SystemSpec(name, table.with(values, why));
    }

    /**
     * The same machine with some parameters replaced (a checker's tiny machine, a sensitivity run), the new
     * values recorded with {@code why} as their source. Validated like a configuration file.
     *
     * @param overrides parameter name to new value
     * @param suffix appended to the name ({@code chip1024-suffix})
     * @param why the source recorded for the new values
     * @return the modified system
     */
    public SystemSpec withParameters(final java.util.Map<String, String> overrides, final String suffix,
            final String why) {
        return new SystemSpec(name + "-" + suffix, table.with(overrides, why));
    }

    /**
     * The protocol configuration of a run.
     *
     * @param format the directory format
     * @param mapping the home mapping
     * @return the configuration
     */
    public ProtocolConfig protocolConfig(final FormatSpec format, final HomeMapping mapping) {
        return ProtocolConfig.builder().cores(cores).network(network).homeNodes(homeNodes)
                .privateSetsPerCore(privateSets).privateWays(privateWays).privatePolicy(policy)
                .privateHitCycles(privateHitCycles)
                .directorySetsPerHome(directorySets).directoryWays(directoryWays).directoryPolicy(policy)
                .directoryCycles(directoryCycles)
                .homeDataCycles(table.integer("home_data_cycles", 0, 1 << 30))
                .mapCacheEntries(mapCacheEntries)
                .mapMissCycles(table.integer("memory_cycles", 0, 1 << 30))
                .format(format).homeMapping(mapping).sharerDomainCount(sharerDomains())
                .homeDomainCount(homeDomains).memory(memoryConfig())
                .broadcastExit(broadcastExit()).mapCacheReplacement(mapCacheReplacement())
                .invalidations(invalidationDelivery()).linkContention(linkContention()).build();
    }

    /**
     * Whether the network's links are queues ({@code link_contention}: {@code on} or {@code off}; they are only when
     * {@code contention} is on too).
     *
     * @return true for link queues
     */
    public boolean linkContention() {
        return linkContention;
    }

    /**
     * How invalidation rounds travel ({@code invalidation_delivery}: {@code tree} or {@code serial}).
     *
     * @return the delivery
     */
    public InvalidationDelivery invalidationDelivery() {
        return invalidationDelivery;
    }

    /**
     * Misses a core may have outstanding at once ({@code mshrs_per_core}): 1 is a core that blocks on each miss.
     *
     * @return the count, in [1, 64]
     */
    public int mshrsPerCore() {
        return mshrsPerCore;
    }

    /**
     * Cycles of non-memory work between a core's accesses ({@code think_cycles}).
     *
     * @return cycles
     */
    public int thinkCycles() {
        return thinkCycles;
    }

    /**
     * When a broadcast-state entry returns to exact tracking ({@code b_state}).
     *
     * @return the policy
     */
    public BroadcastExit broadcastExit() {
        return broadcastExit;
    }

    /**
     * Which entry the Sharer and Home Map Caches replace ({@code map_cache_replacement}: {@code lru} or OpenPiton's
     * {@code rtl}).
     *
     * @return the policy
     */
    public MapCacheReplacement mapCacheReplacement() {
        return mapCacheReplacement;
    }

    /**
     * Directory entries of one home slice.
     *
     * @return sets x ways
     */
    public long directoryEntriesPerHome() {
        return (long) directorySets * directoryWays;
    }

    /**
     * Ways of the sparse directory.
     *
     * @return ways
     */
    public int directoryWays() {
        return directoryWays;
    }

    /**
     * Sets of one home's sparse directory.
     *
     * @return sets (a power of two)
     */
    public int directorySetsPerHome() {
        return directorySets;
    }

    /**
     * Physical address width, for the directory's tag bits.
     *
     * @return bits
     */
    public int physicalAddressBits() {
        return physicalAddressBits;
    }

    /**
     * The directory format of the unrestricted baseline on this machine.
     *
     * @return the format
     */
    public FormatSpec baselineFormat() {
        return baselineFormat;
    }

    /**
     * The storage model of this machine: its sharer-domain count, directory entries per core, tag bits and
     * map caches.
     *
     * @return the model
     */
    public StorageModel storageModel() {
        return new StorageModel(sharerDomains(), Math.max(1, directoryEntries() / cores), directoryTagBits(),
                mapCacheEntries, homeDomains());
    }

    /**
     * Address-tag bits of a directory entry: physical address bits - 6 - log2(directory sets per home).
     *
     * @return bits, at least 0
     */
    public int directoryTagBits() {
        return Math.max(0,
                physicalAddressBits() - LineAddress.LINE_SHIFT - Integer.numberOfTrailingZeros(directorySets));
    }

    /**
     * Directory entries of the whole machine.
     *
     * @return homes x sets x ways
     */
    public long directoryEntries() {
        return (long) homeNodes.length * directorySets * directoryWays;
    }

    /**
     * Sharer domains (SDIDs).
     *
     * @return D
     */
    public int sharerDomains() {
        return sharerDomains;
    }

    /**
     * Home domains (HDIDs).
     *
     * @return count
     */
    public int homeDomains() {
        return homeDomains;
    }

    /**
     * The home slice nearest a node (its own tile on a mesh, its socket's home in a server).
     *
     * @param node a core
     * @return the home slice
     */
    public int homeOfNode(final int node) {
        if (mesh) {
            return node;
        }
        final int server = node / coresPerServer;
        final int within = node - server * coresPerServer;
        return server * homesPerServer + Math.min(homesPerServer - 1, within / (coresPerServer / homesPerServer));
    }

    /** @return the name (chip1024, wsc1m, or the file's base name) */
    public String name() {
        return name;
    }

    /**
     * The machine's energy model ({@code energy_flit_hop_pj}, {@code sram_table}, {@code energy_dram_line_pj}, with
     * their sources).
     *
     * @return the model
     */
    public EnergyModel energyModel() {
        return energy;
    }

    /**
     * The machine's directory with a format, as the energy model sizes it.
     *
     * @param format the directory format
     * @return its array size, words per lookup and stored bits
     */
    public EnergyModel.Directory directory(final FormatSpec format) {
        return EnergyModel.Directory.of(storageModel(), format, cores(), homes(), directoryEntriesPerHome(),
                directoryWays());
    }

    /** @return the configuration table with its sources */
    public ParameterTable table() {
        return table;
    }

    /** @return true for a 2-D mesh */
    public boolean isMesh() {
        return mesh;
    }

    /** @return cores */
    public int cores() {
        return cores;
    }

    /** @return home slices */
    public int homes() {
        return homeNodes.length;
    }

    /** @return the node of each home slice (a copy) */
    public int[] homeNodes() {
        return homeNodes.clone();
    }

    /** @return the interconnect */
    public Interconnect network() {
        return network;
    }

    /** @return mesh width (0 unless a mesh) */
    public int meshWidth() {
        return meshWidth;
    }

    /** @return mesh height (0 unless a mesh) */
    public int meshHeight() {
        return meshHeight;
    }

    /** @return cores per server (1 on a mesh) */
    public int coresPerServer() {
        return coresPerServer;
    }

    /** @return the clock in GHz */
    public double clockGhz() {
        return table.positive("clock_ghz");
    }

    /** @return private cache lines per core */
    public int privateLines() {
        return privateSets * privateWays;
    }
}
