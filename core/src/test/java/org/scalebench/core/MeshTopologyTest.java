package org.scalebench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class MeshTopologyTest {

    @Test
    void tilesAreNumberedRowMajor() {
        final MeshTopology mesh = new MeshTopology(5, 3);
        assertEquals(15, mesh.tiles());
        for (int y = 0; y < 3; y++) {
            for (int x = 0; x < 5; x++) {
                final int tile = mesh.tileAt(x, y);
                assertEquals(y * 5 + x, tile);
                assertEquals(x, mesh.x(tile));
                assertEquals(y, mesh.y(tile));
            }
        }
    }

    @Test
    void hopsAreTheManhattanDistance() {
        final MeshTopology mesh = new MeshTopology(7, 5);
        for (int a = 0; a < mesh.tiles(); a++) {
            for (int b = 0; b < mesh.tiles(); b++) {
                final int expected = Math.abs(a % 7 - b % 7) + Math.abs(a / 7 - b / 7);
                assertEquals(expected, mesh.hops(a, b), "tiles " + a + ", " + b);
            }
        }
        assertEquals(0, mesh.hops(12, 12));
        assertEquals(mesh.maxHops(), mesh.hops(0, mesh.tiles() - 1));
        assertEquals(mesh.maxHops(), mesh.hops(6, 28));
    }

    @Test
    void averageOfAKByKMeshIsTwoKSquaredMinusOneOverThreeK() {
        for (final int k : new int[] {1, 2, 8, 16, 32, 1024}) {
            assertEquals(2.0 * (k * (double) k - 1) / (3.0 * k), MeshTopology.averageHops(k, k), 1e-12, "k = " + k);
        }
        assertEquals(21.3125, MeshTopology.averageHops(32, 32), 1e-12);
        assertEquals(5.25, MeshTopology.averageHops(8, 8), 1e-12);
    }

    @Test
    void exhaustiveAverageEqualsTheClosedForm() {
        final int[][] shapes = {{1, 1}, {1, 9}, {2, 2}, {3, 4}, {8, 8}, {5, 11}, {16, 16}, {13, 6}};
        for (final int[] shape : shapes) {
            final MeshTopology mesh = new MeshTopology(shape[0], shape[1]);
            long sum = 0;
            int max = 0;
            for (int a = 0; a < mesh.tiles(); a++) {
                for (int b = 0; b < mesh.tiles(); b++) {
                    final int hops = mesh.hops(a, b);
                    sum += hops;
                    max = Math.max(max, hops);
                }
            }
            final double average = (double) sum / ((long) mesh.tiles() * mesh.tiles());
            assertEquals(MeshTopology.averageHops(shape[0], shape[1]), average, 1e-9, mesh.toString());
            assertEquals(mesh.maxHops(), max, mesh.toString());
        }
    }

    @Test
    void millionTileMeshesReachTheirCorners() {
        final MeshTopology square = new MeshTopology(1024, 1024);
        assertEquals(1_048_576, square.tiles());
        assertEquals(2046, square.hops(0, square.tiles() - 1));
        assertEquals(2046, square.hops(1023, 1024 * 1023));
        assertEquals(1023 + 511, square.hops(square.tileAt(1023, 0), square.tileAt(0, 511)));
        final MeshTopology odd = new MeshTopology(1000, 1000);
        assertEquals(999 + 999, odd.hops(999, 999_000));
        assertEquals(999, odd.x(999_999));
        assertEquals(999, odd.y(999_999));
        final MeshTopology line = new MeshTopology(1, 1 << 20);
        assertEquals((1 << 20) - 1, line.hops(0, (1 << 20) - 1));
        final MeshTopology row = new MeshTopology(1 << 20, 1);
        assertEquals((1 << 20) - 1, row.hops((1 << 20) - 1, 0));
    }

    @Test
    void unaryCodesAndCoordinateTablesGiveTheSameHopsAtTheirBoundary() {
        // a mesh keeps unary codes up to (w - 1) + (h - 1) = 64, a torus up to w + h = 64; one tile more on
        // either side takes the coordinate table
        final int[][] shapes = {{33, 33}, {34, 33}, {32, 32}, {33, 32}, {65, 1}, {1, 65}, {66, 1}, {64, 1}, {1, 1},
            {2, 62}, {31, 33}, {17, 48}};
        for (final int[] shape : shapes) {
            final int width = shape[0];
            final int height = shape[1];
            final MeshTopology mesh = new MeshTopology(width, height);
            final TorusTopology torus = new TorusTopology(width, height);
            assertEquals(width - 1 + height - 1 <= 64, mesh.unaryCodes != null, mesh + " unary codes");
            assertEquals(width + height <= 64, torus.unaryCodes != null, torus + " unary codes");
            for (int a = 0; a < mesh.tiles(); a++) {
                for (int b = 0; b < mesh.tiles(); b++) {
                    final int dx = Math.abs(a % width - b % width);
                    final int dy = Math.abs(a / width - b / width);
                    if (mesh.hops(a, b) != dx + dy) {
                        assertEquals(dx + dy, mesh.hops(a, b), mesh + " tiles " + a + ", " + b);
                    }
                    final int ring = Math.min(dx, width - dx) + Math.min(dy, height - dy);
                    if (torus.hops(a, b) != ring) {
                        assertEquals(ring, torus.hops(a, b), torus + " tiles " + a + ", " + b);
                    }
                }
            }
        }
    }

    @Test
    void coordinateTableAndArithmeticGiveTheSameHops() {
        // 256 x 256 = 65,536 tiles keeps a coordinate table; 257 x 256 computes with a FastDivisor
        for (final int width : new int[] {256, 257}) {
            final MeshTopology mesh = new MeshTopology(width, 256);
            final TorusTopology torus = new TorusTopology(width, 256);
            for (int a = 0; a < mesh.tiles(); a += 97) {
                for (int b = 0; b < mesh.tiles(); b += 89) {
                    final int dx = Math.abs(a % width - b % width);
                    final int dy = Math.abs(a / width - b / width);
                    assertEquals(dx + dy, mesh.hops(a, b), mesh + " tiles " + a + ", " + b);
                    assertEquals(Math.min(dx, width - dx) + Math.min(dy, 256 - dy), torus.hops(a, b),
                            torus + " tiles " + a + ", " + b);
                }
            }
        }
    }

    @Test
    void rejectsEmptyAndOversizedMeshes() {
        assertEquals("width = 0: must be at least 1",
                assertThrows(IllegalArgumentException.class, () -> new MeshTopology(0, 4)).getMessage());
        assertEquals("height = -1: must be at least 1",
                assertThrows(IllegalArgumentException.class, () -> new MeshTopology(4, -1)).getMessage());
        assertEquals("width = 65536, height = 65536: 4294967296 tiles, must be at most 2147483647",
                assertThrows(IllegalArgumentException.class, () -> new MeshTopology(65536, 65536)).getMessage());
        assertEquals("width = 0: must be at least 1",
                assertThrows(IllegalArgumentException.class, () -> MeshTopology.averageHops(0, 1)).getMessage());
    }

    /** Out-of-range coordinates named another tile: tileAt(width, 0) was tile (0, 1) (assert under -ea). */
    @Test
    void coordinatesAssertTheirRanges() {
        final MeshTopology mesh = new MeshTopology(5, 3);
        assertThrows(AssertionError.class, () -> mesh.tileAt(5, 0)); // was 5, the tile at (0, 1)
        assertThrows(AssertionError.class, () -> mesh.tileAt(-1, 1)); // was 4, the tile at (4, 0)
        assertThrows(AssertionError.class, () -> mesh.tileAt(0, 3)); // was 15, no tile
        assertThrows(AssertionError.class, () -> mesh.x(15)); // was 0
        assertThrows(AssertionError.class, () -> mesh.y(15)); // was 3, no row
        assertThrows(AssertionError.class, () -> mesh.y(-1)); // was 858993459
        final TorusTopology torus = new TorusTopology(4, 4);
        assertThrows(AssertionError.class, () -> torus.tileAt(4, 0));
        assertThrows(AssertionError.class, () -> torus.x(-1));
    }

    /** hops of a tile one past either end of the range (assert under -ea). */
    @Test
    void hopsAssertTheirTileRanges() {
        for (final GridTopology grid : new GridTopology[] {new MeshTopology(5, 3), new TorusTopology(4, 4)}) {
            final int tiles = grid.tiles();
            assertEquals(0, hops(grid, 0, 0));
            for (final int[] pair : new int[][] {{tiles, 0}, {0, tiles}, {-1, 0}, {0, -1}}) {
                assertThrows(AssertionError.class, () -> hops(grid, pair[0], pair[1]),
                        grid + " " + pair[0] + ", " + pair[1]);
            }
        }
    }

    private static int hops(final GridTopology grid, final int from, final int to) {
        return grid instanceof MeshTopology mesh ? mesh.hops(from, to) : ((TorusTopology) grid).hops(from, to);
    }

    @Test
    void gettersAndToStringReportTheGridAndTheLargestTileCountIsAccepted() {
        final MeshTopology mesh = new MeshTopology(5, 3);
        assertEquals(5, mesh.width());
        assertEquals(3, mesh.height());
        assertEquals("MeshTopology[5x3]", mesh.toString());
        assertEquals("TorusTopology[4x6]", new TorusTopology(4, 6).toString());
        final MeshTopology line = new MeshTopology(Integer.MAX_VALUE, 1); // 2^31 - 1 tiles: at the limit
        assertEquals(Integer.MAX_VALUE, line.tiles());
        assertEquals(Integer.MAX_VALUE - 1, line.hops(0, Integer.MAX_VALUE - 1));
    }
}

