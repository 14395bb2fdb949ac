package org.scalebench.bench.check;

import java.util.SplittableRandom;
import org.scalebench.bench.reference.DirectTopology;
import org.scalebench.core.HierarchicalTopology;
import org.scalebench.core.MeshTopology;
import org.scalebench.core.TorusTopology;

/**
 * {@link MeshTopology}, {@link TorusTopology} and {@link HierarchicalTopology} against the {@code %} and
 * {@code /} formulas of {@link DirectTopology}. Each episode draws a grid (small, one of the million-tile and
 * near-2^31-tile shapes, or one at the edge of the unary codes: 33x33 and 65x1 keep them on a mesh, 34x33 does
 * not, 32x32 is the largest square torus that does) and a hierarchy (power-of-two group sizes, which take the
 * bit-field path, or mixed radix), then random tile and core pairs, half of the core pairs close together
 * so that every level is reached.
 */
public final class TopologyCheck implements KernelCheck {

    private static final int EPISODE = 10_000;
    private static final int[][] LARGE_GRIDS = {{1024, 1024}, {1000, 1000}, {1, 1 << 20}, {1 << 20, 1},
        {1023, 1025}, {46_340, 46_340}, {32, 32}, {33, 33}, {34, 33}, {32, 33}, {65, 1}};
    private static final int[][] LARGE_HIERARCHIES = {{64, 16, 32, 32}, {48, 40, 24, 23}, {1, 1, 1, 1 << 20},
        {1 << 20, 1, 1, 1}, {2048, 1024, 1023, 1}};
    private static final long[] LATENCIES = {0, 7, 150, 2_000, 30_000};

    @Override
    public String name() {
        return "Topology";
    }

    @Override
    public Outcome run(final long seed, final int operations) {
        final SplittableRandom random = new SplittableRandom(seed);
        final Tally tally = new Tally(name(), seed);
        for (int done = 0; done < operations; done += EPISODE) {
            final int count = Math.min(EPISODE, operations - done);
            final int[] grid = random.nextBoolean() ? LARGE_GRIDS[random.nextInt(LARGE_GRIDS.length)]
                    : new int[] {1 + random.nextInt(40), 1 + random.nextInt(40)};
            grids(random, count / 2, grid[0], grid[1], tally);
            hierarchy(random, count - count / 2, randomHierarchy(random), tally);
        }
        return tally.outcome();
    }

    private static void grids(final SplittableRandom random, final int operations, final int width, final int height,
            final Tally tally) {
        final MeshTopology mesh = new MeshTopology(width, height);
        final TorusTopology torus = new TorusTopology(width, height);
        for (int op = 0; op < operations; op++) {
            final int a = random.nextInt(mesh.tiles());
            final int b = random.nextInt(mesh.tiles());
            tally.compare(DirectTopology.meshHops(a, b, width), mesh.hops(a, b), () -> mesh + ".hops(" + a + ", " + b + ")");
            tally.compare(DirectTopology.torusHops(a, b, width, height), torus.hops(a, b),
                    () -> torus + ".hops(" + a + ", " + b + ")");
            tally.compare(a % width, mesh.x(a), () -> mesh + ".x(" + a + ")");
            tally.compare(a / width, torus.y(a), () -> torus + ".y(" + a + ")");
        }
    }

    private static int[] randomHierarchy(final SplittableRandom random) {
        if (random.nextInt(4) == 0) {
            return LARGE_HIERARCHIES[random.nextInt(LARGE_HIERARCHIES.length)];
        }
        final boolean powersOfTwo = random.nextBoolean();
        final int[] counts = new int[4];
        for (int level = 0; level < 4; level++) {
            counts[level] = powersOfTwo ? 1 << random.nextInt(7) : 1 + random.nextInt(70);
        }
        return counts;
    }

    private static void hierarchy(final SplittableRandom random, final int operations, final int[] counts,
            final Tally tally) {
        final HierarchicalTopology machine = new HierarchicalTopology(counts[0], counts[1], counts[2], counts[3], LATENCIES);
        final int coresPerServer = counts[0];
        final int coresPerRack = coresPerServer * counts[1];
        final int coresPerCluster = coresPerRack * counts[2];
        final int cores = machine.cores();
        for (int op = 0; op < operations; op++) {
            final int a = random.nextInt(cores);
            final int b = random.nextBoolean() ? random.nextInt(cores)
                    : Math.max(0, Math.min(cores - 1, a + random.nextInt(-2 * coresPerRack, 2 * coresPerRack + 1)));
            final int level = DirectTopology.level(a, b, coresPerServer, coresPerRack, coresPerCluster);
            tally.compare(level, machine.level(a, b), () -> machine + ".level(" + a + ", " + b + ")");
            tally.compare(LATENCIES[level], machine.latency(a, b), () -> machine + ".latency(" + a + ", " + b + ")");
            tally.compare(a / coresPerServer, machine.serverOf(a), () -> machine + ".serverOf(" + a + ")");
            tally.compare(a / coresPerRack, machine.rackOf(a), () -> machine + ".rackOf(" + a + ")");
            tally.compare(a / coresPerCluster, machine.clusterOf(a), () -> machine + ".clusterOf(" + a + ")");
        }
    }
}
