package org.scalebench.core.data;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Reads CSV text with Commons CSV and reports every failure of the text as a {@link DataFileException} naming the
 * file and the physical line in the project's words: a quoted field that is not closed, a character after a
 * closing quote, a header that names a column twice, bytes that are not UTF-8, a line longer than
 * {@link TextLimits#MAX_LINE_CHARS}. Commons CSV's own messages never reach a user. The one place the project
 * opens a CSV parser on a file; used by {@link DataTable}, trace readers, shard and log readers. Stateless.
 */
public final class CsvRecords {

    /** Where Commons CSV says a bad record is: {@code (startline 3)}, {@code (line 3)} or {@code at line: 3}. */
    private static final Pattern LINE = Pattern.compile("\\((?:start)?line (\\d{1,18})\\)|at line: (\\d{1,18})(?!\\d)");

    private CsvRecords() {
    }

    /**
     * Opens a parser on text (through {@link TextLimits#limited}), reading the header when the format has one.
     *
     * @param file the file's name, for messages
     * @param in the text, decoding UTF-8 with the reporting error action ({@code Files.newBufferedReader})
     * @param format the dialect
     * @return the parser
     * @throws DataFileException naming the file and line when the header cannot be read
     * @throws IOException when reading fails for another reason
     */
    public static CSVParser open(final String file, final Reader in, final CSVFormat format) throws IOException {
        final Reader limited = TextLimits.limited(in, file);
        try {
            return format.parse(limited);
        } catch (final IOException | RuntimeException e) {
            limited.close();
            throw problem(file, 1, e);
        }
    }

    /**
     * The parser's records, with its failures as {@link DataFileException}.
     *
     * @param file the file's name, for messages
     * @param parser the parser
     * @return the records, each read when iterated
     */
    public static Iterable<CSVRecord> of(final String file, final CSVParser parser) {
        final Iterator<CSVRecord> it = parser.iterator();
        return () -> new Iterator<>() {
            @Override
            public boolean hasNext() {
                try {
                    return it.hasNext();
                } catch (final RuntimeException e) {
                    throw problem(file, parser.getCurrentLineNumber() + 1, e);
                }
            }

            @Override
            public CSVRecord next() {
                return it.next();
            }
        };
    }

    /**
     * A failure of Commons CSV (or of the reader below it) in the project's words.
     *
     * @param file the file
     * @param line the line being read
     * @param e what Commons CSV threw
     * @return the exception to throw
     */
    public static DataFileException problem(final String file, final long line, final Throwable e) {
        if (e instanceof DataFileException d) {
            return d;
        }
        final TextLimits.Unreadable unreadable = TextLimits.Unreadable.in(e);
        if (unreadable != null) {
            return new DataFileException(unreadable.getMessage());
        }
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        final String message = String.valueOf(root.getMessage()).toLowerCase(Locale.ROOT);
        final String reason;
        if (message.contains("eof reached before encapsulated token finished")) {
            reason = "a quoted field is not closed (a field that starts with \" must end with \")";
        } else if (message.contains("between encapsulated token and delimiter")) {
            reason = "a character follows the closing quote of a field (write a quote inside a quoted field as \"\")";
        } else if (message.contains("duplicate name")) {
            reason = "the header names a column twice";
        } else if (message.contains("header name is missing")) {
            reason = "the header has an empty column name";
        } else if (e instanceof UncheckedIOException || e instanceof IOException) {
            reason = "cannot be read as CSV text";
        } else {
            reason = "malformed CSV";
        }
        final Matcher at = LINE.matcher(String.valueOf(root.getMessage()));
        final long where = at.find() ? Long.parseLong(at.group(1) != null ? at.group(1) : at.group(2)) : line;
        return new DataFileException(file, Math.max(1, where), reason);
    }
}
