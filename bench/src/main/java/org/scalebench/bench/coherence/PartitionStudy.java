package org.scalebench.bench.coherence;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.scalebench.bench.coherence.Comparison.RunSpec;
import org.scalebench.bench.io.CsvFiles;
import org.scalebench.bench.io.Table;
import org.scalebench.bench.study.Study;
import org.scalebench.coherence.network.PartitionProbe;
import org.scalebench.coherence.sim.CoherenceSimulator;
import org.scalebench.coherence.sim.SimulationResult;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.sim.Warmup;

/**
 * How one simulation would split over host threads: each point is one configuration run at one outside share with
 * a {@link PartitionProbe} of several partitionings, and yields one row per partitioning: the share of the counted
 * transactions and messages that cross blocks, the lookahead, and a bound on the speedup of one thread per block
 * ({@link PartitionProbe#speedupBound}: crossing transactions one after another, the busiest block setting the
 * pace of the rest). Every column is a count of the simulated machine,
 * the same for the same seed on any host. Points are the configurations in order, each at every share in order.
 */
public final class PartitionStudy implements Study {

    /** Columns of every row. */
    public static final List<String> COLUMNS = List.of("system", "scheme", "format", "outside", "active_cores",
            "accesses", "warmup_accesses", "partitions", "block", "transactions", "crossing_transactions",
            "crossing_transaction_share", "messages", "crossing_messages", "crossing_message_share", "lookahead_cycles",
            "machine_cycles", "synchronisations_per_kilo_access", "busiest_block_transactions", "speedup_bound");

    private final SystemSpec machine;
    private final List<RunSpec> runs;
    private final WorkloadSpec workload;
    private final List<Double> outsides;
    private final int[] partitions;
    private final long accesses;
    private final Warmup warmup;
    private final long seed;

    /**
     * Creates the study.
     *
     * @param machine the machine
     * @param runs the configurations
     * @param workload the workload (its outside share replaced by each of {@code outsides})
     * @param outsides the outside shares
     * @param partitions the partitionings probed in every run (block counts)
     * @param accesses counted accesses per run
     * @param warmup every run's warm-up
     * @param seed the seed
     */
    public PartitionStudy(final SystemSpec machine, final List<RunSpec> runs, final WorkloadSpec workload,
            final List<Double> outsides, final int[] partitions, final long accesses, final Warmup warmup,
            final long seed) {
        this.machine = machine;
        this.runs = List.copyOf(runs);
        this.workload = workload;
        this.outsides = List.copyOf(outsides);
        this.partitions = partitions.clone();
        this.accesses = accesses;
        this.warmup = warmup;
        this.seed = seed;
        PartitionProbe.check(machine.network(), this.partitions);
    }

    @Override
    public String name() {
        return "coherence partitions";
    }

    @Override
    public List<String> columns() {
        return COLUMNS;
    }

    @Override
    public List<String> timingColumns() {
        return List.of();
    }

    @Override
    public int points() {
        return runs.size() * outsides.size();
    }

    @Override
    public String describe(final int point) {
        final RunSpec run = runs.get(point / outsides.size());
        return machine.name() + " " + run.scheme().id() + "/" + run.format() + " outside "
                + outsides.get(point % outsides.size());
    }

    @Override
    public long heapBytesPerPoint() {
        return Comparison.heapBytesPerRun(machine);
    }

    @Override
    public List<List<String>> run(final int point) throws Exception {
        final RunSpec run = runs.get(point / outsides.size());
        final double outside = outsides.get(point % outsides.size());
        final PartitionProbe probe = new PartitionProbe(machine.network(), partitions);
        final SimulationResult r = CoherenceSimulator.run(machine, run.scheme(), run.format(), null,
                workload.withOutside(outside).build(machine, seed), warmup, accesses, seed,
                CoherenceSimulator.Progress.NONE, probe);
        final List<List<String>> rows = new ArrayList<>();
        for (int k = 0; k < partitions.length; k++) {
            final long lookahead = probe.lookahead(k);
            rows.add(List.of(machine.name(), run.scheme().id(), run.format(), Numbers.sixDigits(outside),
                    Integer.toString(r.activeCores()), Long.toString(probe.accesses()),
                    Long.toString(r.warmupAccesses()), Integer.toString(partitions[k]), probe.blockSize(k),
                    Long.toString(probe.transactions()), Long.toString(probe.crossingTransactions(k)),
                    Numbers.sixDigits(probe.crossingTransactionShare(k)),
                    Long.toString(probe.messages()), Long.toString(probe.crossingMessages(k)),
                    Numbers.sixDigits(probe.crossingMessageShare(k)), Long.toString(lookahead),
                    Long.toString(r.machineCycles()), lookahead < 0 ? "0"
                            : Numbers.sixDigits(probe.synchronisationsPerKiloAccess(k, r.machineCycles())),
                    Long.toString(probe.busiestBlockTransactions(k)), Numbers.sixDigits(probe.speedupBound(k))));
        }
        return rows;
    }

    @Override
    public List<String> outputs() {
        return List.of("partitions.csv");
    }

    @Override
    public List<String> publish(final Path dir, final List<List<String>> rows) throws IOException {
        CsvFiles.write(dir.resolve("partitions.csv"), COLUMNS, rows);
        return outputs();
    }

    /**
     * The report's table of a study's rows: per configuration and outside share, the crossing share of the
     * transactions and messages, the lookahead and the speedup bound at each partitioning.
     *
     * @param rows the study's rows
     * @return the Markdown table
     */
    public static String table(final List<List<String>> rows) {
        final Table table = new Table("system", "configuration", "outside", "blocks", "block", "transactions crossing",
                "messages crossing", "lookahead (cycles)", "speedup bound").rightAlign(2, 3, 5, 6, 7, 8);
        for (final List<String> row : rows) {
            table.row(row.get(0), row.get(1) + "/" + row.get(2),
                    String.format(Locale.ROOT, "%.2g%%", 100 * Double.parseDouble(row.get(3))), row.get(7), row.get(8),
                    percent(row.get(11)), percent(row.get(14)), "-1".equals(row.get(15)) ? "-" : row.get(15),
                    String.format(Locale.ROOT, "%.2fx", Double.parseDouble(row.get(19))));
        }
        return table.markdown();
    }

    private static String percent(final String share) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * Double.parseDouble(share));
    }
}
