package org.scalebench.bench.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.verify.RandomProtocolTester;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code scalebench coherence verify}: the random protocol tester. */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = "Random loads and stores on a tiny machine, checking single-writer/multiple-reader, "
                + "that loads see the latest store and that the directory covers every copy.")
public final class CoherenceVerifyCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--format", required = true, paramLabel = "F", description = "Directory format: " + FormatSpec.ALLOWED)
    String format;

    @Option(names = "--homes", paramLabel = "H", description = "Home mapping: global, piton[-low|-middle|-high|-mixed],"
            + " uniform (default: ${DEFAULT-VALUE}).")
    String homes = "global";

    @Option(names = "--system", paramLabel = "S", description = "Machine whose parameters the tiny machine keeps:"
            + " chip1024 or wsc1m (default: ${DEFAULT-VALUE}).")
    String system = "chip1024";

    @Option(names = "--accesses", paramLabel = "N", description = "Accesses (default: ${DEFAULT-VALUE}).")
    long accesses = 1_000_000;

    @Option(names = "--seed", paramLabel = "S", description = "Seed (default: ${DEFAULT-VALUE}).")
    long seed = 1;

    @Override
    public Integer call() throws Exception {
        if (accesses < 1) {
            throw new UsageException("--accesses = " + accesses + ": must be at least 1");
        }
        final RandomProtocolTester tester = new RandomProtocolTester(SystemSpec.resolve(system),
                FormatSpec.parse(format), homes);
        final RandomProtocolTester.Report report = tester.run(accesses, seed, false);
        final PrintWriter out = spec.commandLine().getOut();
        if (report.violations() > 0) {
            out.println("first violation: " + report.firstViolation());
        }
        out.println(report.summary());
        return report.violations() == 0 ? Scalebench.OK : Scalebench.FAILED;
    }
}
