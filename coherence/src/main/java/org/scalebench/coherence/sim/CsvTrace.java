package org.scalebench.coherence.sim;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;
import org.scalebench.core.data.CsvRecords;
import org.scalebench.core.data.TextLimits;

/**
 * The CSV trace format, read and written with Commons CSV:
 *
 * <pre>
 *   core,op,address[,domain]
 *   0,R,0x1f40
 *   3,W,8000,2
 * </pre>
 * {@code op} is {@code R}/{@code L}/{@code load}/{@code read} or {@code W}/{@code S}/{@code store}/{@code write}
 * (any case); {@code address} is a byte address in decimal or {@code 0x} hexadecimal, in [0, 2^63) as in the
 * binary format ({@link BinaryTrace}); {@code domain} (optional, for every row or none) names the page's coherence
 * domain. A UTF-8 byte-order mark is skipped; blank lines and lines starting with {@code #} are ignored; a line
 * longer than {@link TextLimits#MAX_LINE_CHARS} is an error. Errors name the file and the physical line. A source
 * is not thread-safe.
 */
public final class CsvTrace {

    private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true)
            .setIgnoreSurroundingSpaces(true).setIgnoreEmptyLines(true).setCommentMarker('#').get();
    private static final List<String> COLUMNS = List.of("core", "op", "address", "domain");

    private CsvTrace() {
    }

    /**
     * Opens a CSV trace.
     *
     * @param file the file
     * @return the source
     * @throws IOException if unreadable
     * @throws IllegalArgumentException naming the file and line when the header is wrong
     */
    public static TraceSource open(final Path file) throws IOException {
        final CSVParser parser = CsvRecords.open(file.toString(), TextLimits.open(file), FORMAT);
        final List<String> header = parser.getHeaderNames();
        final boolean hasDomain = header.size() == 4;
        if (header.size() < 3 || header.size() > 4 || !lowerCase(header).equals(COLUMNS.subList(0, header.size()))) {
            parser.close();
            throw new IllegalArgumentException(file + ":" + Math.max(1, parser.getCurrentLineNumber())
                    + ": the header must be core,op,address[,domain], got "
                    + TextLimits.quoted(String.join(",", header)));
        }
        return new Source(file, parser, header.size(), hasDomain);
    }

    private static List<String> lowerCase(final List<String> names) {
        return names.stream().map(n -> n.toLowerCase(Locale.ROOT)).toList();
    }

    private static final class Source implements TraceSource {
        private final Path file;
        private final CSVParser parser;
        private final Iterator<CSVRecord> records;
        private final int columns;
        private final boolean hasDomain;
        private long[] lines = new long[0];

        Source(final Path file, final CSVParser parser, final int columns, final boolean hasDomain) {
            this.file = file;
            this.parser = parser;
            this.records = parser.iterator();
            this.columns = columns;
            this.hasDomain = hasDomain;
        }

        @Override
        public int read(final int[] core, final boolean[] write, final long[] address, final int[] domain,
                final int max) {
            if (lines.length < max) {
                lines = new long[max];
            }
            int n = 0;
            while (n < max && next()) {
                final CSVRecord r = records.next();
                final long line = parser.getCurrentLineNumber();
                lines[n] = line;
                if (r.size() != columns) {
                    throw new IllegalArgumentException(file + ":" + line + ": " + r.size() + " fields, expected "
                            + columns + " (core,op,address" + (hasDomain ? ",domain)" : ")"));
                }
                core[n] = nonNegativeInt(r.get(0), "core", line);
                write[n] = op(r.get(1), line);
                address[n] = address(r.get(2), line);
                domain[n] = hasDomain ? nonNegativeInt(r.get(3), "domain", line) : NO_DOMAIN;
                n++;
            }
            return n;
        }

        @Override
        public String position(final int i) {
            return file + ":" + lines[i];
        }

        private boolean next() {
            try {
                return records.hasNext();
            } catch (final RuntimeException e) {
                throw CsvRecords.problem(file.toString(), parser.getCurrentLineNumber() + 1, e);
            }
        }

        private int nonNegativeInt(final String text, final String what, final long line) {
            try {
                final int v = Integer.parseInt(text);
                if (v < 0) {
                    throw new NumberFormatException();
                }
                return v;
            } catch (final NumberFormatException e) {
                throw new IllegalArgumentException(file + ":" + line + ": " + what + " = " + TextLimits.quoted(text)
                        + ": must be an integer in [0, 2147483647]");
            }
        }

        private boolean op(final String text, final long line) {
            switch (text.toLowerCase(Locale.ROOT)) {
                case "r": case "l": case "load": case "read":
                    return false;
                case "w": case "s": case "store": case "write":
                    return true;
                default:
                    throw new IllegalArgumentException(file + ":" + line + ": op = " + TextLimits.quoted(text)
                            + ": must be R, W, L, S, load, store, read or write");
            }
        }

        private long address(final String text, final long line) {
            try {
                final long v = text.startsWith("0x") || text.startsWith("0X")
                        ? Long.parseUnsignedLong(text.substring(2), 16) : Long.parseLong(text);
                if (v < 0) {
                    throw new NumberFormatException();
                }
                return v;
            } catch (final NumberFormatException e) {
                throw new IllegalArgumentException(file + ":" + line + ": address = " + TextLimits.quoted(text)
                        + ": " + TraceSource.ADDRESS_RULE);
            }
        }

        @Override
        public void close() throws IOException {
            parser.close();
        }
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
}
