package org.scalebench.training.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
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

/** Each switchable part of the data-parallel step model. */
class ScalingEffectsTest {

    private static final Cluster DGX1 = ClusterCatalog.builtIn("dgx1");
    private static final long GRADIENT = 400_000_000L;
    private static final ProjectionOptions NO_OVERLAP = ProjectionOptions.DEFAULTS.withFixedBatch(1);

    private static ModelProfile profile(final Precision precision, final ScalingTerms terms) {
        return new ModelProfile("synthetic", "none", "none", precision, GradientDtype.FP16, GRADIENT / 2, GRADIENT,
                GRADIENT / 2.0, List.of(), 1000, 1, new StepTimeCurve(new double[] {1, 2}, new double[] {0.1, 0.2}),
                0.0, 0.0, new McCandlishEfficiency(1, 1e9), null,
                new GivenMpSpeedup(new int[] {2}, new double[] {1}), null, terms, Map.of());
    }

    private static double step(final ProjectionOptions o, final ScalingTerms terms, final int devices,
            final double micro) {
        return new Projector(profile(Precision.FP32, terms), DGX1, o, new int[] {1})
                .dataParallelStepSeconds(devices, micro, 0, terms.syncOverheadSeconds(), terms.stragglerCv());
    }

    @Test
    void bucketsHideUnderALongBackwardPassButNotUnderAShortOne() {
        final ProjectionOptions timeline = NO_OVERLAP.withOverlap(1).withBucketBytes(25L << 20);
        final double comm = step(NO_OVERLAP, ScalingTerms.NONE, 8, 0);
        // a backward pass far longer than the exchange: only the last bucket's all-reduce is exposed
        final double exposedLong = step(timeline, ScalingTerms.NONE, 8, 3.0) - 3.0;
        assertTrue(exposedLong > 0 && exposedLong < comm / 10, exposedLong + " of " + comm);
        // a backward pass that is almost nothing: the whole bucketed exchange is exposed
        final double bucketedComm = step(NO_OVERLAP.withBucketBytes(25L << 20), ScalingTerms.NONE, 8, 0);
        assertTrue(bucketedComm > comm, "each bucket pays the latency");
        assertEquals(bucketedComm, step(timeline, ScalingTerms.NONE, 8, 1e-9), 1e-6);
        // one all-reduce of the whole gradient starts at the end of the backward pass: nothing hides
        assertEquals(comm, step(NO_OVERLAP.withOverlap(1), ScalingTerms.NONE, 8, 3.0) - 3.0, 1e-12);
        // with the timeline off, the overlap fraction hides the exchange under two thirds of the compute
        final ProjectionOptions old = timeline.withDisabledEffects(Set.of(ScalingEffect.BACKWARD_TIMELINE));
        final double bucketed = step(NO_OVERLAP.withBucketBytes(25L << 20), ScalingTerms.NONE, 8, 0);
        assertEquals(0.0, step(old, ScalingTerms.NONE, 8, 3.0) - 3.0, 1e-12);
        assertEquals(bucketed - 0.006 * 2 / 3, step(old, ScalingTerms.NONE, 8, 0.006) - 0.006, 1e-12);
    }

    @Test
    void accumulationRepeatsTheComputeAndExchangesOnce() {
        final double one = step(NO_OVERLAP, ScalingTerms.NONE, 8, 0.1);
        final double four = step(NO_OVERLAP.withAccumulationSteps(4), ScalingTerms.NONE, 8, 0.1);
        assertEquals(3 * 0.1, four - one, 1e-12);
        assertThrows(IllegalArgumentException.class, () -> NO_OVERLAP.withAccumulationSteps(0));
    }

    @Test
    void theStepWaitsForTheSlowestGpuAndPaysTheSynchronisationOverhead() {
        final ScalingTerms terms = new ScalingTerms(0.005, 0.1, 0, 0);
        final double plain = step(NO_OVERLAP, ScalingTerms.NONE, 8, 0.1);
        assertEquals(plain + 0.1 * SlowestOfN.expectedMax(8) * 0.1 + 0.005, step(NO_OVERLAP, terms, 8, 0.1), 1e-12);
        // one GPU: no wait, no synchronisation
        assertEquals(0.1, step(NO_OVERLAP, terms, 1, 0.1), 1e-12);
        // k accumulated micro-steps: the spread of their sum grows as sqrt(k)
        final double four = step(NO_OVERLAP.withAccumulationSteps(4), terms, 8, 0.1);
        assertEquals(step(NO_OVERLAP.withAccumulationSteps(4), ScalingTerms.NONE, 8, 0.1)
                + 2 * 0.1 * SlowestOfN.expectedMax(8) * 0.1 + 0.005, four, 1e-12);
        // switched off
        assertEquals(plain, step(NO_OVERLAP.withDisabledEffects(Set.of(ScalingEffect.STRAGGLER,
                ScalingEffect.STEP_OVERHEAD)), terms, 8, 0.1), 1e-12);
    }

    @Test
    void twoGpusOfTheCubeMeshShareOneNvlink() {
        final double withMesh = step(NO_OVERLAP, ScalingTerms.NONE, 2, 0);
        final double wholeNode = step(NO_OVERLAP.withDisabledEffects(Set.of(ScalingEffect.CUBE_MESH)),
                ScalingTerms.NONE, 2, 0);
        // one channel instead of six: about six times slower
        assertTrue(withMesh > 4 * wholeNode, withMesh + " against " + wholeNode);
        // all eight GPUs: NCCL's six channels either way
        assertEquals(step(NO_OVERLAP.withDisabledEffects(Set.of(ScalingEffect.CUBE_MESH)), ScalingTerms.NONE, 8, 0),
                step(NO_OVERLAP, ScalingTerms.NONE, 8, 0), 1e-15);
    }

    @Test
    void theInputPipelineBoundsAStepFromBelow() {
        final ScalingTerms slowInput = new ScalingTerms(0, 0, 2.0, 0);
        // a batch of 1 at 2 samples per second takes at least half a second
        assertEquals(0.5, step(NO_OVERLAP, slowInput, 1, 0.1), 1e-12);
        assertEquals(0.1, step(NO_OVERLAP.withDisabledEffects(Set.of(ScalingEffect.INPUT_PIPELINE)), slowInput, 1,
                0.1), 1e-12);
    }

    @Test
    void lossScalingAddsItsBytesToMixedPrecisionSteps() {
        final ScalingTerms amp = new ScalingTerms(0, 0, 0, 6);
        final ProjectionOptions o = NO_OVERLAP;
        final ProjectionTable mixed = table(profile(Precision.MIXED, amp), o);
        final ProjectionTable off = table(profile(Precision.MIXED, amp),
                o.withDisabledEffects(Set.of(ScalingEffect.LOSS_SCALING)));
        assertEquals(6.0 * (GRADIENT / 2) / DGX1.hbmBandwidth(), mixed.computeSeconds(0, 0) - off.computeSeconds(0, 0),
                1e-12);
        // FP32 steps have no loss scaling
        final ProjectionTable fp32 = table(profile(Precision.FP32, amp), o);
        assertEquals(off.computeSeconds(0, 0), fp32.computeSeconds(0, 0), 1e-15);
    }

    @Test
    void effectsParseByNameAndRefuseUnknownOnes() {
        assertEquals(Set.of(ScalingEffect.STRAGGLER, ScalingEffect.CUBE_MESH), ScalingEffect.parseList("straggler,"
                + "cube-mesh"));
        assertEquals(Set.of(), ScalingEffect.parseList("none"));
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ScalingEffect.parseList("stragglers"));
        assertTrue(e.getMessage().startsWith("effect = 'stragglers': must be one of step-overhead, timeline"),
                e.getMessage());
    }

    private static ProjectionTable table(final ModelProfile m, final ProjectionOptions o) {
        final Projector p = new Projector(m, DGX1, o, new int[] {1});
        final ProjectionTable t = p.newTable(1);
        p.project(new int[] {1}, t);
        return t;
    }
}
