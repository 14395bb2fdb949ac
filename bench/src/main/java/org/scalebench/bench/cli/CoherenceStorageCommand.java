package org.scalebench.bench.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.scalebench.bench.coherence.CoherenceExperiments;
import org.scalebench.bench.io.Table;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.storage.StorageModel;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code scalebench coherence storage}: directory bits per format and core count. */
@Command(name = "storage", mixinStandardHelpOptions = true,
        description = "Directory storage per entry and in total, per format and core count (the storage model).")
public final class CoherenceStorageCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--cores", split = ",", paramLabel = "N[,N...]",
            description = "Core counts, 2 to 2^30 (default: 16 to 1048576).")
    List<Integer> cores = CoherenceExperiments.STORAGE_CORES;

    @Option(names = "--formats", split = ",", paramLabel = "F[,F...]",
            description = "Formats: full-map, dir-b-<i>, dir-nb-<i>, coarse-vector[-<i>], cdr-sr (default: ${DEFAULT-VALUE}).")
    List<String> formats = CoherenceExperiments.STORAGE_FORMATS;

    @Option(names = "--sharer-domains", paramLabel = "D",
            description = "Sharer domains counted by cdr-sr's domain id (default: chip1024's 1024).")
    Integer sharerDomains;

    @Option(names = "--entries-per-core", paramLabel = "E",
            description = "Sparse-directory entries provisioned per core (default: chip1024's).")
    Long entriesPerCore;

    @Option(names = "--out", paramLabel = "FILE.csv", description = "CSV file to write (optional).")
    Path out;

    @Override
    public Integer call() throws Exception {
        final StorageModel chip = SystemSpec.named("chip1024").storageModel();
        final StorageModel model = new StorageModel(sharerDomains == null ? chip.sharerDomains() : sharerDomains,
                entriesPerCore == null ? chip.entriesPerCore() : entriesPerCore);
        final List<CoherenceExperiments.StorageRow> rows = CoherenceExperiments.storage(model, formats, cores);
        final Table table = new Table("format", "cores", "bits_per_entry", "directory_bits_total",
                "overhead_vs_line").rightAlign(1, 2, 3, 4);
        for (final CoherenceExperiments.StorageRow r : rows) {
            final List<String> c = r.cells();
            table.row(c.get(0), c.get(1), c.get(2), c.get(3), c.get(4));
        }
        spec.commandLine().getOut().print(table.text());
        spec.commandLine().getOut().println("(" + model.entriesPerCore() + " directory entries per core, "
                + model.sharerDomains() + " sharer domains, 2 state bits, 512-bit lines)");
        if (out != null) {
            CoherenceExperiments.writeStorage(out, rows);
            spec.commandLine().getOut().println("wrote " + out);
        }
        return Scalebench.OK;
    }
}
