package org.scalebench.bench.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.scalebench.bench.coherence.RealTraceReproduction;
import org.scalebench.bench.io.ConsoleProgress;
import org.scalebench.bench.io.CsvFiles;
import org.scalebench.bench.io.StagedDirectory;
import org.scalebench.bench.report.PartResult;
import org.scalebench.bench.trace.SharingProfile;
import org.scalebench.bench.trace.Splash3Set;
import org.scalebench.bench.trace.TraceCapture;
import org.scalebench.bench.trace.TraceComposer;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.core.data.Named;
import org.scalebench.core.data.TextLimits;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * The trace subcommands that turn real programs into CDR workloads: {@code splash3} (build, run and capture the
 * SPLASH-3 set), {@code profile} (a trace's sharing), {@code compose} (VM, application or page domains from real
 * traces) and {@code verdicts} (CDR against every baseline on the composed SPLASH-3 workloads).
 */
final class CoherenceTraceWorkloadCommands {

    private CoherenceTraceWorkloadCommands() {
    }

    /** {@code trace splash3 --checkout DIR --out DIR}. */
    @Command(name = "splash3", mixinStandardHelpOptions = true,
            description = {"Build the SPLASH-3 programs of a checkout you provide (github SakalisC/Splash-3) for capture "
                + "and plain, run each untraced and captured at every --threads count, and write DIR/traces/PROGRAM-pT.sbt, "
                + "DIR/capture.csv (plain and traced time, trace sizes), DIR/profile.csv (lines and pages by sharer "
                + "count, loads and stores to shared lines) and DIR/outside.csv (accesses from outside first-touch "
                + "domains). Needs a C compiler, make and m4.",
                "Programs, arguments and inputs: bench/src/main/resources/org/scalebench/bench/trace/splash3-programs.csv."})
    static final class Splash3 implements Callable<Integer> {
        /** Yield interval of the set's captures: threads interleave in runs of about 64 accesses. */
        static final long DEFAULT_YIELD = 64;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(names = "--checkout", required = true, paramLabel = "DIR", description = "A SPLASH-3 checkout.")
        Path checkout;

        @Option(names = "--out", paramLabel = "DIR", description = "Output directory (default: ${DEFAULT-VALUE}, "
                + "where reproduce looks for the traces).")
        Path out = Path.of("target", "splash3");

        @Option(names = "--threads", split = ",", paramLabel = "T[,T...]", description = "Thread counts, powers of "
                + "two in [2, 1024] (default: 16,64).")
        List<Integer> threads = List.of(16, 64);

        @Option(names = "--programs", split = ",", paramLabel = "P[,P...]", description = "Programs (default: all: "
                + "fft, lu, radix, cholesky, ocean, barnes, fmm, water-nsquared, water-spatial).")
        List<String> programs;

        @CommandLine.Mixin
        CaptureOptions capture = new CaptureOptions();

        @Override
        public Integer call() throws Exception {
            final String problem = Splash3Set.checkoutProblem(checkout);
            if (problem != null) {
                throw new UsageException("--checkout " + TextLimits.quoted(checkout.toString()) + ": " + problem);
            }
            for (final int t : threads) {
                if (t < 2 || t > 1024 || Integer.bitCount(t) != 1) {
                    throw new UsageException("--threads " + t + ": must be a power of two in [2, 1024] (SPLASH-3's "
                            + "FFT, RADIX and OCEAN need a power of two)");
                }
            }
            final List<Integer> counts = OptionValues.distinct("--threads", threads.stream().map(String::valueOf)
                    .toList()).stream().map(Integer::parseInt).toList();
            final List<Splash3Set.Program> all = Splash3Set.programs();
            final List<Splash3Set.Program> chosen = new ArrayList<>();
            if (programs == null) {
                chosen.addAll(all);
            } else {
                for (final String name : OptionValues.distinct("--programs", programs)) {
                    chosen.add(all.stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow(
                            () -> new UsageException("--programs " + TextLimits.quoted(name) + ": must be one of "
                                    + String.join(", ", all.stream().map(Splash3Set.Program::name).toList()))));
                }
            }
            final TraceCapture.Settings settings = capture.settings(DEFAULT_YIELD);
            try (StagedDirectory staged = OutputPaths.stage(out, "--out", spec)) {
                final long runs = (long) chosen.size() * counts.size();
                final long cap = settings.maxAccesses();
                final long needed = TraceCapture.bytesNeeded(cap);
                final long traces = cap > Long.MAX_VALUE / 17 / runs ? Long.MAX_VALUE : cap * 17 * runs;
                final long free = Files.getFileStore(staged.staging()).getUsableSpace();
                if (needed > free || traces > free) {
                    throw new UsageException("--max-accesses " + cap + ": " + runs + " captures of up to " + cap
                            + " accesses need up to " + TraceCapture.size(Math.max(needed, traces)) + " in " + out
                            + ", which has " + TraceCapture.size(free) + " free; lower --max-accesses");
                }
                final PrintWriter stdout = spec.commandLine().getOut();
                final List<String> failures = Splash3Set.run(new Splash3Set.Plan(checkout, chosen, counts, settings),
                        staged.staging(), stdout);
                final List<String> header = new ArrayList<>(OutputPaths.marker(spec));
                header.add("splash3 commit: " + Splash3Set.commit(checkout));
                failures.forEach(f -> header.add("failed: " + f));
                staged.publish(header);
                stdout.println("wrote " + out + ": traces/, capture.csv, profile.csv, outside.csv");
                if (!failures.isEmpty()) {
                    spec.commandLine().getErr().println("scalebench: " + failures.size() + " of " + runs + " runs "
                            + "failed (listed in " + out.resolve(StagedDirectory.MARKER) + "): " + failures.get(0));
                    return Scalebench.FAILED;
                }
            }
            return Scalebench.OK;
        }
    }

    /** {@code trace profile TRACE... --out FILE}. */
    @Command(name = "profile", mixinStandardHelpOptions = true,
            description = "Measure traces' sharing: lines and pages by sharer count, loads and stores to shared lines, "
                + "mean run of one core, and the fraction of accesses from outside page-level (first k sharers) and "
                + "application-level (first-touch groups) domains; one CSV row per trace, the outside shares in "
                + "FILE's sibling NAME-outside.csv.")
    static final class Profile implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Parameters(paramLabel = "TRACE", arity = "1..*", description = "Traces (.sbt or .csv).")
        List<Path> traces;

        @Option(names = "--out", required = true, paramLabel = "FILE", description = "Profile CSV.")
        Path out;

        @Override
        public Integer call() throws Exception {
            if (!out.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".csv")) {
                throw new UsageException("--out " + TextLimits.quoted(out.toString()) + ": the profile is CSV; the "
                        + "name must end in .csv");
            }
            OutputPaths.checkFile(out, "--out");
            final String name = out.getFileName().toString();
            final Path outside = out.resolveSibling(name.substring(0, name.length() - 4) + "-outside.csv");
            OutputPaths.checkFile(outside, "--out");
            OptionValues.distinctFiles("TRACE", traces);
            for (final Path t : traces) {
                OptionValues.refuseOverwriting("--out", out, "TRACE", t.toString());
                OptionValues.refuseOverwriting("--out", outside, "TRACE", t.toString());
            }
            final List<List<String>> rows = new ArrayList<>();
            final List<List<String>> outsideRows = new ArrayList<>();
            for (final Path t : traces) {
                final SharingProfile p = SharingProfile.of(t);
                if (p.accesses() == 0) {
                    throw new UsageException("TRACE " + TextLimits.quoted(t.toString()) + ": the trace has no records "
                            + "(its sharing is undefined)");
                }
                final List<String> row = new ArrayList<>(List.of(t.toString()));
                row.addAll(p.row());
                rows.add(row);
                for (final List<String> o : p.outsideRows()) {
                    final List<String> r = new ArrayList<>(List.of(t.toString()));
                    r.addAll(o);
                    outsideRows.add(r);
                }
                spec.commandLine().getOut().println(String.format(Locale.ROOT, "%s: %,d accesses, %d cores, %,d lines "
                        + "(%.1f%% shared), %.1f%% of accesses to shared lines, mean run %.1f", t, p.accesses(),
                        p.cores(), p.lines(), 100 * p.sharedLineFraction(), 100 * p.sharedAccessFraction(),
                        p.meanRun()));
            }
            final List<String> header = new ArrayList<>(List.of("trace"));
            header.addAll(SharingProfile.header());
            CsvFiles.write(out, header, rows);
            final List<String> outsideHeader = new ArrayList<>(List.of("trace"));
            outsideHeader.addAll(SharingProfile.outsideHeader());
            CsvFiles.write(outside, outsideHeader, outsideRows);
            return Scalebench.OK;
        }
    }

    /** {@code trace compose --domains vm|app|page --out FILE TRACE...}. */
    @Command(name = "compose", mixinStandardHelpOptions = true,
            description = {"Build a CDR workload from real traces: program instances side by side on the machine, each "
                + "with its own physical pages, threads on its cores, and a domain column: vm (an instance per VM, "
                + "compact cores), app (an instance per application, scattered cores) or page (a domain per set of "
                + "cores sharing a page). Simulate it with --workload trace:FILE.",
                "Instance i replays TRACE i mod T, starting at an evenly spaced record so instances are in different "
                + "phases (docs/traces.md)."})
    static final class Compose implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Parameters(paramLabel = "TRACE", arity = "1..*", description = "Binary traces (.sbt), e.g. from capture.")
        List<Path> traces;

        @Option(names = "--out", required = true, paramLabel = "FILE", description = "The composed trace (.sbt).")
        Path out;

        @Option(names = "--domains", required = true, paramLabel = "D", description = "vm, app or page.")
        String domains;

        @Option(names = "--system", paramLabel = "S", description = "Machine (default: ${DEFAULT-VALUE}).")
        String system = "chip1024";

        @Option(names = "--group-size", paramLabel = "G", description = "Cores per instance (default: ${DEFAULT-VALUE}).")
        int groupSize = 16;

        @Option(names = "--instances", paramLabel = "K", description = "Program instances (default: the machine's "
                + "cores / --group-size).")
        Integer instances;

        @Option(names = "--accesses", paramLabel = "N", description = "Accesses to write (default: ${DEFAULT-VALUE}).")
        long accesses = 4_000_000;

        @Option(names = "--seed", paramLabel = "S", description = "Seed of app's scattered cores (default: "
                + "${DEFAULT-VALUE}).")
        long seed = 1;

        @Override
        public Integer call() throws Exception {
            final TraceComposer.Domains d = OptionValues.named("--domains", domains,
                    () -> Named.parse(TraceComposer.Domains.class, "domains", domains));
            if (!out.getFileName().toString().endsWith(".sbt")) {
                throw new UsageException("--out " + TextLimits.quoted(out.toString()) + ": compose writes a binary "
                        + "trace; the name must end in .sbt");
            }
            for (final Path t : traces) {
                if (!t.getFileName().toString().endsWith(".sbt")) {
                    throw new UsageException("TRACE " + TextLimits.quoted(t.toString()) + ": compose reads binary "
                            + "traces (.sbt); convert a CSV one with 'trace convert'");
                }
            }
            if (groupSize < 1) {
                throw new UsageException("--group-size = " + groupSize + ": must be at least 1");
            }
            if (accesses < 1) {
                throw new UsageException("--accesses = " + accesses + ": must be at least 1");
            }
            OptionValues.distinctFiles("TRACE", traces);
            OutputPaths.checkFile(out, "--out");
            for (final Path t : traces) {
                OptionValues.refuseOverwriting("--out", out, "TRACE", t.toString());
            }
            final SystemSpec machine = SimulationOptions.system(system);
            final int k = instances != null ? instances : machine.cores() / groupSize;
            final TraceComposer.Plan plan;
            try {
                plan = new TraceComposer.Plan(traces, machine, d, k, groupSize, accesses, seed);
            } catch (final IllegalArgumentException e) {
                throw new UsageException((instances != null ? "--instances " + instances : "--group-size " + groupSize)
                        + " on " + machine.name() + ": " + e.getMessage());
            }
            final TraceComposer.Summary s = TraceComposer.compose(plan, out);
            spec.commandLine().getOut().println(String.format(Locale.ROOT, "composed %,d accesses of %d instances "
                    + "(%d cores each) on %s: %d %s domains, %,d pages%s -> %s", s.accesses(), k, groupSize,
                    machine.name(), s.domains(), d.id(), s.pages(), s.fallbackPages() > 0 ? ", " + s.fallbackPages()
                            + " pages fell back to their instance's domain (domain ids ran out)" : "", out));
            return Scalebench.OK;
        }
    }

    /** {@code trace verdicts --traces DIR --out DIR}. */
    @Command(name = "verdicts", mixinStandardHelpOptions = true,
            description = {"Compose the SPLASH-3 traces of DIR/traces (from 'trace splash3') into VM, application and "
                + "page workloads for chip1024 and run CDR against every baseline on each, beside the synthetic "
                + "workloads: OUT/splash3-compare.csv, OUT/splash3-verdicts.csv, OUT/splash3-verdicts.md. reproduce "
                + "runs the same when target/splash3/traces exists."})
    static final class Verdicts implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(names = "--traces", paramLabel = "DIR", description = "Output directory of 'trace splash3' "
                + "(default: ${DEFAULT-VALUE}).")
        Path traces = Path.of("target", "splash3");

        @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output directory.")
        Path out;

        @Option(names = "--programs", split = ",", paramLabel = "P[,P...]", description = "Programs (default: every "
                + "program with a trace).")
        List<String> programs = List.of();

        @Option(names = "--accesses", paramLabel = "N", description = "Accesses per composed workload, half warm-up "
                + "and half counted (default: ${DEFAULT-VALUE}).")
        long accesses = 8_000_000;

        @Option(names = "--seed", paramLabel = "S", description = "Seed (default: ${DEFAULT-VALUE}).")
        long seed = 1;

        @Override
        public Integer call() throws Exception {
            if (accesses < 2) {
                throw new UsageException("--accesses = " + accesses + ": must be at least 2 (half warm-up, half "
                        + "counted)");
            }
            if (!Files.isDirectory(traces.resolve("traces"))) {
                throw new UsageException("--traces " + TextLimits.quoted(traces.toString()) + ": no traces/ directory "
                        + "in it; make it with 'scalebench coherence trace splash3 --checkout SPLASH3 --out DIR'");
            }
            final RealTraceReproduction part = new RealTraceReproduction(traces,
                    OptionValues.distinct("--programs", programs), accesses, VersionProvider.version());
            try (StagedDirectory staged = OutputPaths.stage(out, "--out", spec);
                    ConsoleProgress progress = ConsoleProgress.onTerminal(spec.commandLine().getOut(), "verdicts")) {
                final PartResult r = part.run(staged.staging(), false, seed, 1, progress);
                Files.writeString(staged.staging().resolve("splash3-verdicts.md"), "# " + part.name() + "\n\n"
                        + r.markdown());
                staged.publish(OutputPaths.marker(spec));
                spec.commandLine().getOut().print(r.markdown());
            }
            return Scalebench.OK;
        }
    }
}
