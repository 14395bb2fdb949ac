package org.scalebench.training.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

class CsvTableTest {

    private static CsvTable parse(final String text) throws IOException {
        return CsvTable.read("t.csv", new StringReader(text));
    }

    @Test
    void quotedFieldsKeepCommasAndDoubledQuotes() throws IOException {
        final CsvTable t = parse("# comment\na,b\n\n1,\"x, \"\"y\"\"\"\n");
        assertEquals(1, t.rows().size());
        assertEquals("x, \"y\"", t.rows().get(0).get("B"));
        assertEquals(4, t.rows().get(0).line());
    }

    @Test
    void errorsNameTheFileAndLine() throws IOException {
        assertEquals("t.csv:3: has 1 fields: must have 2 (a,b)",
                assertThrows(DataFileException.class, () -> parse("a,b\n1,2\n3\n")).getMessage());
        assertEquals("t.csv:2: unterminated quote in field 2",
                assertThrows(DataFileException.class, () -> parse("a,b\n1,\"2\n")).getMessage());
        final CsvTable t = parse("a,b\n1,zz\n");
        assertEquals("t.csv:2: column 'b' = 'zz': must be a finite number (or a fraction a/b)",
                assertThrows(DataFileException.class, () -> t.rows().get(0).number("b")).getMessage());
        assertEquals("t.csv: is empty: must start with a header row",
                assertThrows(DataFileException.class, () -> parse("")).getMessage());
        assertEquals("t.csv:1: missing column 'c': the header must name c",
                assertThrows(DataFileException.class, () -> t.requireColumns("c")).getMessage());
    }

    @Test
    void numbersAcceptFractionsAndSeparators() {
        assertEquals(0.9375, DataValues.parseDouble("120/128"));
        assertEquals(1_000_000.0, DataValues.parseDouble("1_000_000"));
        assertThrows(NumberFormatException.class, () -> DataValues.parseDouble("1/0"));
        assertThrows(NumberFormatException.class, () -> DataValues.parseDouble("NaN"));
    }
}
