package org.scalebench.coherence.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Both trace formats: one rule per field, exact record framing, physical positions in messages. */
class TraceFormatsTest {

    @TempDir
    Path dir;

    private Path binary(final String name, final int records) throws IOException {
        final Path file = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(file); BinaryTrace.Writer w = new BinaryTrace.Writer(out)) {
            for (int i = 0; i < records; i++) {
                w.write(i % 16, i % 3 == 0, 64L * i, -1);
            }
            w.finish();
        }
        return file;
    }

    private static String readAll(final TraceSource source) throws IOException {
        final int[] core = new int[7];
        final boolean[] write = new boolean[7];
        final long[] address = new long[7];
        final int[] domain = new int[7];
        final StringBuilder s = new StringBuilder();
        int n;
        while ((n = source.read(core, write, address, domain, 7)) > 0) {
            for (int i = 0; i < n; i++) {
                s.append(core[i]).append(write[i] ? 'W' : 'R').append(address[i]).append('/').append(domain[i])
                        .append(' ');
            }
        }
        return s.toString();
    }

    @Test
    void binaryTraceReadsBackWhatWasWritten() throws IOException {
        try (TraceSource in = TraceSource.open(binary("a.sbt", 20))) {
            final String all = readAll(in);
            assertTrue(all.startsWith("0W0/-1 1R64/-1 2R128/-1 3W192/-1 "), all);
            assertEquals(20, all.split(" ").length);
        }
    }

    @Test
    void aBinaryTraceCutAnywhereIsRefusedWhenOpenedNamingTheRecordWhereItEnds() throws IOException {
        final byte[] whole = Files.readAllBytes(binary("b.sbt", 3));
        assertEquals(BinaryTrace.fileBytes(3), whole.length);
        for (int length = BinaryTrace.MAGIC.length; length < whole.length; length++) {
            final Path file = dir.resolve("cut" + length + ".sbt");
            Files.write(file, Arrays.copyOf(whole, length));
            final int body = length - BinaryTrace.MAGIC.length;
            final int records = body / BinaryTrace.RECORD_BYTES;
            final int into = body % BinaryTrace.RECORD_BYTES;
            final String expected;
            if (into != 0) {
                expected = file + ": record " + (records + 1) + " is truncated: the file ends " + into
                        + " bytes into a 17-byte record (or its trailer); re-record it";
            } else if (records == 0) {
                expected = file + ": ends after its header, without the trailer that closes a complete trace: the "
                        + "file is truncated; re-record it";
            } else {
                expected = file + ": ends after record " + records + " without the trailer that closes a complete "
                        + "trace: the file is truncated; re-record it";
            }
            assertEquals(expected, assertThrows(IllegalArgumentException.class, () -> TraceSource.open(file))
                    .getMessage(), "cut to " + length + " bytes");
        }
    }

    @Test
    void negativeAddressInABinaryTraceIsRefusedLikeInCsv() throws IOException {
        final Path file = binary("neg.sbt", 2);
        final byte[] bytes = Files.readAllBytes(file);
        bytes[8 + 17 + 5] = (byte) 0xff; // the second record's address gets its sign bit
        Files.write(file, bytes);
        try (TraceSource in = TraceSource.open(file)) {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> readAll(in));
            assertTrue(e.getMessage().startsWith(file + ": record 2: address = 0xff"), e.getMessage());
            assertTrue(e.getMessage().endsWith(TraceSource.ADDRESS_RULE), e.getMessage());
        }
        final Path csv = Files.writeString(dir.resolve("neg.csv"), "core,op,address\n0,R,0xffffffffffffff00\n");
        try (TraceSource in = TraceSource.open(csv)) {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> readAll(in));
            assertEquals(csv + ":2: address = '0xffffffffffffff00': " + TraceSource.ADDRESS_RULE, e.getMessage());
        }
    }

    @Test
    void csvErrorsNamePhysicalLines() throws IOException {
        final Path file = Files.writeString(dir.resolve("t.csv"),
                "core,op,address\n# a comment\n0,R,0x40\n\n1,W,128\n\n2,X,0\n");
        try (TraceSource in = TraceSource.open(file)) {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> readAll(in));
            assertEquals(file + ":7: op = 'X': must be R, W, L, S, load, store, read or write", e.getMessage());
        }
        try (TraceSource in = TraceSource.open(file)) {
            final int[] core = new int[2];
            assertEquals(2, in.read(core, new boolean[2], new long[2], new int[2], 2));
            assertEquals(file + ":3", in.position(0));
            assertEquals(file + ":5", in.position(1));
        }
    }

    @Test
    void byteOrderMarkIsSkipped() throws IOException {
        final Path file = dir.resolve("bom.csv");
        Files.write(file, ("\uFEFFcore,op,address,domain\n3,W,0x80,2\n").getBytes(StandardCharsets.UTF_8));
        try (TraceSource in = TraceSource.open(file)) {
            assertEquals("3W128/2 ", readAll(in));
        }
    }

    @Test
    void aLongLineFailsFastAndIsNotEchoed() throws IOException {
        final Path file = dir.resolve("nul.csv");
        Files.write(file, new byte[1 << 20]);
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TraceSource.open(file));
        assertEquals(file + ":1: line longer than 4096 characters (not a text file of this format?)", e.getMessage());
        final Path late = Files.writeString(dir.resolve("late.csv"), "core,op,address\n0,R," + "9".repeat(5000) + "\n");
        final IllegalArgumentException e2 = assertThrows(IllegalArgumentException.class, () -> {
            try (TraceSource in = TraceSource.open(late)) {
                readAll(in); // the reader may find the line while reading ahead for the header
            }
        });
        assertTrue(e2.getMessage().startsWith(late + ":2: line longer than 4096"), e2.getMessage());
    }

    @Test
    void longValuesAreShortenedInMessages() throws IOException {
        final Path file = Files.writeString(dir.resolve("v.csv"), "core,op,address\n" + "7".repeat(100) + ",R,0\n");
        try (TraceSource in = TraceSource.open(file)) {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> readAll(in));
            assertEquals(file + ":2: core = '" + "7".repeat(40) + "...' (100 characters): must be an integer in "
                    + "[0, 2147483647]", e.getMessage());
        }
    }

    @Test
    void aDirectoryIsNotARegularFileAndAMissingFileIsMissing() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TraceSource.open(dir));
        assertTrue(e.getMessage().startsWith(dir + ": not a regular file (a directory)"), e.getMessage());
        assertThrows(NoSuchFileException.class, () -> TraceSource.open(dir.resolve("none.csv")));
    }

    @Test
    void wrongHeaderIsNamedWithItsLine() throws IOException {
        final Path file = Files.writeString(dir.resolve("h.csv"), "core,address,op\n0,0,R\n");
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TraceSource.open(file));
        assertEquals(file + ":1: the header must be core,op,address[,domain], got 'core,address,op'", e.getMessage());
    }

    @Test
    void csvAndBinaryGiveTheSameRecords() throws IOException {
        final Path csv = Files.writeString(dir.resolve("s.csv"), "CORE,Op,Address\n0,W,0\n1,R,0x40\n2,r,128\n");
        final Path sbt = binary("s.sbt", 3);
        try (TraceSource a = TraceSource.open(csv); TraceSource b = TraceSource.open(sbt)) {
            assertArrayEquals(readAll(a).toCharArray(), readAll(b).toCharArray());
        }
    }
}
