package org.scalebench.training.projection;

import org.scalebench.core.data.Named;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * The parts of the step model a user may switch off to see what each contributes ({@code --without} on the
 * command line). Each is described, with its source and the direction it moves the projection, in
 * {@code docs/training-model.md}, section 10.
 */
public enum ScalingEffect implements Named {
    /** The per-step fixed costs: the profile's step overhead and the synchronisation overhead of a multi-GPU step. */
    STEP_OVERHEAD("step-overhead"),
    /**
     * Gradient buckets all-reduced as the backward pass makes them ready; only what does not fit under the rest of
     * the backward pass is exposed (else: the fraction {@code overlap} of the exchange hides under two thirds of the
     * compute).
     */
    BACKWARD_TIMELINE("timeline"),
    /** Mixed precision's loss scaling: unscaling and overflow-checking the gradients every step. */
    LOSS_SCALING("loss-scaling"),
    /** The ring channels NCCL builds on a DGX-1's NVLink cube-mesh for a group of its GPUs (else: every group gets the
     * full node's channels). */
    CUBE_MESH("cube-mesh"),
    /** Waiting for the slowest of {@code N} GPUs. */
    STRAGGLER("straggler"),
    /** The input pipeline's samples per second bounding a step. */
    INPUT_PIPELINE("input-pipeline"),
    /**
     * A scaling-corpus row whose reference ran on another system: the reference's compute scaled by the two
     * systems' peak tensor throughput (else: taken as equal). Only {@code train validate} has such rows.
     */
    DEVICE_SPEED("device-speed");

    private final String label;

    ScalingEffect(final String label) {
        this.label = label;
    }

    /**
     * The command-line name.
     *
     * @return e.g. {@code straggler}
     */
    @Override
    public String id() {
        return label;
    }

    /**
     * Parses a comma-separated list of names ({@code none} or empty: no effect).
     *
     * @param text the names
     * @return the effects
     * @throws IllegalArgumentException naming the value and the allowed names
     */
    public static Set<ScalingEffect> parseList(final String text) {
        final Set<ScalingEffect> out = EnumSet.noneOf(ScalingEffect.class);
        final String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.isEmpty() || t.equals("none")) {
            return out;
        }
        for (final String part : t.split(",")) {
            out.add(parse(part));
        }
        return out;
    }

    /**
     * Parses one name.
     *
     * @param text the name
     * @return the effect
     * @throws IllegalArgumentException naming the value and the allowed names
     */
    public static ScalingEffect parse(final String text) {
        return Named.parse(ScalingEffect.class, "effect", text);
    }
}
