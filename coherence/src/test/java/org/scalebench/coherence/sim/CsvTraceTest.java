package org.scalebench.coherence.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.commons.csv.CSVPrinter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Holds the CSV trace format ({@link CsvTrace}) to its rules: three or four named columns in that order, every op
 * word in any case, decimal and {@code 0x} addresses up to 2^63 - 1, cores and domains in [0, 2^31), a domain in every
 * row when the header has one, records read in blocks of at most the size asked for with each one's physical line,
 * and the printer writing the header and rows the reader takes back.
 */
class CsvTraceTest {

    @TempDir
    Path dir;

    private Path file(final String name, final String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    /** Writes a trace and checks the error its first block raises: the file's name, then {@code message}. */
    private void assertRefused(final String name, final String text, final String message) throws IOException {
        final Path trace = file(name, text);
        try (TraceSource in = CsvTrace.open(trace)) {
            assertEquals(trace + message, TraceBlock.firstError(in));
        }
    }

    /** Writes a trace, reads its one block of {@code records} and checks that it holds them all. */
    private TraceBlock whole(final String name, final String text, final int records) throws IOException {
        try (TraceSource in = CsvTrace.open(file(name, text))) {
            final TraceBlock block = new TraceBlock(records + 1);
            assertEquals(records, block.read(in, records + 1));
            return block;
        }
    }

    @Test
    void everyOpWordInAnyCaseIsALoadOrAStore() throws IOException {
        final TraceBlock block = whole("ops.csv", "core,op,address\n0,R,0\n0,l,0\n0,Load,0\n0,READ,0\n"
                + "0,w,0\n0,S,0\n0,store,0\n0,Write,0\n", 8);
        assertArrayEquals(new boolean[] {false, false, false, false, true, true, true, true, false}, block.write);
    }

    @Test
    void addressesAreDecimalOrHexadecimalUpToTheLargestLong() throws IOException {
        final TraceBlock block = whole("addresses.csv", "core,op,address,domain\n5,R,0X7fffffffffffffff,0\n"
                + "2147483647,W,9223372036854775807,2147483647\n6,R,0x0,9\n", 3);
        assertArrayEquals(new int[] {5, Integer.MAX_VALUE, 6, 0}, block.core);
        assertArrayEquals(new long[] {Long.MAX_VALUE, Long.MAX_VALUE, 0, 0}, block.address);
        assertArrayEquals(new int[] {0, Integer.MAX_VALUE, 9, 0}, block.domain);
    }

    @Test
    void withoutADomainColumnEveryRecordHasNoDomain() throws IOException {
        assertEquals(TraceSource.NO_DOMAIN, whole("plain.csv", "core,op,address\n1,R,64\n", 1).domain[0]);
    }

    @Test
    void recordsAreReadInBlocksOfAtMostTheSizeAskedForEachWithItsLine() throws IOException {
        final Path trace = file("blocks.csv", "core,op,address\n0,R,0\n1,R,64\n# a comment\n2,W,128\n3,R,192\n"
                + "4,R,256\n");
        try (TraceSource in = CsvTrace.open(trace)) {
            final TraceBlock block = new TraceBlock(8);
            assertEquals(2, block.read(in, 2));
            assertEquals(trace + ":3", in.position(1));
            assertEquals(3, block.read(in, 8), "the three left of five");
            assertArrayEquals(new int[] {2, 3, 4}, java.util.Arrays.copyOf(block.core, 3));
            assertEquals(trace + ":5", in.position(0), "past the comment on line 4");
            assertEquals(trace + ":7", in.position(2));
            assertEquals(0, block.read(in, 8), "the end");
        }
    }

    @Test
    void aHeaderOfTheWrongWidthOrOrderIsRefused() throws IOException {
        for (final String header : new String[] {"core,op", "core,op,address,domain,extra", "op,core,address",
            "core,op,domain"}) {
            final Path trace = file("header.csv", header + "\n");
            assertEquals(trace + ":1: the header must be core,op,address[,domain], got '" + header + "'",
                    assertThrows(IllegalArgumentException.class, () -> CsvTrace.open(trace)).getMessage());
        }
    }

    @Test
    void aRowOfTheWrongWidthNamesTheColumnsExpected() throws IOException {
        assertRefused("short.csv", "core,op,address,domain\n0,R,0\n",
                ":2: 3 fields, expected 4 (core,op,address,domain)");
        assertRefused("long.csv", "core,op,address\n0,R,0\n0,R,0,1\n",
                ":3: 4 fields, expected 3 (core,op,address)");
    }

    @Test
    void negativeCoresAndDomainsAreRefused() throws IOException {
        assertRefused("core.csv", "core,op,address\n-1,R,0\n",
                ":2: core = '-1': must be an integer in [0, 2147483647]");
        assertRefused("domain.csv", "core,op,address,domain\n0,R,0,-3\n",
                ":2: domain = '-3': must be an integer in [0, 2147483647]");
        assertRefused("address.csv", "core,op,address\n0,R,-64\n",
                ":2: address = '-64': " + TraceSource.ADDRESS_RULE);
    }

    @Test
    void thePrinterWritesTheHeaderAndRowsTheReaderTakesBack() throws IOException {
        final StringWriter plain = new StringWriter();
        try (CSVPrinter printer = CsvTrace.printer(plain, false)) {
            printer.printRecord(3, "W", "0x40");
        }
        assertEquals("core,op,address\n3,W,0x40\n", plain.toString());
        final StringWriter withDomain = new StringWriter();
        try (CSVPrinter printer = CsvTrace.printer(withDomain, true)) {
            printer.printRecord(1, "R", 128, 5);
        }
        assertEquals("core,op,address,domain\n1,R,128,5\n", withDomain.toString());
        final TraceBlock block = whole("printed.csv", withDomain.toString(), 1);
        assertEquals(1, block.core[0]);
        assertEquals(128, block.address[0]);
        assertEquals(5, block.domain[0]);
    }

    @Test
    void aClosedSourceReadsNoMoreRecords() throws IOException {
        final TraceSource in = CsvTrace.open(file("closed.csv", "core,op,address\n0,R,0\n1,W,64\n"));
        final TraceBlock block = new TraceBlock(2);
        assertEquals(1, block.read(in, 1));
        in.close();
        assertEquals(0, block.read(in, 2), "the second record is not read after close");
    }
}
