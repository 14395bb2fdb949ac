package org.scalebench.training.parallel;

import java.util.Arrays;

/**
 * One phase of a recurrent network unrolled over time: an optional bidirectional first layer, a stack of
 * unidirectional LSTM layers, and per-step "heads" (attention, softmax) that do not recur. Weights are the
 * parameters touched per sample per time step, which is what the forward work of each cell is proportional to
 * (two floating-point operations per weight).
 *
 * @param name the phase's name, e.g. {@code encoder}
 * @param timeSteps time steps per sample, positive
 * @param boundaryBytes bytes per sample per time step that cross a stage boundary (one hidden state), at least 0
 * @param bidirectionalWeights weights of a bidirectional first layer (both directions), 0 if none
 * @param layerWeights weights of each unidirectional layer, bottom to top
 * @param headWeights weights of each non-recurrent head
 * @param headParameters dense parameters of each head (its weights per step unless it samples a larger table whose
 *     gradient is sparse), at least 0
 * @param embeddingParameters dense parameters kept with the phase's first layer (an input embedding whose gradient
 *     is dense), at least 0
 */
public record LstmPhase(String name, double timeSteps, double boundaryBytes, double bidirectionalWeights,
        double[] layerWeights, double[] headWeights, double[] headParameters, double embeddingParameters) {

    /**
     * A phase whose heads' parameters are their weights and which keeps no embedding with its first layer.
     *
     * @param name the phase's name
     * @param timeSteps time steps per sample
     * @param boundaryBytes bytes per sample per time step crossing a stage boundary
     * @param bidirectionalWeights weights of a bidirectional first layer, 0 if none
     * @param layerWeights weights of each unidirectional layer
     * @param headWeights weights of each non-recurrent head
     */
    public LstmPhase(final String name, final double timeSteps, final double boundaryBytes,
            final double bidirectionalWeights, final double[] layerWeights, final double[] headWeights) {
        this(name, timeSteps, boundaryBytes, bidirectionalWeights, layerWeights, headWeights, headWeights, 0.0);
    }

    /**
     * Validates the phase.
     *
     * @throws IllegalArgumentException naming the parameter, its value and what is allowed
     */
    public LstmPhase {
        if (!(timeSteps > 0) || Double.isInfinite(timeSteps)) {
            throw new IllegalArgumentException("phase " + name + ": time steps = " + timeSteps
                    + ": must be finite and positive");
        }
        if (!(boundaryBytes >= 0) || !(bidirectionalWeights >= 0)) {
            throw new IllegalArgumentException("phase " + name + ": boundary bytes and bidirectional weights must be"
                    + " at least 0");
        }
        if (layerWeights.length == 0) {
            throw new IllegalArgumentException("phase " + name + ": has no unidirectional layer: needs at least one");
        }
        for (final double w : layerWeights) {
            if (!(w > 0)) {
                throw new IllegalArgumentException("phase " + name + ": layer weights = " + w + ": must be positive");
            }
        }
        for (final double w : headWeights) {
            if (!(w >= 0)) {
                throw new IllegalArgumentException("phase " + name + ": head weights = " + w + ": must be at least 0");
            }
        }
        if (headParameters.length != headWeights.length) {
            throw new IllegalArgumentException("phase " + name + ": " + headParameters.length + " head parameter counts"
                    + " for " + headWeights.length + " heads: must match");
        }
        for (final double p : headParameters) {
            if (!(p >= 0)) {
                throw new IllegalArgumentException("phase " + name + ": head parameters = " + p + ": must be at least 0");
            }
        }
        if (!(embeddingParameters >= 0) || Double.isInfinite(embeddingParameters)) {
            throw new IllegalArgumentException("phase " + name + ": embedding parameters = " + embeddingParameters
                    + ": must be finite and at least 0");
        }
        layerWeights = layerWeights.clone();
        headWeights = headWeights.clone();
        headParameters = headParameters.clone();
    }

    /**
     * The heads' dense parameters (a copy).
     *
     * @return parameters of each head
     */
    @Override
    public double[] headParameters() {
        return headParameters.clone();
    }

    /**
     * The layer weights (a copy).
     *
     * @return weights of each unidirectional layer
     */
    @Override
    public double[] layerWeights() {
        return layerWeights.clone();
    }

    /**
     * The head weights (a copy).
     *
     * @return weights of each head
     */
    @Override
    public double[] headWeights() {
        return headWeights.clone();
    }

    /**
     * Weights per time step of the whole phase.
     *
     * @return the sum of all layer, head and bidirectional weights
     */
    public double weightsPerStep() {
        return bidirectionalWeights + Arrays.stream(layerWeights).sum() + Arrays.stream(headWeights).sum();
    }

    @Override
    public boolean equals(final Object o) {
        return o instanceof LstmPhase p && name.equals(p.name) && timeSteps == p.timeSteps
                && boundaryBytes == p.boundaryBytes && bidirectionalWeights == p.bidirectionalWeights
                && Arrays.equals(layerWeights, p.layerWeights) && Arrays.equals(headWeights, p.headWeights)
                && Arrays.equals(headParameters, p.headParameters) && embeddingParameters == p.embeddingParameters;
    }

    @Override
    public int hashCode() {
        return 31 * name.hashCode() + Arrays.hashCode(layerWeights);
    }

    @Override
    public String toString() {
        return name + " (" + timeSteps + " steps, " + layerWeights.length + " layers"
                + (bidirectionalWeights > 0 ? " + bidirectional first" : "") + ")";
    }
}
