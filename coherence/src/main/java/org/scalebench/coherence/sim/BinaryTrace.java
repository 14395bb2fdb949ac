package org.scalebench.coherence.sim;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
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
 * About a third of the CSV size and read without parsing; a truncated last record is reported.
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
     * @throws IOException if unreadable or not a trace
     */
    public static TraceSource open(final Path file) throws IOException {
        final DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16));
        final byte[] magic = new byte[MAGIC.length];
        try {
            in.readFully(magic);
        } catch (final EOFException e) {
            in.close();
            throw new IllegalArgumentException(file + ": not a scalebench binary trace (shorter than its header)");
        }
        if (!Arrays.equals(magic, MAGIC)) {
            in.close();
            throw new IllegalArgumentException(file + ": not a scalebench binary trace (bad magic)");
        }
        return new TraceSource() {
            private long record;

            @Override
            public int read(final int[] core, final boolean[] write, final long[] address, final int[] domain,
                    final int max) throws IOException {
                int n = 0;
                while (n < max) {
                    final int c;
                    try {
                        c = in.readInt();
                    } catch (final EOFException e) {
                        return n;
                    }
                    record++;
                    try {
                        final int op = in.readByte();
                        if (op != 0 && op != 1) {
                            throw new IllegalArgumentException(file + ": record " + record + ": op = " + op
                                    + ": must be 0 (load) or 1 (store)");
                        }
                        core[n] = c;
                        write[n] = op == 1;
                        address[n] = in.readLong();
                        domain[n] = in.readInt();
                    } catch (final EOFException e) {
                        throw new IllegalArgumentException(file + ": record " + record + " is truncated");
                    }
                    n++;
                }
                return n;
            }

            @Override
            public void close() throws IOException {
                in.close();
            }
        };
    }
}
