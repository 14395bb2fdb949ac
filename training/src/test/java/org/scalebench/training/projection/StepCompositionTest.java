package org.scalebench.training.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scalebench.training.cluster.Cluster;
import org.scalebench.training.cluster.ClusterCatalog;
import org.scalebench.training.efficiency.McCandlishEfficiency;
import org.scalebench.training.model.GradientDtype;
import org.scalebench.training.model.ModelProfile;
import org.scalebench.training.model.Precision;
import org.scalebench.training.model.ScalingTerms;
import org.scalebench.training.model.StepTimeCurve;
import org.scalebench.training.parallel.GivenMpSpeedup;

/**
 * A projected data-parallel step put together by hand from its parts: k accumulated micro-steps, the optimizer,
 * the straggler wait {@code cv E[max of N] sqrt(k) micro} and the synchronisation overhead, the exposed exchange;
 * and the training time {@code E(B) samples / B step} at the global batch {@code B = workers batch k}.
 */
class StepCompositionTest {

    private static final Cluster DGX1 = ClusterCatalog.builtIn("dgx1");
    /** 5 ms of synchronisation, a coefficient of variation of 0.1. */
    private static final ScalingTerms TERMS = new ScalingTerms(0.005, 0.1, 0, 0);
    /** 20 ms + 0.1 s per sample, the 20 ms being the optimizer step, 1000 samples per epoch, E(B) = 1 + B / 1e9. */
    private static ModelProfile profile(final ScalingTerms terms) {
        return profile(terms, 400_000_000L);
    }

    private static ModelProfile profile(final ScalingTerms terms, final long gradientBytes) {
        final StepTimeCurve curve = new StepTimeCurve(new double[] {1, 2}, new double[] {0.12, 0.22}, 0.02, Double.NaN);
        return new ModelProfile("synthetic", "none", "none", Precision.FP32, GradientDtype.FP16, gradientBytes / 2,
                gradientBytes, gradientBytes / 2.0, List.of(), 1000, 1, curve, 0.0, 0.02, new McCandlishEfficiency(1, 1e9), null,
                new GivenMpSpeedup(new int[] {2}, new double[] {1}),
                null, terms, Map.of());
    }

    private static final ProjectionOptions FOUR_STEPS = ProjectionOptions.DEFAULTS.withFixedBatch(1)
            .withAccumulationSteps(4);

    @Test
    void aProjectedStepIsTheSumOfItsParts() {
        final Projector p = new Projector(profile(TERMS), DGX1, FOUR_STEPS, new int[] {1});
        final ProjectionTable t = p.newTable(2);
        p.project(new int[] {1, 8}, t);
        // one GPU: 4 x 0.1 + 0.02, no wait, no synchronisation, no exchange
        assertEquals(0.42, t.computeSeconds(0, 0), 1e-12);
        assertEquals(0.0, t.overheadSeconds(0, 0), 0);
        assertEquals(0.42, t.stepSeconds(0, 0), 1e-12);
        // eight GPUs: the wait 0.1 x E[max of 8] x sqrt(4) x 0.1 and 5 ms
        final double overhead = 0.1 * SlowestOfN.expectedMax(8) * 2 * 0.1 + 0.005;
        assertEquals(0.0334719, overhead, 1e-3);
        assertEquals(overhead, t.overheadSeconds(1, 0), 1e-12);
        final double comm = t.commSeconds(1, 0);
        assertEquals(comm, t.exposedCommSeconds(1, 0), 0);
        final double step = 0.42 + overhead + comm;
        assertEquals(step, t.stepSeconds(1, 0), 1e-12);
        // global batch 8 x 1 x 4 = 32; E(32) = 1 + 32e-9 epochs of 1000 samples
        assertEquals(32.0, t.globalBatch(1, 0), 0);
        assertEquals((1 + 32e-9) * 1000 / 32 * step, t.trainSeconds(1, 0), 1e-9);
        // the same step through the entry point the corpus fits use
        assertEquals(step, p.dataParallelStepSeconds(8, 0.1, 0.02, 0.005, 0.1), 1e-12);
        assertEquals(0.42, p.dataParallelStepSeconds(1, 0.1, 0.02, 0.005, 0.1), 1e-12);
    }

    @Test
    void theInputPipelineFeedsEveryAccumulatedMicroBatch() {
        // 2 samples per second, 4 micro-batches of 1: at least 2 s per step
        final Projector p = new Projector(profile(new ScalingTerms(0, 0, 2.0, 0)), DGX1, FOUR_STEPS, new int[] {1});
        assertEquals(2.0, p.dataParallelStepSeconds(1, 0.1, 0.02, 0, 0), 1e-12);
        final ProjectionTable t = p.newTable(1);
        p.project(new int[] {1}, t);
        assertEquals(2.0, t.stepSeconds(0, 0), 1e-12);
    }

    @Test
    void aGradientOfExactlyTwoBucketsIsTwoAllReducesOfABucket() {
        final ProjectionOptions one = ProjectionOptions.DEFAULTS.withFixedBatch(1);
        final double bucket = new Projector(profile(ScalingTerms.NONE, 200_000_000L), DGX1, one, new int[] {1})
                .dataParallelStepSeconds(8, 0, 0, 0, 0);
        assertEquals(2 * bucket, new Projector(profile(ScalingTerms.NONE), DGX1, one.withBucketBytes(200_000_000L),
                new int[] {1}).dataParallelStepSeconds(8, 0, 0, 0, 0), 1e-15);
    }
}
