package org.scalebench.core.data;

import java.io.BufferedReader;
import java.io.FilterReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Limits on text input and on what messages echo of it, so that a wrong file (a binary file, a file of NUL
 * bytes) fails at once with a short message instead of being read as one enormous line and echoed whole, and so
 * that every message is one line of printable text whatever the input held.
 *
 * <p>{@link #quoted} is the one way a value given by a user (an option's value, a field of a file) enters a
 * message: control characters and line breaks escaped, NUL never written, at most {@value #MAX_ECHO_CHARS}
 * characters shown. {@link #oneLine} is the last guard on a whole message before it is printed. Stateless.
 */
public final class TextLimits {

    /** The longest line accepted in a CSV input (trace, system, cluster or profile file), in characters. */
    public static final int MAX_LINE_CHARS = 4096;
    /** The most characters of an input value a message shows. */
    public static final int MAX_ECHO_CHARS = 40;
    /** The most characters of a whole message {@link #oneLine} keeps. */
    public static final int MAX_MESSAGE_CHARS = 1000;
    /** The byte-order mark some editors put at the start of a UTF-8 file. */
    public static final char BYTE_ORDER_MARK = '\uFEFF';
    /** What {@link #open} decodes bytes that are not UTF-8 to: a noncharacter no text file holds. */
    private static final char NOT_TEXT = '\uFFFF';

    private TextLimits() {
    }

    /**
     * A value as a message shows it, in single quotes: control characters and line breaks escaped ({@code \n},
     * {@code \t}, {@code \0}, {@code \u001b}), at most {@value #MAX_ECHO_CHARS} characters of the escaped text,
     * and the value's length when it was cut.
     *
     * @param value the value (null shows as {@code 'null'})
     * @return e.g. {@code 'abc'}, {@code 'a\nb'} or {@code 'abcd...' (1073741824 characters)}
     */
    public static String quoted(final String value) {
        final String v = String.valueOf(value);
        final StringBuilder shown = new StringBuilder(MAX_ECHO_CHARS + 24).append('\'');
        final int end = escape(v, shown, MAX_ECHO_CHARS);
        shown.append('\'');
        if (end < v.length()) {
            shown.insert(shown.length() - 1, "...").append(" (").append(v.length()).append(" characters)");
        }
        return shown.toString();
    }

    /**
     * A whole message made safe to print as one line: control characters and line breaks escaped as in
     * {@link #quoted}, NUL never written, cut at {@value #MAX_MESSAGE_CHARS} characters.
     *
     * @param message the message (null shows as {@code null})
     * @return the line
     */
    public static String oneLine(final String message) {
        final String m = String.valueOf(message);
        final StringBuilder line = new StringBuilder(Math.min(m.length(), MAX_MESSAGE_CHARS) + 16);
        if (escape(m, line, MAX_MESSAGE_CHARS) < m.length()) {
            line.append("...");
        }
        return line.toString();
    }

    /**
     * Appends {@code text} with control characters escaped until {@code limit} characters were appended.
     *
     * @return how many characters of {@code text} were consumed
     */
    private static int escape(final String text, final StringBuilder to, final int limit) {
        final int start = to.length();
        int i = 0;
        while (i < text.length()) {
            final char c = text.charAt(i);
            final String escaped = switch (c) {
                case '\n' -> "\\n";
                case '\r' -> "\\r";
                case '\t' -> "\\t";
                case '\0' -> "\\0";
                default -> Character.isISOControl(c) || c == '\u2028' || c == '\u2029' || c == BYTE_ORDER_MARK
                        ? String.format("\\u%04x", (int) c) : null;
            };
            final int width = escaped != null ? escaped.length()
                    : Character.isHighSurrogate(c) && i + 1 < text.length() ? 2 : 1;
            if (to.length() - start + width > limit) {
                break;
            }
            if (escaped != null) {
                to.append(escaped);
            } else {
                to.append(text, i, i + width);
            }
            i += escaped != null ? 1 : width;
        }
        return i;
    }

    /**
     * Opens a UTF-8 text file for reading through {@link #limited}: bytes that are not UTF-8 are reported as
     * {@link NotText} at the exact line they are on.
     *
     * @param file a regular file (a FIFO would block: check before)
     * @return the reader; close it
     * @throws IOException when the file cannot be opened
     */
    public static Reader open(final Path file) throws IOException {
        final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE)
                .replaceWith(String.valueOf(NOT_TEXT));
        return limited(new BufferedReader(new InputStreamReader(Files.newInputStream(file), utf8)), file.toString());
    }

    /**
     * Wraps a reader: skips a leading byte-order mark, throws {@link LineTooLong} when a line is longer than
     * {@value #MAX_LINE_CHARS} characters and {@link NotText} when the bytes are not UTF-8 (a binary file), both
     * naming the file and the line.
     *
     * @param in the reader (decoding UTF-8 with the default, reporting, error action)
     * @param file the file's name, for the message
     * @return the limited reader
     */
    public static Reader limited(final Reader in, final String file) {
        return new LimitedReader(in, file);
    }

    /** A text input this class refuses; the message starts with {@code file:line:}. */
    public static class Unreadable extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        Unreadable(final String message) {
            super(message);
        }

        /**
         * The first {@link Unreadable} in a chain of causes (readers wrap what a reader below them throws).
         *
         * @param e an exception
         * @return the refusal, or null when there is none
         */
        public static Unreadable in(final Throwable e) {
            for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
                if (t instanceof Unreadable u) {
                    return u;
                }
            }
            return null;
        }
    }

    /** A line longer than the limit; the message names the file and the line. */
    public static final class LineTooLong extends Unreadable {
        private static final long serialVersionUID = 1L;

        LineTooLong(final String message) {
            super(message);
        }
    }

    /** Bytes that are not UTF-8 text; the message names the file and the line. */
    public static final class NotText extends Unreadable {
        private static final long serialVersionUID = 1L;

        NotText(final String message) {
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
            int n;
            try {
                n = in.read(buf, off, len);
            } catch (final CharacterCodingException e) {
                // a reader that reports undecodable bytes may drop the characters before them: the line is where
                // its last block began (open() reads exactly)
                throw new NotText(file + ":" + line + ": not UTF-8 text (a binary file?)");
            }
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
                if (buf[i] == NOT_TEXT) {
                    throw new NotText(file + ":" + line + ": not UTF-8 text (a binary file?)");
                }
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
