package org.scalebench.bench.reference;

/**
 * Distances written the plain way, with {@code %} and {@code /} by runtime values (as Graphite, Sniper and
 * PriME compute {@code x = tile % width}, {@code y = tile / width}). Reference and benchmark baseline of
 * {@link org.scalebench.core.MeshTopology}, {@link org.scalebench.core.TorusTopology} and
 * {@link org.scalebench.core.HierarchicalTopology}.
 */
public final class DirectTopology {

    private DirectTopology() {
    }

    /**
     * XY hops in a mesh.
     *
     * @param from source tile
     * @param to destination tile
     * @param width tiles per row
     * @return {@code |dx| + |dy|}
     */
    public static int meshHops(final int from, final int to, final int width) {
        return Math.abs(from % width - to % width) + Math.abs(from / width - to / width);
    }

    /**
     * Hops in a torus, the shorter way round each ring.
     *
     * @param from source tile
     * @param to destination tile
     * @param width tiles per row
     * @param height rows
     * @return {@code min(dx, width - dx) + min(dy, height - dy)}
     */
    public static int torusHops(final int from, final int to, final int width, final int height) {
        final int dx = Math.abs(from % width - to % width);
        final int dy = Math.abs(from / width - to / width);
        return Math.min(dx, width - dx) + Math.min(dy, height - dy);
    }

    /**
     * Hierarchy level of two cores: 0 same core, 1 same server, 2 same rack, 3 same cluster, 4 across.
     *
     * @param a a core
     * @param b a core
     * @param coresPerServer cores in a server
     * @param coresPerRack cores in a rack
     * @param coresPerCluster cores in a cluster
     * @return the level
     */
    public static int level(final int a, final int b, final int coresPerServer, final int coresPerRack,
            final int coresPerCluster) {
        if (a == b) {
            return 0;
        }
        if (a / coresPerServer == b / coresPerServer) {
            return 1;
        }
        if (a / coresPerRack == b / coresPerRack) {
            return 2;
        }
        return a / coresPerCluster == b / coresPerCluster ? 3 : 4;
    }
}
