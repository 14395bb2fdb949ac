package org.scalebench.coherence.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Holds the trace readers to closing what they opened when an open fails: a study that tries many bad traces (or
 * one bad trace per shard of a long run) must not run out of file descriptors. The process's open descriptors are
 * counted from {@code /proc/self/fd} (Linux; skipped elsewhere) around a hundred failed opens; a reader that left its
 * file open would leave a hundred more.
 */
class TraceOpenLeakTest {

    private static final int OPENS = 100;

    @TempDir
    Path dir;

    private static long openDescriptors() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        }
    }

    /** Runs {@code open} {@link #OPENS} times, each refused, and returns how many more descriptors are open after. */
    private static long leakedBy(final ThrowingOpen open) throws IOException {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "needs /proc/self/fd (Linux)");
        final long before = openDescriptors();
        for (int i = 0; i < OPENS; i++) {
            assertThrows(IllegalArgumentException.class, open::open);
        }
        return openDescriptors() - before;
    }

    /** Fewer than a tenth of the opens, so that a descriptor the JVM opens meanwhile does not fail the test. */
    private static void assertFewLeft(final long leaked) {
        assertTrue(leaked < OPENS / 10, leaked + " more descriptors open after " + OPENS + " failed opens");
    }

    @FunctionalInterface
    private interface ThrowingOpen {
        void open() throws IOException;
    }

    @Test
    void aCsvTraceWithAWrongHeaderLeavesNoFileOpen() throws IOException {
        final Path file = Files.writeString(dir.resolve("header.csv"), "core,address,op\n0,0,R\n");
        // the refusal itself, so that the count below is of the right failure
        assertEquals(file + ":1: the header must be core,op,address[,domain], got 'core,address,op'",
                assertThrows(IllegalArgumentException.class, () -> CsvTrace.open(file)).getMessage());
        assertFewLeft(leakedBy(() -> CsvTrace.open(file)));
    }

    @Test
    void aCsvTraceWhoseHeaderTheParserRefusesLeavesNoFileOpen() throws IOException {
        final Path file = Files.writeString(dir.resolve("duplicate.csv"), "core,op,op\n0,R,0\n");
        assertFewLeft(leakedBy(() -> CsvTrace.open(file)));
    }

    @Test
    void aSharedBinaryTraceThatIsNotCompleteLeavesNoFileOpen() throws IOException {
        final Path file = Files.write(dir.resolve("short.sbt"), new byte[] {'S', 'B', 'T', 'R', 'A', 'C', 'E', '2', 0});
        assertFewLeft(leakedBy(() -> BinaryTrace.Shared.open(file)));
    }

    @Test
    void aBinaryTraceThatIsNotCompleteLeavesNoFileOpen() throws IOException {
        final Path file = Files.write(dir.resolve("short.sbt"), new byte[] {'S', 'B', 'T', 'R', 'A', 'C', 'E', '2', 0});
        assertFewLeft(leakedBy(() -> BinaryTrace.open(file)));
    }
}
