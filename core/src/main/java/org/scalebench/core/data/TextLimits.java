package org.scalebench.core.data;

import java.io.FilterReader;
import java.io.IOException;
import java.io.Reader;

/**
 * Limits on text input and on what messages echo of it, so that a wrong file (a binary file, a file of NUL
 * bytes) fails at once with a short message instead of being read as one enormous line and echoed whole.
 */
public final class TextLimits {

    /** The longest line accepted in a CSV input (trace, system, cluster or profile file), in characters. */
    public static final int MAX_LINE_CHARS = 4096;
    /** The most characters of an input value a message shows. */
    public static final int MAX_ECHO_CHARS = 40;
    /** The byte-order mark some editors put at the start of a UTF-8 file. */
    public static final char BYTE_ORDER_MARK = '\uFEFF';

    private TextLimits() {
    }

    /**
     * A value as a message shows it: whole when short, else its first {@value #MAX_ECHO_CHARS} characters and
     * the total length.
     *
     * @param value the value
     * @return e.g. {@code 'abc'} or {@code 'abcd...' (1073741824 characters)}
     */
    public static String quoted(final String value) {
        if (value.length() <= MAX_ECHO_CHARS) {
            return "'" + value + "'";
        }
        return "'" + value.substring(0, MAX_ECHO_CHARS) + "...' (" + value.length() + " characters)";
    }

    /**
     * A text shortened to at most {@value #MAX_ECHO_CHARS} characters for a message, without quotes.
     *
     * @param text the text
     * @return the text, or its beginning and {@code ...}
     */
    public static String shortened(final String text) {
        return text.length() <= MAX_ECHO_CHARS ? text : text.substring(0, MAX_ECHO_CHARS) + "...";
    }

    /**
     * Wraps a reader: skips a leading byte-order mark, and throws when a line is longer than
     * {@value #MAX_LINE_CHARS} characters.
     *
     * @param in the reader
     * @param file the file's name, for the message
     * @return the limited reader
     */
    public static Reader limited(final Reader in, final String file) {
        return new LimitedReader(in, file);
    }

    /** A line longer than the limit; the message names the file and the line. */
    public static final class LineTooLong extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        LineTooLong(final String message) {
            super(message);
        }
    }

    private static final class LimitedReader extends FilterReader {
        private final String file;
        private long line = 1;
        private int column;
        private boolean started;
        private final char[] one = new char[1];

        LimitedReader(final Reader in, final String file) {
            super(in);
            this.file = file;
        }

        @Override
        public int read() throws IOException {
            return read(one, 0, 1) < 0 ? -1 : one[0];
        }

        @Override
        public int read(final char[] buf, final int off, final int len) throws IOException {
            int n = in.read(buf, off, len);
            if (n > 0 && !started) {
                started = true;
                if (buf[off] == BYTE_ORDER_MARK) {
                    System.arraycopy(buf, off + 1, buf, off, n - 1);
                    n--;
                    if (n == 0) {
                        return read(buf, off, len);
                    }
                }
            }
            for (int i = off; i < off + n; i++) {
                if (buf[i] == '\n') {
                    line++;
                    column = 0;
                } else if (++column > MAX_LINE_CHARS) {
                    throw new LineTooLong(file + ":" + line + ": line longer than " + MAX_LINE_CHARS
                            + " characters (not a text file of this format?)");
                }
            }
            return n;
        }
    }
}
