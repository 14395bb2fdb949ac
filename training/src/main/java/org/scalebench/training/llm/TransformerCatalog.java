package org.scalebench.training.llm;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.scalebench.core.data.DataTable;
import org.scalebench.core.data.DataFileException;
import org.scalebench.core.data.ItemRows;
import org.scalebench.core.data.TextLimits;

/**
 * Reads transformer profiles from CSV files with columns {@code model,parameter,value,source}, one number per
 * row, every row with a non-empty source. Parameters: {@code layers}, {@code hidden}, {@code heads},
 * {@code seq_length}, {@code vocab} (required); {@code kv_heads} (default {@code heads}), {@code ffn_hidden}
 * (default {@code 4 * hidden}), {@code swiglu} ({@code 0} or {@code 1}, default 0). The built-in profiles
 * ({@code megatron-1.7b}, {@code megatron-22b}, {@code gpt3-175b}, {@code mt-nlg-530b}, {@code megatron-1t}, and
 * the other sizes of Narayanan et al.'s Table 1, {@code megatron-3.6b} to {@code megatron-310.1b}) live in the
 * resource {@code llm/transformers.csv}.
 *
 * <p>Stateless; reading allocates, the profiles it returns are immutable.
 */
public final class TransformerCatalog {

    private static final String RESOURCE = "/org/scalebench/training/llm/transformers.csv";
    private static final List<String> REQUIRED = List.of("layers", "hidden", "heads", "seq_length", "vocab");
    private static final List<String> OPTIONAL = List.of("kv_heads", "ffn_hidden", "swiglu");
    /** The default MLP width per hidden unit, as GPT and Megatron-LM use ({@code ffn_hidden = 4 hidden}). */
    private static final int DEFAULT_FFN_PER_HIDDEN = 4;
    /**
     * The largest value of each parameter: far beyond the built-in profiles (a few hundred layers at most, hidden
     * sizes of tens of thousands), and small enough that every derived size (4 x hidden, heads x head size,
     * tokens x hidden, bytes of a layer's activations) stays exact in its type.
     */
    private static final Map<String, Long> MAX = Map.of("layers", 1L << 16, "hidden", 1L << 20, "heads", 1L << 16,
            "kv_heads", 1L << 16, "ffn_hidden", 1L << 22, "swiglu", 1L, "seq_length", 1L << 20, "vocab", 1L << 24);

    private TransformerCatalog() {
    }

    private static final class BuiltIn {
        static final Map<String, TransformerProfile> ALL = readAll(DataTable.resource(TransformerCatalog.class, RESOURCE));
    }

    /**
     * The built-in profile names, smallest first.
     *
     * @return the names
     */
    public static List<String> builtInNames() {
        return new ArrayList<>(BuiltIn.ALL.keySet());
    }

    /**
     * A built-in profile.
     *
     * @param name e.g. {@code gpt3-175b}
     * @return the profile
     * @throws IllegalArgumentException naming the value and the built-in names
     */
    public static TransformerProfile builtIn(final String name) {
        return ItemRows.builtIn(BuiltIn.ALL, "model", name);
    }

    /**
     * A built-in profile by name, or the single profile of a CSV file.
     *
     * @param nameOrFile a built-in name or a path
     * @return the profile
     */
    public static TransformerProfile resolve(final String nameOrFile) {
        if (ItemRows.readsFile("model", nameOrFile, BuiltIn.ALL.keySet())) {
            final Path path = Path.of(nameOrFile);
            return ItemRows.only(path.toString(), "models", readAll(DataTable.read(path)));
        }
        return builtIn(nameOrFile);
    }

    /**
     * Reads every profile of a table.
     *
     * @param table the table
     * @return profiles by name, in file order
     * @throws DataFileException naming the file and line of the first error
     */
    public static Map<String, TransformerProfile> readAll(final DataTable table) {
        final Map<String, Map<String, DataTable.Row>> byModel = ItemRows.group(table, "model",
                TransformerCatalog::checkRow);
        final Map<String, TransformerProfile> profiles = new LinkedHashMap<>();
        byModel.forEach((model, rows) -> profiles.put(model, profile(table.file(), model, rows)));
        return profiles;
    }

    private static void checkRow(final String parameter, final DataTable.Row row) {
        row.require("source");
        if (!REQUIRED.contains(parameter) && !OPTIONAL.contains(parameter)) {
            throw row.error("parameter = " + TextLimits.quoted(parameter) + ": must be one of " + String.join(", ", REQUIRED)
                    + ", " + String.join(", ", OPTIONAL));
        }
        final double v = row.number("value");
        final boolean flag = parameter.equals("swiglu");
        final long max = MAX.get(parameter);
        if (flag ? v != 0 && v != 1 : v < 1 || v != Math.rint(v) || v > max) {
            throw row.error(parameter + " = " + TextLimits.quoted(row.require("value")) + ": must be "
                    + (flag ? "0 or 1" : "a whole number in [1, " + max + "]"));
        }
    }

    private static TransformerProfile profile(final String file, final String model,
            final Map<String, DataTable.Row> rows) {
        ItemRows.requireParameters(file, "model", model, rows, REQUIRED);
        final Map<String, String> sources = ItemRows.sources(rows);
        final int hidden = whole(rows, "hidden", 0);
        final int heads = whole(rows, "heads", 0);
        try {
            return new TransformerProfile(model, whole(rows, "layers", 0), hidden, heads,
                    whole(rows, "kv_heads", heads), whole(rows, "ffn_hidden", DEFAULT_FFN_PER_HIDDEN * hidden),
                    whole(rows, "swiglu", 0) == 1, whole(rows, "seq_length", 0), whole(rows, "vocab", 0), sources);
        } catch (final IllegalArgumentException e) {
            // the message names the parameter at fault ("heads = 7: must divide hidden = 4096"): point at its row
            final String message = String.valueOf(e.getMessage());
            final String parameter = message.contains(" = ") ? message.substring(0, message.indexOf(" = ")) : "";
            final DataTable.Row at = rows.getOrDefault(parameter, rows.get("layers"));
            throw new DataFileException(file, at.line(), "model " + TextLimits.quoted(model) + ": " + message);
        }
    }

    private static int whole(final Map<String, DataTable.Row> rows, final String parameter, final int fallback) {
        final DataTable.Row row = rows.get(parameter);
        return row == null ? fallback : (int) row.whole("value", Integer.MIN_VALUE, Integer.MAX_VALUE);
    }
}
