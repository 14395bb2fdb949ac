package org.scalebench.coherence.sim;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * A stream of trace records read in blocks into caller-owned arrays. Implementations report malformed
 * input as {@link IllegalArgumentException} naming the file and the physical line (CSV) or record (binary).
 * Both formats follow one rule for each field: a core is in [0, 2^31), an address is a byte address in
 * [0, 2^63), a domain is in [0, 2^31) or absent ({@link #NO_DOMAIN}), for every record or for none.
 */
public interface TraceSource extends AutoCloseable {

    /** Domain value of a record without a domain column. */
    int NO_DOMAIN = -1;

    /** The address rule of both formats, for messages. */
    String ADDRESS_RULE = "must be a byte address in [0, 2^63), decimal or 0x-hexadecimal";

    /** Opens a fresh source over the same trace (traces are read twice: domains, then accesses). */
    @FunctionalInterface
    interface Opener {
        /**
         * Opens the trace from its beginning.
         *
         * @return the source
         * @throws IOException if it cannot be read
         */
        TraceSource open() throws IOException;
    }

    /**
     * Reads up to {@code max} records.
     *
     * @param core receives cores
     * @param write receives store flags
     * @param address receives byte addresses
     * @param domain receives domain ids or {@link #NO_DOMAIN}
     * @param max largest number of records to read
     * @return records read, 0 at the end
     * @throws IOException on a read error
     */
    int read(int[] core, boolean[] write, long[] address, int[] domain, int max) throws IOException;

    /**
     * Where record {@code i} of the last block read came from, for messages about its content.
     *
     * @param i an index of the last block
     * @return e.g. {@code run.csv:7} or {@code run.sbt: record 3}
     */
    String position(int i);

    @Override
    void close() throws IOException;

    /**
     * Opens a trace file by its extension: {@code .sbt} (in any case) binary, anything else CSV.
     *
     * @param file the file
     * @return the source
     * @throws NoSuchFileException when there is no such file
     * @throws IllegalArgumentException when it is not a regular file (a directory, FIFO, device), or malformed
     * @throws IOException when it cannot be read
     */
    static TraceSource open(final Path file) throws IOException {
        if (!Files.exists(file)) {
            throw new NoSuchFileException(file.toString());
        }
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(file + ": not a regular file ("
                    + (Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS) ? "a directory" : "a device, FIFO or socket")
                    + "); a trace is a .csv or .sbt file");
        }
        org.scalebench.core.data.InputFiles.record(file);
        return file.toString().toLowerCase(java.util.Locale.ROOT).endsWith(".sbt") ? BinaryTrace.open(file)
                : CsvTrace.open(file);
    }
}
