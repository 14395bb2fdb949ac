package org.scalebench.training.parallel;

import org.scalebench.training.cluster.Cluster;

/**
 * {@code SU_MP(M)} of a branchy dataflow graph (Inception-V3's modules) placed on the best {@code M} GPUs of a
 * node: the single-device step time is split over the nodes in proportion to their forward work (forward one
 * third, backward two thirds), transfers cost NVLink (or fallback) time, and the placement is HEFT list
 * scheduling — or, for graphs small enough, the exhaustive optimum. Branches of an Inception module can run on
 * different GPUs; chains cannot gain. If no placement beats one GPU the worker keeps the model on one GPU and the
 * speedup is 1.
 *
 * <p>Immutable and thread-safe.
 */
public final class DataflowPlacementSpeedup implements MpSpeedupModel {

    /** Graphs with at most this many assignments are placed exhaustively. */
    public static final long EXHAUSTIVE_LIMIT = 1L << 20;

    private final DataflowGraph graph;

    /**
     * Creates the model.
     *
     * @param graph the dataflow graph of one sample
     */
    public DataflowPlacementSpeedup(final DataflowGraph graph) {
        this.graph = graph;
    }

    /**
     * The graph placed.
     *
     * @return the graph
     */
    public DataflowGraph graph() {
        return graph;
    }

    @Override
    public String name() {
        return "dataflow-placement (" + graph.name() + ", list scheduling)";
    }

    @Override
    public double speedup(final int m, final double workerBatch, final ComputeTime compute, final Cluster cluster) {
        return place(m, workerBatch, compute, cluster).speedup();
    }

    /**
     * The speedup and each GPU's parameters: every node's parameters on the GPU the placement gives it, or all on
     * GPU 0 when the worker keeps the model on one GPU.
     */
    @Override
    public MpPlacement place(final int m, final double workerBatch, final ComputeTime compute, final Cluster cluster) {
        final double[] placed = new double[m];
        if (m == 1) {
            for (int i = 0; i < graph.size(); i++) {
                placed[0] += graph.parameters(i);
            }
            return new MpPlacement(1.0, placed);
        }
        final PlacementProblem problem = problem(m, workerBatch, compute, cluster);
        final int[] assignment = Math.pow(m, graph.size()) <= EXHAUSTIVE_LIMIT
                ? problem.exhaustive(EXHAUSTIVE_LIMIT) : problem.listScheduling();
        final double speedup = problem.singleDeviceSeconds() / problem.stepSeconds(assignment);
        for (int i = 0; i < graph.size(); i++) {
            placed[speedup > 1.0 ? assignment[i] : 0] += graph.parameters(i);
        }
        return new MpPlacement(Math.max(1.0, speedup), placed);
    }

    /**
     * The placement problem this model solves for {@code m} GPUs at a batch.
     *
     * @param m group size, at least 1
     * @param workerBatch samples per step
     * @param compute single-device step time against batch
     * @param cluster the cluster
     * @return the problem
     */
    public PlacementProblem problem(final int m, final double workerBatch, final ComputeTime compute,
            final Cluster cluster) {
        final double step = compute.seconds(workerBatch);
        final double[] forward = new double[graph.size()];
        for (int i = 0; i < forward.length; i++) {
            forward[i] = graph.flops(i) / graph.totalFlops() * step / 3.0;
        }
        return new PlacementProblem(graph, forward, workerBatch, cluster.bestGroup(m), cluster);
    }
}
