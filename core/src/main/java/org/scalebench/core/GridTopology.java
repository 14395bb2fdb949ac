package org.scalebench.core;

/**
 * The row-major tile numbering shared by {@link MeshTopology} and {@link TorusTopology}: tile
 * {@code t = y * width + x}, with the row {@code y} found by a {@link FastDivisor} (a multiply, not a
 * divide) and the column as {@code t - y * width}. Not part of the public API: its public methods are
 * documented on the two topologies.
 *
 * <p>A distance is computed one of three ways, chosen once at construction:
 * <ol>
 *   <li><b>Unary codes</b>, when they fit in 64 bits ({@code (width - 1) + (height - 1) <= 64} for a mesh,
 *       {@code width + height <= 64} for a torus: every grid of the 32x32 chip and smaller). Each tile keeps a
 *       {@code long} in which a coordinate {@code x} of a line of {@code k} positions is written as a band of
 *       ones: on a mesh the {@code x} lowest bits of a {@code (k - 1)}-bit field (a thermometer code), so that
 *       the two bands of {@code x1} and {@code x2} differ in exactly {@code |x1 - x2|} bits; on a ring the
 *       {@code floor(k / 2)} bits starting at bit {@code x} of a {@code k}-bit field, cyclically, so that two
 *       bands differ in exactly {@code 2 min(d, k - d)} bits for {@code d = |x1 - x2|}. The columns take the
 *       low field, the rows the field above it, so the distance is one XOR and one population count of the
 *       two tiles' codes (halved on a torus): four instructions and two loads from an 8 KiB table.</li>
 *   <li><b>Packed coordinates</b> for other grids of at most {@value #TABLE_TILES} tiles (a 256x256 mesh):
 *       {@code x | y << 16} per tile, two loads and the two differences.</li>
 *   <li><b>Arithmetic</b> beyond that (a 4 MiB table no longer stays in cache): the row from a
 *       {@link FastDivisor} (a multiply), the column as {@code t - y * width}.</li>
 * </ol>
 *
 * <p>Allocation: the table at construction, nothing afterwards. Thread-safety: immutable.
 */
abstract sealed class GridTopology permits MeshTopology, TorusTopology {

    final int width;
    final int height;
    final int tiles;
    /** Largest grid that keeps a coordinate table. */
    static final int TABLE_TILES = 1 << 16;
    private static final int COORDINATE_BITS = 16;
    private static final int COORDINATE_MASK = (1 << COORDINATE_BITS) - 1;

    /** Divides a tile id by the width: the row. */
    final FastDivisor rows;
    /** True for a torus: rows and columns are rings. */
    private final boolean wraps;
    /** {@code x | y << 16} for each tile, or null when the grid has unary codes or more than {@value #TABLE_TILES} tiles. */
    private final int[] packedCoordinates;
    /** Each tile's unary code (see the class comment), or null when the codes do not fit in 64 bits. */
    final long[] unaryCodes;

    /**
     * Validates and stores the grid.
     *
     * @param wraps true for a torus (rows and columns are rings), false for a mesh
     * @throws IllegalArgumentException if a dimension is below 1 or {@code width * height > 2^31 - 1}
     */
    GridTopology(final int width, final int height, final boolean wraps) {
        checkDimensions(width, height);
        final long count = (long) width * height;
        if (count > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("width = " + width + ", height = " + height + ": " + count
                    + " tiles, must be at most " + Integer.MAX_VALUE);
        }
        this.width = width;
        this.height = height;
        this.tiles = (int) count;
        this.rows = new FastDivisor(width);
        this.wraps = wraps;
        if (unaryCodesFit(width, height, wraps)) {
            unaryCodes = new long[tiles];
            for (int tile = 0; tile < tiles; tile++) {
                unaryCodes[tile] = wraps ? ringCode(x(tile), width) | ringCode(y(tile), height) << width
                        : lineCode(x(tile)) | lineCode(y(tile)) << (width - 1);
            }
            packedCoordinates = null;
        } else if (tiles <= TABLE_TILES) {
            unaryCodes = null;
            packedCoordinates = new int[tiles];
            for (int tile = 0; tile < tiles; tile++) {
                packedCoordinates[tile] = x(tile) | y(tile) << COORDINATE_BITS;
            }
        } else {
            unaryCodes = null;
            packedCoordinates = null;
        }
    }

    /** Whether both coordinates' unary codes fit in one {@code long}. */
    static boolean unaryCodesFit(final int width, final int height, final boolean wraps) {
        return wraps ? width + height <= Long.SIZE : (width - 1) + (height - 1) <= Long.SIZE;
    }

    /** The thermometer code of position {@code x} on a line: its {@code x} lowest bits set. */
    static long lineCode(final int x) {
        return x == Long.SIZE ? -1L : (1L << x) - 1;
    }

    /** The band of {@code floor(k / 2)} ones starting at bit {@code x} of a {@code k}-bit ring, cyclically. */
    static long ringCode(final int x, final int k) {
        long code = 0;
        for (int i = 0; i < k >>> 1; i++) {
            final int bit = x + i;
            code |= 1L << (bit >= k ? bit - k : bit);
        }
        return code;
    }

    /**
     * The number of tiles.
     *
     * @return {@code width * height}
     */
    public int tiles() {
        return tiles;
    }

    /**
     * Tiles per row.
     *
     * @return the width
     */
    public int width() {
        return width;
    }

    /**
     * Rows.
     *
     * @return the height
     */
    public int height() {
        return height;
    }

    /**
     * The column of a tile. Unchecked, like {@code hops}: the caller guarantees the range (an {@code assert} checks
     * it when assertions are enabled); a tile outside it gives a meaningless column.
     *
     * @param tile a tile in {@code [0, tiles())}
     * @return {@code tile mod width}
     */
    public int x(final int tile) {
        assert tile >= 0 && tile < tiles : "tile = " + tile + ": must be in [0, " + tiles + ")";
        return tile - rows.divide(tile) * width;
    }

    /**
     * The row of a tile. Unchecked, like {@code hops}: the caller guarantees the range (an {@code assert} checks it
     * when assertions are enabled); a tile outside it gives a row outside {@code [0, height)} (the tile read as
     * unsigned, divided by the width).
     *
     * @param tile a tile in {@code [0, tiles())}
     * @return {@code floor(tile / width)}
     */
    public int y(final int tile) {
        assert tile >= 0 && tile < tiles : "tile = " + tile + ": must be in [0, " + tiles + ")";
        return rows.divide(tile);
    }

    /**
     * The tile at a column and row. Unchecked, like {@code hops}: the caller guarantees both ranges (an
     * {@code assert} checks them when assertions are enabled); out of range the result is another tile or none
     * ({@code tileAt(width, y)} is the tile at column 0 of row {@code y + 1}).
     *
     * @param x the column, in {@code [0, width)}
     * @param y the row, in {@code [0, height)}
     * @return {@code y * width + x}
     */
    public int tileAt(final int x, final int y) {
        assert x >= 0 && x < width && y >= 0 && y < height
                : "x = " + x + ", y = " + y + ": must be in [0, " + width + ") and [0, " + height + ")";
        return y * width + x;
    }

    /**
     * Hops between two tiles, for grids without unary codes: {@code |dx| + |dy|} on a mesh,
     * {@code min(|dx|, width - |dx|) + min(|dy|, height - |dy|)} on a torus. The two branches (table or
     * arithmetic, mesh or torus) depend only on the instance, so they are predicted perfectly; a branch-free
     * minimum on the mesh was measured 20% to 40% slower.
     */
    final int distance(final int fromTile, final int toTile) {
        final int dx;
        final int dy;
        final int[] table = packedCoordinates;
        if (table != null) {
            final int from = table[fromTile];
            final int to = table[toTile];
            dx = Math.abs((from & COORDINATE_MASK) - (to & COORDINATE_MASK));
            dy = Math.abs((from >>> COORDINATE_BITS) - (to >>> COORDINATE_BITS));
        } else {
            final int fromY = rows.divide(fromTile);
            final int toY = rows.divide(toTile);
            dx = Math.abs((fromTile - fromY * width) - (toTile - toY * width));
            dy = Math.abs(fromY - toY);
        }
        return wraps ? Math.min(dx, width - dx) + Math.min(dy, height - dy) : dx + dy;
    }

    /** Asserts (when assertions are on) that both tiles are in range. */
    final boolean inRange(final int fromTile, final int toTile) {
        return fromTile >= 0 && fromTile < tiles && toTile >= 0 && toTile < tiles;
    }

    /**
     * Checks that both dimensions are at least 1.
     *
     * @throws IllegalArgumentException naming the first dimension below 1
     */
    static void checkDimensions(final int width, final int height) {
        Checks.requireAtLeast("width", width, 1);
        Checks.requireAtLeast("height", height, 1);
    }

    /**
     * Mean of {@code |a - b|} over independent uniform {@code a, b} in {@code [0, k)}: {@code (k^2 - 1) / (3k)}
     * (the sum over ordered pairs is {@code 2 * sum_{d=1}^{k-1} d (k - d) = k (k^2 - 1) / 3}).
     */
    static double lineAverage(final int k) {
        return ((double) k * k - 1) / (3.0 * k);
    }

    /**
     * Mean ring distance {@code min(d, k - d)} with {@code d = |a - b|} over uniform {@code a, b} in
     * {@code [0, k)}: {@code k / 4} for even {@code k}, {@code (k^2 - 1) / (4k)} for odd {@code k}.
     */
    static double ringAverage(final int k) {
        return (k & 1) == 0 ? k / 4.0 : ((double) k * k - 1) / (4.0 * k);
    }
}
