package org.scalebench.bench.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;

/** The runner's handling of JMH's machine-wide lock and of failures, with JMH itself replaced by a stub. */
class JmhRunnerTest {

    /** JMH 1.37's message when another JMH run holds the lock. */
    private static final String LOCK_TAKEN = "ERROR: Another JMH instance might be running. Unable to acquire the JMH "
            + "lock (/tmp/jmh.lock), exiting. Use -Djmh.ignoreLock=true to forcefully continue.";

    private static final RunRequest REQUEST = new RunRequest(new BenchmarkClass("org.scalebench.bench.jmh.XBench",
            List.of("kernel", "modulo"), Map.of("n", List.of("1", "2"))), List.of("kernel", "modulo"), Map.of());

    private final StringWriter log = new StringWriter();
    private final AtomicLong clock = new AtomicLong();
    private final List<Options> invoked = new ArrayList<>();

    private JmhRunner runner(final int lockFailures, final RunnerException thenFailWith) {
        final AtomicInteger calls = new AtomicInteger();
        return new JmhRunner(RunSettings.GATE, new PrintWriter(log, true), false, (options, format) -> {
            invoked.add(options);
            clock.addAndGet(Duration.ofSeconds(1).toNanos());
            if (calls.getAndIncrement() < lockFailures) {
                throw new RunnerException(LOCK_TAKEN);
            }
            if (thenFailWith != null) {
                format.println("java.lang.IllegalStateException: boom in setUp");
                throw thenFailWith;
            }
            return List.of();
        }, clock::get, Duration.ofSeconds(10), Duration.ZERO);
    }

    @Test
    void waitsForAnotherRunToReleaseTheLock() {
        final JmhResults results = runner(3, null).run(List.of(REQUEST), org.scalebench.core.Progress.NONE);
        assertEquals(0, results.runs().size());
        assertEquals(4, invoked.size());
        assertEquals(1, log.toString().lines().count(), "announced once: " + log);
        assertTrue(log.toString().startsWith("waiting for another JMH run to finish"), log.toString());
    }

    @Test
    void givesUpWhenTheLockStaysTaken() {
        final JmhFailure failure = assertThrows(JmhFailure.class,
                () -> runner(100, null).run(List.of(REQUEST), org.scalebench.core.Progress.NONE));
        assertTrue(failure.getMessage().contains("Unable to acquire the JMH lock"), failure.getMessage());
        assertTrue(failure.getMessage().endsWith("(waited 0 min)"), failure.getMessage());
        assertTrue(invoked.size() >= 10 && invoked.size() <= 12, "about 10 s of 1 s attempts: " + invoked.size());
    }

    @Test
    void benchmarkFailureCarriesJmhOutputAndIsNotRetried() {
        final JmhFailure failure = assertThrows(JmhFailure.class, () -> runner(0,
                new RunnerException("Benchmark caught the exception")).run(List.of(REQUEST), org.scalebench.core.Progress.NONE));
        assertEquals(1, invoked.size());
        assertEquals("JMH failed on XBench [kernel, modulo] n=1,2: Benchmark caught the exception",
                failure.getMessage());
        assertEquals(List.of("java.lang.IllegalStateException: boom in setUp"), failure.outputTail());
    }

    @Test
    void aResultFileAskedForGoesToAScratchFileInEachRunNotTheUsersFile() throws Exception {
        // each request is its own JMH run, and each would replace the user's -rff with its own results
        final Options user = new org.openjdk.jmh.runner.options.CommandLineOptions("-rf", "json", "-rff", "mine.json");
        final List<java.nio.file.Path> seen = new ArrayList<>();
        new JmhRunner(RunSettings.GATE, user, new PrintWriter(log, true), false, (options, format) -> {
            invoked.add(options);
            final java.nio.file.Path scratch = java.nio.file.Path.of(options.getResult().get());
            assertTrue(java.nio.file.Files.isRegularFile(scratch), "the scratch file exists during the run");
            seen.add(scratch);
            return List.of();
        }, clock::get, Duration.ofSeconds(10), Duration.ZERO).run(List.of(REQUEST, REQUEST),
                org.scalebench.core.Progress.NONE);
        assertEquals(2, invoked.size());
        assertTrue(seen.stream().noneMatch(p -> p.endsWith("mine.json")), seen.toString());
        assertEquals(org.openjdk.jmh.results.format.ResultFormatType.JSON, invoked.get(1).getResultFormat().get());
        assertTrue(seen.stream().noneMatch(java.nio.file.Files::exists), "the scratch file is deleted: " + seen);
        invoked.clear();
        runner(0, null).run(List.of(REQUEST), org.scalebench.core.Progress.NONE);
        assertTrue(!invoked.get(0).getResult().hasValue(), "no result file unless asked");
    }

    @Test
    void optionsForkMeasureAverageNanosAndProfileAllocation() {
        runner(0, null).run(List.of(REQUEST), org.scalebench.core.Progress.NONE);
        final Options options = invoked.get(0);
        assertEquals(List.of(REQUEST.includeRegex()), options.getIncludes());
        assertEquals(1, options.getForkCount().get());
        assertEquals(3, options.getMeasurementIterations().get());
        assertEquals(java.util.concurrent.TimeUnit.NANOSECONDS, options.getTimeUnit().get());
        assertEquals(List.of(org.openjdk.jmh.annotations.Mode.AverageTime), List.copyOf(options.getBenchModes()));
        assertEquals("org.openjdk.jmh.profile.GCProfiler", options.getProfilers().get(0).getKlass());
        assertTrue(options.shouldFailOnError().get());
    }
}
