package org.scalebench.bench.trace;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.scalebench.coherence.sim.TraceSource;

/** Test helper: every record of a trace as {core, store ? 1 : 0, address, domain}. */
public final class TraceRecords {

    private TraceRecords() {
    }

    /**
     * Reads a whole trace.
     *
     * @param trace a .sbt or .csv trace
     * @return its records in order
     * @throws IOException when it cannot be read
     */
    public static List<long[]> read(final Path trace) throws IOException {
        final List<long[]> records = new ArrayList<>();
        try (TraceSource in = TraceSource.open(trace)) {
            final int[] core = new int[4096];
            final boolean[] write = new boolean[4096];
            final long[] address = new long[4096];
            final int[] domain = new int[4096];
            int n;
            while ((n = in.read(core, write, address, domain, 4096)) > 0) {
                for (int i = 0; i < n; i++) {
                    records.add(new long[] {core[i], write[i] ? 1 : 0, address[i], domain[i]});
                }
            }
        }
        return records;
    }
}
