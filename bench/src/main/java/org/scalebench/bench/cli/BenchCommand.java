package org.scalebench.bench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.scalebench.bench.perf.BenchmarkCatalog;
import org.scalebench.bench.perf.JmhFailure;
import org.scalebench.bench.perf.JmhResults;
import org.scalebench.bench.perf.RunRequest;
import org.scalebench.bench.perf.RunSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code scalebench bench}: runs the JMH suite and prints each kernel against its references. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Run the JMH suite, or the benchmark classes matching REGEX, with -prof gc. Prints, per class "
                + "and parameter combination, ns/op of the kernel and of each reference or peer, the speedup "
                + "(reference time / kernel time, same run) and bytes per operation; writes JMH's JSON results.",
            "Exit codes: 0 done, 1 a benchmark failed, 2 bad input."})
public final class BenchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "REGEX",
            description = "Only classes whose name contains a match, e.g. RangeReduction or '^RangeReductionBench$'.")
    String regex;

    @Option(names = "--quick", description = "Short run: " + "1 fork, 2 x 200 ms warm-up, 3 x 200 ms measurement "
            + "(default: each class's own @Fork, @Warmup and @Measurement).")
    boolean quick;

    @Option(names = {"-p", "--param"}, paramLabel = "NAME=V[,V...]",
            description = "Run only these @Param values (repeatable), e.g. -p n=1000.")
    List<String> params = new ArrayList<>();

    @Option(names = "--json", paramLabel = "FILE", description = "JMH's JSON results (default: ${DEFAULT-VALUE}).")
    Path json = Path.of("target", "bench.json");

    @Option(names = "--verbose", description = "Also show JMH's own output (on standard error).")
    boolean verbose;

    @Override
    public Integer call() throws Exception {
        final PrintWriter out = spec.commandLine().getOut();
        final PrintWriter err = spec.commandLine().getErr();
        OutputPaths.checkFile(json, "--json");
        final BenchmarkCatalog catalog = BenchmarkCatalog.fromClassPath();
        final List<RunRequest> requests = BenchmarkSelection.requests(
                BenchmarkSelection.classes(catalog, regex, "REGEX"), BenchmarkSelection.params(params));
        final RunSettings settings = quick ? RunSettings.QUICK : RunSettings.OWN;
        out.println("bench: " + JmhConsole.plan(requests, settings));
        out.flush();
        final JmhResults results;
        try {
            results = JmhConsole.run(requests, settings, out, err, verbose);
        } catch (final JmhFailure shown) {
            return Scalebench.FAILED;
        }
        out.print(JmhConsole.table(results.comparisons()));
        results.writeJson(json);
        out.println("JMH results: " + json);
        return Scalebench.OK;
    }
}
