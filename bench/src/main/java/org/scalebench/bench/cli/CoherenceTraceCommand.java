package org.scalebench.bench.cli;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.apache.commons.csv.CSVPrinter;
import org.scalebench.bench.coherence.CoherenceExperiments;
import org.scalebench.bench.io.AtomicFiles;
import org.scalebench.coherence.sim.AccessBatch;
import org.scalebench.coherence.sim.BinaryTrace;
import org.scalebench.coherence.sim.CsvTrace;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.sim.TraceSource;
import org.scalebench.coherence.sim.Workload;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import org.scalebench.core.data.TextLimits;

/** {@code scalebench coherence trace ...}: convert traces, record synthetic workloads as traces. */
@Command(name = "trace", mixinStandardHelpOptions = true,
        description = "Trace files: CSV (core,op,address[,domain]) and compact binary (.sbt).",
        subcommands = {CoherenceTraceCommand.Convert.class, CoherenceTraceCommand.Record.class})
public final class CoherenceTraceCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required: convert, record");
    }

    private static final int BLOCK = 4096;

    /**
     * Writes every record of {@code in} to {@code out} in the format its extension names. A CSV output keeps the
     * domain column when the first record has a domain; a trace in which some records have one and others not
     * is refused (as {@code simulate} refuses it), never written with the domains dropped.
     */
    static long copy(final TraceSource in, final Path out) throws java.io.IOException {
        final int[] core = new int[BLOCK];
        final boolean[] write = new boolean[BLOCK];
        final long[] address = new long[BLOCK];
        final int[] domain = new int[BLOCK];
        final long[] count = {0};
        if (OutputPaths.extension(out, "OUT", "csv", "sbt").equals("sbt")) {
            AtomicFiles.write(out, tmp -> {
                try (OutputStream stream = Files.newOutputStream(tmp); BinaryTrace.Writer w = new BinaryTrace.Writer(stream)) {
                    int n;
                    while ((n = in.read(core, write, address, domain, BLOCK)) > 0) {
                        for (int i = 0; i < n; i++) {
                            w.write(core[i], write[i], address[i], domain[i]);
                        }
                        count[0] += n;
                    }
                }
            });
            return count[0];
        }
        AtomicFiles.writeText(out, text -> {
            int n = in.read(core, write, address, domain, BLOCK);
            final boolean withDomain = n > 0 && domain[0] != TraceSource.NO_DOMAIN;
            try (CSVPrinter p = CsvTrace.printer(text, withDomain)) {
                for (; n > 0; n = in.read(core, write, address, domain, BLOCK)) {
                    for (int i = 0; i < n; i++) {
                        if ((domain[i] != TraceSource.NO_DOMAIN) != withDomain) {
                            throw new IllegalArgumentException(in.position(i) + ": some records name a domain and "
                                    + "others do not; a trace has a domain for every record or for none");
                        }
                        final String addr = "0x" + Long.toHexString(address[i]);
                        if (withDomain) {
                            p.printRecord(core[i], write[i] ? "W" : "R", addr, domain[i]);
                        } else {
                            p.printRecord(core[i], write[i] ? "W" : "R", addr);
                        }
                    }
                    count[0] += n;
                }
            }
        });
        return count[0];
    }

    /** {@code trace convert IN OUT}. */
    @Command(name = "convert", mixinStandardHelpOptions = true,
            description = "Convert between CSV and binary (.sbt) traces; the extension of OUT picks the format.")
    static final class Convert implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Parameters(index = "0", paramLabel = "IN", description = "Input trace (.csv or .sbt).")
        Path in;

        @Parameters(index = "1", paramLabel = "OUT", description = "Output trace (.csv or .sbt).")
        Path out;

        @Override
        public Integer call() throws Exception {
            OutputPaths.checkFile(out, "OUT", "csv", "sbt");
            final long records;
            try (TraceSource source = TraceSource.open(in)) {
                records = copy(source, out);
            }
            spec.commandLine().getOut().println("converted " + records + " records: " + in + " -> " + out);
            return Scalebench.OK;
        }
    }

    /** {@code trace record}: a synthetic workload written as a trace. */
    @Command(name = "record", mixinStandardHelpOptions = true,
            description = "Write the accesses of a synthetic workload (vm, app, page) as a trace with its domains.")
    static final class Record implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(names = "--system", paramLabel = "S", description = "Machine (default: ${DEFAULT-VALUE}).")
        String system = "chip1024";

        @CommandLine.Mixin
        WorkloadOptions workloadOptions;

        @Option(names = "--accesses", paramLabel = "N", description = "Accesses (default: ${DEFAULT-VALUE}).")
        long accesses = 1_000_000;

        @Option(names = "--seed", paramLabel = "S", description = "Seed (default: ${DEFAULT-VALUE}).")
        long seed = 1;

        @Option(names = "--out", required = true, paramLabel = "FILE", description = "Trace file (.csv or .sbt).")
        Path out;

        @Override
        public Integer call() throws Exception {
            if (workloadOptions.spec().isTrace()) {
                throw new UsageException("--workload " + TextLimits.quoted(workloadOptions.workload)
                        + ": record writes synthetic workloads (vm, app, page)");
            }
            if (accesses < 1) {
                throw new UsageException("--accesses = " + accesses + ": must be at least 1");
            }
            OutputPaths.checkFile(out, "--out", "csv", "sbt");
            final SystemSpec machine = SimulationOptions.system(system);
            final Workload w = workloadOptions.build(machine, seed);
            final AccessBatch batch = new AccessBatch(BLOCK);
            final long[] left = {accesses};
            final TraceSource source = new TraceSource() {
                @Override
                public int read(final int[] core, final boolean[] write, final long[] address, final int[] domain,
                        final int max) {
                    if (left[0] == 0) {
                        return 0;
                    }
                    final int n = (int) Math.min(Math.min(max, left[0]), w.fill(batch));
                    System.arraycopy(batch.core, 0, core, 0, n);
                    System.arraycopy(batch.write, 0, write, 0, n);
                    System.arraycopy(batch.address, 0, address, 0, n);
                    System.arraycopy(batch.sdid, 0, domain, 0, n);
                    left[0] -= n;
                    return n;
                }

                @Override
                public String position(final int i) {
                    return "record " + (accesses - left[0] + i + 1);
                }

                @Override
                public void close() {
                }
            };
            final long records = copy(source, out);
            spec.commandLine().getOut().println("recorded " + records + " accesses of " + w.name() + " on "
                    + machine.name() + " to " + out);
            return Scalebench.OK;
        }
    }
}
