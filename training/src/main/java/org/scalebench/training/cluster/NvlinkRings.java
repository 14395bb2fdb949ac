package org.scalebench.training.cluster;

import java.util.ArrayList;
import java.util.List;

/**
 * How many ring channels NCCL can build among some GPUs of a node whose GPUs are joined by point-to-point NVLinks
 * (the DGX-1's hybrid cube-mesh): the largest number of directed rings through every GPU of the group that use
 * no NVLink direction twice.
 *
 * <p>An NVLink carries traffic in both directions at once, so each link is one arc from {@code i} to {@code j} and
 * one from {@code j} to {@code i}. A ring of three or more GPUs is a Hamiltonian cycle of the group; running it
 * one way and the other uses each of its links once in each direction, so the channels are twice the number of
 * link-disjoint Hamiltonian cycles (links counted with their multiplicity). Two GPUs form a ring over any one
 * link (there and back), so they get one channel per link. NCCL's own search (the ring search of
 * {@code src/graph/search.cc}) looks for as many rings as the links allow at the per-link bandwidth; on a full
 * DGX-1 it finds the 6 channels of three interwoven rings, and on fewer GPUs it finds fewer: GPUs 0 and 1 of a
 * DGX-1 share one NVLink (one channel), GPUs 0 to 3 are fully linked by 9 links (two cycles, four channels).
 *
 * <p>The search is exhaustive for groups of up to {@value #EXHAUSTIVE_GPUS} GPUs (every Hamiltonian cycle, then the
 * largest link-disjoint packing by backtracking); beyond that it returns the degree bound (half the smallest
 * number of links of a GPU inside the group), an upper bound. Stateless; allocates; thread-safe.
 */
public final class NvlinkRings {

    /** The largest group searched exhaustively. */
    public static final int EXHAUSTIVE_GPUS = 8;

    private NvlinkRings() {
    }

    /**
     * Ring channels among a group of GPUs.
     *
     * @param links NVLinks between each pair of GPUs of the node (symmetric, zero on the diagonal)
     * @param gpus the group's GPU indices, distinct
     * @return the number of directed rings (0 if the NVLinks do not connect the group into a ring; 0 for a group
     *     of one GPU)
     * @throws IllegalArgumentException if an index is outside the matrix or repeated
     */
    public static int channels(final int[][] links, final int[] gpus) {
        final int n = gpus.length;
        for (int a = 0; a < n; a++) {
            if (gpus[a] < 0 || gpus[a] >= links.length) {
                throw new IllegalArgumentException("GPU " + gpus[a] + ": must be in [0, " + links.length + ")");
            }
            for (int b = 0; b < a; b++) {
                if (gpus[a] == gpus[b]) {
                    throw new IllegalArgumentException("GPU " + gpus[a] + " given twice");
                }
            }
        }
        if (n < 2) {
            return 0;
        }
        final int[][] capacity = new int[n][n];
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
                capacity[a][b] = a == b ? 0 : links[gpus[a]][gpus[b]];
            }
        }
        if (n == 2) {
            return capacity[0][1];
        }
        if (n > EXHAUSTIVE_GPUS) {
            return 2 * degreeBound(capacity);
        }
        final List<int[]> cycles = new ArrayList<>();
        final int[] path = new int[n];
        final boolean[] used = new boolean[n];
        path[0] = 0;
        used[0] = true;
        collectCycles(capacity, path, used, 1, cycles);
        return 2 * pack(capacity, cycles, 0, degreeBound(capacity));
    }

    /** Every Hamiltonian cycle starting at 0, each once (the second vertex below the last). */
    private static void collectCycles(final int[][] capacity, final int[] path, final boolean[] used, final int depth,
            final List<int[]> out) {
        final int n = path.length;
        if (depth == n) {
            if (capacity[path[n - 1]][0] > 0 && path[1] < path[n - 1]) {
                out.add(path.clone());
            }
            return;
        }
        for (int v = 1; v < n; v++) {
            if (!used[v] && capacity[path[depth - 1]][v] > 0) {
                used[v] = true;
                path[depth] = v;
                collectCycles(capacity, path, used, depth + 1, out);
                used[v] = false;
            }
        }
    }

    /** Half the smallest number of links of a GPU: no more cycles can pass through it. */
    private static int degreeBound(final int[][] capacity) {
        int smallest = Integer.MAX_VALUE;
        for (final int[] row : capacity) {
            int degree = 0;
            for (final int c : row) {
                degree += c;
            }
            smallest = Math.min(smallest, degree);
        }
        return smallest / 2;
    }

    /** The most cycles from index {@code from} on that fit in the remaining link capacity (at most {@code bound}). */
    private static int pack(final int[][] capacity, final List<int[]> cycles, final int from, final int bound) {
        int best = 0;
        for (int c = from; c < cycles.size() && best < bound; c++) {
            final int[] cycle = cycles.get(c);
            if (fits(capacity, cycle)) {
                take(capacity, cycle, -1);
                // a cycle may be taken again if links remain (parallel links)
                best = Math.max(best, 1 + pack(capacity, cycles, c, bound - 1));
                take(capacity, cycle, 1);
            }
        }
        return best;
    }

    private static boolean fits(final int[][] capacity, final int[] cycle) {
        final int n = cycle.length;
        for (int i = 0; i < n; i++) {
            final int a = cycle[i];
            final int b = cycle[i + 1 == n ? 0 : i + 1];
            if (capacity[a][b] < 1) {
                return false;
            }
        }
        return true;
    }

    private static void take(final int[][] capacity, final int[] cycle, final int delta) {
        final int n = cycle.length;
        for (int i = 0; i < n; i++) {
            final int a = cycle[i];
            final int b = cycle[i + 1 == n ? 0 : i + 1];
            capacity[a][b] += delta;
            capacity[b][a] += delta;
        }
    }
}
