package org.scalebench.core.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A CSV trace can pass line 2^31: the line a failure names is neither capped nor cut to nine digits. */
class CsvRecordsLineTest {

    @Test
    void aLineBeyondTwoToThe31IsNamedAsItIs() {
        final DataFileException e = CsvRecords.problem("t.csv", 3_000_000_000L, new IllegalStateException("boom"));
        assertEquals("t.csv:3000000000: malformed CSV", e.getMessage());
    }

    @Test
    void aTenDigitLineInCommonsCsvsMessageKeepsItsLastDigit() {
        final DataFileException e = CsvRecords.problem("t.csv", 1, new IllegalStateException(
                "Invalid char between encapsulated token and delimiter at line: 3000000001, position: 7"));
        assertEquals("t.csv:3000000001: a character follows the closing quote of a field (write a quote inside a "
                + "quoted field as \"\")", e.getMessage());
        final DataFileException started = CsvRecords.problem("t.csv", 1, new IllegalStateException(
                "(startline 2147483648) EOF reached before encapsulated token finished"));
        assertEquals("t.csv:2147483648: a quoted field is not closed (a field that starts with \" must end with \")",
                started.getMessage());
    }

    @Test
    void aSmallLineIsUnchanged() {
        assertEquals("t.csv:7: malformed CSV",
                CsvRecords.problem("t.csv", 7, new IllegalStateException("boom")).getMessage());
        assertEquals("t.csv: whole", new DataFileException("t.csv", 0, "whole").getMessage());
    }
}
