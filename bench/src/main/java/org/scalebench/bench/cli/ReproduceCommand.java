package org.scalebench.bench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.scalebench.bench.check.KernelCheck;
import org.scalebench.bench.check.KernelChecks;
import org.scalebench.bench.io.AtomicFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code scalebench reproduce}: the main job — validate kernels, benchmark them, regenerate both papers' results. */
@Command(name = "reproduce", mixinStandardHelpOptions = true,
        description = "Validate every kernel against its reference, then regenerate the results and write a report.")
public final class ReproduceCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--out", paramLabel = "DIR", description = "Report directory (default: ${DEFAULT-VALUE}).")
    Path out = Path.of("target", "report");

    @Option(names = "--seed", description = "Seed of the randomized checks (default: ${DEFAULT-VALUE}).")
    long seed = 20261202L;

    @Option(names = "--operations", description = "Random operations per kernel check (default: ${DEFAULT-VALUE}).")
    int operations = 200_000;

    @Override
    public Integer call() throws Exception {
        if (operations < 1) {
            throw new UsageException("--operations = " + operations + ": must be at least 1");
        }
        final PrintWriter stdout = spec.commandLine().getOut();
        stdout.println("[1/1] validating kernels against their references (seed " + seed + ")");
        final List<KernelCheck.Outcome> outcomes = new ArrayList<>();
        for (final KernelCheck check : KernelChecks.all()) {
            final KernelCheck.Outcome o = check.run(seed, operations);
            outcomes.add(o);
            stdout.println("  " + o.summary());
        }
        stdout.println("not built yet: JMH pass, CDR storage and chip1024/wsc1m comparison, hybrid training projection");
        final Path report = out.resolve("report.md");
        AtomicFiles.writeText(report, w -> {
            w.write("# scalebench report\n\n## Kernel validation (seed " + seed + ")\n\n");
            w.write("| kernel | operations checked | mismatches |\n|---|---:|---:|\n");
            for (final KernelCheck.Outcome o : outcomes) {
                w.write("| " + o.kernel() + " | " + o.checked() + " | " + o.mismatches() + " |\n");
            }
        });
        stdout.println("report: " + report);
        final boolean allPassed = outcomes.stream().allMatch(KernelCheck.Outcome::passed);
        return allPassed ? Scalebench.OK : Scalebench.FAILED;
    }
}
