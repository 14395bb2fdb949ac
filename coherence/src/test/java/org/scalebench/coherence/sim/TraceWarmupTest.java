package org.scalebench.coherence.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A trace's records are never lost between warm-up and measurement, in either format. */
class TraceWarmupTest {

    private static final int RECORDS = 20_000;

    @TempDir
    Path dir;

    private Path trace(final String name) throws IOException {
        final Path sbt = dir.resolve("t.sbt");
        try (OutputStream out = Files.newOutputStream(sbt); BinaryTrace.Writer w = new BinaryTrace.Writer(out)) {
            for (int i = 0; i < RECORDS; i++) {
                w.write((i * 7) & 1023, (i & 7) == 0, 64L * ((i * 31) & 4095), -1);
            }
            w.finish();
        }
        if (name.endsWith(".sbt")) {
            return sbt;
        }
        final Path csv = dir.resolve(name);
        final StringBuilder s = new StringBuilder("core,op,address\n");
        for (int i = 0; i < RECORDS; i++) {
            s.append((i * 7) & 1023).append(',').append((i & 7) == 0 ? 'W' : 'R').append(',')
                    .append(64L * ((i * 31) & 4095)).append('\n');
        }
        return Files.writeString(csv, s);
    }

    private static SimulationResult run(final Path file, final long warmup, final long accesses) throws IOException {
        final SystemSpec chip = SystemSpec.named("chip1024");
        final Workload w = new TraceWorkload("trace:" + file, chip, () -> TraceSource.open(file), 16);
        return CoherenceSimulator.run(chip, Scheme.parse("global"), null, null, w, warmup, accesses, 1,
                CoherenceSimulator.Progress.NONE);
    }

    @Test
    void warmUpOfAnyLengthKeepsTheRestOfTheTrace() throws IOException {
        for (final String name : new String[] {"t.sbt", "t.csv"}) {
            final Path file = trace(name);
            assertEquals(RECORDS - 1, run(file, 1, Long.MAX_VALUE - 1).accesses(), name);
            assertEquals(RECORDS - 100, run(file, 100, 1_000_000).accesses(), name);
            assertEquals(RECORDS - 4097, run(file, 4097, 1_000_000).accesses(), name);
            assertEquals(900, run(file, 100, 900).accesses(), name);
            final SimulationResult r = run(file, 100, 1_000_000);
            assertEquals(0, r.settleAccesses(), name + ": a trace is not settled, every record after the warm-up counts");
            assertFalse(r.settled(), name);
        }
    }

    @Test
    void warmUpAndMeasurementTogetherMatchOneRunOverTheSameRecords() throws IOException {
        final Path file = trace("t.sbt");
        final SimulationResult split = run(file, 5_000, 15_000);
        final SimulationResult whole = run(file, 0, 20_000);
        assertEquals(15_000, split.accesses());
        assertTrue(split.missRate() <= whole.missRate(), "warm caches miss less: " + split.missRate() + " vs "
                + whole.missRate());
    }

    @Test
    void aWarmUpUntilSteadyThatUsesTheWholeTraceIsRefusedNotCountedAsZeroAccesses() throws IOException {
        final Path file = trace("t.sbt");
        final SystemSpec chip = SystemSpec.named("chip1024");
        final Workload w = new TraceWorkload("trace:" + file, chip, () -> TraceSource.open(file), 16);
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CoherenceSimulator.run(
                chip, Scheme.parse("global"), null, null, w, Warmup.untilSteady(1_000_000), 1000, 1,
                CoherenceSimulator.Progress.NONE));
        assertEquals("warm-up until steady = 20,000 accesses: used the whole trace of 20,000 accesses, leaving none to"
                + " count (a fixed warm-up below the trace's length leaves some)", e.getMessage());
    }

    @Test
    void warmUpAtOrBeyondTheTraceIsRefused() throws IOException {
        final Path file = trace("t.sbt");
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> run(file, RECORDS, 1));
        assertEquals("warm-up = 20000: must be below the trace's length of 20000 accesses", e.getMessage());
    }

    @Test
    void warmUpPlusAccessesMustNotOverflow() throws IOException {
        final Path file = trace("t.sbt");
        assertThrows(IllegalArgumentException.class, () -> run(file, 10, Long.MAX_VALUE));
    }
}
