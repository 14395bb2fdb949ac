package org.scalebench.core;

/**
 * A {@code width x height} two-dimensional torus: a mesh whose rows and columns wrap around, so each
 * dimension is a ring and a route takes the shorter way round it (the interconnect of the Flexus/R-NUCA
 * 4x4 tiled CMP and of many supercomputers).
 *
 * <p>Tiles are numbered row-major as in {@link MeshTopology} ({@code tile = y * width + x}). The hop count
 * is {@code min(dx, width - dx) + min(dy, height - dy)} with {@code dx = |x1 - x2|},
 * {@code dy = |y1 - y2|}: dimension-ordered routing with wrap-around links. Up to {@code width + height = 64}
 * (a 32x32 torus) the hop count is half the population count of the XOR of two tiles' ring codes (see
 * {@code GridTopology}); larger grids read coordinates from a packed table (up to 65,536 tiles) or compute
 * them with a {@link FastDivisor}, so {@link #hops} divides by nothing.
 *
 * <p>Tile arguments must be in {@code [0, tiles())}; they are not checked on the hot path (an
 * {@code assert} checks them when assertions are enabled): a tile outside that range gives a meaningless
 * distance or an {@link ArrayIndexOutOfBoundsException}.
 *
 * <p>Allocation: the code or coordinate table (8 bytes per tile up to {@code width + height = 64}, else 4 bytes
 * per tile up to 256 KiB) at construction, nothing after. Thread-safety: immutable, safe from any thread.
 */
public final class TorusTopology extends GridTopology {

    /**
     * Builds the torus.
     *
     * @param width tiles per row, at least 1
     * @param height rows, at least 1
     * @throws IllegalArgumentException if a dimension is below 1 or {@code width * height > 2^31 - 1}
     */
    public TorusTopology(final int width, final int height) {
        super(width, height, true);
    }

    /**
     * Hop count between two tiles, taking the shorter way round each ring.
     *
     * @param fromTile the source tile, in {@code [0, tiles())}
     * @param toTile the destination tile, in {@code [0, tiles())}
     * @return {@code min(dx, width - dx) + min(dy, height - dy)}
     */
    public int hops(final int fromTile, final int toTile) {
        assert inRange(fromTile, toTile) : "tiles " + fromTile + ", " + toTile + " outside [0, " + tiles + ")";
        final long[] codes = unaryCodes;
        if (codes != null) {
            // ring bands differ in 2 min(d, k - d) bits per dimension
            return Long.bitCount(codes[fromTile] ^ codes[toTile]) >>> 1;
        }
        return distance(fromTile, toTile);
    }

    /**
     * The longest shortest route: half way round both rings.
     *
     * @return {@code floor(width / 2) + floor(height / 2)}
     */
    public int maxHops() {
        return (width >>> 1) + (height >>> 1);
    }

    /**
     * Mean hop count over uniformly random (source, destination) pairs, a source paired with itself
     * included. Each ring of length {@code k} contributes {@code k / 4} when {@code k} is even and
     * {@code (k^2 - 1) / (4k)} when it is odd (8.0 hops for a 16x16 torus against 10.6 for the mesh).
     *
     * @param width tiles per row, at least 1
     * @param height rows, at least 1
     * @return the mean hop count
     * @throws IllegalArgumentException if a dimension is below 1
     */
    public static double averageHops(final int width, final int height) {
        checkDimensions(width, height);
        return ringAverage(width) + ringAverage(height);
    }

    @Override
    public String toString() {
        return "TorusTopology[" + width + "x" + height + "]";
    }
}
