package org.scalebench.core;

/**
 * A {@code width x height} two-dimensional mesh of tiles with dimension-ordered (XY) routing, the on-chip
 * network of tiled many-cores (Graphite's and PriME's {@code emesh} hop counters, OpenPiton's NoCs, the
 * 32x32 chip of Coherence Domain Restriction, Fu et al., MICRO 2015).
 *
 * <p>Tiles are numbered row-major: tile {@code t} sits at column {@code x = t mod width} and row
 * {@code y = floor(t / width)}. An XY route between two tiles crosses {@code |dx| + |dy|} links, which is
 * what {@link #hops} returns; a tile is 0 hops from itself. Up to 33x33 tiles (the 32x32 chip included) the
 * distance is the population count of the XOR of two unary codes from a table built at construction (8 KiB
 * for 32x32); other grids up to 65,536 tiles read packed (x, y) from a table; beyond, the row of a tile comes
 * from a {@link FastDivisor} (a multiply, not a divide). Either way {@link #hops} divides by nothing, for any
 * width, up to 2^31 - 1 tiles.
 *
 * <p>Tile arguments must be in {@code [0, tiles())}; they are not checked on the hot path (an
 * {@code assert} checks them when assertions are enabled): a tile outside that range gives a meaningless
 * distance or an {@link ArrayIndexOutOfBoundsException}.
 *
 * <p>Allocation: the code or coordinate table (8 bytes per tile up to 33x33, else 4 bytes per tile up to
 * 256 KiB) at construction, nothing after. Thread-safety: immutable, safe from any thread.
 */
public final class MeshTopology extends GridTopology {

    /**
     * Builds the mesh.
     *
     * @param width tiles per row, at least 1
     * @param height rows, at least 1
     * @throws IllegalArgumentException if a dimension is below 1 or {@code width * height > 2^31 - 1}
     */
    public MeshTopology(final int width, final int height) {
        super(width, height, false);
    }

    /**
     * XY-routing hop count between two tiles.
     *
     * @param fromTile the source tile, in {@code [0, tiles())}
     * @param toTile the destination tile, in {@code [0, tiles())}
     * @return {@code |x(from) - x(to)| + |y(from) - y(to)|}
     */
    public int hops(final int fromTile, final int toTile) {
        assert inRange(fromTile, toTile) : "tiles " + fromTile + ", " + toTile + " outside [0, " + tiles + ")";
        final long[] codes = unaryCodes;
        if (codes != null) {
            // thermometer codes differ in |dx| + |dy| bits
            return Long.bitCount(codes[fromTile] ^ codes[toTile]);
        }
        return distance(fromTile, toTile);
    }

    /**
     * The longest XY route, corner to opposite corner.
     *
     * @return {@code (width - 1) + (height - 1)}
     */
    public int maxHops() {
        return (width - 1) + (height - 1);
    }

    /**
     * Mean hop count over uniformly random (source, destination) pairs, a source paired with itself
     * included: {@code (w^2 - 1) / (3w) + (h^2 - 1) / (3h)}, which is {@code 2(k^2 - 1) / (3k)} for a
     * {@code k x k} mesh (21.3 hops for 32x32).
     *
     * @param width tiles per row, at least 1
     * @param height rows, at least 1
     * @return the mean hop count
     * @throws IllegalArgumentException if a dimension is below 1
     */
    public static double averageHops(final int width, final int height) {
        checkDimensions(width, height);
        return lineAverage(width) + lineAverage(height);
    }

    @Override
    public String toString() {
        return "MeshTopology[" + width + "x" + height + "]";
    }
}
