package org.scalebench.coherence.sim;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.FileSystemException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.CRC32C;

/**
 * The compact binary trace format ({@code .sbt}, version 2): an 8-byte magic {@code SBTRACE2}, one 17-byte
 * big-endian record per access, then a 17-byte trailer that closes a complete trace:
 *
 * <pre>
 *   record                              trailer
 *   int  core      (0 .. 2^31-1)        int  -1           (no record has a negative core)
 *   byte op        0 = load, 1 = store  byte 'E' (0x45)
 *   long address   byte address         long record count
 *   int  domain    -1 when none         int  CRC-32C of every record's 17 bytes, in order
 * </pre>
 * A file is a complete trace exactly when its length is {@code 8 + 17 x (count + 1)} and its last 17 bytes are a
 * trailer whose count and checksum match the records. {@link #open} checks the length and the trailer before
 * the first record is read, so a file cut anywhere (inside a record, at a record boundary, inside the trailer)
 * is refused at once, naming the file and the record where it ends; the checksum is checked when the reader
 * reaches the trailer. A negative core or address, an op other than 0 or 1, or a domain under -1 is an error
 * naming the file and the record. Version 1 files ({@code SBTRACE1}, no trailer) cannot be told whole from cut
 * and are refused with a request to re-record them. About a third of the CSV size and read without parsing.
 *
 * <p>The writer checks every field and allocates nothing per record; neither it nor the reader is thread-safe.
 */
public final class BinaryTrace {

    /** The file's first eight bytes. */
    public static final byte[] MAGIC = "SBTRACE2".getBytes(StandardCharsets.US_ASCII);
    /** The magic of the first version of the format, which had no trailer. */
    static final byte[] MAGIC_VERSION_1 = "SBTRACE1".getBytes(StandardCharsets.US_ASCII);
    /** Bytes per record (and of the trailer). */
    public static final int RECORD_BYTES = 17;
    /** The trailer's op byte. */
    static final byte TRAILER_OP = 'E';

    private BinaryTrace() {
    }

    /**
     * The size of a complete trace of {@code records} records.
     *
     * @param records the number of records
     * @return header + records + trailer, in bytes
     */
    public static long fileBytes(final long records) {
        return MAGIC.length + RECORD_BYTES * (records + 1);
    }

    /**
     * Writes records; {@link #finish} writes the trailer. A writer closed without {@code finish} leaves a file
     * without a trailer, which every reader refuses: a write that fails half-way never looks complete.
     */
    public static final class Writer implements AutoCloseable {
        private final DataOutputStream out;
        private final byte[] record = new byte[RECORD_BYTES];
        private final ByteBuffer view = ByteBuffer.wrap(record);
        private final CRC32C checksum = new CRC32C();
        private long records;
        private boolean finished;

        /**
         * Starts a trace.
         *
         * @param stream where to write (buffered here)
         * @throws IOException on failure
         */
        public Writer(final OutputStream stream) throws IOException {
            this.out = new DataOutputStream(new BufferedOutputStream(stream, 1 << 16));
            out.write(MAGIC);
        }

        /**
         * Appends one record.
         *
         * @param core the core
         * @param write store?
         * @param address the byte address
         * @param domain the domain or -1
         * @throws IOException on failure
         * @throws IllegalStateException after {@link #finish}
         */
        public void write(final int core, final boolean write, final long address, final int domain) throws IOException {
            if (core < 0 || address < 0 || domain < TraceSource.NO_DOMAIN) {
                throw new IllegalArgumentException("trace record core = " + core + ", address = 0x"
                        + Long.toHexString(address) + ", domain = " + domain
                        + ": core and address must be non-negative, domain -1 or more");
            }
            if (finished) {
                throw new IllegalStateException("the trace is finished: no record can follow its trailer");
            }
            view.putInt(0, core).put(4, (byte) (write ? 1 : 0)).putLong(5, address).putInt(13, domain);
            checksum.update(record, 0, RECORD_BYTES);
            out.write(record);
            records++;
        }

        /**
         * The records written so far.
         *
         * @return the count
         */
        public long records() {
            return records;
        }

        /**
         * Writes the trailer (count and checksum) and flushes: the file is a complete trace.
         *
         * @throws IOException on failure
         */
        public void finish() throws IOException {
            if (finished) {
                return;
            }
            finished = true;
            out.writeInt(-1);
            out.writeByte(TRAILER_OP);
            out.writeLong(records);
            out.writeInt((int) checksum.getValue());
            out.flush();
        }

        @Override
        public void close() throws IOException {
            out.close();
        }
    }

    /**
     * Opens a binary trace file, checking its length and trailer first.
     *
     * @param file the file
     * @return the source
     * @throws IOException if unreadable
     * @throws IllegalArgumentException if not a complete binary trace, naming the file and where it ends
     */
    public static TraceSource open(final Path file) throws IOException {
        return open(file, 0);
    }

    /**
     * Opens a binary trace file at a record, checking its length and trailer first. A source that starts after
     * the first record cannot check the trailer's checksum (it has not seen the records before its start); it
     * checks everything else.
     *
     * @param file the file
     * @param first the number of records to skip, in [0, record count]
     * @return the source, positioned at record {@code first + 1}
     * @throws IOException if unreadable
     * @throws IllegalArgumentException if not a complete binary trace, or {@code first} is out of range
     */
    public static TraceSource open(final Path file, final long first) throws IOException {
        final long records = checkFraming(file);
        checkFirst(file, first, records);
        final InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        try {
            in.skipNBytes(MAGIC.length + first * RECORD_BYTES);
        } catch (final IOException e) {
            in.close();
            throw e;
        }
        return new Source(file, in, records, first);
    }

    /**
     * The number of records of a complete trace, read from its trailer after checking the magic and the length.
     *
     * @param file the file
     * @return the record count
     * @throws IOException if unreadable
     * @throws IllegalArgumentException naming the file and where it ends, when it is not a complete trace
     */
    public static long records(final Path file) throws IOException {
        return checkFraming(file);
    }

    private static long checkFraming(final Path file) throws IOException {
        requireRegular(file);
        try (SeekableByteChannel channel = Files.newByteChannel(file)) {
            return checkFraming(file, channel);
        }
    }

    private static long checkFraming(final Path file, final SeekableByteChannel channel) throws IOException {
        final long size = channel.size();
        final ByteBuffer magic = ByteBuffer.allocate(MAGIC.length);
        while (magic.hasRemaining() && channel.read(magic) >= 0) {
            // read the whole header
        }
        if (magic.hasRemaining()) {
            throw new IllegalArgumentException(file + ": not a scalebench binary trace (shorter than its "
                    + MAGIC.length + "-byte header)");
        }
        if (Arrays.equals(magic.array(), MAGIC_VERSION_1)) {
            throw new IllegalArgumentException(file + ": a version-1 scalebench trace (SBTRACE1), which has no "
                    + "record count and cannot be checked for truncation; re-record it with this version");
        }
        if (!Arrays.equals(magic.array(), MAGIC)) {
            throw new IllegalArgumentException(file + ": not a scalebench binary trace (bad magic, expected "
                    + new String(MAGIC, StandardCharsets.US_ASCII) + ")");
        }
        final long body = size - MAGIC.length;
        final long whole = body / RECORD_BYTES;
        final long rest = body - whole * RECORD_BYTES;
        if (rest != 0) {
            throw new IllegalArgumentException(file + ": record " + (whole + 1) + " is truncated: the file ends "
                    + rest + " bytes into a " + RECORD_BYTES + "-byte record (or its trailer); re-record it");
        }
        if (whole == 0) {
            throw new IllegalArgumentException(file + ": ends after its header, without the trailer that closes "
                    + "a complete trace: the file is truncated; re-record it");
        }
        final ByteBuffer trailer = ByteBuffer.allocate(RECORD_BYTES);
        channel.position(size - RECORD_BYTES);
        while (trailer.hasRemaining() && channel.read(trailer) >= 0) {
            // read the whole trailer
        }
        if (trailer.hasRemaining() || trailer.getInt(0) != -1 || trailer.get(4) != TRAILER_OP) {
            throw new IllegalArgumentException(file + ": ends after record " + whole + " without the trailer "
                    + "that closes a complete trace: the file is truncated; re-record it");
        }
        final long count = trailer.getLong(5);
        if (count != whole - 1) {
            throw new IllegalArgumentException(file + ": its trailer counts " + count + " records but the file "
                    + "holds " + (whole - 1) + ": the file is truncated or was edited; re-record it");
        }
        return count;
    }

    /**
     * A binary trace opened once for many readers: {@link #from} gives sources at any record that read through
     * the one open file with positional reads, each into its own buffer of a few records, so a reader costs no
     * file descriptor and a few kilobytes. The sources check the records as {@link BinaryTrace#open} does (one
     * that starts at the first record checks the trailer's checksum too); closing a source leaves the file open,
     * closing this closes it for all of them. Sources are not thread-safe; any number may read at once.
     */
    public static final class Shared implements AutoCloseable {
        private final Path file;
        private final FileChannel channel;
        private final long records;

        private Shared(final Path file, final FileChannel channel, final long records) {
            this.file = file;
            this.channel = channel;
            this.records = records;
        }

        /**
         * Opens a binary trace file, checking its length and trailer first.
         *
         * @param file the file
         * @return the open trace
         * @throws java.nio.file.NoSuchFileException when there is no such file
         * @throws IOException if it cannot be opened or read, naming the file
         * @throws IllegalArgumentException naming the file when it is not a regular file or not a complete trace
         */
        public static Shared open(final Path file) throws IOException {
            requireRegular(file);
            final FileChannel channel = FileChannel.open(file);
            try {
                return new Shared(file, channel, checkFraming(file, channel));
            } catch (final IOException e) {
                channel.close();
                throw named(file, e);
            } catch (final RuntimeException e) {
                channel.close();
                throw e;
            }
        }

        /**
         * The number of records.
         *
         * @return the count from the trailer
         */
        public long records() {
            return records;
        }

        /**
         * A source from a record on, reading {@code bufferRecords} records at a time.
         *
         * @param first the number of records to skip, in [0, record count]
         * @param bufferRecords records per read, at least 1 ({@value #RECORD_BYTES} bytes each)
         * @return the source, positioned at record {@code first + 1}
         * @throws IllegalArgumentException if {@code first} is out of range
         */
        public TraceSource from(final long first, final int bufferRecords) {
            checkFirst(file, first, records);
            final InputStream at = new At(MAGIC.length + first * RECORD_BYTES);
            return new Source(file, new BufferedInputStream(at, RECORD_BYTES * Math.max(1, bufferRecords)), records,
                    first);
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }

        /** Reads the shared channel from its own position; closing it leaves the channel open. */
        private final class At extends InputStream {
            private long position;

            At(final long position) {
                this.position = position;
            }

            @Override
            public int read() throws IOException {
                final byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
            }

            @Override
            public int read(final byte[] b, final int off, final int len) throws IOException {
                if (len == 0) {
                    return 0;
                }
                final int n;
                try {
                    n = channel.read(ByteBuffer.wrap(b, off, len), position);
                } catch (final IOException e) {
                    throw named(file, e);
                }
                if (n > 0) {
                    position += n;
                }
                return n;
            }
        }
    }

    /**
     * Refuses a directory, device, FIFO or socket before it is opened (opening a FIFO would wait for a writer, and a
     * binary trace is read by position); a missing file is left to the opening, which names it.
     */
    private static void requireRegular(final Path file) {
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            throw new IllegalArgumentException(file + ": not a regular file ("
                    + (Files.isDirectory(file) ? "a directory" : "a device, FIFO or socket")
                    + "); a binary trace is a .sbt file");
        }
    }

    /** Refuses a start outside {@code [0, records]}, naming the file. */
    private static void checkFirst(final Path file, final long first, final long records) {
        if (first < 0 || first > records) {
            throw new IllegalArgumentException(file + ": cannot start at record " + (first + 1) + " of " + records);
        }
    }

    /** An I/O failure with the file named in its message (a file system exception names it already). */
    private static IOException named(final Path file, final IOException e) {
        return e instanceof FileSystemException ? e : new IOException(file + ": " + e.getMessage(), e);
    }

    /** Reads records of exactly {@value #RECORD_BYTES} bytes up to the trailer, whose checksum it checks. */
    private static final class Source implements TraceSource {
        private final Path file;
        private final InputStream in;
        private final long records;
        private final byte[] record = new byte[RECORD_BYTES];
        private final ByteBuffer view = ByteBuffer.wrap(record);
        private final CRC32C checksum = new CRC32C();
        private final boolean fromStart;
        private long recordsRead;
        private long firstOfBlock;

        Source(final Path file, final InputStream in, final long records, final long first) {
            this.file = file;
            this.in = in;
            this.records = records;
            this.recordsRead = first;
            this.fromStart = first == 0;
        }

        @Override
        public int read(final int[] core, final boolean[] write, final long[] address, final int[] domain,
                final int max) throws IOException {
            firstOfBlock = recordsRead + 1;
            int n = 0;
            while (n < max && recordsRead < records) {
                readRecord(recordsRead + 1);
                recordsRead++;
                checksum.update(record, 0, RECORD_BYTES);
                final int c = view.getInt(0);
                final int op = record[4];
                final long a = view.getLong(5);
                final int d = view.getInt(13);
                if (c < 0) {
                    throw new IllegalArgumentException(file + ": record " + recordsRead + ": core = " + c
                            + ": must be in [0, 2^31)");
                }
                if (op != 0 && op != 1) {
                    throw new IllegalArgumentException(file + ": record " + recordsRead + ": op = " + op
                            + ": must be 0 (load) or 1 (store)");
                }
                if (a < 0) {
                    throw new IllegalArgumentException(file + ": record " + recordsRead + ": address = 0x"
                            + Long.toHexString(a) + ": " + ADDRESS_RULE);
                }
                if (d < NO_DOMAIN) {
                    throw new IllegalArgumentException(file + ": record " + recordsRead + ": domain = " + d
                            + ": must be in [0, 2^31), or -1 for none");
                }
                core[n] = c;
                write[n] = op == 1;
                address[n] = a;
                domain[n] = d;
                n++;
            }
            if (n == 0 && recordsRead == records) {
                checkTrailer();
            }
            return n;
        }

        /** Reads the next 17 bytes; the file changed since it was opened when they are not all there. */
        private void readRecord(final long number) throws IOException {
            final int got = in.readNBytes(record, 0, RECORD_BYTES);
            if (got < RECORD_BYTES) {
                throw new IllegalArgumentException(file + ": record " + number + " is truncated: the file ends "
                        + got + " bytes into a " + RECORD_BYTES + "-byte record (it was cut while being read)");
            }
        }

        private void checkTrailer() throws IOException {
            readRecord(records + 1);
            if (fromStart && view.getInt(13) != (int) checksum.getValue()) {
                throw new IllegalArgumentException(file + ": the records do not match the checksum of the trailer "
                        + "(after record " + records + "): the file was edited or damaged; re-record it");
            }
            if (in.read() >= 0) {
                throw new IllegalArgumentException(file + ": data after the trailer (it grew while being read)");
            }
            recordsRead = records + 1; // checked once; later reads return 0
        }

        @Override
        public String position(final int i) {
            return file + ": record " + (firstOfBlock + i);
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
