package org.scalebench.training.llm;

import java.util.HashMap;
import java.util.Map;
import org.scalebench.core.data.DataTable;

/**
 * Statistical efficiency of language-model training, from Kaplan et al. 2020 and McCandlish et al. 2018: a
 * model of {@code N} non-embedding parameters reaches loss {@code L} (nats per token) after
 * <pre>
 *   S_min(N, L) = s_c / (L - (n_c / N)^alpha_n)^(1 / alpha_s)      steps at a batch far below the critical batch
 *   B_crit(L)   = b_star / L^(1 / alpha_b)                          tokens
 *   S(B) = S_min (1 + B_crit / B)     E(B) = S(B) B = E_min (1 + B / B_crit),  E_min = S_min B_crit
 * </pre>
 * so a global batch {@code B} (tokens) above the critical batch costs more tokens to reach the same loss. A loss
 * at or below {@code (n_c / N)^alpha_n} is out of reach for the model at any number of steps. Constants come from
 * {@code llm/scaling-law.csv} with their sources; the loss is that of Kaplan et al.'s data and tokenizer.
 *
 * <p>Immutable and thread-safe; evaluation allocates nothing.
 */
public final class CriticalBatch {

    private static final String RESOURCE = "/org/scalebench/training/llm/scaling-law.csv";

    private final double alphaN;
    private final double nC;
    private final double alphaS;
    private final double sC;
    private final double bStar;
    private final double alphaB;
    private final Map<String, String> sources;

    /**
     * Creates the model from explicit constants.
     *
     * @param alphaN exponent of the parameter term
     * @param nC parameter scale
     * @param alphaS exponent of the step term
     * @param sC step scale
     * @param bStar critical-batch scale, tokens
     * @param alphaB critical-batch exponent
     * @param sources the source of each constant
     */
    public CriticalBatch(final double alphaN, final double nC, final double alphaS, final double sC,
            final double bStar, final double alphaB, final Map<String, String> sources) {
        for (final double x : new double[] {alphaN, nC, alphaS, sC, bStar, alphaB}) {
            if (!(x > 0) || Double.isInfinite(x)) {
                throw new IllegalArgumentException("scaling-law constant " + x + ": must be finite and positive");
            }
        }
        this.alphaN = alphaN;
        this.nC = nC;
        this.alphaS = alphaS;
        this.sC = sC;
        this.bStar = bStar;
        this.alphaB = alphaB;
        this.sources = Map.copyOf(sources);
    }

    /**
     * Kaplan et al.'s constants, from the built-in data file.
     *
     * @return the model
     */
    public static CriticalBatch kaplan() {
        final Map<String, Double> v = new HashMap<>();
        final Map<String, String> s = new HashMap<>();
        for (final DataTable.Row row : DataTable.resource(CriticalBatch.class, RESOURCE).rows()) {
            v.put(row.require("parameter"), row.number("value"));
            s.put(row.require("parameter"), row.require("source"));
        }
        return new CriticalBatch(v.get("alpha_n"), v.get("n_c"), v.get("alpha_s"), v.get("s_c"), v.get("b_star"),
                v.get("alpha_b"), s);
    }

    /**
     * The lowest loss a model of {@code n} non-embedding parameters approaches with unlimited steps.
     *
     * @param n non-embedding parameters
     * @return nats per token
     */
    public double lossFloor(final double n) {
        return Math.pow(nC / n, alphaN);
    }

    /**
     * Steps to reach {@code loss} at a batch far below the critical batch.
     *
     * @param n non-embedding parameters
     * @param loss target loss, nats per token
     * @return steps, or infinity when the loss is out of reach
     */
    public double minimumSteps(final double n, final double loss) {
        final double gap = loss - lossFloor(n);
        return gap <= 0 ? Double.POSITIVE_INFINITY : sC / Math.pow(gap, 1 / alphaS);
    }

    /**
     * The critical batch at a loss.
     *
     * @param loss nats per token
     * @return tokens
     */
    public double criticalBatchTokens(final double loss) {
        return bStar / Math.pow(loss, 1 / alphaB);
    }

    /**
     * Steps to reach a loss at a global batch.
     *
     * @param n non-embedding parameters
     * @param loss target loss
     * @param batchTokens global batch, tokens
     * @return steps (infinity when out of reach)
     */
    public double steps(final double n, final double loss, final double batchTokens) {
        return minimumSteps(n, loss) * (1 + criticalBatchTokens(loss) / batchTokens);
    }

    /**
     * Tokens to reach a loss at a global batch: {@code E_min (1 + B / B_crit)}.
     *
     * @param n non-embedding parameters
     * @param loss target loss
     * @param batchTokens global batch, tokens
     * @return tokens (infinity when out of reach)
     */
    public double tokens(final double n, final double loss, final double batchTokens) {
        return steps(n, loss, batchTokens) * batchTokens;
    }

    /**
     * The source of a constant.
     *
     * @param name e.g. {@code b_star}
     * @return the source, or an empty string
     */
    public String source(final String name) {
        return sources.getOrDefault(name, "");
    }
}
