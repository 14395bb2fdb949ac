package org.scalebench.training.parallel;

import org.scalebench.training.cluster.Cluster;

/**
 * A model of {@code SU_MP(M)}: how much faster one data-parallel worker runs a training step at batch
 * {@code b} when its model is split over {@code M} GPUs of one node than on one GPU.
 *
 * <p>Implementations are immutable and thread-safe; {@link #speedup} may allocate (it runs a placement or a
 * schedule), so callers evaluate it when a projection is set up.
 */
public interface MpSpeedupModel {

    /**
     * The model's name as printed beside every number it produces, e.g. {@code lstm-wavefront}.
     *
     * @return the name
     */
    String name();

    /**
     * {@code SU_MP(M)} at a worker batch.
     *
     * @param m GPUs per worker, at least 1 and at most the cluster's GPUs per node
     * @param workerBatch samples per step of the worker, positive
     * @param compute single-device step time against batch
     * @param cluster the cluster whose node hosts the worker
     * @return the speedup over one device (1 for {@code m = 1}); a model never returns less than 1 when it may
     *     keep the whole model on one device instead
     */
    double speedup(int m, double workerBatch, ComputeTime compute, Cluster cluster);

    /**
     * {@code SU_MP(M)} with the dense parameters each GPU of the worker holds under the placement that gives it.
     * The default places no parameter (a model of speedups only): the caller then assumes even shards.
     *
     * @param m GPUs per worker, at least 1 and at most the cluster's GPUs per node
     * @param workerBatch samples per step of the worker, positive
     * @param compute single-device step time against batch
     * @param cluster the cluster whose node hosts the worker
     * @return the speedup and the placed parameters
     */
    default MpPlacement place(final int m, final double workerBatch, final ComputeTime compute,
            final Cluster cluster) {
        return MpPlacement.unplaced(speedup(m, workerBatch, compute, cluster), m);
    }
}
