package org.scalebench.bench.cli;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.apache.commons.csv.CSVPrinter;
import org.scalebench.bench.io.AtomicFiles;
import org.scalebench.coherence.sim.Access;
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

/**
 * {@code scalebench coherence trace ...}: convert traces, record synthetic workloads as traces, capture real
 * programs (with the tracer runtime), and turn them into CDR workloads (docs/traces.md).
 */
@Command(name = "trace", mixinStandardHelpOptions = true,
        description = {"Trace files: CSV (core,op,address[,domain]) and compact binary (.sbt); capture of real "
            + "programs and CDR workloads built from them (docs/traces.md)."},
        subcommands = {CoherenceTraceCommand.Convert.class, CoherenceTraceCommand.Record.class,
            CoherenceTraceCommand.Capture.class, CoherenceTraceCommand.TracerLibrary.class,
            CoherenceTraceWorkloadCommands.Splash3.class, CoherenceTraceWorkloadCommands.Profile.class,
            CoherenceTraceWorkloadCommands.Compose.class, CoherenceTraceWorkloadCommands.Verdicts.class})
public final class CoherenceTraceCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required: convert, "
                + "record, capture, runtime, splash3, profile, compose, verdicts");
    }

    private static final int BLOCK = 4096;
    /** A recorded trace interleaves the cores' streams in runs of this many accesses, core after core. */
    private static final int BURST = 16;

    /**
     * Writes every record of {@code in} to {@code out} in the format its extension names. A CSV output keeps the
     * domain column when the first record has a domain; a trace in which some records have one and others not
     * is refused (as {@code simulate} refuses it), never written with the domains dropped; so is a trace without
     * records, which every command refuses: {@code out} is then left as it was.
     *
     * @param input the input as the message names it, e.g. {@code IN 't.csv'}
     */
    static long copy(final TraceSource in, final String input, final Path out) throws java.io.IOException {
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
                    requireRecords(count[0], input);
                    w.finish();
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
                requireRecords(count[0], input);
            }
        });
        return count[0];
    }

    private static void requireRecords(final long records, final String input) {
        if (records == 0) {
            throw new UsageException(input + ": the trace has no records (every command refuses an empty trace; "
                    + "nothing written)");
        }
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
            OptionValues.inputFile("IN", in.toString());
            OutputPaths.checkFile(out, "OUT", "csv", "sbt");
            OptionValues.refuseOverwriting("OUT", out, "IN", in.toString());
            final long records;
            try (TraceSource source = TraceSource.open(in)) {
                records = copy(source, "IN " + TextLimits.quoted(in.toString()), out);
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

        /** The most accesses a trace may record: 170 GB as .sbt, about 10 minutes of writing. */
        static final long MAX_ACCESSES = 10_000_000_000L;

        @Option(names = "--accesses", paramLabel = "N", description = "Accesses, 1 to 10,000,000,000 (170 GB as .sbt; "
                + "refused when the trace would not fit the free space of --out's file system; default: "
                + "${DEFAULT-VALUE}).")
        long accesses = 1_000_000;

        @Option(names = "--seed", paramLabel = "S", description = "Seed (default: ${DEFAULT-VALUE}).")
        long seed = 1;

        @Option(names = "--out", required = true, paramLabel = "FILE", description = "Trace file (.csv or .sbt).")
        Path out;

        /**
         * Bytes per record of the trace: {@value BinaryTrace#RECORD_BYTES} as {@code .sbt}; as {@code .csv}, its widest
         * record (the largest core and domain, an address of 16 hex digits). The header and the trailer take less
         * than two records.
         */
        private static long recordBytes(final boolean csv, final SystemSpec machine) {
            return csv ? Integer.toString(machine.cores() - 1).length() + ",W,0x".length() + 16 + ",".length()
                    + Integer.toString(machine.sharerDomains() - 1).length() + "\n".length() : BinaryTrace.RECORD_BYTES;
        }

        @Override
        public Integer call() throws Exception {
            if (workloadOptions.spec().isTrace()) {
                throw new UsageException("--workload " + TextLimits.quoted(workloadOptions.workload)
                        + ": record writes synthetic workloads (vm, app, page)");
            }
            if (accesses < 1 || accesses > MAX_ACCESSES) {
                throw new UsageException("--accesses = " + accesses + ": must be in [1, " + MAX_ACCESSES + "] (10^10)");
            }
            final Path target = OutputPaths.checkFile(out, "--out", "csv", "sbt");
            final SystemSpec machine = SimulationOptions.system(system);
            final Workload w = workloadOptions.build(machine, seed);
            final boolean csv = OutputPaths.extension(out, "--out", "csv", "sbt").equals("csv");
            final long perRecord = recordBytes(csv, machine);
            OutputPaths.checkSpace(target, "--accesses = " + accesses, (accesses + 2) * perRecord,
                    (csv ? "up to " : "") + perRecord + " bytes per access");
            final int[] cores = w.issuingCores();
            final Access access = new Access();
            final long[] left = {accesses};
            final long[] written = {0};
            final TraceSource source = new TraceSource() {
                @Override
                public int read(final int[] core, final boolean[] write, final long[] address, final int[] domain,
                        final int max) {
                    // the cores' streams interleaved in runs of BURST accesses, core after core
                    final int n = (int) Math.min(max, left[0]);
                    for (int i = 0; i < n; i++) {
                        final long k = written[0]++;
                        final int c = cores[(int) ((k / BURST) % cores.length)];
                        w.next(c, access);
                        core[i] = c;
                        write[i] = access.write;
                        address[i] = access.address;
                        domain[i] = access.sdid;
                    }
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
            final long records = copy(source, "--workload " + TextLimits.quoted(workloadOptions.workload), out);
            spec.commandLine().getOut().println("recorded " + records + " accesses of " + w.name() + " on "
                    + machine.name() + " to " + out);
            return Scalebench.OK;
        }
    }

    /** {@code trace capture --out T.sbt -- PROGRAM ARGS}: a real program's loads and stores, per thread. */
    @Command(name = "capture", mixinStandardHelpOptions = true,
            description = {"Run PROGRAM, built for capture (compiled with -fsanitize=thread and linked with the tracer "
                + "runtime that 'trace runtime' prints), and write every load and store it makes as a binary trace: "
                + "thread i is core i (main is 0, then threads in creation order), accesses in the order they took "
                + "a ticket from one global counter (docs/traces.md).",
                "Exit codes: 0 a trace written, 1 the program failed or was killed (no trace unless the tracer "
                + "closed it), 2 bad input (PROGRAM not built for capture, too little disk space)."})
    static final class Capture implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(names = "--out", required = true, paramLabel = "FILE", description = "The trace (.sbt).")
        Path out;

        @CommandLine.Mixin
        CaptureOptions capture = new CaptureOptions();

        @Parameters(index = "0", paramLabel = "PROGRAM", description = "The program built for capture.")
        String program;

        @Parameters(index = "1..*", paramLabel = "ARGS", description = "Its arguments (after --).")
        java.util.List<String> args = new java.util.ArrayList<>();

        @Override
        public Integer call() throws Exception {
            final org.scalebench.bench.trace.TraceCapture.Settings settings = capture.settings(0);
            if (!out.getFileName().toString().endsWith(".sbt")) {
                throw new UsageException("--out " + org.scalebench.core.data.TextLimits.quoted(out.toString())
                        + ": capture writes a binary trace; the name must end in .sbt");
            }
            OutputPaths.checkFile(out, "--out");
            final String space = org.scalebench.bench.trace.TraceCapture.spaceProblem(out, settings.maxAccesses());
            if (space != null) {
                throw new UsageException("--max-accesses " + settings.maxAccesses() + ": " + space
                        + "; lower --max-accesses or free space");
            }
            final java.util.List<String> command = new java.util.ArrayList<>();
            command.add(program);
            command.addAll(args);
            final ProcessBuilder builder = new ProcessBuilder(command).inheritIO();
            final org.scalebench.bench.trace.TraceCapture.Result r;
            try {
                r = org.scalebench.bench.trace.TraceCapture.run(builder, program, out, settings);
            } catch (final org.scalebench.bench.trace.TraceCapture.Failed e) {
                if (e.badInput()) {
                    throw new UsageException(e.getMessage());
                }
                spec.commandLine().getErr().println("scalebench: " + e.getMessage());
                return Scalebench.FAILED;
            }
            final java.io.PrintWriter stdout = spec.commandLine().getOut();
            stdout.println(String.format(java.util.Locale.ROOT, "captured %,d accesses of %d threads in %.2f s: %s "
                    + "(%s)", r.footer().kept(), r.footer().threads(), r.seconds(), out,
                    org.scalebench.bench.trace.TraceCapture.size(r.bytes())));
            if (r.footer().diskLow()) {
                stdout.println("the disk ran low: recording stopped after " + r.footer().kept() + " accesses");
            } else if (r.footer().capped()) {
                stdout.println(String.format(java.util.Locale.ROOT, "--max-accesses reached: the program made %,d "
                        + "accesses, the trace keeps the first %,d", r.footer().tickets(), r.footer().kept()));
            }
            if (r.exitStatus() != 0) {
                spec.commandLine().getErr().println("scalebench: " + program + " exited with status " + r.exitStatus()
                        + "; the trace of what it did is in " + out);
                return Scalebench.FAILED;
            }
            return Scalebench.OK;
        }
    }

    /** {@code trace runtime}: builds the tracer runtime and prints how to link a program with it. */
    @Command(name = "runtime", mixinStandardHelpOptions = true,
            description = "Build the tracer runtime (C, with the system compiler, on first use) and print the archive "
                + "to link a program with; compile the program with -fsanitize=thread and link it without that flag.")
    static final class TracerLibrary implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            spec.commandLine().getOut().println(org.scalebench.bench.trace.TracerRuntime.library());
            return Scalebench.OK;
        }
    }
}
