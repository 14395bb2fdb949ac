package org.scalebench.bench.trace;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import org.scalebench.bench.io.AtomicFiles;
import org.scalebench.coherence.sim.BinaryTrace;
import org.scalebench.coherence.sim.TraceSource;
import org.scalebench.core.Bits;

/**
 * The tracer runtime's raw file ({@code sbtrace.c}): per-thread chunks of (ticket, address | store bit) records in
 * host byte order, appended as each thread's buffer fills, and a footer written when the program exits. This class
 * checks a raw file whole and merges it into a {@code .sbt} trace ({@link BinaryTrace}) in ticket order, the
 * thread number as the core and no domain:
 *
 * <pre>
 *   chunk:  u32 'SBRC', u32 thread, u32 count, u32 0, then count x {u64 ticket, u64 address | store &lt;&lt; 63}
 *   footer: u32 'SBRE', u32 threads, u64 records, u64 tickets, u64 cap, u32 flags, u32 errno
 * </pre>
 * The merge reads each thread's chunks in file order (a thread's tickets increase) and always takes the smallest
 * ticket among the threads' next records (a binary heap of threads), so it holds one buffer per thread, never the
 * trace. Records whose ticket is at or above the footer's cap are dropped (the cap can be lowered while threads
 * record); the kept tickets must then be exactly 0, 1, 2, ...: a missing one is an access a thread made while the
 * program was exiting. Not thread-safe; allocates its buffers once per merge.
 */
public final class RawTrace {

    static final int CHUNK_MAGIC = 0x43524253; // "SBRC" read little-endian
    static final int FOOTER_MAGIC = 0x45524253; // "SBRE"
    static final int CHUNK_HEADER_BYTES = 16;
    static final int RECORD_BYTES = 16;
    static final int FOOTER_BYTES = 40;
    /** The runtime's largest thread count. */
    public static final int MAX_THREADS = 1024;
    static final int FLAG_CAPPED = 1;
    static final int FLAG_WRITE_FAILED = 2;
    static final int FLAG_DISK_LOW = 4;
    static final int FLAG_TOO_MANY_THREADS = 8;
    private static final long STORE_BIT = 1L << 63;
    private static final int BUFFER_RECORDS = 4096;

    private RawTrace() {
    }

    /**
     * What a complete raw file says about the run.
     *
     * @param threads thread numbers given out (the trace's cores are below it)
     * @param records records in the file
     * @param tickets accesses the program made (at or above the cap, they were not recorded)
     * @param cap the cap in force at the end
     * @param flags the runtime's flags
     * @param error the errno of a failed write, or 0
     */
    public record Footer(int threads, long records, long tickets, long cap, int flags, int error) {

        /** @return whether the program made more accesses than were recorded */
        public boolean capped() {
            return tickets > cap;
        }

        /** @return whether the runtime lowered the cap because the disk ran low */
        public boolean diskLow() {
            return (flags & FLAG_DISK_LOW) != 0;
        }

        /** @return the accesses the trace keeps */
        public long kept() {
            return Math.min(tickets, cap);
        }
    }

    /** A raw file that is not a whole trace; the message says why, for the user. */
    public static final class Incomplete extends IOException {
        private static final long serialVersionUID = 1L;

        Incomplete(final String message) {
            super(message);
        }
    }

    /** Per thread: where its chunks are, and the reading position in them. */
    private static final class Thread {
        long[] chunkOffset = new long[4];
        int[] chunkCount = new int[4];
        int chunks;
        int chunk;
        int leftInChunk;
        long position;
        final ByteBuffer buffer = ByteBuffer.allocate(BUFFER_RECORDS * RECORD_BYTES).order(ByteOrder.LITTLE_ENDIAN)
                .limit(0);
        long lastTicket = -1;

        void add(final long offset, final int count) {
            if (chunks == chunkOffset.length) {
                final int grown = Bits.grownLength(chunks, chunks + 1L, "raw trace: chunks of one thread");
                chunkOffset = Arrays.copyOf(chunkOffset, grown);
                chunkCount = Arrays.copyOf(chunkCount, grown);
            }
            chunkOffset[chunks] = offset;
            chunkCount[chunks] = count;
            chunks++;
        }
    }

    /**
     * Checks a raw file's framing and reads its footer.
     *
     * @param raw the file
     * @return the footer
     * @throws Incomplete when it is empty, damaged or lacks the footer
     * @throws IOException when it cannot be read
     */
    public static Footer footer(final Path raw) throws IOException {
        try (FileChannel channel = FileChannel.open(raw, StandardOpenOption.READ)) {
            return scan(channel, null);
        }
    }

    private static Footer scan(final FileChannel channel, final Thread[] threads) throws IOException {
        final long size = channel.size();
        if (size == 0) {
            throw new Incomplete("is empty");
        }
        final ByteBuffer header = ByteBuffer.allocate(FOOTER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        long position = 0;
        long records = 0;
        while (true) {
            header.clear().limit(CHUNK_HEADER_BYTES);
            if (!readFully(channel, header, position)) {
                throw new Incomplete("ends at byte " + position + " without the footer the runtime writes at exit");
            }
            final int magic = header.getInt(0);
            if (magic == FOOTER_MAGIC) {
                header.clear();
                if (!readFully(channel, header, position)) {
                    throw new Incomplete("has its footer cut at byte " + size);
                }
                if (position + FOOTER_BYTES != size) {
                    throw new Incomplete("has " + (size - position - FOOTER_BYTES) + " bytes after its footer");
                }
                final Footer f = new Footer(header.getInt(4), header.getLong(8), header.getLong(16),
                        header.getLong(24), header.getInt(32), header.getInt(36));
                if (f.records() != records) {
                    throw new Incomplete("has a footer counting " + f.records() + " records and chunks holding "
                            + records);
                }
                return f;
            }
            if (magic != CHUNK_MAGIC) {
                throw new Incomplete("is damaged at byte " + position + " (neither a chunk nor the footer)");
            }
            final int thread = header.getInt(4);
            final int count = header.getInt(8);
            if (thread < 0 || thread >= MAX_THREADS || count <= 0 || header.getInt(12) != 0) {
                throw new Incomplete("has a damaged chunk at byte " + position + " (thread " + thread + ", "
                        + count + " records)");
            }
            final long end = position + CHUNK_HEADER_BYTES + (long) count * RECORD_BYTES;
            if (end > size) {
                throw new Incomplete("has its last chunk cut at byte " + size);
            }
            if (threads != null) {
                if (threads[thread] == null) {
                    threads[thread] = new Thread();
                }
                threads[thread].add(position + CHUNK_HEADER_BYTES, count);
            }
            records += count;
            position = end;
        }
    }

    private static boolean readFully(final FileChannel channel, final ByteBuffer buffer, final long position)
            throws IOException {
        long at = position;
        while (buffer.hasRemaining()) {
            final int n = channel.read(buffer, at);
            if (n < 0) {
                return false;
            }
            at += n;
        }
        buffer.flip();
        return true;
    }

    /**
     * Merges a complete raw file into a {@code .sbt} trace, written atomically.
     *
     * @param raw the raw file
     * @param out the trace to write
     * @return the footer (its {@link Footer#kept} records are in the trace)
     * @throws Incomplete when the raw file is not a whole trace (nothing is written)
     * @throws IOException when a file cannot be read or written
     */
    public static Footer merge(final Path raw, final Path out) throws IOException {
        try (FileChannel channel = FileChannel.open(raw, StandardOpenOption.READ)) {
            final Thread[] threads = new Thread[MAX_THREADS];
            final Footer footer = scan(channel, threads);
            AtomicFiles.write(out, tmp -> {
                try (OutputStream stream = Files.newOutputStream(tmp);
                        BinaryTrace.Writer w = new BinaryTrace.Writer(stream)) {
                    mergeInto(channel, threads, footer.kept(), w);
                    w.finish();
                }
            });
            return footer;
        }
    }

    /** The smallest-ticket-first merge: a binary heap of thread numbers keyed by their next ticket. */
    private static void mergeInto(final FileChannel channel, final Thread[] all, final long kept,
            final BinaryTrace.Writer w) throws IOException {
        final int[] heap = new int[MAX_THREADS];
        final long[] nextTicket = new long[MAX_THREADS];
        final long[] nextAddress = new long[MAX_THREADS];
        int size = 0;
        for (int t = 0; t < MAX_THREADS; t++) {
            if (all[t] != null && advance(channel, all[t], t, nextTicket, nextAddress, kept)) {
                heap[size] = t;
                siftUp(heap, size++, nextTicket);
            }
        }
        long expected = 0;
        while (size > 0) {
            final int t = heap[0];
            final long ticket = nextTicket[t];
            if (ticket != expected) {
                throw new Incomplete("misses access " + expected + ", counted but never recorded (a thread was still "
                        + "making accesses when the program exited; join every thread before exit)");
            }
            expected++;
            final long a = nextAddress[t];
            w.write(t, (a & STORE_BIT) != 0, a & ~STORE_BIT, TraceSource.NO_DOMAIN);
            if (advance(channel, all[t], t, nextTicket, nextAddress, kept)) {
                siftDown(heap, 0, size, nextTicket);
            } else {
                heap[0] = heap[--size];
                siftDown(heap, 0, size, nextTicket);
            }
        }
        if (expected != kept) {
            throw new Incomplete("records " + expected + " of the " + kept + " accesses its footer counts");
        }
    }

    /** Loads thread t's next record below the cap into nextTicket/nextAddress; false when it has none left. */
    private static boolean advance(final FileChannel channel, final Thread th, final int t, final long[] nextTicket,
            final long[] nextAddress, final long cap) throws IOException {
        while (true) {
            if (!th.buffer.hasRemaining()) {
                if (th.leftInChunk == 0) {
                    if (th.chunk == th.chunks) {
                        return false;
                    }
                    th.position = th.chunkOffset[th.chunk];
                    th.leftInChunk = th.chunkCount[th.chunk];
                    th.chunk++;
                }
                final int n = Math.min(th.leftInChunk, BUFFER_RECORDS);
                th.buffer.clear().limit(n * RECORD_BYTES);
                if (!readFully(channel, th.buffer, th.position)) {
                    throw new Incomplete("was cut while being read");
                }
                th.position += (long) n * RECORD_BYTES;
                th.leftInChunk -= n;
            }
            final long ticket = th.buffer.getLong();
            final long address = th.buffer.getLong();
            if (ticket <= th.lastTicket) {
                throw new Incomplete("has thread " + t + "'s accesses out of order (ticket " + ticket + " after "
                        + th.lastTicket + ")");
            }
            th.lastTicket = ticket;
            if (ticket < cap) {
                nextTicket[t] = ticket;
                nextAddress[t] = address;
                return true;
            }
        }
    }

    private static void siftUp(final int[] heap, final int at, final long[] key) {
        int i = at;
        final int x = heap[i];
        while (i > 0) {
            final int parent = (i - 1) >>> 1;
            if (key[heap[parent]] <= key[x]) {
                break;
            }
            heap[i] = heap[parent];
            i = parent;
        }
        heap[i] = x;
    }

    private static void siftDown(final int[] heap, final int at, final int size, final long[] key) {
        if (size == 0) {
            return;
        }
        int i = at;
        final int x = heap[i];
        while (true) {
            int child = 2 * i + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && key[heap[child + 1]] < key[heap[child]]) {
                child++;
            }
            if (key[x] <= key[heap[child]]) {
                break;
            }
            heap[i] = heap[child];
            i = child;
        }
        heap[i] = x;
    }
}
