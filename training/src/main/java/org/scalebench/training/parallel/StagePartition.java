package org.scalebench.training.parallel;

/**
 * Splits a sequence of layers into contiguous pipeline stages so that the heaviest stage is as light as possible
 * (the linear partition problem, solved exactly by dynamic programming in {@code O(L^2 S)}). Stateless.
 */
public final class StagePartition {

    private StagePartition() {
    }

    /**
     * The stage weights of the best contiguous split.
     *
     * @param weights layer weights in pipeline order, at least 0
     * @param stages the number of stages, in {@code [1, weights.length]}
     * @return the total weight of each stage, in order
     * @throws IllegalArgumentException if {@code stages} is out of range
     */
    public static double[] balance(final double[] weights, final int stages) {
        final int[] first = firstLayers(weights, stages);
        final double[] stageWeights = new double[stages];
        for (int s = 0; s < stages; s++) {
            final int end = s + 1 < stages ? first[s + 1] : weights.length;
            for (int i = first[s]; i < end; i++) {
                stageWeights[s] += weights[i];
            }
        }
        return stageWeights;
    }

    /**
     * The first layer of each stage of the best contiguous split (the split {@link #balance} weighs).
     *
     * @param weights layer weights in pipeline order, at least 0
     * @param stages the number of stages, in {@code [1, weights.length]}
     * @return the index of each stage's first layer, ascending, starting at 0
     * @throws IllegalArgumentException if {@code stages} is out of range
     */
    public static int[] firstLayers(final double[] weights, final int stages) {
        final int n = weights.length;
        if (stages < 1 || stages > n) {
            throw new IllegalArgumentException("stages = " + stages + ": must be in [1, layers = " + n + "]");
        }
        final double[] prefix = new double[n + 1];
        for (int i = 0; i < n; i++) {
            prefix[i + 1] = prefix[i] + weights[i];
        }
        // best[s][i]: least max-stage weight splitting the first i layers into s stages; cut[s][i]: last cut
        final double[][] best = new double[stages + 1][n + 1];
        final int[][] cut = new int[stages + 1][n + 1];
        for (int i = 1; i <= n; i++) {
            best[1][i] = prefix[i];
        }
        for (int s = 2; s <= stages; s++) {
            for (int i = s; i <= n; i++) {
                best[s][i] = Double.POSITIVE_INFINITY;
                for (int j = s - 1; j < i; j++) {
                    final double v = Math.max(best[s - 1][j], prefix[i] - prefix[j]);
                    if (v < best[s][i]) {
                        best[s][i] = v;
                        cut[s][i] = j;
                    }
                }
            }
        }
        final int[] first = new int[stages];
        int end = n;
        for (int s = stages; s >= 1; s--) {
            final int start = s == 1 ? 0 : cut[s][end];
            first[s - 1] = start;
            end = start;
        }
        return first;
    }
}
