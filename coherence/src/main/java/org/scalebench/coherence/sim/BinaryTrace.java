package org.scalebench.coherence.sim;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The compact binary trace format ({@code .sbt}): an 8-byte magic {@code SBTRACE1}, then one 17-byte
 * big-endian record per access:
 *
 * <pre>
 *   int  core      (0 .. cores-1)
 *   byte op        0 = load, 1 = store
 *   long address   byte address
 *   int  domain    -1 when the trace names no domain
 * </pre>
 * About a third of the CSV size and read without parsing. A file that ends inside a record, a negative core
 * or address, an op other than 0 or 1, or a domain under -1 is an error naming the file and the record.
 */
public final class BinaryTrace {

    /** The file's first eight bytes. */
    public static final byte[] MAGIC = "SBTRACE1".getBytes(StandardCharsets.US_ASCII);
    /** Bytes per record. */
    public static final int RECORD_BYTES = 17;

    private BinaryTrace() {
    }

    /** Writes records. */
    public static final class Writer implements AutoCloseable {
        private final DataOutputStream out;

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
         */
        public void write(final int core, final boolean write, final long address, final int domain) throws IOException {
            if (core < 0 || address < 0 || domain < TraceSource.NO_DOMAIN) {
                throw new IllegalArgumentException("trace record core = " + core + ", address = 0x"
                        + Long.toHexString(address) + ", domain = " + domain
                        + ": core and address must be non-negative, domain -1 or more");
            }
            out.writeInt(core);
            out.writeByte(write ? 1 : 0);
            out.writeLong(address);
            out.writeInt(domain);
        }

        @Override
        public void close() throws IOException {
            out.close();
        }
    }

    /**
     * Opens a binary trace file.
     *
     * @param file the file
     * @return the source
     * @throws IOException if unreadable
     * @throws IllegalArgumentException if not a binary trace
     */
    public static TraceSource open(final Path file) throws IOException {
        final InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        final byte[] magic = in.readNBytes(MAGIC.length);
        if (magic.length < MAGIC.length || !Arrays.equals(magic, MAGIC)) {
            in.close();
            throw new IllegalArgumentException(file + ": not a scalebench binary trace ("
                    + (magic.length < MAGIC.length ? "shorter than its 8-byte header" : "bad magic, expected SBTRACE1")
                    + ")");
        }
        return new Source(file, in);
    }

    /** Reads records of exactly {@value #RECORD_BYTES} bytes; a file ending inside a record is an error. */
    private static final class Source implements TraceSource {
        private final Path file;
        private final InputStream in;
        private final byte[] record = new byte[RECORD_BYTES];
        private final ByteBuffer view = ByteBuffer.wrap(record);
        private long recordsRead;
        private long firstOfBlock;

        Source(final Path file, final InputStream in) {
            this.file = file;
            this.in = in;
        }

        @Override
        public int read(final int[] core, final boolean[] write, final long[] address, final int[] domain,
                final int max) throws IOException {
            firstOfBlock = recordsRead + 1;
            int n = 0;
            while (n < max) {
                final int got = in.readNBytes(record, 0, RECORD_BYTES);
                if (got == 0) {
                    return n;
                }
                recordsRead++;
                if (got < RECORD_BYTES) {
                    throw new IllegalArgumentException(file + ": record " + recordsRead + " is truncated: the file "
                            + "ends " + got + " bytes into a " + RECORD_BYTES + "-byte record");
                }
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
            return n;
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
