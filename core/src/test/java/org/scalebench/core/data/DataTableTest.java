package org.scalebench.core.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

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
    void numbersAcceptFractionsAndSeparators() {
        assertEquals(0.9375, DataValues.parseDouble("120/128"));
        assertEquals(1_000_000.0, DataValues.parseDouble("1_000_000"));
        assertThrows(NumberFormatException.class, () -> DataValues.parseDouble("1/0"));
        assertThrows(NumberFormatException.class, () -> DataValues.parseDouble("NaN"));
    }
}
