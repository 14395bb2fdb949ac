package org.scalebench.training.llm;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import org.scalebench.core.Checks;

/**
 * A decoder-only transformer as Megatron-LM trains it: {@code layers} identical layers of self-attention and an
 * MLP, each preceded by a LayerNorm, learned position embeddings, input and output embeddings tied. Optional
 * grouped-query attention ({@code kvHeads < heads}) and gated MLP ({@code swiglu}: three weight matrices).
 *
 * <p>Invariants (checked): every size positive; {@code heads} divides {@code hidden}; {@code kvHeads} divides
 * {@code heads}. Parameter counts follow the layer's weight matrices, biases and LayerNorm gains and shifts
 * (see {@code docs/llm-model.md}); for {@code ffn = 4h} and multi-head attention they equal Narayanan et al.'s
 * {@code 12 l h^2 (1 + 13 / (12 h)) + (V + s) h}.
 *
 * <p>Immutable and thread-safe.
 *
 * @param name the profile's name
 * @param layers transformer layers {@code l}
 * @param hidden hidden size {@code h}
 * @param heads attention heads {@code a}
 * @param kvHeads key/value heads ({@code = heads} for multi-head attention)
 * @param ffnHidden MLP hidden size {@code f}
 * @param swiglu whether the MLP is gated (gate and up projections, then down)
 * @param seqLength sequence length {@code s}
 * @param vocab vocabulary size {@code V} (padded as trained)
 * @param sources the source of every parameter, by parameter name
 */
public record TransformerProfile(String name, int layers, int hidden, int heads, int kvHeads, int ffnHidden,
        boolean swiglu, int seqLength, int vocab, Map<String, String> sources) {

    /**
     * Validates the profile.
     *
     * @throws IllegalArgumentException naming the parameter, its value and what is allowed
     */
    public TransformerProfile {
        Checks.requireAtLeast("layers", layers, 1);
        Checks.requireAtLeast("hidden", hidden, 1);
        Checks.requireAtLeast("heads", heads, 1);
        Checks.requireAtLeast("kv_heads", kvHeads, 1);
        Checks.requireAtLeast("ffn_hidden", ffnHidden, 1);
        Checks.requireAtLeast("seq_length", seqLength, 1);
        Checks.requireAtLeast("vocab", vocab, 1);
        if (hidden % heads != 0) {
            throw new IllegalArgumentException("heads = " + heads + ": must divide hidden = " + hidden);
        }
        if (heads % kvHeads != 0) {
            throw new IllegalArgumentException("kv_heads = " + kvHeads + ": must divide heads = " + heads);
        }
        sources = Collections.unmodifiableMap(new TreeMap<>(sources));
    }

    /**
     * Size of one attention head, {@code h / a}.
     *
     * @return elements
     */
    public int headDim() {
        return hidden / heads;
    }

    /**
     * Width of the key (or value) projection, {@code kvHeads * h / a}.
     *
     * @return elements
     */
    public int kvDim() {
        return kvHeads * headDim();
    }

    /**
     * Weight matrices of the MLP: 3 when gated, else 2.
     *
     * @return 2 or 3
     */
    public int mlpMatrices() {
        return swiglu ? 3 : 2;
    }

    /**
     * Parameters of one layer: query/key/value and output projections with biases, the MLP with biases, two
     * LayerNorms (gain and shift).
     *
     * @return parameters
     */
    public double parametersPerLayer() {
        final double h = hidden;
        final double qkv = h * (h + 2.0 * kvDim()) + (h + 2.0 * kvDim());
        final double proj = h * h + h;
        final double mlp = mlpMatrices() * h * ffnHidden + (mlpMatrices() - 1.0) * ffnHidden + h;
        final double norms = 4 * h;
        return qkv + proj + mlp + norms;
    }

    /**
     * Embedding parameters: token embeddings (tied with the output layer) and learned positions.
     *
     * @return parameters
     */
    public double embeddingParameters() {
        return ((double) vocab + seqLength) * hidden;
    }

    /**
     * Parameters outside the embeddings: the layers and the final LayerNorm (Kaplan et al.'s {@code N}).
     *
     * @return parameters
     */
    public double nonEmbeddingParameters() {
        return layers * parametersPerLayer() + 2.0 * hidden;
    }

    /**
     * Every parameter.
     *
     * @return parameters
     */
    public double totalParameters() {
        return nonEmbeddingParameters() + embeddingParameters();
    }

    /**
     * The source of a parameter.
     *
     * @param parameter e.g. {@code layers}
     * @return the source, or an empty string
     */
    public String source(final String parameter) {
        return sources.getOrDefault(parameter, "");
    }
}
