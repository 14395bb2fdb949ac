package org.scalebench.training.parallel;

import java.util.Arrays;
import org.scalebench.training.cluster.Cluster;

/**
 * Placing one training step of a {@link DataflowGraph} on a group of GPUs: each node runs on one GPU; an edge
 * between GPUs costs {@code latency + activation bytes / pair bandwidth} in the forward pass and the same again
 * for its gradient in the backward pass. A node's forward time is given; its backward time is twice that (the
 * data-gradient and weight-gradient passes each redo the forward's work).
 *
 * <p>Schedules are list schedules in decreasing upward rank (HEFT's priority, Topcuoglu et al. 2002, with
 * average transfer costs), which is a topological order; the backward pass runs the reverse order on the same
 * placement. Link contention between concurrent transfers is not modelled. {@link #listScheduling()} is HEFT's
 * earliest-finish-time assignment; {@link #exhaustive(long)} tries every assignment of a small graph.
 *
 * <p>Not thread-safe (it reuses scratch arrays); create one per placement.
 */
public final class PlacementProblem {

    private final DataflowGraph graph;
    private final double[] cost;
    private final int m;
    private final double[][] transfer;
    private final int[] order;
    private final int[][] preds;
    private final int[][] succs;
    private final double[] finish;
    private final double[] ready;

    /**
     * Sets up the problem.
     *
     * @param graph the dataflow graph
     * @param forwardSeconds forward time of each node, seconds, at least 0
     * @param batch samples per step (scales the activation bytes)
     * @param group the GPU indices of the group, within one node
     * @param cluster the cluster giving pair bandwidths and latency
     */
    public PlacementProblem(final DataflowGraph graph, final double[] forwardSeconds, final double batch,
            final int[] group, final Cluster cluster) {
        if (forwardSeconds.length != graph.size()) {
            throw new IllegalArgumentException("forwardSeconds.length = " + forwardSeconds.length
                    + ": must equal the graph size " + graph.size());
        }
        if (group.length < 1) {
            throw new IllegalArgumentException("group is empty: needs at least one GPU");
        }
        this.graph = graph;
        this.cost = forwardSeconds.clone();
        this.m = group.length;
        this.preds = graph.predecessorTable();
        this.succs = graph.successorTable();
        final int n = graph.size();
        // transfer[u][a * m + b]: moving node u's output from group GPU a to group GPU b
        this.transfer = new double[n][m * m];
        double meanInverseBandwidth = 0;
        for (int a = 0; a < m; a++) {
            for (int b = 0; b < m; b++) {
                if (a != b) {
                    meanInverseBandwidth += 1.0 / cluster.peerBandwidth(group[a], group[b]);
                }
            }
        }
        meanInverseBandwidth = m > 1 ? meanInverseBandwidth / (m * (m - 1)) : 0;
        final double[] meanTransfer = new double[n];
        for (int u = 0; u < n; u++) {
            final double bytes = graph.outputBytes(u) * batch;
            for (int a = 0; a < m; a++) {
                for (int b = 0; b < m; b++) {
                    transfer[u][a * m + b] = a == b ? 0.0
                            : cluster.peerLatency() + bytes / cluster.peerBandwidth(group[a], group[b]);
                }
            }
            meanTransfer[u] = m > 1 ? (m - 1.0) / m * (cluster.peerLatency() + bytes * meanInverseBandwidth) : 0;
        }
        // upward rank: cost(u) + max over successors (mean transfer + rank(s)); nodes in reverse index order
        final double[] rank = new double[n];
        for (int u = n - 1; u >= 0; u--) {
            double tail = 0;
            for (final int s : succs[u]) {
                tail = Math.max(tail, meanTransfer[u] + rank[s]);
            }
            rank[u] = cost[u] + tail;
        }
        this.order = java.util.stream.IntStream.range(0, n).boxed()
                .sorted((x, y) -> rank[x] != rank[y] ? Double.compare(rank[y], rank[x]) : Integer.compare(x, y))
                .mapToInt(Integer::intValue).toArray();
        this.finish = new double[n];
        this.ready = new double[m];
    }

    /**
     * Time of the whole step on one GPU: three times the sum of the forward times.
     *
     * @return seconds
     */
    public double singleDeviceSeconds() {
        double total = 0;
        for (final double c : cost) {
            total += c;
        }
        return 3.0 * total;
    }

    /**
     * Forward plus backward makespan of a placement.
     *
     * @param assignment the group GPU ({@code 0..m-1}) of each node
     * @return seconds
     */
    public double stepSeconds(final int[] assignment) {
        return forwardSeconds(assignment) + backwardSeconds(assignment);
    }

    /**
     * Forward makespan of a placement.
     *
     * @param assignment the group GPU of each node
     * @return seconds
     */
    public double forwardSeconds(final int[] assignment) {
        Arrays.fill(ready, 0);
        double makespan = 0;
        for (final int u : order) {
            final int d = assignment[u];
            double start = ready[d];
            for (final int p : preds[u]) {
                start = Math.max(start, finish[p] + transfer[p][assignment[p] * m + d]);
            }
            finish[u] = start + cost[u];
            ready[d] = finish[u];
            makespan = Math.max(makespan, finish[u]);
        }
        return makespan;
    }

    /**
     * Backward makespan of a placement: the reverse order, each node twice its forward time, each gradient
     * crossing the same edges back.
     *
     * @param assignment the group GPU of each node
     * @return seconds
     */
    public double backwardSeconds(final int[] assignment) {
        Arrays.fill(ready, 0);
        double makespan = 0;
        for (int k = order.length - 1; k >= 0; k--) {
            final int u = order[k];
            final int d = assignment[u];
            double start = ready[d];
            for (final int s : succs[u]) {
                start = Math.max(start, finish[s] + transfer[u][assignment[s] * m + d]);
            }
            finish[u] = start + 2.0 * cost[u];
            ready[d] = finish[u];
            makespan = Math.max(makespan, finish[u]);
        }
        return makespan;
    }

    /**
     * HEFT's assignment: in priority order, each node goes to the GPU where it would finish earliest.
     *
     * @return the group GPU of each node
     */
    public int[] listScheduling() {
        final int n = graph.size();
        final int[] assignment = new int[n];
        Arrays.fill(ready, 0);
        for (final int u : order) {
            int bestDevice = 0;
            double bestFinish = Double.POSITIVE_INFINITY;
            for (int d = 0; d < m; d++) {
                double start = ready[d];
                for (final int p : preds[u]) {
                    start = Math.max(start, finish[p] + transfer[p][assignment[p] * m + d]);
                }
                if (start + cost[u] < bestFinish) {
                    bestFinish = start + cost[u];
                    bestDevice = d;
                }
            }
            assignment[u] = bestDevice;
            finish[u] = bestFinish;
            ready[bestDevice] = bestFinish;
        }
        return assignment;
    }

    /**
     * The best placement by trying all {@code m^n} assignments (forward plus backward makespan).
     *
     * @param maxAssignments the most assignments allowed
     * @return the group GPU of each node
     * @throws IllegalArgumentException if {@code m^n} exceeds {@code maxAssignments}
     */
    public int[] exhaustive(final long maxAssignments) {
        final int n = graph.size();
        final double combos = Math.pow(m, n);
        if (combos > maxAssignments) {
            throw new IllegalArgumentException("exhaustive placement of " + n + " nodes on " + m + " GPUs needs "
                    + (long) combos + " assignments: at most " + maxAssignments + " allowed");
        }
        final int[] assignment = new int[n];
        int[] best = assignment.clone();
        double bestTime = stepSeconds(assignment);
        while (true) {
            int i = 0;
            while (i < n && ++assignment[i] == m) {
                assignment[i] = 0;
                i++;
            }
            if (i == n) {
                return best;
            }
            final double t = stepSeconds(assignment);
            if (t < bestTime) {
                bestTime = t;
                best = assignment.clone();
            }
        }
    }

    /**
     * Number of nodes.
     *
     * @return the graph size
     */
    public int size() {
        return graph.size();
    }

    /**
     * GPUs in the group.
     *
     * @return the group size
     */
    public int devices() {
        return m;
    }
}
