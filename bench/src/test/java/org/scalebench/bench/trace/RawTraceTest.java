package org.scalebench.bench.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scalebench.coherence.sim.TraceSource;

/** The raw file of the tracer runtime, written here byte by byte as the runtime writes it, and its merge. */
class RawTraceTest {

    @TempDir
    Path dir;

    /** Builds a raw file: chunks of (thread, tickets, addresses), then a footer. */
    private static final class Raw {
        private final ByteBuffer b = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
        private long records;

        Raw chunk(final int thread, final long[] tickets, final long[] addresses) {
            b.putInt(RawTrace.CHUNK_MAGIC).putInt(thread).putInt(tickets.length).putInt(0);
            for (int i = 0; i < tickets.length; i++) {
                b.putLong(tickets[i]).putLong(addresses[i]);
            }
            records += tickets.length;
            return this;
        }

        Raw footer(final int threads, final long tickets, final long cap, final int flags) {
            b.putInt(RawTrace.FOOTER_MAGIC).putInt(threads).putLong(records).putLong(tickets).putLong(cap)
                    .putInt(flags).putInt(0);
            return this;
        }

        Path write(final Path file) throws IOException {
            return Files.write(file, Arrays.copyOf(b.array(), b.position()));
        }
    }

    private static final long STORE = 1L << 63;

    private static String read(final Path trace) throws IOException {
        final StringBuilder s = new StringBuilder();
        for (final long[] r : TraceRecords.read(trace)) {
            s.append(r[0]).append(r[1] == 1 ? 'W' : 'R').append(r[2]).append(' ');
            assertEquals(TraceSource.NO_DOMAIN, r[3]);
        }
        return s.toString().strip();
    }

    @Test
    void chunksOfThreadsAreMergedInTicketOrderWithTheThreadAsTheCore() throws IOException {
        final Path raw = new Raw()
                .chunk(1, new long[] {1, 4}, new long[] {100, 400 | STORE})
                .chunk(0, new long[] {0, 2}, new long[] {0, 200})
                .chunk(1, new long[] {5}, new long[] {500})
                .chunk(2, new long[] {3}, new long[] {300 | STORE})
                .footer(3, 6, Long.MAX_VALUE, 0).write(dir.resolve("a.raw"));
        final RawTrace.Footer f = RawTrace.merge(raw, dir.resolve("a.sbt"));
        assertEquals(6, f.kept());
        assertFalse(f.capped());
        assertEquals("0R0 1R100 0R200 2W300 1W400 1R500", read(dir.resolve("a.sbt")));
    }

    @Test
    void accessesAtOrAboveTheCapAreDroppedAndTheRestKept() throws IOException {
        final Path raw = new Raw()
                .chunk(0, new long[] {0, 2, 3}, new long[] {0, 200, 300})
                .chunk(1, new long[] {1, 4}, new long[] {100, 400})
                .footer(2, 9, 3, RawTrace.FLAG_CAPPED).write(dir.resolve("c.raw"));
        final RawTrace.Footer f = RawTrace.merge(raw, dir.resolve("c.sbt"));
        assertTrue(f.capped());
        assertEquals(3, f.kept());
        assertEquals("0R0 1R100 0R200", read(dir.resolve("c.sbt")));
    }

    @Test
    void aMissingTicketIsRefusedAndNoTraceWritten() throws IOException {
        final Path raw = new Raw()
                .chunk(0, new long[] {0, 2}, new long[] {0, 200})
                .footer(1, 3, Long.MAX_VALUE, 0).write(dir.resolve("m.raw"));
        final Path out = dir.resolve("m.sbt");
        assertEquals("misses access 1, counted but never recorded (a thread was still making accesses when the "
                + "program exited; join every thread before exit)",
                assertThrows(RawTrace.Incomplete.class, () -> RawTrace.merge(raw, out)).getMessage());
        assertFalse(Files.exists(out));
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "only the raw file: no temporary file left");
        }
    }

    @Test
    void aFileWithoutItsFooterOrWithACutChunkIsNotATrace() throws IOException {
        final Raw whole = new Raw().chunk(0, new long[] {0, 1}, new long[] {0, 64});
        final Path noFooter = whole.write(dir.resolve("n.raw"));
        assertEquals("ends at byte 48 without the footer the runtime writes at exit",
                assertThrows(RawTrace.Incomplete.class, () -> RawTrace.footer(noFooter)).getMessage());
        final byte[] bytes = Files.readAllBytes(noFooter);
        final Path cut = Files.write(dir.resolve("cut.raw"), Arrays.copyOf(bytes, bytes.length - 3));
        assertEquals("has its last chunk cut at byte 45",
                assertThrows(RawTrace.Incomplete.class, () -> RawTrace.footer(cut)).getMessage());
        final Path empty = Files.write(dir.resolve("e.raw"), new byte[0]);
        assertEquals("is empty", assertThrows(RawTrace.Incomplete.class, () -> RawTrace.footer(empty)).getMessage());
        final Path miscounted = new Raw().chunk(0, new long[] {0}, new long[] {0}).footer(1, 1, 5, 0)
                .write(dir.resolve("x.raw"));
        final byte[] x = Files.readAllBytes(miscounted);
        x[32 + 8] = 2; // the footer's record count (after one 16-byte chunk header and one record)
        Files.write(miscounted, x);
        assertEquals("has a footer counting 2 records and chunks holding 1",
                assertThrows(RawTrace.Incomplete.class, () -> RawTrace.footer(miscounted)).getMessage());
    }

    @Test
    void aThreadWhoseTicketsGoBackIsRefused() throws IOException {
        final Path raw = new Raw()
                .chunk(0, new long[] {0, 1, 0}, new long[] {0, 64, 128})
                .footer(1, 3, Long.MAX_VALUE, 0).write(dir.resolve("o.raw"));
        assertEquals("has thread 0's accesses out of order (ticket 0 after 1)",
                assertThrows(RawTrace.Incomplete.class, () -> RawTrace.merge(raw, dir.resolve("o.sbt"))).getMessage());
    }

    @Test
    void aCaptureNeedsThirtyThreeBytesPerAccessAndTheReserve() {
        assertEquals(10 * 33 + 25 + (64L << 20), TraceCapture.bytesNeeded(10));
        assertEquals(Long.MAX_VALUE, TraceCapture.bytesNeeded(Long.MAX_VALUE / 2));
        assertEquals("3.3 GB", TraceCapture.size(100_000_000L * 33));
    }
}
