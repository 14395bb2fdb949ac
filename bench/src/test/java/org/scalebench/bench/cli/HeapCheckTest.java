package org.scalebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HeapCheckTest {

    @Test
    void aRunLargerThanTheHeapIsRefusedWithTheEstimateAndTheRemedy() {
        final UsageException e = assertThrows(UsageException.class,
                () -> HeapCheck.check(5L << 30, 2L << 30, "a run of wsc1m"));
        assertEquals("a run of wsc1m needs about 5.0 GiB of heap and the JVM has 2.0 GiB: set "
                + "SCALEBENCH_JAVA_OPTS=-Xmx6g if the machine has the memory, or simulate a smaller machine",
                e.getMessage());
        assertDoesNotThrow(() -> HeapCheck.check(5L << 30, 8L << 30, "a run of wsc1m"));
    }

    @Test
    void simulateAndCompareRefuseAMillionCoresOnASmallHeapBeforeAnyWork(@TempDir final Path dir) {
        Assumptions.assumeTrue(Runtime.getRuntime().maxMemory() < (4L << 30), "the tests run with -Xmx2g");
        for (final String[] args : new String[][] {
            {"coherence", "simulate", "--system", "wsc1m", "--scheme", "sr+hr", "--workload", "vm", "--out", dir.resolve("run.csv").toString()},
            {"coherence", "compare", "--system", "wsc1m", "--workload", "vm", "--out", dir.resolve("cmp").toString()}}) {
            final StringWriter out = new StringWriter();
            final StringWriter err = new StringWriter();
            assertEquals(2, Scalebench.run(args, new PrintWriter(out, true), new PrintWriter(err, true)));
            final String message = err.toString();
            org.junit.jupiter.api.Assertions.assertTrue(message.startsWith("scalebench: ")
                    && message.contains("GiB of heap") && message.contains("SCALEBENCH_JAVA_OPTS=-Xmx"), message);
            org.junit.jupiter.api.Assertions.assertFalse(dir.resolve("run.csv").toFile().exists());
            org.junit.jupiter.api.Assertions.assertFalse(dir.resolve("cmp").toFile().exists());
        }
    }

    @Test
    void aBadOptionIsNamedBeforeTheHeapIsJudged(@TempDir final Path dir) {
        Assumptions.assumeTrue(Runtime.getRuntime().maxMemory() < (4L << 30), "the tests run with -Xmx2g");
        for (final String[] args : new String[][] {
            {"coherence", "simulate", "--system", "wsc1m", "--scheme", "sr+hr", "--workload", "vm", "--threads", "0",
                "--out", dir.resolve("run.csv").toString()},
            {"coherence", "compare", "--system", "wsc1m", "--workload", "vm", "--threads", "0", "--out",
                dir.resolve("cmp").toString()}}) {
            final StringWriter err = new StringWriter();
            assertEquals(2, Scalebench.run(args, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true)));
            assertEquals("scalebench: --threads = 0: must be in [1, 1024]", err.toString().strip(), String.join(" ", args));
        }
    }
}
