package org.scalebench.training.llm;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.scalebench.training.cluster.Cluster;
import org.scalebench.core.data.DataTable;
import org.scalebench.core.data.DataValues;
import org.scalebench.core.data.DataFileException;
import org.scalebench.core.data.ItemRows;
import org.scalebench.core.data.TextLimits;

/**
 * Reads GPU types from CSV files with columns {@code gpu,parameter,value,source} (parameters: {@code device},
 * {@code peak_dense_fp16_tflops}, {@code peak_dense_bf16_tflops}, {@code hbm_capacity_gib},
 * {@code hbm_bandwidth_gbps}, {@code sms}, {@code mamf_tflops}, {@code gemm_tile_m}, {@code gemm_tile_n}). The
 * built-in types ({@code a100-sxm4-40gb}, {@code a100-sxm4-80gb}, {@code h100-sxm5-80gb}) live in
 * {@code llm/gpus.csv}; {@link #forCluster} picks the type whose {@code device} is the cluster's device.
 *
 * <p>Stateless; reading allocates, the specs it returns are immutable.
 */
public final class GpuCatalog {

    private static final String RESOURCE = "/org/scalebench/training/llm/gpus.csv";
    private static final List<String> PARAMETERS = List.of("device", "peak_dense_fp16_tflops",
            "peak_dense_bf16_tflops", "hbm_capacity_gib", "hbm_bandwidth_gbps", "sms", "mamf_tflops", "gemm_tile_m",
            "gemm_tile_n");

    /** Parameters that count things (streaming multiprocessors, tile rows and columns). */
    private static final Set<String> WHOLE = Set.of("sms", "gemm_tile_m", "gemm_tile_n");
    /**
     * The largest value of each number: bounds of plausibility far above any GPU built (the built-in table's
     * largest values are hundreds to a few thousand), so that times and sizes derived from them stay finite and
     * exact; a value beyond one is a typing error, not a GPU.
     */
    private static final Map<String, Double> MAX = Map.of("peak_dense_fp16_tflops", 1e6, "peak_dense_bf16_tflops",
            1e6, "hbm_capacity_gib", 1e6, "hbm_bandwidth_gbps", 1e7, "sms", 1e6, "mamf_tflops", 1e6, "gemm_tile_m",
            65536.0, "gemm_tile_n", 65536.0);

    private GpuCatalog() {
    }

    private static final class BuiltIn {
        static final Map<String, GpuSpec> ALL = readAll(DataTable.resource(GpuCatalog.class, RESOURCE));
    }

    /**
     * The built-in GPU names.
     *
     * @return the names
     */
    public static List<String> builtInNames() {
        return new ArrayList<>(BuiltIn.ALL.keySet());
    }

    /**
     * A built-in GPU type, or the single type of a CSV file.
     *
     * @param nameOrFile a built-in name or a path
     * @return the spec
     * @throws IllegalArgumentException naming the value and the built-in names
     */
    public static GpuSpec resolve(final String nameOrFile) {
        if (ItemRows.readsFile("gpu", nameOrFile, BuiltIn.ALL.keySet())) {
            final Path path = Path.of(nameOrFile);
            return ItemRows.only(path.toString(), "GPUs", readAll(DataTable.read(path)));
        }
        return ItemRows.builtIn(BuiltIn.ALL, "gpu", nameOrFile);
    }

    /**
     * The built-in GPU type of a cluster: the one whose device is the cluster's.
     *
     * @param cluster the cluster
     * @return the spec
     * @throws IllegalArgumentException when no built-in type matches (name one with {@code --gpu})
     */
    public static GpuSpec forCluster(final Cluster cluster) {
        for (final GpuSpec spec : BuiltIn.ALL.values()) {
            if (spec.device().equalsIgnoreCase(cluster.device())) {
                return spec;
            }
        }
        throw new IllegalArgumentException("cluster " + cluster.name() + " has device " + cluster.device()
                + ", for which no GPU data is built in: give --gpu with one of "
                + String.join(", ", BuiltIn.ALL.keySet()) + " or a GPU CSV file");
    }

    /**
     * Reads every GPU type of a table.
     *
     * @param table the table
     * @return specs by name, in file order
     * @throws DataFileException naming the file and line of the first error
     */
    public static Map<String, GpuSpec> readAll(final DataTable table) {
        final Map<String, Map<String, DataTable.Row>> byGpu = ItemRows.group(table, "gpu", GpuCatalog::checkRow);
        final Map<String, GpuSpec> specs = new LinkedHashMap<>();
        byGpu.forEach((gpu, rows) -> {
            ItemRows.requireParameters(table.file(), "gpu", gpu, rows, PARAMETERS);
            final Map<String, String> sources = ItemRows.sources(rows);
            try {
                specs.put(gpu, new GpuSpec(gpu, rows.get("device").require("value"),
                        rows.get("peak_dense_fp16_tflops").number("value") * 1e12,
                        rows.get("peak_dense_bf16_tflops").number("value") * 1e12,
                        rows.get("hbm_capacity_gib").number("value") * (1L << 30),
                        rows.get("hbm_bandwidth_gbps").number("value") * 1e9,
                        (int) rows.get("sms").number("value"), rows.get("mamf_tflops").number("value") * 1e12,
                        (int) rows.get("gemm_tile_m").number("value"), (int) rows.get("gemm_tile_n").number("value"),
                        sources));
            } catch (final IllegalArgumentException e) {
                throw new DataFileException(table.file(), rows.get("device").line(), "gpu '" + gpu + "': "
                        + e.getMessage());
            }
        });
        return specs;
    }

    private static void checkRow(final String parameter, final DataTable.Row row) {
        row.require("value");
        row.require("source");
        if (!PARAMETERS.contains(parameter)) {
            throw row.error("parameter = '" + parameter + "': must be one of " + String.join(", ", PARAMETERS));
        }
        if (!parameter.equals("device")) {
            final double v = row.number("value");
            final double max = MAX.get(parameter);
            final boolean whole = WHOLE.contains(parameter);
            if (!(v > 0 && v <= max) || whole && v != Math.rint(v)) {
                throw row.error(parameter + " = " + TextLimits.quoted(row.require("value")) + ": must be "
                        + (whole ? "a whole number" : "a number") + " in (0, " + DataValues.format(max) + "]");
            }
        }
    }
}
