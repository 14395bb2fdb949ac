package org.scalebench.training.parallel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scalebench.core.data.DataFileException;
import org.scalebench.core.data.DataTable;

/**
 * A five-layer graph read from CSV with every op, its work, output bytes and parameters worked out from the class
 * Javadoc's formulas; the constructor's and the reader's checks with their messages.
 */
class DataflowGraphTest {

    private static final String HEADER =
            "node,op,inputs,in_channels,out_channels,kernel_h,kernel_w,out_h,out_w,source\n";

    /** Distinct sizes everywhere, so that any factor dropped or inverted changes a number. */
    private static final String FIVE = HEADER
            + "in,input,,2,2,1,1,13,17,s\n"
            + "c,conv,in,2,3,3,5,7,11,s\n"
            + "p,pool,in,2,2,3,5,7,11,s\n"
            + "cat,concat,c;p,5,5,1,1,7,11,s\n"
            + "f,fc,cat,5,4,1,1,1,1,s\n";

    private static DataflowGraph read(final String text) {
        try {
            return DataflowGraph.read("g", DataTable.read("g.csv", new StringReader(text)));
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void everyOpsWorkBytesAndParametersFollowTheFormulas() {
        final DataflowGraph g = read(FIVE);
        assertEquals("g", g.name(), "name");
        assertEquals(5, g.size(), "nodes");
        assertEquals("cat", g.node(3), "node names in row order");
        assertArrayEquals(new int[] {1, 2}, g.predecessors(3), "concat's inputs");
        // input: no work, no parameters; bytes cout oh ow x 4 = 2 x 13 x 17 x 4 = 1,768
        assertNode(g, 0, 0, 1768, 0);
        // conv: 2 kh kw cin cout oh ow = 2 x 3 x 5 x 2 x 3 x 7 x 11 = 13,860; bytes 3 x 7 x 11 x 4 = 924;
        // parameters kh kw cin cout + 2 cout = 90 + 6 = 96
        assertNode(g, 1, 13_860, 924, 96);
        // pool: kh kw cin oh ow = 3 x 5 x 2 x 7 x 11 = 2,310; bytes 2 x 7 x 11 x 4 = 616; no parameters
        assertNode(g, 2, 2310, 616, 0);
        // concat: no work; bytes (3 + 2) x 7 x 11 x 4 = 1,540
        assertNode(g, 3, 0, 1540, 0);
        // fc: 2 cin cout = 2 x 5 x 4 = 40; bytes 4 x 1 x 1 x 4 = 16; parameters cin cout + cout = 24
        assertNode(g, 4, 40, 16, 24);
        assertEquals(13_860.0 + 2310 + 40, g.totalFlops(), 0.0, "total work");
    }

    private static void assertNode(final DataflowGraph g, final int i, final double flops, final double bytes,
            final double parameters) {
        final String node = g.node(i);
        assertEquals(flops, g.flops(i), 0.0, node + " work");
        assertEquals(bytes, g.outputBytes(i), 0.0, node + " bytes");
        assertEquals(parameters, g.parameters(i), 0.0, node + " parameters");
    }

    @Test
    void aGraphFileLoadsUnderItsFileName(@TempDir final Path dir) throws IOException {
        final Path file = dir.resolve("five.csv");
        Files.writeString(file, FIVE);
        final DataflowGraph g = DataflowGraph.load(file);
        assertEquals("five.csv", g.name(), "named after the file");
        assertEquals(96.0, g.parameters(1), 0.0, "conv parameters as from the string");
    }

    @Test
    void countsRunFromOneToTheLargestInt() {
        // 2^31 - 1 = 2,147,483,647 is accepted: the input's bytes are 4 x 1 x 1 x 2,147,483,647
        final DataflowGraph g = read(HEADER + "in,input,,1,1,1,1,1,2147483647,s\nf,fc,in,1,1,1,1,1,1,s\n");
        assertEquals(4.0 * 2_147_483_647, g.outputBytes(0), 0.0, "the largest out_w");
        assertEquals("g.csv:2: out_w = '2147483648': must be a positive integer", assertThrows(
                DataFileException.class, () -> read(HEADER + "in,input,,1,1,1,1,1,2147483648,s\n")).getMessage(),
                "one above");
        assertEquals("g.csv:2: kernel_h = '0': must be a positive integer", assertThrows(DataFileException.class,
                () -> read(HEADER + "in,input,,1,1,0,1,1,1,s\n")).getMessage(), "zero");
        assertEquals("g.csv:1: missing column 'source': the header must name node,op,inputs,in_channels,out_channels,"
                + "kernel_h,kernel_w,out_h,out_w,source", assertThrows(DataFileException.class,
                () -> read(HEADER.replace(",source", "") + "in,input,,1,1,1,1,1,1\n")).getMessage(), "no source");
    }

    @Test
    void theConstructorChecksParametersWorkAndOrder() {
        final String[] ab = {"a", "b"};
        // zero work on one node and zero bytes are allowed as long as some node works
        final DataflowGraph g = new DataflowGraph("g", ab, new double[] {0, 1}, new double[] {0, 0},
                new int[][] {{}, {0}});
        assertEquals(1.0, g.totalFlops(), 0.0, "one node works");
        assertEquals("graph g node a: parameters = -1.0: must be at least 0", assertThrows(
                IllegalArgumentException.class, () -> new DataflowGraph("g", ab, new double[] {1, 1},
                        new double[] {0, 0}, new double[] {-1, 0}, new int[][] {{}, {0}})).getMessage(),
                "negative parameters");
        assertEquals("graph g node b: input index 1 must be an earlier node (topological order)", assertThrows(
                IllegalArgumentException.class, () -> new DataflowGraph("g", ab, new double[] {1, 1},
                        new double[] {0, 0}, new int[][] {{}, {1}})).getMessage(), "a node feeding itself");
        assertEquals("graph g: total flops = 0: some node must do work", assertThrows(IllegalArgumentException.class,
                () -> new DataflowGraph("g", ab, new double[] {0, 0}, new double[] {0, 0}, new int[][] {{}, {0}}))
                .getMessage(), "no work");
    }
}
