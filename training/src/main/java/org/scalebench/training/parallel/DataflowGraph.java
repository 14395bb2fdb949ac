package org.scalebench.training.parallel;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.scalebench.core.data.DataTable;
import org.scalebench.core.data.DataFileException;
import org.scalebench.core.data.TextLimits;

/**
 * The forward dataflow graph of one training sample: layers (nodes) with their forward floating-point work and
 * the bytes of their output activation, and which layers feed which (edges). Nodes are in topological order.
 *
 * <p>Read from a CSV with columns {@code node,op,inputs,in_channels,out_channels,kernel_h,kernel_w,out_h,out_w,
 * source}: {@code op} is {@code input}, {@code conv}, {@code pool}, {@code concat} or {@code fc}; {@code inputs}
 * lists earlier nodes separated by {@code ;}. Work per sample: convolution {@code 2 kh kw cin cout oh ow},
 * pooling {@code kh kw cin oh ow}, fully connected {@code 2 cin cout}, input and concatenation 0. Output bytes per
 * sample: {@code cout oh ow * 4} (FP32). Trainable parameters: convolution {@code kh kw cin cout} plus its batch
 * norm's scale and shift {@code 2 cout} (torchvision's {@code BasicConv2d}), fully connected {@code cin cout + cout},
 * others 0. The reader checks channel counts along every edge (a convolution's
 * {@code in_channels} equals its input's {@code out_channels}; a concatenation's {@code out_channels} is the sum of
 * its inputs'), so a mistyped row is caught with its file and line.
 *
 * <p>Immutable and thread-safe.
 */
public final class DataflowGraph {

    private static final double BYTES_PER_VALUE = 4.0;
    private static final String RESOURCE_DIR = "/org/scalebench/training/graphs/";

    private final String name;
    private final String[] nodes;
    private final double[] flops;
    private final double[] outputBytes;
    private final double[] parameters;
    private final int[][] predecessors;
    private final int[][] successors;
    private final double totalFlops;

    /**
     * Creates a graph.
     *
     * @param name the graph's name
     * @param nodes node names, topologically ordered
     * @param flops forward floating-point operations per sample of each node, at least 0, not all 0
     * @param outputBytes bytes of each node's output activation per sample, at least 0
     * @param predecessors for each node, the indices of its inputs (each smaller than the node's index)
     * @throws IllegalArgumentException naming the offending node
     */
    public DataflowGraph(final String name, final String[] nodes, final double[] flops, final double[] outputBytes,
            final int[][] predecessors) {
        this(name, nodes, flops, outputBytes, new double[nodes.length], predecessors);
    }

    /**
     * Creates a graph whose nodes hold parameters.
     *
     * @param name the graph's name
     * @param nodes node names, topologically ordered
     * @param flops forward floating-point operations per sample of each node, at least 0, not all 0
     * @param outputBytes bytes of each node's output activation per sample, at least 0
     * @param parameters trainable parameters of each node, at least 0
     * @param predecessors for each node, the indices of its inputs (each smaller than the node's index)
     * @throws IllegalArgumentException naming the offending node
     */
    public DataflowGraph(final String name, final String[] nodes, final double[] flops, final double[] outputBytes,
            final double[] parameters, final int[][] predecessors) {
        final int n = nodes.length;
        if (parameters.length != n) {
            throw new IllegalArgumentException("graph " + name + ": " + parameters.length + " parameter counts for " + n
                    + " nodes: must match");
        }
        for (int i = 0; i < n; i++) {
            if (!(parameters[i] >= 0)) {
                throw new IllegalArgumentException("graph " + name + " node " + nodes[i] + ": parameters = "
                        + parameters[i] + ": must be at least 0");
            }
        }
        if (n == 0 || flops.length != n || outputBytes.length != n || predecessors.length != n) {
            throw new IllegalArgumentException("graph " + name + ": nodes, flops, output bytes and predecessors must"
                    + " have the same, non-zero length");
        }
        double total = 0;
        final int[] successorCount = new int[n];
        for (int i = 0; i < n; i++) {
            if (!(flops[i] >= 0) || !(outputBytes[i] >= 0)) {
                throw new IllegalArgumentException("graph " + name + " node " + nodes[i]
                        + ": flops and output bytes must be at least 0");
            }
            total += flops[i];
            for (final int p : predecessors[i]) {
                if (p < 0 || p >= i) {
                    throw new IllegalArgumentException("graph " + name + " node " + nodes[i] + ": input index " + p
                            + " must be an earlier node (topological order)");
                }
                successorCount[p]++;
            }
        }
        if (!(total > 0)) {
            throw new IllegalArgumentException("graph " + name + ": total flops = 0: some node must do work");
        }
        this.successors = new int[n][];
        for (int i = 0; i < n; i++) {
            successors[i] = new int[successorCount[i]];
        }
        final int[] fill = new int[n];
        this.predecessors = new int[n][];
        for (int i = 0; i < n; i++) {
            this.predecessors[i] = predecessors[i].clone();
            for (final int p : predecessors[i]) {
                successors[p][fill[p]++] = i;
            }
        }
        this.name = name;
        this.nodes = nodes.clone();
        this.flops = flops.clone();
        this.outputBytes = outputBytes.clone();
        this.parameters = parameters.clone();
        this.totalFlops = total;
    }

    /**
     * A built-in graph ({@code inception-v3}).
     *
     * @param name the graph name
     * @return the graph
     * @throws IllegalArgumentException if there is no such built-in graph
     */
    public static DataflowGraph builtIn(final String name) {
        final String resource = RESOURCE_DIR + name.toLowerCase(Locale.ROOT) + ".csv";
        if (DataflowGraph.class.getResource(resource) == null) {
            throw new IllegalArgumentException("graph = '" + name + "': no built-in graph of that name (built in:"
                    + " inception-v3); give a CSV file instead");
        }
        return read(name, DataTable.resource(DataflowGraph.class, resource));
    }

    /**
     * Reads a graph from a CSV file.
     *
     * @param path the file
     * @return the graph
     * @throws DataFileException if the file is malformed
     */
    public static DataflowGraph load(final Path path) {
        return read(path.getFileName().toString(), DataTable.read(path));
    }

    /**
     * Reads a graph from a table.
     *
     * @param name the graph's name
     * @param table the table
     * @return the graph
     * @throws DataFileException if the table is malformed
     */
    public static DataflowGraph read(final String name, final DataTable table) {
        table.requireColumns("node", "op", "inputs", "in_channels", "out_channels", "kernel_h", "kernel_w", "out_h",
                "out_w", "source");
        final Map<String, Integer> index = new HashMap<>();
        final List<String> names = new ArrayList<>();
        final List<int[]> preds = new ArrayList<>();
        final List<double[]> work = new ArrayList<>();
        final List<Integer> channels = new ArrayList<>();
        for (final DataTable.Row row : table.rows()) {
            final String node = row.require("node");
            row.require("source");
            if (index.containsKey(node)) {
                throw row.error("node = '" + node + "' defined twice");
            }
            final String op = row.require("op").toLowerCase(Locale.ROOT);
            final String inputs = row.get("inputs");
            final int[] p = inputs.isEmpty() ? new int[0]
                    : Arrays.stream(inputs.split(";")).map(String::trim).mapToInt(in -> {
                        final Integer i = index.get(in);
                        if (i == null) {
                            throw row.error("input '" + in + "' of node '" + node
                                    + "' is not an earlier node: rows must be in topological order");
                        }
                        return i;
                    }).toArray();
            final int cin = count(row, "in_channels");
            final int cout = count(row, "out_channels");
            final int kh = count(row, "kernel_h");
            final int kw = count(row, "kernel_w");
            final int oh = count(row, "out_h");
            final int ow = count(row, "out_w");
            int inputChannels = 0;
            for (final int i : p) {
                inputChannels += channels.get(i);
            }
            final double f;
            double params = 0;
            switch (op) {
                case "input":
                    if (p.length != 0) {
                        throw row.error("op = input: must have no inputs");
                    }
                    f = 0;
                    break;
                case "conv":
                case "pool":
                case "fc":
                    if (p.length != 1 || inputChannels != cin) {
                        throw row.error("op = " + op + " with in_channels = " + cin + ": must have exactly one input "
                                + "whose out_channels equal it (input gives " + inputChannels + ")");
                    }
                    if (op.equals("pool") && cout != cin) {
                        throw row.error("op = pool: out_channels = " + cout + " must equal in_channels = " + cin);
                    }
                    f = op.equals("conv") ? 2.0 * kh * kw * cin * (double) cout * oh * ow
                            : op.equals("pool") ? (double) kh * kw * cin * oh * ow : 2.0 * cin * (double) cout;
                    params = op.equals("conv") ? (double) kh * kw * cin * cout + 2.0 * cout
                            : op.equals("fc") ? (double) cin * cout + cout : 0.0;
                    break;
                case "concat":
                    if (p.length < 2 || inputChannels != cout) {
                        throw row.error("op = concat with out_channels = " + cout + ": must have at least two inputs "
                                + "whose out_channels sum to it (inputs give " + inputChannels + ")");
                    }
                    f = 0;
                    break;
                default:
                    throw row.error("op = '" + op + "': must be one of input, conv, pool, concat, fc");
            }
            index.put(node, names.size());
            names.add(node);
            preds.add(p);
            work.add(new double[] {f, BYTES_PER_VALUE * cout * (double) oh * ow, params});
            channels.add(cout);
        }
        if (names.isEmpty()) {
            throw new DataFileException(table.file(), 0, "holds no nodes");
        }
        final int n = names.size();
        final double[] flops = new double[n];
        final double[] bytes = new double[n];
        final double[] params = new double[n];
        for (int i = 0; i < n; i++) {
            flops[i] = work.get(i)[0];
            bytes[i] = work.get(i)[1];
            params[i] = work.get(i)[2];
        }
        return new DataflowGraph(name, names.toArray(new String[0]), flops, bytes, params,
                preds.toArray(new int[0][]));
    }

    private static int count(final DataTable.Row row, final String column) {
        final double v = row.number(column);
        if (v != Math.rint(v) || v < 1 || v > Integer.MAX_VALUE) {
            throw row.error(column + " = " + TextLimits.quoted(row.get(column)) + ": must be a positive integer");
        }
        return (int) v;
    }

    /**
     * The graph's name.
     *
     * @return the name
     */
    public String name() {
        return name;
    }

    /**
     * Node count.
     *
     * @return the number of nodes
     */
    public int size() {
        return nodes.length;
    }

    /**
     * A node's name.
     *
     * @param i node index
     * @return the name
     */
    public String node(final int i) {
        return nodes[i];
    }

    /**
     * A node's forward work per sample.
     *
     * @param i node index
     * @return floating-point operations
     */
    public double flops(final int i) {
        return flops[i];
    }

    /**
     * Total forward work per sample.
     *
     * @return floating-point operations
     */
    public double totalFlops() {
        return totalFlops;
    }

    /**
     * A node's output activation per sample.
     *
     * @param i node index
     * @return bytes
     */
    public double outputBytes(final int i) {
        return outputBytes[i];
    }

    /**
     * A node's trainable parameters.
     *
     * @param i node index
     * @return parameters
     */
    public double parameters(final int i) {
        return parameters[i];
    }

    /**
     * A node's inputs.
     *
     * @param i node index
     * @return predecessor indices (a copy)
     */
    public int[] predecessors(final int i) {
        return predecessors[i].clone();
    }

    int[][] predecessorTable() {
        return predecessors;
    }

    int[][] successorTable() {
        return successors;
    }
}
