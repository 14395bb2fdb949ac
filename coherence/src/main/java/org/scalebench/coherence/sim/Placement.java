package org.scalebench.coherence.sim;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Where a group of cores (a VM, an application, a page's sharers) sits on a machine, and which home slices
 * serve it.
 *
 * <ul>
 *   <li>Compact groups: on a mesh, power-of-two groups are rectangular blocks ({@code 2^ceil(k/2)} wide,
 *       {@code 2^floor(k/2)} high) tiling the chip, as a hypervisor places VMs to keep them local; other
 *       sizes and hierarchical machines use consecutive core numbers (servers, racks fill in order).</li>
 *   <li>Scattered groups: a seeded random permutation of the cores cut into groups (threads scheduled
 *       wherever cores are free).</li>
 *   <li>Home domain of a group: the distinct home slices next to its cores, at most 64, spread evenly over
 *       the group when it has more ({@link #homesOf}).</li>
 * </ul>
 * Runs at configuration time only.
 */
public final class Placement {

    private Placement() {
    }

    /**
     * How many compact groups of {@code size} cores the machine holds.
     *
     * @param system the machine
     * @param size cores per group
     * @return groups
     */
    public static int compactGroups(final SystemSpec system, final int size) {
        return system.cores() / size;
    }

    /**
     * The cores of compact group {@code g}.
     *
     * @param system the machine
     * @param g the group index, in [0, compactGroups)
     * @param size cores per group
     * @return the cores, in a fixed order
     */
    public static int[] compactGroup(final SystemSpec system, final int g, final int size) {
        final int[] cores = new int[size];
        if (system.isMesh() && Integer.bitCount(size) == 1) {
            final int k = Integer.numberOfTrailingZeros(size);
            final int bw = 1 << ((k + 1) / 2);
            final int bh = 1 << (k / 2);
            final int w = system.meshWidth();
            final int h = system.meshHeight();
            if (w % bw == 0 && h % bh == 0) {
                final int perRow = w / bw;
                final int x0 = (g % perRow) * bw;
                final int y0 = (g / perRow) * bh;
                int i = 0;
                for (int y = y0; y < y0 + bh; y++) {
                    for (int x = x0; x < x0 + bw; x++) {
                        cores[i++] = y * w + x;
                    }
                }
                return cores;
            }
        }
        for (int i = 0; i < size; i++) {
            cores[i] = g * size + i;
        }
        return cores;
    }

    /**
     * Cuts a seeded random permutation of the cores into groups of {@code size}.
     *
     * @param system the machine
     * @param size cores per group
     * @param seed the seed
     * @return groups x size cores
     */
    public static int[][] scatteredGroups(final SystemSpec system, final int size, final long seed) {
        final int n = system.cores();
        final int[] perm = new int[n];
        for (int i = 0; i < n; i++) {
            perm[i] = i;
        }
        final SplittableRandom random = new SplittableRandom(seed);
        for (int i = n - 1; i > 0; i--) {
            final int j = random.nextInt(i + 1);
            final int t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        final int[][] groups = new int[n / size][];
        for (int g = 0; g < groups.length; g++) {
            groups[g] = Arrays.copyOfRange(perm, g * size, (g + 1) * size);
        }
        return groups;
    }

    /**
     * The home domain of a group: the distinct home slices next to its cores, at most 64, taken at even
     * strides through the group when it spans more.
     *
     * @param system the machine
     * @param cores the group's cores
     * @return 1 to 64 distinct home slices
     */
    public static int[] homesOf(final SystemSpec system, final int[] cores) {
        final int[] distinct = Arrays.stream(cores).map(system::homeOfNode).distinct().toArray();
        if (distinct.length <= 64) {
            return distinct;
        }
        final int[] homes = new int[64];
        for (int i = 0; i < 64; i++) {
            homes[i] = distinct[(int) ((long) i * distinct.length / 64)];
        }
        return homes;
    }
}
