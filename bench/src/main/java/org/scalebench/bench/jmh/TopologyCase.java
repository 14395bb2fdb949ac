package org.scalebench.bench.jmh;

import java.util.SplittableRandom;
import org.scalebench.bench.reference.DirectTopology;
import org.scalebench.core.HierarchicalTopology;
import org.scalebench.core.MeshTopology;
import org.scalebench.core.TorusTopology;

/**
 * One topology of {@link TopologyBench} and {@link TopologyBatchBench} with its 4096 (source, destination)
 * pairs, and the distance computed both ways: by scalebench's kernel and by the {@code %}/{@code /}
 * formulas of {@link DirectTopology}. Grid pairs are uniform over the tiles; hierarchy pairs are a core and
 * another at a log-uniform distance (1 to 2^20 cores away, wrapping), so every level occurs.
 *
 * <p>Latencies of the hierarchies are benchmark inputs only (the ratio does not depend on them).
 */
final class TopologyCase {

    static final int PAIR_MASK = 4095;
    /** Topology names accepted as the {@code topology} parameter. */
    static final String[] NAMES = {"mesh32x32", "mesh1000x1000", "torus32x32", "hierarchical1M", "hierarchicalMixed1M"};

    private static final int MESH = 0;
    private static final int TORUS = 1;
    private static final int HIERARCHY = 2;
    private static final long[] LATENCIES = {0, 10, 200, 3_000, 40_000};

    final int[] from = new int[PAIR_MASK + 1];
    final int[] to = new int[PAIR_MASK + 1];
    private final int kind;
    private final MeshTopology mesh;
    private final TorusTopology torus;
    private final HierarchicalTopology machine;
    private final int width;
    private final int height;
    private final int coresPerServer;
    private final int coresPerRack;
    private final int coresPerCluster;

    /**
     * Builds a named topology and its pairs from a fixed seed.
     *
     * @param name one of {@link #NAMES}
     */
    TopologyCase(final String name) {
        final int[] shape;
        switch (name) {
            case "mesh32x32" -> { kind = MESH; shape = new int[] {32, 32}; }
            case "mesh1000x1000" -> { kind = MESH; shape = new int[] {1000, 1000}; }
            case "torus32x32" -> { kind = TORUS; shape = new int[] {32, 32}; }
            // 64-core servers, 16 per rack, 32 racks per cluster, 32 clusters: 1,048,576 cores (bit fields)
            case "hierarchical1M" -> { kind = HIERARCHY; shape = new int[] {64, 16, 32, 32}; }
            // 48-core servers, 40 per rack, 24 racks per cluster, 23 clusters: 1,059,840 cores (mixed radix)
            case "hierarchicalMixed1M" -> { kind = HIERARCHY; shape = new int[] {48, 40, 24, 23}; }
            default -> throw new IllegalArgumentException("topology = " + name + ": must be one of "
                    + String.join(", ", NAMES));
        }
        final SplittableRandom random = new SplittableRandom(0x70b0L);
        if (kind == HIERARCHY) {
            machine = new HierarchicalTopology(shape[0], shape[1], shape[2], shape[3], LATENCIES);
            mesh = null;
            torus = null;
            width = 0;
            height = 0;
            coresPerServer = shape[0];
            coresPerRack = shape[0] * shape[1];
            coresPerCluster = coresPerRack * shape[2];
            final int cores = machine.cores();
            for (int i = 0; i <= PAIR_MASK; i++) {
                from[i] = random.nextInt(cores);
                final int distance = random.nextInt(1 << random.nextInt(21));
                to[i] = (int) (((long) from[i] + distance) % cores);
            }
        } else {
            mesh = new MeshTopology(shape[0], shape[1]);
            torus = new TorusTopology(shape[0], shape[1]);
            machine = null;
            width = shape[0];
            height = shape[1];
            coresPerServer = 0;
            coresPerRack = 0;
            coresPerCluster = 0;
            for (int i = 0; i <= PAIR_MASK; i++) {
                from[i] = random.nextInt(mesh.tiles());
                to[i] = random.nextInt(mesh.tiles());
            }
        }
    }

    /**
     * The distance of pair {@code i} by scalebench's kernel: hops, or latency for a hierarchy.
     *
     * @param i a pair index in {@code [0, 4096)}
     * @return the distance
     */
    long kernel(final int i) {
        return switch (kind) {
            case MESH -> mesh.hops(from[i], to[i]);
            case TORUS -> torus.hops(from[i], to[i]);
            default -> machine.latency(from[i], to[i]);
        };
    }

    /**
     * The distance of pair {@code i} by the {@code %}/{@code /} formulas.
     *
     * @param i a pair index in {@code [0, 4096)}
     * @return the distance
     */
    long modulo(final int i) {
        return switch (kind) {
            case MESH -> DirectTopology.meshHops(from[i], to[i], width);
            case TORUS -> DirectTopology.torusHops(from[i], to[i], width, height);
            default -> LATENCIES[DirectTopology.level(from[i], to[i], coresPerServer, coresPerRack, coresPerCluster)];
        };
    }
}
