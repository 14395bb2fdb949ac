package org.scalebench.coherence.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The binary trace format byte for byte, and each field's rule as the reader enforces it (record numbers from 1). */
class BinaryTraceTest {

    @TempDir
    Path dir;

    private static byte[] written(final int core, final boolean write, final long address, final int domain)
            throws IOException {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (BinaryTrace.Writer w = new BinaryTrace.Writer(bytes)) {
            w.write(core, write, address, domain);
            w.finish();
        }
        return bytes.toByteArray();
    }

    /** A one-record file with the record's fields written raw, bypassing the writer's checks, and a trailer. */
    private Path raw(final int core, final int op, final long address, final int domain) throws IOException {
        final ByteBuffer b = ByteBuffer.allocate((int) BinaryTrace.fileBytes(1));
        b.put(BinaryTrace.MAGIC).putInt(core).put((byte) op).putLong(address).putInt(domain);
        final CRC32C crc = new CRC32C();
        crc.update(b.array(), BinaryTrace.MAGIC.length, BinaryTrace.RECORD_BYTES);
        b.putInt(-1).put((byte) 'E').putLong(1).putInt((int) crc.getValue());
        return Files.write(dir.resolve("raw.sbt"), b.array());
    }

    /** Ten records, record 5's address edited after the checksum was written (still a valid address). */
    private Path edited() throws IOException {
        final Path file = dir.resolve("edited.sbt");
        try (BinaryTrace.Writer w = new BinaryTrace.Writer(Files.newOutputStream(file))) {
            for (int i = 0; i < 10; i++) {
                w.write(i, false, 64L * i, -1);
            }
            w.finish();
        }
        final byte[] bytes = Files.readAllBytes(file);
        bytes[8 + 17 * 4 + 12] ^= 0x40;
        Files.write(file, bytes);
        return file;
    }

    private static String firstError(final Path file) throws IOException {
        try (TraceSource in = BinaryTrace.open(file)) {
            return TraceBlock.firstError(in);
        }
    }

    @Test
    void aTraceIsTheMagicThenSeventeenBigEndianBytesPerRecordThenTheTrailer() throws IOException {
        final CRC32C crc = new CRC32C();
        final byte[] record = {0, 0, 1, 2,                // core 258
            1,                                            // a store
            0, 0, 0, 0, 0x12, 0x34, 0x56, 0x40,           // address 0x12345640
            (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff}; // no domain
        crc.update(record);
        final ByteBuffer expected = ByteBuffer.allocate(8 + 17 + 17);
        expected.put(new byte[] {'S', 'B', 'T', 'R', 'A', 'C', 'E', '2'}).put(record)
                .putInt(-1).put((byte) 'E').putLong(1).putInt((int) crc.getValue()); // trailer: count, CRC-32C
        assertArrayEquals(expected.array(), written(258, true, 0x12345640L, TraceSource.NO_DOMAIN));
        assertEquals(BinaryTrace.fileBytes(1), written(0, false, 0, 7).length);
    }

    @Test
    void aWriterClosedWithoutFinishLeavesAFileEveryReaderRefuses() throws IOException {
        final Path file = dir.resolve("unfinished.sbt");
        try (BinaryTrace.Writer w = new BinaryTrace.Writer(Files.newOutputStream(file))) {
            w.write(1, false, 64, -1);
            w.write(2, true, 128, -1);
        }
        assertEquals(file + ": ends after record 2 without the trailer that closes a complete trace: the file is "
                + "truncated; re-record it", assertThrows(IllegalArgumentException.class,
                        () -> BinaryTrace.open(file)).getMessage());
    }

    @Test
    void anEditedRecordFailsTheChecksumWhenTheReaderReachesTheTrailer() throws IOException {
        final Path file = edited();
        try (TraceSource in = BinaryTrace.open(file)) {
            final int[] c = new int[16];
            assertEquals(10, in.read(c, new boolean[16], new long[16], new int[16], 16));
            assertEquals(file + ": the records do not match the checksum of the trailer (after record 10): the file "
                    + "was edited or damaged; re-record it", assertThrows(IllegalArgumentException.class,
                            () -> in.read(c, new boolean[16], new long[16], new int[16], 16)).getMessage());
        }
    }

    @Test
    void aTrailerCountingOtherThanTheRecordsIsRefused() throws IOException {
        final byte[] bytes = written(3, false, 64, 0);
        bytes[bytes.length - 5] = 2; // the count's low byte
        final Path file = Files.write(dir.resolve("count.sbt"), bytes);
        assertEquals(file + ": its trailer counts 2 records but the file holds 1: the file is truncated or was "
                + "edited; re-record it", assertThrows(IllegalArgumentException.class,
                        () -> BinaryTrace.open(file)).getMessage());
    }

    @Test
    void aVersionOneTraceIsRefusedWithARequestToRecordItAgain() throws IOException {
        final byte[] bytes = Arrays.copyOf("SBTRACE1".getBytes(java.nio.charset.StandardCharsets.US_ASCII), 8 + 17);
        final Path file = Files.write(dir.resolve("old.sbt"), bytes);
        assertEquals(file + ": a version-1 scalebench trace (SBTRACE1), which has no record count and cannot be "
                + "checked for truncation; re-record it with this version", assertThrows(
                        IllegalArgumentException.class, () -> BinaryTrace.open(file)).getMessage());
    }

    @Test
    void randomRecordsReadBackInBlocksOfAnySize() throws IOException {
        final SplittableRandom random = new SplittableRandom(17);
        final int records = 1000;
        final int[] core = new int[records];
        final boolean[] write = new boolean[records];
        final long[] address = new long[records];
        final int[] domain = new int[records];
        final Path file = dir.resolve("random.sbt");
        try (BinaryTrace.Writer w = new BinaryTrace.Writer(Files.newOutputStream(file))) {
            for (int i = 0; i < records; i++) {
                core[i] = random.nextInt(Integer.MAX_VALUE);
                write[i] = random.nextBoolean();
                address[i] = random.nextLong() >>> 1;
                domain[i] = random.nextInt(-1, Integer.MAX_VALUE);
                w.write(core[i], write[i], address[i], domain[i]);
            }
            w.finish();
        }
        assertEquals(8 + 17L * (records + 1), Files.size(file));
        final int block = 7;
        final int[] c = new int[block];
        final boolean[] wr = new boolean[block];
        final long[] a = new long[block];
        final int[] d = new int[block];
        try (TraceSource in = BinaryTrace.open(file)) {
            int seen = 0;
            int n;
            while ((n = in.read(c, wr, a, d, block)) > 0) {
                assertEquals(file + ": record " + (seen + 1), in.position(0));
                assertEquals(file + ": record " + (seen + n), in.position(n - 1));
                for (int i = 0; i < n; i++, seen++) {
                    assertEquals(core[seen], c[i], "core of record " + seen);
                    assertEquals(write[seen], wr[i], "op of record " + seen);
                    assertEquals(address[seen], a[i], "address of record " + seen);
                    assertEquals(domain[seen], d[i], "domain of record " + seen);
                }
            }
            assertEquals(records, seen);
            assertEquals(0, in.read(c, wr, a, d, block)); // stays at the end
        }
    }

    @Test
    void aTraceOfNoRecordsIsTheHeaderAndTheTrailer() throws IOException {
        final Path file = dir.resolve("empty.sbt");
        try (BinaryTrace.Writer w = new BinaryTrace.Writer(Files.newOutputStream(file))) {
            w.finish();
        }
        assertEquals(8 + 17, Files.size(file));
        try (TraceSource in = BinaryTrace.open(file)) {
            assertEquals(0, in.read(new int[1], new boolean[1], new long[1], new int[1], 1));
        }
    }

    @Test
    void aFileWithoutTheMagicIsNotABinaryTrace() throws IOException {
        final Path shortFile = Files.write(dir.resolve("short.sbt"), Arrays.copyOf(BinaryTrace.MAGIC, 5));
        assertEquals(shortFile + ": not a scalebench binary trace (shorter than its 8-byte header)",
                assertThrows(IllegalArgumentException.class, () -> BinaryTrace.open(shortFile)).getMessage());
        final byte[] other = written(1, false, 64, 0);
        other[7] = '3';
        final Path wrong = Files.write(dir.resolve("wrong.sbt"), other);
        assertEquals(wrong + ": not a scalebench binary trace (bad magic, expected SBTRACE2)",
                assertThrows(IllegalArgumentException.class, () -> BinaryTrace.open(wrong)).getMessage());
    }

    @Test
    void eachFieldOutsideItsRuleIsRefusedNamingTheRecord() throws IOException {
        Path file = raw(-5, 0, 64, 0);
        assertEquals(file + ": record 1: core = -5: must be in [0, 2^31)", firstError(file));
        file = raw(3, 2, 64, 0);
        assertEquals(file + ": record 1: op = 2: must be 0 (load) or 1 (store)", firstError(file));
        file = raw(3, -1, 64, 0);
        assertEquals(file + ": record 1: op = -1: must be 0 (load) or 1 (store)", firstError(file));
        file = raw(3, 1, 64, -2);
        assertEquals(file + ": record 1: domain = -2: must be in [0, 2^31), or -1 for none", firstError(file));
    }

    @Test
    void theWriterRefusesWhatTheReaderWouldRefuse() {
        assertThrows(IllegalArgumentException.class, () -> written(-1, false, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> written(0, false, -64, 0));
        assertEquals("trace record core = 0, address = 0x40, domain = -2: core and address must be non-negative, "
                + "domain -1 or more", assertThrows(IllegalArgumentException.class,
                        () -> written(0, false, 64, -2)).getMessage());
    }

    @Test
    void aSourceOpenedAtARecordReadsFromThereWithItsRecordNumbers() throws IOException {
        final Path file = dir.resolve("seek.sbt");
        try (BinaryTrace.Writer w = new BinaryTrace.Writer(Files.newOutputStream(file))) {
            for (int i = 0; i < 10; i++) {
                w.write(i, false, 64L * i, -1);
            }
            w.finish();
        }
        assertEquals(10, BinaryTrace.records(file));
        try (TraceSource in = BinaryTrace.open(file, 7)) {
            final int[] c = new int[8];
            assertEquals(3, in.read(c, new boolean[8], new long[8], new int[8], 8));
            assertArrayEquals(new int[] {7, 8, 9}, Arrays.copyOf(c, 3));
            assertEquals(file + ": record 8", in.position(0));
            assertEquals(0, in.read(c, new boolean[8], new long[8], new int[8], 8));
        }
        try (TraceSource in = BinaryTrace.open(file, 10)) {
            assertEquals(0, in.read(new int[1], new boolean[1], new long[1], new int[1], 1));
        }
        assertEquals(file + ": cannot start at record 12 of 10", assertThrows(IllegalArgumentException.class,
                () -> BinaryTrace.open(file, 11)).getMessage());
    }

    @Test
    void sharedSourcesReadAsOpenedOnesThroughOneFile() throws IOException {
        final Path file = dir.resolve("shared.sbt");
        try (BinaryTrace.Writer w = new BinaryTrace.Writer(Files.newOutputStream(file))) {
            for (int i = 0; i < 10; i++) {
                w.write(i, i % 3 == 0, 64L * i, i % 4 - 1);
            }
            w.finish();
        }
        try (BinaryTrace.Shared shared = BinaryTrace.Shared.open(file)) {
            assertEquals(10, shared.records());
            for (final int first : new int[] {0, 1, 7, 10}) {
                for (final int buffer : new int[] {1, 3, 64}) {
                    final TraceSource a = shared.from(first, buffer);
                    final TraceSource b = shared.from(first, buffer); // a second reader, interleaved
                    try (TraceSource expected = BinaryTrace.open(file, first)) {
                        int n;
                        do {
                            final int[][] ints = new int[6][4];
                            final boolean[][] writes = new boolean[3][4];
                            final long[][] addresses = new long[3][4];
                            n = expected.read(ints[0], writes[0], addresses[0], ints[1], 4);
                            assertEquals(n, a.read(ints[2], writes[1], addresses[1], ints[3], 4));
                            assertEquals(n, b.read(ints[4], writes[2], addresses[2], ints[5], 4));
                            for (int r = 1; r < 3; r++) {
                                assertArrayEquals(ints[0], ints[2 * r]);
                                assertArrayEquals(ints[1], ints[2 * r + 1]);
                                assertArrayEquals(writes[0], writes[r]);
                                assertArrayEquals(addresses[0], addresses[r]);
                            }
                            if (n > 0) {
                                assertEquals(expected.position(n - 1), a.position(n - 1));
                            }
                        } while (n > 0);
                    }
                    a.close(); // leaves the file open for the others
                }
            }
            assertEquals(file + ": cannot start at record 12 of 10", assertThrows(IllegalArgumentException.class,
                    () -> shared.from(11, 4)).getMessage());
        }
    }

    @Test
    void aSharedTraceChecksTheChecksumFromTheFirstRecordAndRefusesWhatIsNotAFile() throws IOException {
        final Path file = edited();
        try (BinaryTrace.Shared shared = BinaryTrace.Shared.open(file)) {
            final TraceSource later = shared.from(1, 2);
            final TraceSource whole = shared.from(0, 2);
            final int[] c = new int[16];
            assertEquals(9, later.read(c, new boolean[16], new long[16], new int[16], 16));
            assertEquals(0, later.read(c, new boolean[16], new long[16], new int[16], 16), "it did not see record 1");
            assertEquals(10, whole.read(c, new boolean[16], new long[16], new int[16], 16));
            assertEquals(file + ": the records do not match the checksum of the trailer (after record 10): the file "
                    + "was edited or damaged; re-record it", assertThrows(IllegalArgumentException.class,
                            () -> whole.read(c, new boolean[16], new long[16], new int[16], 16)).getMessage());
        }
        assertEquals(dir + ": not a regular file (a directory); a binary trace is a .sbt file",
                assertThrows(IllegalArgumentException.class, () -> BinaryTrace.Shared.open(dir)).getMessage());
        assertThrows(java.nio.file.NoSuchFileException.class, () -> BinaryTrace.Shared.open(dir.resolve("no.sbt")));
    }

    @Test
    void everyReaderRefusesWhatIsNotAFileNamingIt() {
        final String refused = dir + ": not a regular file (a directory); a binary trace is a .sbt file";
        assertEquals(refused, assertThrows(IllegalArgumentException.class, () -> BinaryTrace.open(dir)).getMessage());
        assertEquals(refused, assertThrows(IllegalArgumentException.class, () -> BinaryTrace.open(dir, 3))
                .getMessage());
        assertEquals(refused, assertThrows(IllegalArgumentException.class, () -> BinaryTrace.records(dir))
                .getMessage());
    }

    /** Three records, 0, 1 and 2, each at core i and address 64 i. */
    private Path three(final String name) throws IOException {
        final Path file = dir.resolve(name);
        try (BinaryTrace.Writer w = new BinaryTrace.Writer(Files.newOutputStream(file))) {
            for (int i = 0; i < 3; i++) {
                w.write(i, false, 64L * i, -1);
            }
            w.finish();
        }
        return file;
    }

    /** Cuts or extends a file that a reader has open, as another process could. */
    private static void resize(final Path file, final long bytes) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            if (bytes < channel.size()) {
                channel.truncate(bytes);
            } else {
                channel.write(ByteBuffer.allocate((int) (bytes - channel.size())), channel.size());
            }
        }
    }

    @Test
    void finishWritesTheTrailerThroughBeforeTheWriterIsClosed() throws IOException {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (BinaryTrace.Writer w = new BinaryTrace.Writer(bytes)) {
            w.write(1, true, 128, 2);
            w.write(2, false, 192, -1);
            assertEquals(2, w.records());
            w.finish();
            assertEquals(BinaryTrace.fileBytes(2), bytes.size(), "header, two records and the trailer, unclosed");
        }
    }

    /**
     * The error a reader of a three-record trace meets when the file is resized to {@code bytes} after it was opened
     * and checked, and {@code before} records were read.
     */
    private String errorAfterResizing(final String name, final long bytes, final int before) throws IOException {
        final Path file = three(name);
        try (TraceSource in = BinaryTrace.open(file)) {
            resize(file, bytes);
            assertEquals(before, before == 0 ? 0 : new TraceBlock(4).read(in, 4));
            return TraceBlock.firstError(in);
        }
    }

    @Test
    void aTraceResizedWhileBeingReadIsRefusedNamingTheRecordOrTheTrailer() throws IOException {
        assertEquals(dir.resolve("cut.sbt") + ": record 2 is truncated: the file ends 5 bytes into a 17-byte record "
                + "(it was cut while being read)", errorAfterResizing("cut.sbt", 8 + 17 + 5, 0));
        assertEquals(dir.resolve("untrailed.sbt") + ": record 4 is truncated: the file ends 0 bytes into a 17-byte "
                + "record (it was cut while being read)", errorAfterResizing("untrailed.sbt", 8 + 3 * 17, 3));
        assertEquals(dir.resolve("grown.sbt") + ": data after the trailer (it grew while being read)",
                errorAfterResizing("grown.sbt", BinaryTrace.fileBytes(3) + 1, 3), "a zero byte after the trailer");
    }

    @Test
    void aClosedSourceReadsNoMore() throws IOException {
        final TraceSource in = BinaryTrace.open(three("closed.sbt"));
        in.close();
        assertThrows(IOException.class, () -> new TraceBlock(4).read(in, 4));
    }

    @Test
    void closingASharedTraceClosesTheFileUnderItsSourcesAndTheErrorNamesIt() throws IOException {
        final Path file = three("closed-shared.sbt");
        final TraceSource in;
        try (BinaryTrace.Shared shared = BinaryTrace.Shared.open(file)) {
            in = shared.from(0, 1);
        }
        final IOException e = assertThrows(IOException.class, () -> new TraceBlock(4).read(in, 4));
        assertTrue(e.getMessage().startsWith(file + ": "), e.getMessage());
    }
}
