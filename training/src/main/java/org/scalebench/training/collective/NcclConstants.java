package org.scalebench.training.collective;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.scalebench.core.data.DataTable;
import org.scalebench.core.data.DataFileException;

/**
 * The constant tables of NCCL's tuning model ({@code src/graph/tuning.cc}) for one {@link NcclGeneration},
 * read from {@code nccl-constants.csv} (one number per row, each with its source): base latencies
 * {@code baseLat[algorithm][protocol]} and hardware latencies {@code hwLat[fabric][algorithm][protocol]} in
 * microseconds, the tree correction factors by {@code log2(bytes / 64)}, the bandwidth caps (per collective in
 * 2.5.6, per architecture and node count at HEAD, GB/s) and the scalar refinement factors.
 *
 * <p>Immutable and thread-safe. The built-in tables are read once, on first use.
 */
public final class NcclConstants {

    /** Index of the NVLink row of {@link #hwLatency}. */
    public static final int NVLINK = 0;
    /** Index of the PCI row of {@link #hwLatency}. */
    public static final int PCI = 1;
    /** Index of the network row of {@link #hwLatency}. */
    public static final int NET = 2;

    private static final String RESOURCE = "/org/scalebench/training/nccl-constants.csv";
    private static final String[] HARDWARE = {"NVLINK", "PCI", "NET"};
    private static final String[] NODE_COLUMNS = {"N1", "N2", "N4"};

    private final NcclGeneration generation;
    private final double[][] baseLat = new double[2][3];
    private final double[][][] hwLat = new double[3][2][3];
    private final double[][] treeCorrection = new double[3][];
    private final double[] ll128MaxBw = new double[Collective.values().length];
    private final double[][][] archCaps = new double[4][NcclArchitecture.values().length][3];
    private final Map<String, Double> scalars;
    private final double treeMaxBwSingleNode;
    private final double treeMaxBwMultiNode;
    private final double[] nvlinkBw = new double[NcclArchitecture.values().length];
    private final int treeCorrectionLimit;

    private NcclConstants(final NcclGeneration generation, final DataTable table) {
        this.generation = generation;
        table.requireColumns("generation", "table", "row", "column", "value", "source");
        final Map<String, Double> values = new HashMap<>();
        final Map<String, double[]> corrections = new HashMap<>();
        for (final DataTable.Row row : table.rows()) {
            if (!NcclGeneration.parse(row.require("generation")).equals(generation)) {
                continue;
            }
            row.require("source");
            final String name = row.require("table");
            final String r = row.require("row").toUpperCase(Locale.ROOT);
            final String c = row.require("column").toUpperCase(Locale.ROOT);
            final double v = row.number("value");
            if (!(v >= 0)) {
                throw row.error("value = " + v + ": must be at least 0");
            }
            if (name.equals("treeCorrection")) {
                final int i = parseIndex(row, c);
                final double[] old = corrections.getOrDefault(r, new double[0]);
                final double[] grown = Arrays.copyOf(old, Math.max(old.length, i + 1));
                grown[i] = v;
                corrections.put(r, grown);
            } else {
                values.put(key(name, r, c), v);
            }
        }
        final String file = table.file();
        for (final NcclAlgorithm a : NcclAlgorithm.values()) {
            for (final NcclProtocol p : NcclProtocol.values()) {
                baseLat[a.ordinal()][p.ordinal()] = need(values, file, "baseLat", a.name(), p.name());
                for (int hw = 0; hw < HARDWARE.length; hw++) {
                    hwLat[hw][a.ordinal()][p.ordinal()] = need(values, file, "hwLat." + HARDWARE[hw], a.name(),
                            p.name());
                }
            }
        }
        for (final NcclProtocol p : NcclProtocol.values()) {
            final double[] f = corrections.get(p.name());
            if (f == null || f.length == 0) {
                throw new DataFileException(file, 0, "generation " + generation.id()
                        + ": missing treeCorrection rows for protocol " + p.name());
            }
            for (int i = 0; i < f.length; i++) {
                if (!(f[i] > 0)) {
                    throw new DataFileException(file, 0, "generation " + generation.id() + ": treeCorrection "
                            + p.name() + " index " + i + " missing or 0: indices must run 0, 1, 2, ... with values > 0");
                }
            }
            treeCorrection[p.ordinal()] = f;
        }
        Arrays.fill(ll128MaxBw, Double.NaN);
        if (generation == NcclGeneration.V2019) {
            for (final Collective coll : Collective.values()) {
                if (coll != Collective.ALL_TO_ALL) {
                    ll128MaxBw[coll.ordinal()] = need(values, file, "ll128MaxBw", coll.name(), "-");
                }
            }
            treeMaxBwSingleNode = need(values, file, "treeMaxBw", "SINGLE-NODE", "-");
            treeMaxBwMultiNode = need(values, file, "treeMaxBw", "MULTI-NODE", "-");
            // 2.5.6 knows one NVLink width for every GPU of compute capability 7 and above
            Arrays.fill(nvlinkBw, need(values, file, "scalar", "NVLINKBW", "-"));
        } else {
            final String[] capTables = {"llMaxBw", "perChMaxRingLL128Bw", "perChMaxTreeLL128Bw", "perChMaxTreeBw"};
            for (int t = 0; t < capTables.length; t++) {
                for (final NcclArchitecture arch : NcclArchitecture.values()) {
                    for (int n = 0; n < NODE_COLUMNS.length; n++) {
                        archCaps[t][arch.ordinal()][n] = need(values, file, capTables[t], arch.name(),
                                NODE_COLUMNS[n]);
                    }
                }
            }
            treeMaxBwSingleNode = Double.NaN;
            treeMaxBwMultiNode = Double.NaN;
            for (final NcclArchitecture arch : NcclArchitecture.values()) {
                nvlinkBw[arch.ordinal()] = need(values, file, "nvlinkBw", arch.name(), "-");
            }
        }
        final double limit = need(values, file, "scalar", "TREECORRECTIONLIMIT", "-");
        if (limit != Math.rint(limit) || limit < 0 || limit > 64) {
            throw new DataFileException(file, 0, "generation " + generation.id() + ": treeCorrectionLimit = " + limit
                    + ": must be an integer in [0, 64]");
        }
        this.treeCorrectionLimit = (int) limit;
        final Map<String, Double> s = new HashMap<>();
        final String prefix = "scalar|";
        for (final Map.Entry<String, Double> e : values.entrySet()) {
            if (e.getKey().startsWith(prefix)) {
                s.put(e.getKey().substring(prefix.length(), e.getKey().lastIndexOf('|')), e.getValue());
            }
        }
        this.scalars = s;
    }

    private static int parseIndex(final DataTable.Row row, final String text) {
        try {
            final int i = Integer.parseInt(text);
            if (i < 0 || i > 63) {
                throw new NumberFormatException();
            }
            return i;
        } catch (final NumberFormatException e) {
            throw row.error("column = '" + text + "': treeCorrection columns must be indices 0 to 63");
        }
    }

    private static String key(final String table, final String row, final String column) {
        return table + "|" + row.toUpperCase(Locale.ROOT) + "|" + column.toUpperCase(Locale.ROOT);
    }

    private double need(final Map<String, Double> values, final String file, final String table, final String row,
            final String column) {
        final Double v = values.get(key(table, row, column));
        if (v == null) {
            throw new DataFileException(file, 0, "generation " + generation.id() + ": missing " + table + " row "
                    + row + " column " + column);
        }
        return v;
    }

    /**
     * The built-in constants of a generation.
     *
     * @param generation the NCCL generation
     * @return its constants
     */
    public static NcclConstants of(final NcclGeneration generation) {
        return generation == NcclGeneration.V2019 ? BuiltIn.V2019 : BuiltIn.CURRENT;
    }

    /**
     * Reads a generation's constants from a table in the format of the built-in {@code nccl-constants.csv}.
     *
     * @param generation the generation to read
     * @param table the table
     * @return the constants
     * @throws DataFileException if a value is missing or malformed
     */
    public static NcclConstants read(final NcclGeneration generation, final DataTable table) {
        return new NcclConstants(generation, table);
    }

    /**
     * The generation these constants belong to.
     *
     * @return the generation
     */
    public NcclGeneration generation() {
        return generation;
    }

    /**
     * {@code baseLat[algorithm][protocol]}, microseconds.
     *
     * @param a the algorithm
     * @param p the protocol
     * @return microseconds
     */
    public double baseLatency(final NcclAlgorithm a, final NcclProtocol p) {
        return baseLat[a.ordinal()][p.ordinal()];
    }

    /**
     * {@code hwLat[hardware][algorithm][protocol]}, microseconds.
     *
     * @param hardware {@link #NVLINK}, {@link #PCI} or {@link #NET}
     * @param a the algorithm
     * @param p the protocol
     * @return microseconds
     */
    public double hwLatency(final int hardware, final NcclAlgorithm a, final NcclProtocol p) {
        return hwLat[hardware][a.ordinal()][p.ordinal()];
    }

    /**
     * The tree correction factor for a message size, or 1 past the end of the table.
     *
     * @param p the protocol
     * @param logSize {@code log2(bytes / 64)}, at least 0
     * @return the factor
     */
    public double treeCorrection(final NcclProtocol p, final int logSize) {
        final double[] f = treeCorrection[p.ordinal()];
        return logSize < f.length ? f[logSize] : 1.0;
    }

    /**
     * How many entries of the tree correction table NCCL reads: it corrects while {@code log2(bytes / 64)} is
     * below this (22 in 2.5.6, 23 at HEAD).
     *
     * @return the exclusive upper bound of the corrected index
     */
    public int treeCorrectionLimit() {
        return treeCorrectionLimit;
    }

    /**
     * The bandwidth NCCL's topology gives one NVLink of an architecture, GB/s: {@code VOLTA_NVLINK_WIDTH} (21) for
     * every architecture in 2.5.6, {@code SMxx_NVLINK_BW} at HEAD.
     *
     * @param arch the architecture
     * @return GB/s per link and direction
     */
    public double nvlinkBandwidth(final NcclArchitecture arch) {
        return nvlinkBw[arch.ordinal()];
    }

    /**
     * NCCL 2.5.6's LL128 bandwidth cap of a collective, GB/s ({@code NaN} for other generations).
     *
     * @param c the collective
     * @return GB/s
     */
    public double ll128MaxBandwidth(final Collective c) {
        return ll128MaxBw[c.ordinal()];
    }

    /**
     * NCCL 2.5.6's tree bandwidth cap, GB/s ({@code NaN} for other generations).
     *
     * @param multiNode whether the communicator spans nodes
     * @return GB/s
     */
    public double treeMaxBandwidth(final boolean multiNode) {
        return multiNode ? treeMaxBwMultiNode : treeMaxBwSingleNode;
    }

    /**
     * A HEAD per-architecture cap, GB/s ({@code 0} for other generations).
     *
     * @param table 0 {@code llMaxBw}, 1 {@code perChMaxRingLL128Bw}, 2 {@code perChMaxTreeLL128Bw},
     *     3 {@code perChMaxTreeBw}
     * @param arch the architecture
     * @param nodeColumn 0 for one node, 1 for two, 2 for more
     * @return GB/s
     */
    public double architectureCap(final int table, final NcclArchitecture arch, final int nodeColumn) {
        return archCaps[table][arch.ordinal()][nodeColumn];
    }

    /**
     * A named scalar factor of this generation.
     *
     * @param name e.g. {@code ringLLFactor}
     * @return the value
     * @throws IllegalArgumentException if the generation has no such scalar
     */
    public double scalar(final String name) {
        final Double v = scalars.get(name.toUpperCase(Locale.ROOT));
        if (v == null) {
            throw new IllegalArgumentException("NCCL " + generation.id() + " constants have no scalar '" + name + "'");
        }
        return v;
    }

    /** Lazily read built-in tables. */
    private static final class BuiltIn {
        static final NcclConstants V2019 = new NcclConstants(NcclGeneration.V2019, DataTable.resource(NcclConstants.class, RESOURCE));
        static final NcclConstants CURRENT = new NcclConstants(NcclGeneration.CURRENT, DataTable.resource(NcclConstants.class, RESOURCE));
    }
}
