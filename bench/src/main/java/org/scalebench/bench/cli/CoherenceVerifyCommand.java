package org.scalebench.bench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.scalebench.bench.io.CsvFiles;
import org.scalebench.bench.io.OutputLocation;
import org.scalebench.core.data.CsvRecords;
import org.scalebench.core.data.DataFileException;
import org.scalebench.core.data.InputFiles;
import org.scalebench.core.data.TextLimits;
import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.home.HomeMapping;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.verify.RandomProtocolTester;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code scalebench coherence verify}: the random protocol tester, its replay log and its replay. */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = "Random loads and stores on a tiny machine, checking single-writer/multiple-reader, "
                + "that loads see the latest store, that the directory covers every copy and the latency of the path.")
public final class CoherenceVerifyCommand implements Callable<Integer> {

    /** Columns of a replay log. */
    static final List<String> LOG_COLUMNS = List.of("system", "format", "homes", "seed", "core", "op", "address",
            "sdid", "hdid");

    @Spec
    CommandSpec spec;

    @Option(names = "--format", paramLabel = "F", description = "Directory format: " + FormatSpec.ALLOWED
            + " (required unless --replay).")
    String format;

    @Option(names = "--homes", paramLabel = "H", description = "Home mapping: global, piton[-low|-middle|-high|-mixed],"
            + " uniform (default: ${DEFAULT-VALUE}).")
    String homes = "global";

    @Option(names = "--system", paramLabel = "S", description = "Machine whose parameters the tiny machine keeps:"
            + " chip1024 or wsc1m (default: ${DEFAULT-VALUE}).")
    String system = "chip1024";

    /** The most accesses a run may check: at half a million to a million a second, up to about half an hour. */
    static final long MAX_ACCESSES = 1_000_000_000L;

    @Option(names = "--accesses", paramLabel = "N", description = "Accesses, 1 to 1,000,000,000 (about half a million "
            + "to a million a second: the most takes up to half an hour; default: ${DEFAULT-VALUE}).")
    long accesses = 1_000_000;

    @Option(names = "--seed", paramLabel = "S", description = "Seed (default: ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = "--replay-log", paramLabel = "FILE", description = "On a violation, write the accesses up to it"
            + " here (CSV: " + "system,format,homes,seed,core,op,address,sdid,hdid); without one, nothing is written"
            + " and no directory is left.")
    Path replayLog;

    @Option(names = "--replay", paramLabel = "FILE", description = "Replay a replay log (it gives the system, format,"
            + " homes, seed and accesses: those options are refused beside it) with the same checks.")
    Path replay;

    @Override
    public Integer call() throws Exception {
        for (final String ignored : List.of("--format", "--homes", "--system", "--accesses", "--seed",
                "--replay-log")) {
            if (replay != null && spec.commandLine().getParseResult().hasMatchedOption(ignored)) {
                throw new UsageException("--replay with " + ignored + ": a replay log gives its own system, format, "
                        + "homes, seed and accesses; leave " + ignored + " out");
            }
        }
        if (accesses < 1 || accesses > MAX_ACCESSES) {
            throw new UsageException("--accesses = " + accesses + ": must be in [1, " + MAX_ACCESSES + "] (10^9)");
        }
        if (replayLog != null) {
            OutputPaths.checkFile(replayLog, "--replay-log", "csv");
        }
        final PrintWriter out = spec.commandLine().getOut();
        final RandomProtocolTester.Report report;
        if (replay != null) {
            report = replay(out);
        } else {
            if (format == null) {
                throw new UsageException("--format is required (or --replay FILE)");
            }
            final SystemSpec machine = SimulationOptions.system(system);
            final FormatSpec f = OptionValues.named("--format", format, () -> FormatSpec.parse(format));
            OptionValues.named("--homes", homes, () -> HomeMapping.parse(homes, machine.homes()));
            final RandomProtocolTester tester = new RandomProtocolTester(machine, f, homes);
            report = tester.run(accesses, seed, false, replayLog != null);
        }
        if (report.violations() > 0) {
            out.println("first violation: " + report.firstViolation());
            if (replayLog != null && replay == null) {
                writeLog(report.trace());
                out.println("replay log: " + replayLog + " (" + report.trace().size() + " accesses; run it with"
                        + " --replay " + replayLog + ")");
            }
        } else {
            // no log to write: the directories checking --replay-log created for it are not left behind empty
            OutputLocation.removeCreatedIfEmpty();
        }
        out.println("exercised: " + report.outsideAccesses() + " outside the domain, " + report.foreignIdAccesses()
                + " under another domain's id, " + report.foldedAccesses() + " folded homes, " + report.broadcasts()
                + " broadcasts, " + report.superfluousInvalidations() + " superfluous invalidations, "
                + report.latencyChecks() + " latencies checked");
        out.println(report.summary());
        return report.violations() == 0 ? Scalebench.OK : Scalebench.FAILED;
    }

    private void writeLog(final List<RandomProtocolTester.Access> trace) throws IOException {
        final List<List<String>> rows = new ArrayList<>(trace.size());
        for (final RandomProtocolTester.Access a : trace) {
            rows.add(List.of(system, FormatSpec.parse(format).id(), homes, Long.toString(seed), Integer.toString(a.core()),
                    a.write() ? "store" : "load", "0x" + Long.toHexString(a.address()), Integer.toString(a.sdid()),
                    Integer.toString(a.hdid())));
        }
        CsvFiles.write(replayLog, LOG_COLUMNS, rows);
    }

    private RandomProtocolTester.Report replay(final PrintWriter out) throws IOException {
        try {
            InputFiles.requireRegular(replay); // a device would be read until memory runs out, a FIFO block forever
        } catch (final DataFileException e) {
            throw new UsageException("--replay " + e.getMessage());
        }
        final String file = replay.toString();
        final List<RandomProtocolTester.Access> trace = new ArrayList<>();
        final List<Long> lines = new ArrayList<>();
        String[] run = null;
        long firstLine = 0;
        try (Reader reader = TextLimits.open(replay); CSVParser parser = CsvRecords.open(file, reader,
                CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get())) {
            if (!parser.getHeaderNames().equals(LOG_COLUMNS)) {
                throw new UsageException(file + ":1: header " + TextLimits.quoted(String.join(",",
                        parser.getHeaderNames())) + ": a replay log's is " + String.join(",", LOG_COLUMNS));
            }
            for (final CSVRecord r : CsvRecords.of(file, parser)) {
                final long line = parser.getCurrentLineNumber();
                final String where = file + ":" + line;
                if (r.size() != LOG_COLUMNS.size()) {
                    throw new UsageException(where + ": " + r.size() + " fields, a replay log has " + LOG_COLUMNS.size());
                }
                final String[] thisRun = {r.get("system"), r.get("format"), r.get("homes"), r.get("seed")};
                if (run == null) {
                    run = thisRun;
                    firstLine = line;
                } else if (!java.util.Arrays.equals(run, thisRun)) {
                    throw new UsageException(where + ": a log replays one run; this row names another than line "
                            + firstLine);
                }
                final String op = r.get("op");
                if (!op.equals("load") && !op.equals("store")) {
                    throw new UsageException(where + ": op = " + TextLimits.quoted(op) + ": must be load or store");
                }
                trace.add(new RandomProtocolTester.Access(number(where, "core", r.get("core")), op.equals("store"),
                        address(where, r.get("address")), number(where, "sdid", r.get("sdid")),
                        number(where, "hdid", r.get("hdid"))));
                lines.add(line);
            }
        }
        if (run == null) {
            throw new UsageException(file + ": no accesses (a replay log has a header and one row per access)");
        }
        final String at = file + ":" + firstLine;
        final String[] logRun = run;
        final SystemSpec machine;
        try {
            machine = SystemSpec.named(run[0]);
        } catch (final IllegalArgumentException e) {
            throw new UsageException(at + ": system = " + TextLimits.quoted(run[0]) + ": must be chip1024 or wsc1m");
        }
        final FormatSpec logFormat = OptionValues.named(at + ": format", logRun[1], () -> FormatSpec.parse(logRun[1]));
        final long runSeed;
        try {
            runSeed = Long.parseLong(run[3]);
        } catch (final NumberFormatException e) {
            throw new UsageException(at + ": seed = " + TextLimits.quoted(run[3]) + ": must be a whole number");
        }
        final String logHomes = run[2];
        final RandomProtocolTester tester = OptionValues.named(at + ": homes", logHomes,
                () -> new RandomProtocolTester(machine, logFormat, logHomes));
        out.println("replaying " + trace.size() + " accesses: system " + machine.name() + ", format " + logFormat.id()
                + ", homes " + TextLimits.quoted(logHomes) + ", seed " + runSeed);
        system = machine.name();
        try {
            return tester.replay(trace, runSeed);
        } catch (final IllegalArgumentException e) {
            // the tester names the access; the log's line is where the user can find it
            final String message = String.valueOf(e.getMessage());
            for (int i = 0; i < trace.size(); i++) {
                if (message.contains(trace.get(i).toString())) {
                    throw new UsageException(file + ":" + lines.get(i) + ": " + message);
                }
            }
            throw new UsageException(file + ": " + message);
        }
    }

    private static int number(final String where, final String column, final String text) {
        try {
            return Integer.parseInt(text);
        } catch (final NumberFormatException e) {
            throw new UsageException(where + ": " + column + " = " + TextLimits.quoted(text) + ": must be a whole number");
        }
    }

    private static long address(final String where, final String text) {
        try {
            return Long.decode(text);
        } catch (final NumberFormatException e) {
            throw new UsageException(where + ": address = " + TextLimits.quoted(text) + ": must be a number (0x...)");
        }
    }
}
