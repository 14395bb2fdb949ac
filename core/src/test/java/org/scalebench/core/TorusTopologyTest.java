package org.scalebench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class TorusTopologyTest {

    @Test
    void linksWrapAroundEachRing() {
        final TorusTopology torus = new TorusTopology(8, 6);
        assertEquals(1, torus.hops(torus.tileAt(0, 0), torus.tileAt(7, 0)));
        assertEquals(1, torus.hops(torus.tileAt(3, 0), torus.tileAt(3, 5)));
        assertEquals(2, torus.hops(torus.tileAt(0, 0), torus.tileAt(7, 5)));
        assertEquals(4 + 3, torus.hops(torus.tileAt(0, 0), torus.tileAt(4, 3)));
        assertEquals(torus.maxHops(), 7);
        assertEquals(0, torus.hops(17, 17));
    }

    @Test
    void hopsTakeTheShorterWayRoundBothRings() {
        final TorusTopology torus = new TorusTopology(7, 4);
        for (int a = 0; a < torus.tiles(); a++) {
            for (int b = 0; b < torus.tiles(); b++) {
                final int dx = Math.abs(a % 7 - b % 7);
                final int dy = Math.abs(a / 7 - b / 7);
                assertEquals(Math.min(dx, 7 - dx) + Math.min(dy, 4 - dy), torus.hops(a, b), "tiles " + a + ", " + b);
                assertEquals(torus.hops(a, b), torus.hops(b, a));
            }
        }
    }

    @Test
    void exhaustiveAverageEqualsTheClosedForm() {
        final int[][] shapes = {{1, 1}, {1, 7}, {2, 2}, {3, 3}, {4, 4}, {5, 8}, {16, 16}, {9, 12}};
        for (final int[] shape : shapes) {
            final TorusTopology torus = new TorusTopology(shape[0], shape[1]);
            long sum = 0;
            int max = 0;
            for (int a = 0; a < torus.tiles(); a++) {
                for (int b = 0; b < torus.tiles(); b++) {
                    final int hops = torus.hops(a, b);
                    sum += hops;
                    max = Math.max(max, hops);
                }
            }
            final double average = (double) sum / ((long) torus.tiles() * torus.tiles());
            assertEquals(TorusTopology.averageHops(shape[0], shape[1]), average, 1e-9, torus.toString());
            assertEquals(torus.maxHops(), max, torus.toString());
        }
    }

    @Test
    void averageIsKOverTwoForEvenAndSlightlyLessForOddSquares() {
        assertEquals(8.0, TorusTopology.averageHops(16, 16), 1e-12);
        assertEquals(16.0, TorusTopology.averageHops(32, 32), 1e-12);
        assertEquals(2 * (9.0 * 9 - 1) / 36, TorusTopology.averageHops(9, 9), 1e-12);
        assertEquals(0.0, TorusTopology.averageHops(1, 1), 1e-12);
    }

    @Test
    void millionTileTorusWrapsAtItsEdges() {
        final TorusTopology torus = new TorusTopology(1024, 1024);
        assertEquals(2, torus.hops(0, torus.tiles() - 1));
        assertEquals(1024, torus.hops(0, torus.tileAt(512, 512)));
        final TorusTopology odd = new TorusTopology(999, 1001);
        assertEquals(499 + 500, odd.hops(0, odd.tileAt(499, 500)));
        assertEquals(499 + 500, odd.hops(0, odd.tileAt(500, 501)));
    }

    @Test
    void rejectsEmptyAndOversizedTori() {
        assertEquals("width = -3: must be at least 1",
                assertThrows(IllegalArgumentException.class, () -> new TorusTopology(-3, 4)).getMessage());
        assertEquals("height = 0: must be at least 1",
                assertThrows(IllegalArgumentException.class, () -> new TorusTopology(4, 0)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new TorusTopology(1 << 16, 1 << 15));
        assertEquals("height = 0: must be at least 1",
                assertThrows(IllegalArgumentException.class, () -> TorusTopology.averageHops(2, 0)).getMessage());
    }
}
