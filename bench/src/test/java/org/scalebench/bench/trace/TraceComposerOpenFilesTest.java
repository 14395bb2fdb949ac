package org.scalebench.bench.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scalebench.coherence.sim.BinaryTrace;
import org.scalebench.coherence.sim.TraceSource;

/**
 * A plan of more instances than the process may open files composes: the CLI runs in a JVM whose open-files limit
 * is lowered to {@value #LIMIT} ({@code ulimit -n}, soft and hard, so the JVM cannot raise it), composing 2,048
 * instances of one core on wsc1m. A composer that opened the input once per instance failed there with "Too many
 * open files".
 */
class TraceComposerOpenFilesTest {

    /** The child's descriptor limit: room for the JVM's own files, far fewer than the instances. */
    private static final int LIMIT = 512;
    /** Exit status of the child's shell when the limit cannot be set. */
    private static final int NO_LIMIT = 99;

    @TempDir
    Path dir;

    @Test
    void moreInstancesThanTheProcessMayOpenFilesCompose() throws IOException, InterruptedException {
        final Path bash = Path.of("/bin/bash");
        assumeTrue(Files.isExecutable(bash), "needs /bin/bash for ulimit");
        final Path trace = dir.resolve("t.sbt");
        try (OutputStream out = Files.newOutputStream(trace); BinaryTrace.Writer w = new BinaryTrace.Writer(out)) {
            for (int i = 0; i < 16; i++) {
                w.write(i % 4, i % 3 == 0, 64L * i, TraceSource.NO_DOMAIN);
            }
            w.finish();
        }
        final Path composed = dir.resolve("c.sbt");
        final List<String> command = new ArrayList<>(List.of(bash.toString(), "-c",
                "ulimit -n " + LIMIT + " || exit " + NO_LIMIT + "; exec \"$@\"", "bash",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m", "-cp",
                System.getProperty("java.class.path"), "org.scalebench.bench.cli.Scalebench",
                "coherence", "trace", "compose", "--domains", "vm", "--system", "wsc1m", "--group-size", "1",
                "--instances", "2048", "--accesses", "4096", "--out", composed.toString(), trace.toString()));
        final Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        final String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the child finishes");
        assumeTrue(p.exitValue() != NO_LIMIT, "the open-files limit could not be lowered: " + output);
        assertEquals(0, p.exitValue(), output);
        assertEquals(4096, BinaryTrace.records(composed));
    }
}
