package org.scalebench.bench.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.scalebench.bench.coherence.StorageFigures;
import org.scalebench.bench.io.Table;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.storage.StorageModel;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code scalebench coherence storage}: directory bits per format and core count. */
@Command(name = "storage", mixinStandardHelpOptions = true,
        description = "Directory storage per entry (with and without its address tag), in total, and the map caches "
                + "per tile, per format and core count (the storage model).")
public final class CoherenceStorageCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--system", paramLabel = "S", description = "Machine whose directory provisioning, tag width, "
            + "sharer and home domains are used: chip1024, wsc1m or a configuration file (default: ${DEFAULT-VALUE}).")
    String system = "chip1024";

    @Option(names = "--cores", split = ",", paramLabel = "N[,N...]",
            description = "Core counts, 2 to 2^30 (default: 16 to 1048576).")
    List<Integer> cores = StorageFigures.CORES;

    @Option(names = "--formats", split = ",", paramLabel = "F[,F...]",
            description = "Formats: full-map, dir-b-<i>, dir-nb-<i>, coarse-vector[-<i>], cdr-sr (default: ${DEFAULT-VALUE}).")
    List<String> formats = StorageFigures.FORMATS;

    @Option(names = "--sharer-domains", paramLabel = "D",
            description = "Sharer domains counted by cdr-sr's domain id (default: the system's: 1,024 on chip1024, "
                    + "OpenPiton's 10-bit SDID; 65,536 on wsc1m, whose 62,500 VMs need 16 bits).")
    Integer sharerDomains;

    @Option(names = "--entries-per-core", paramLabel = "E",
            description = "Sparse-directory entries provisioned per core (default: the system's).")
    Long entriesPerCore;

    @Option(names = "--out", paramLabel = "FILE.csv", description = "CSV file to write (optional).")
    Path out;

    @Override
    public Integer call() throws Exception {
        if (out != null) {
            OutputPaths.checkFile(out, "--out", "csv");
        }
        final List<String> formatIds = OptionValues.formats("--formats", formats);
        for (final int n : cores) {
            if (n < 2 || n > StorageModel.MAX_CORES) {
                throw new UsageException("--cores = " + n + ": must be in [2, " + StorageModel.MAX_CORES + "] (2^30)");
            }
        }
        OptionValues.distinct("--cores", cores.stream().map(String::valueOf).toList());
        final StorageModel base = SimulationOptions.system(system).storageModel();
        if (sharerDomains != null && sharerDomains < 1) {
            throw new UsageException("--sharer-domains = " + sharerDomains + ": must be at least 1");
        }
        if (entriesPerCore != null && (entriesPerCore < 1 || entriesPerCore > StorageModel.MAX_ENTRIES_PER_CORE)) {
            throw new UsageException("--entries-per-core = " + entriesPerCore + ": must be in [1, "
                    + StorageModel.MAX_ENTRIES_PER_CORE + "]");
        }
        final StorageModel model = new StorageModel(sharerDomains == null ? base.sharerDomains() : sharerDomains,
                entriesPerCore == null ? base.entriesPerCore() : entriesPerCore, base.tagBits(), base.mapCacheEntries(),
                base.homeDomains());
        final List<StorageFigures.StorageRow> rows = StorageFigures.storage(model, formatIds, cores);
        final Table table = new Table("format", "cores", "bits_per_entry", "with_tag", "directory_bits_total",
                "with_tags_and_smc", "overhead_vs_line", "smc_bits_per_tile", "hmc_bits_per_tile")
                .rightAlign(1, 2, 3, 4, 5, 6, 7, 8);
        for (final StorageFigures.StorageRow r : rows) {
            final List<String> c = r.cells();
            table.row(r.format(), c.get(1), c.get(3), c.get(5), c.get(6), c.get(7), c.get(8), c.get(10), c.get(11));
        }
        spec.commandLine().getOut().print(table.text());
        spec.commandLine().getOut().println("(" + system + ": " + model.entriesPerCore() + " directory entries per core, "
                + model.sharerDomains() + " sharer domains, " + model.homeDomains() + " home domains, "
                + model.tagBits() + "-bit tags, " + model.mapCacheEntries() + "-entry map caches, 2 state bits, "
                + "512-bit lines; the Home Map Cache counts only with Home Restriction)");
        if (out != null) {
            StorageFigures.write(out, rows);
            spec.commandLine().getOut().println("wrote " + out);
        }
        return Scalebench.OK;
    }
}
