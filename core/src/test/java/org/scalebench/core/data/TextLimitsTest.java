package org.scalebench.core.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TextLimitsTest {

    @TempDir
    Path dir;

    @Test
    void anEchoedValueIsEscapedAndCutAtFortyCharacters() {
        assertEquals("'abc'", TextLimits.quoted("abc"));
        assertEquals("'a\\nb\\tc\\rd\\0e\\u001b'", TextLimits.quoted("a\nb\tc\rd\0e\u001b"));
        final String cut = TextLimits.quoted("x".repeat(400));
        assertEquals("'" + "x".repeat(40) + "...' (400 characters)", cut);
        final String nuls = TextLimits.quoted("\0".repeat(50_000_000));
        assertFalse(nuls.indexOf('\0') >= 0, "a NUL is never written");
        assertTrue(nuls.length() < 80 && nuls.endsWith("...' (50000000 characters)"), nuls);
        assertEquals("'\uD83D\uDE00'", TextLimits.quoted("\uD83D\uDE00"), "a surrogate pair stays whole");
        assertEquals("'null'", TextLimits.quoted(null));
    }

    @Test
    void aMessageIsOneLineOfBoundedLength() {
        assertEquals("a\\nb\\u2028c", TextLimits.oneLine("a\nb\u2028c"));
        final String line = TextLimits.oneLine("y".repeat(5000) + "\n");
        assertEquals(TextLimits.MAX_MESSAGE_CHARS + 3, line.length());
        assertTrue(line.endsWith("..."));
    }

    @Test
    void bytesThatAreNotUtf8AreRefusedAtTheirLine() throws IOException {
        final Path file = dir.resolve("t.csv");
        final byte[] text = "a,b\n1,2\n3,\u00e9\n".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        final byte[] bad = java.util.Arrays.copyOf(text, text.length + 6);
        System.arraycopy(new byte[] {'4', ',', (byte) 0xff, (byte) 0xfe, '\n', '5'}, 0, bad, text.length, 6);
        Files.write(file, bad);
        final String message = assertThrows(TextLimits.NotText.class, () -> {
            try (BufferedReader in = new BufferedReader(TextLimits.open(file))) {
                while (in.readLine() != null) {
                    // read to the end
                }
            }
        }).getMessage();
        assertEquals(file + ":4: not UTF-8 text (a binary file?)", message);
        assertEquals(file + ":4: not UTF-8 text (a binary file?)",
                assertThrows(DataFileException.class, () -> DataTable.read(file)).getMessage());
    }

    @Test
    void theByteOrderMarkIsDroppedWhateverTheFirstReadAsksFor() throws IOException {
        final Reader single = TextLimits.limited(new StringReader("\uFEFFab"), "f");
        assertEquals('a', single.read(), "a one-character read gets the mark alone and reads again");
        assertEquals('b', single.read());
        assertEquals(-1, single.read());
        final Reader empty = TextLimits.limited(new StringReader("\uFEFFab"), "f");
        assertEquals(0, empty.read(new char[4], 0, 0), "an empty read does not count as the start");
        assertEquals("ab", readAll(empty));
        final char[] exact = new char[3];
        final Reader tight = TextLimits.limited(new StringReader("\uFEFFab"), "f");
        assertEquals(2, tight.read(exact, 0, 3), "the mark is dropped within a buffer of the text's size");
        assertEquals("ab", new String(exact, 0, 2));
        assertEquals(3, TextLimits.limited(new StringReader("abc"), "f").read(exact, 0, 3));
        assertEquals("abc", new String(exact));
        final Reader trickle = new Reader() { // one character per read, the mark alone in the first block
            private final StringReader in = new StringReader("\uFEFFab");

            @Override
            public int read(final char[] buf, final int off, final int len) throws IOException {
                return in.read(buf, off, Math.min(len, 1));
            }

            @Override
            public void close() {
                in.close();
            }
        };
        assertEquals("ab", readAll(TextLimits.limited(trickle, "f")));
    }

    @Test
    void aLineOfExactlyTheLimitIsReadAndOneMoreCharacterIsNot() throws IOException {
        final String atLimit = "x".repeat(TextLimits.MAX_LINE_CHARS);
        assertEquals(atLimit + "\n", readAll(TextLimits.limited(new StringReader(atLimit + "\n"), "f")));
        assertEquals("f:1: line longer than 4096 characters (not a text file of this format?)",
                assertThrows(TextLimits.LineTooLong.class,
                        () -> readAll(TextLimits.limited(new StringReader(atLimit + "x"), "f"))).getMessage());
    }

    @Test
    void aRefusalIsFoundBelowSeveralWrappers() {
        final TextLimits.LineTooLong refusal = new TextLimits.LineTooLong("f:1: too long");
        assertSame(refusal, TextLimits.Unreadable.in(
                new IllegalStateException("outer", new RuntimeException("inner", refusal))));
        assertNull(TextLimits.Unreadable.in(new IllegalStateException("outer", new RuntimeException("inner"))));
    }

    @Test
    void aSurrogatePairIsNeverCutAndALoneHighSurrogateAtTheEndIsKept() {
        assertEquals("ab\uD800", TextLimits.oneLine("ab\uD800"));
        final String before = "a".repeat(TextLimits.MAX_MESSAGE_CHARS - 1);
        assertEquals(before + "...", TextLimits.oneLine(before + "\uD83D\uDE00b"));
    }

    private static String readAll(final Reader in) throws IOException {
        final StringBuilder text = new StringBuilder();
        final char[] buf = new char[1024];
        for (int n = in.read(buf, 0, buf.length); n >= 0; n = in.read(buf, 0, buf.length)) {
            text.append(buf, 0, n);
        }
        return text.toString();
    }

    @Test
    void aDeviceOrDirectoryIsNotAnInput() throws IOException {
        assertTrue(assertThrows(DataFileException.class, () -> InputFiles.requireRegular(dir)).getMessage()
                .endsWith(": not a regular file (a directory)"));
        final Path zero = Path.of("/dev/zero");
        if (Files.exists(zero)) {
            assertEquals("/dev/zero: not a regular file (a device, FIFO or socket)",
                    assertThrows(DataFileException.class, () -> InputFiles.requireRegular(zero)).getMessage());
        }
        assertThrows(java.nio.file.NoSuchFileException.class, () -> InputFiles.requireRegular(dir.resolve("no")));
    }

    @Test
    void theFilesReadAreRecorded() throws IOException {
        final Path file = Files.writeString(dir.resolve("r.csv"), "a\n1\n");
        InputFiles.clear();
        DataTable.read(file);
        assertEquals(java.util.List.of(file.toAbsolutePath().normalize()), InputFiles.recorded());
        InputFiles.clear();
        assertTrue(InputFiles.recorded().isEmpty());
    }
}
