package org.scalebench.core.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.commons.csv.CSVFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataTableTest {

    private static DataTable parse(final String text) throws IOException {
        return DataTable.read("t.csv", new StringReader(text));
    }

    @Test
    void quotedFieldsKeepCommasAndDoubledQuotes() throws IOException {
        final DataTable t = parse("# comment\na,b\n\n1,\"x, \"\"y\"\"\"\n");
        assertEquals(1, t.rows().size());
        assertEquals("x, \"y\"", t.rows().get(0).get("B"));
        assertEquals(4, t.rows().get(0).line());
    }

    @Test
    void errorsNameTheFileAndLine() throws IOException {
        assertEquals("t.csv:3: has 1 fields: must have 2 (a,b; quote a field that contains a comma)",
                assertThrows(DataFileException.class, () -> parse("a,b\n1,2\n3\n")).getMessage());
        assertEquals("t.csv:2: a quoted field is not closed (a field that starts with \" must end with \")",
                assertThrows(DataFileException.class, () -> parse("a,b\n1,\"2\n")).getMessage());
        assertEquals("t.csv:2: a character follows the closing quote of a field (write a quote inside a quoted "
                + "field as \"\")", assertThrows(DataFileException.class, () -> parse("a,b\n1,\"2\"x\n")).getMessage());
        final DataTable t = parse("a,b\n1,zz\n");
        assertEquals("t.csv:2: column 'b' = 'zz': must be a finite number (or a fraction a/b)",
                assertThrows(DataFileException.class, () -> t.rows().get(0).number("b")).getMessage());
        assertEquals("t.csv:1: header column 2 = '': must be a non-empty name used once",
                assertThrows(DataFileException.class, () -> parse("a,,b\n")).getMessage());
        assertEquals("t.csv: is empty: must start with a header row",
                assertThrows(DataFileException.class, () -> parse("")).getMessage());
        assertEquals("t.csv:1: missing column 'c': the header must name c",
                assertThrows(DataFileException.class, () -> t.requireColumns("c")).getMessage());
    }

    @Test
    void boundedNumbersNameTheirRange() throws IOException {
        final DataTable t = parse("a,b\n1,1e300\n2,-1\n");
        assertEquals("t.csv:2: column 'b' = '1e300': must be in [0, 1000000]",
                assertThrows(DataFileException.class, () -> t.rows().get(0).number("b", 0, 1e6)).getMessage());
        assertEquals("t.csv:3: column 'b' = '-1': must be in [0, 0.5]",
                assertThrows(DataFileException.class, () -> t.rows().get(1).number("b", 0, 0.5)).getMessage());
        assertEquals(2.0, t.rows().get(1).number("a", 0, 2));
        assertThrows(DataFileException.class, () -> parse("a\nInfinity\n").rows().get(0).number("a"));
    }

    @Test
    void byteOrderMarkQuotedLineBreaksAndLongLines() throws IOException {
        final DataTable t = parse("\uFEFFname,source\nx,\"two\nlines\"\ny,z\n");
        assertEquals("name", t.columns().get(0));
        assertEquals(3, t.rows().get(0).line(), "a record ends on its last physical line");
        assertEquals(4, t.rows().get(1).line());
        final String message = assertThrows(DataFileException.class,
                () -> parse("a,b\n1," + "9".repeat(5000) + "\n")).getMessage();
        assertTrue(message.startsWith("t.csv:2: line longer than 4096 characters"), message);
    }

    @Test
    void wholeNumbersAndBoundedNumbersAcceptTheirBoundsAndRefuseFractions() throws IOException {
        final DataTable.Row row = parse("gpus,share\n8,0.5\n").rows().get(0);
        assertEquals(8, row.whole("gpus", 8, 8));
        assertEquals("t.csv:2: column 'gpus' = '8': must be a whole number in [1, 7]",
                assertThrows(DataFileException.class, () -> row.whole("gpus", 1, 7)).getMessage());
        assertEquals("t.csv:2: column 'gpus' = '8': must be a whole number in [9, 16]",
                assertThrows(DataFileException.class, () -> row.whole("gpus", 9, 16)).getMessage());
        assertEquals("t.csv:2: column 'share' = '0.5': must be a whole number in [0, 1]",
                assertThrows(DataFileException.class, () -> row.whole("share", 0, 1)).getMessage());
        assertEquals(0.5, row.number("share", 0.5, 0.5));
        assertTrue(row.has("GPUs"));
        assertFalse(row.has("nodes"));
    }

    @Test
    void aFileAndAResourceAreReadAndADirectoryOrAMissingResourceIsRefused(@TempDir final Path dir)
            throws IOException {
        final Path file = Files.writeString(dir.resolve("f.csv"), "name,value\ny,2\n");
        assertEquals("y", DataTable.read(file).rows().get(0).get("name"));
        assertEquals(dir + ": not a regular file (a directory)",
                assertThrows(DataFileException.class, () -> DataTable.read(dir)).getMessage());
        assertEquals(1.0, DataTable.resource(DataTableTest.class, "/org/scalebench/core/data/sample.csv").rows()
                .get(0).number("value"));
        assertEquals("missing resource /org/scalebench/core/data/none.csv", assertThrows(IllegalStateException.class,
                () -> DataTable.resource(DataTableTest.class, "/org/scalebench/core/data/none.csv")).getMessage());
    }

    @Test
    void aReadFailureWithoutALineInItsMessageIsPlacedAtTheLineBeingRead() {
        final String lines = "a,b\n" + "1,2\n".repeat(2047); // 8192 characters: a whole block of the parser
        assertEquals("t.csv:2049: cannot be read as CSV text", assertThrows(DataFileException.class,
                () -> DataTable.read("t.csv", failingAfter(lines, new boolean[1]))).getMessage());
    }

    @Test
    void aHeaderThatCannotBeReadClosesTheReader() {
        final boolean[] closed = new boolean[1];
        final CSVFormat withHeader = CSVFormat.DEFAULT.builder().setHeader().build();
        assertEquals("t.csv:1: cannot be read as CSV text", assertThrows(DataFileException.class,
                () -> CsvRecords.open("t.csv", failingAfter("", closed), withHeader)).getMessage());
        assertTrue(closed[0]);
    }

    /** A reader of {@code text} that then fails as a device does, and notes when it is closed. */
    private static Reader failingAfter(final String text, final boolean[] closed) {
        return new Reader() {
            private final StringReader in = new StringReader(text);

            @Override
            public int read(final char[] buf, final int off, final int len) throws IOException {
                final int n = in.read(buf, off, len);
                if (n < 0) {
                    throw new IOException("device gone");
                }
                return n;
            }

            @Override
            public void close() {
                closed[0] = true;
            }
        };
    }

    @Test
    void problemPassesADataFileExceptionOnAndReadsTheDeepestCause() {
        final DataFileException own = new DataFileException("t.csv", 3, "bad");
        assertSame(own, CsvRecords.problem("t.csv", 5, own));
        assertEquals("t.csv:7: a quoted field is not closed (a field that starts with \" must end with \")",
                CsvRecords.problem("t.csv", 7, new IllegalStateException("wrapper",
                        new IOException("EOF reached before encapsulated token finished"))).getMessage());
    }

    @Test
    void largeBoundsAreShownInScientificNotationFromTenToTheFifteen() {
        assertEquals("999999999999999", DataValues.format(1e15 - 1));
        assertEquals("1.0E15", DataValues.format(1e15));
        assertEquals("0.5", DataValues.format(0.5));
    }

    @Test
    void numbersAcceptFractionsAndSeparators() {
        assertEquals(0.9375, DataValues.parseDouble("120/128"));
        assertEquals(1_000_000.0, DataValues.parseDouble("1_000_000"));
        assertThrows(NumberFormatException.class, () -> DataValues.parseDouble("1/0"));
        assertThrows(NumberFormatException.class, () -> DataValues.parseDouble("NaN"));
    }
}
