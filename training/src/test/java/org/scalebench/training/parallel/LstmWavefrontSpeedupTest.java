package org.scalebench.training.parallel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.scalebench.training.cluster.Cluster;

/**
 * A two-phase wavefront worked out by hand from the class Javadoc on two GPUs joined at 1,000 B/s with 0.5 s
 * latency. Encoder: 2 time steps, 10 B per sample per step across a boundary, a bidirectional first layer of
 * weight 4, two layers of weight 1, no head. Decoder: 3 steps, 20 B, one layer of weight 2, a head of weight 6.
 * Weights times steps: 2 (4 + 1 + 1) + 3 (2 + 6) = 36, so a single-device step of 108 s is 108 / (3 x 36) = 1 s
 * of forward work per unit of weight and step (the backward takes twice that).
 */
class LstmWavefrontSpeedupTest {

    private static final LstmWavefrontSpeedup MODEL = new LstmWavefrontSpeedup(List.of(
            new LstmPhase("encoder", 2, 10, 4, new double[] {1, 1}, new double[0]),
            new LstmPhase("decoder", 3, 20, 0, new double[] {2}, new double[] {6})));

    private static Cluster twoGpus() {
        return TestClusters.withPeers(new double[][] {{1e12, 1000}, {1000, 1e12}}, 0.5);
    }

    @Test
    void oneGpuTakesTheMeasuredStep() {
        // forward 2 x 4 + (1 + 1) x 2 + 2 x 3 + 6 x 3 = 36, backward twice that: 108
        assertEquals(108.0, MODEL.stepSeconds(1, 1, 108, twoGpus()), 1e-9, "M = 1");
        assertEquals("lstm-wavefront", MODEL.name(), "name");
    }

    @Test
    void twoGpusPayTheJoinTheStagesTheHandOffAndTheHeadsSpread() {
        // encoder: bidirectional work 2 x 4 = 8 split over 2 GPUs, join 0.5 + 2 x 10 / 1000 = 0.52:
        //   forward 4.52, backward 8 + 0.52 = 8.52;
        //   stages {1}, {1}: f = 1 and 1 + (0.5 + 10 / 1000) = 1.51, b = 2 and 2.51:
        //   forward 2.51 + (2 - 1) 1.51 = 4.02, backward 4.51 + 2.51 = 7.02
        // decoder: hand-off from GPU 1 to GPU 0, 0.5 + 2 x 10 / 1000 = 0.52 each way;
        //   one stage of 2: forward 2 + (3 - 1) 2 = 6, backward 4 + 2 x 4 = 12;
        //   head over 2 GPUs: 3 x 6 / 2 = 9 forward, 18 backward, each + 0.5 + 3 x 20 / 1000 = 0.56
        // forward 4.52 + 4.02 + 0.52 + 6 + 9.56 = 24.62; backward 8.52 + 7.02 + 0.52 + 12 + 18.56 = 46.62
        assertEquals(71.24, MODEL.stepSeconds(2, 1, 108, twoGpus()), 1e-9, "M = 2");
        // at batch 2 every byte count doubles: the join 0.54, the second stage's transfer 0.52 (f 1.52, b 2.52),
        // the hand-off 0.54, the spread 0.62: forward 4.54 + 4.04 + 0.54 + 6 + 9.62 = 24.74,
        // backward 8.54 + 7.04 + 0.54 + 12 + 18.62 = 46.74
        assertEquals(71.48, MODEL.stepSeconds(2, 2, 108, twoGpus()), 1e-9, "M = 2 at batch 2");
    }

    @Test
    void aPhaseWithoutBoundaryBytesHandsNothingOff() {
        // encoder: 2 steps, layers {1}, {1} on two GPUs, 0 B; decoder: 1 step, one layer of 1. Weights times steps
        // 2 x 2 + 1 = 5, so a 15 s step is 1 s per unit. Encoder: f = 1 and 1 + 0.5 latency, b = 2 and 2.5:
        // forward 2.5 + 1.5 = 4, backward 4.5 + 2.5 = 7. No bytes to hand to the decoder, so no latency either:
        // forward 1, backward 2. Total 4 + 7 + 1 + 2 = 14
        final LstmWavefrontSpeedup m = new LstmWavefrontSpeedup(List.of(
                new LstmPhase("encoder", 2, 0, 0, new double[] {1, 1}, new double[0]),
                new LstmPhase("decoder", 1, 0, 0, new double[] {1}, new double[0])));
        assertEquals(14.0, m.stepSeconds(2, 1, 15, twoGpus()), 1e-12, "no hand-off");
    }

    @Test
    void placementSplitsTheBidirectionalLayerAndTheHeads() {
        final MpPlacement p = MODEL.place(2, 1, b -> 108.0, twoGpus());
        // bidirectional 4: 2 on each GPU; encoder layers one per stage; decoder's one layer on GPU 0; head 6 over 2
        assertArrayEquals(new double[] {2 + 1 + 2 + 3, 2 + 1 + 3}, p.denseParameters(), 1e-12, "dense parameters");
        assertEquals(108 / 71.24, p.speedup(), 1e-12, "the speedup of the step above");
        // on one GPU everything sits on it: 4 + 1 + 1 + 2 + 6
        assertArrayEquals(new double[] {14}, MODEL.place(1, 1, b -> 108.0, twoGpus()).denseParameters(), 1e-12,
                "one GPU");
    }
}
