package org.scalebench.bench.coherence;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;
import org.scalebench.coherence.sim.TraceSource;

/**
 * The CSV trace format, read and written with Commons CSV:
 *
 * <pre>
 *   core,op,address[,domain]
 *   0,R,0x1f40
 *   3,W,8000,2
 * </pre>
 * {@code op} is {@code R}/{@code L}/{@code load}/{@code read} or {@code W}/{@code S}/{@code store}/{@code write}
 * (any case); {@code address} is a byte address in decimal or {@code 0x} hexadecimal; {@code domain} (optional,
 * for every row or none) names the page's coherence domain. Errors name the file and the line.
 */
public final class CsvTrace {

    private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true)
            .setIgnoreSurroundingSpaces(true).setIgnoreEmptyLines(true).setCommentMarker('#').get();

    private CsvTrace() {
    }

    /**
     * Opens a CSV trace.
     *
     * @param file the file
     * @return the source
     * @throws IOException if unreadable
     */
    public static TraceSource open(final Path file) throws IOException {
        final Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8);
        final CSVParser parser;
        try {
            parser = FORMAT.parse(reader);
        } catch (final IOException | RuntimeException e) {
            reader.close();
            throw new IllegalArgumentException(file + ":1: cannot read the header: " + e.getMessage());
        }
        final List<String> header = parser.getHeaderNames();
        final boolean hasDomain = header.size() == 4 && header.get(3).equalsIgnoreCase("domain");
        if (header.size() < 3 || !header.get(0).equalsIgnoreCase("core") || !header.get(1).equalsIgnoreCase("op")
                || !header.get(2).equalsIgnoreCase("address") || (header.size() == 4 && !hasDomain) || header.size() > 4) {
            parser.close();
            throw new IllegalArgumentException(file + ":1: the header must be core,op,address[,domain], got "
                    + String.join(",", header));
        }
        final Iterator<CSVRecord> records = parser.iterator();
        return new TraceSource() {
            @Override
            public int read(final int[] core, final boolean[] write, final long[] address, final int[] domain,
                    final int max) {
                int n = 0;
                while (n < max && next()) {
                    final CSVRecord r = records.next();
                    final long line = r.getParser().getCurrentLineNumber();
                    if (r.size() != header.size()) {
                        throw new IllegalArgumentException(file + ":" + line + ": " + r.size() + " fields, expected "
                                + header.size() + " (" + String.join(",", header) + ")");
                    }
                    core[n] = parseInt(r.get(0), "core", line);
                    write[n] = parseOp(r.get(1), line);
                    address[n] = parseAddress(r.get(2), line);
                    domain[n] = hasDomain ? parseInt(r.get(3), "domain", line) : NO_DOMAIN;
                    n++;
                }
                return n;
            }

            private boolean next() {
                try {
                    return records.hasNext();
                } catch (final RuntimeException e) {
                    throw new IllegalArgumentException(file + ":" + parser.getCurrentLineNumber() + ": " + e.getMessage());
                }
            }

            private int parseInt(final String text, final String what, final long line) {
                try {
                    final int v = Integer.parseInt(text);
                    if (v < 0) {
                        throw new NumberFormatException();
                    }
                    return v;
                } catch (final NumberFormatException e) {
                    throw new IllegalArgumentException(file + ":" + line + ": " + what + " = '" + text
                            + "': must be a non-negative integer");
                }
            }

            private boolean parseOp(final String text, final long line) {
                switch (text.toLowerCase(Locale.ROOT)) {
                    case "r": case "l": case "load": case "read":
                        return false;
                    case "w": case "s": case "store": case "write":
                        return true;
                    default:
                        throw new IllegalArgumentException(file + ":" + line + ": op = '" + text
                                + "': must be R, W, L, S, load, store, read or write");
                }
            }

            private long parseAddress(final String text, final long line) {
                try {
                    final long v = text.startsWith("0x") || text.startsWith("0X")
                            ? Long.parseUnsignedLong(text.substring(2), 16) : Long.parseLong(text);
                    if (v < 0) {
                        throw new NumberFormatException();
                    }
                    return v;
                } catch (final NumberFormatException e) {
                    throw new IllegalArgumentException(file + ":" + line + ": address = '" + text
                            + "': must be a non-negative decimal or 0x-hexadecimal byte address below 2^63");
                }
            }

            @Override
            public void close() throws IOException {
                parser.close();
            }
        };
    }

    /**
     * Writes records as a CSV trace (header included).
     *
     * @param out where to write
     * @param withDomain whether to write the domain column
     * @return a printer; call {@link CSVPrinter#printRecord} with core, op, address[, domain]
     * @throws IOException on failure
     */
    public static CSVPrinter printer(final Writer out, final boolean withDomain) throws IOException {
        final String[] header = withDomain ? new String[] {"core", "op", "address", "domain"}
                : new String[] {"core", "op", "address"};
        return new CSVPrinter(out, CSVFormat.DEFAULT.builder().setHeader(header).setRecordSeparator('\n').get());
    }

    /**
     * Opens a trace by extension: {@code .sbt} binary, anything else CSV.
     *
     * @param file the file
     * @return the source
     * @throws IOException if unreadable
     */
    public static TraceSource openAny(final Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new java.nio.file.NoSuchFileException(file.toString());
        }
        return file.toString().endsWith(".sbt") ? org.scalebench.coherence.sim.BinaryTrace.open(file) : open(file);
    }
}
