package org.scalebench.core.data;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Tables that describe several named items one parameter a row, columns {@code ITEM,parameter,value,source}
 * (clusters, GPU types, transformer profiles): their rows grouped by item and by parameter, and what every such
 * catalog says when a table or a name is wrong:
 *
 * <pre>
 *   FILE:LINE: parameter 'P' of ITEM 'NAME' given twice
 *   FILE: holds no ITEM rows
 *   FILE: ITEM 'NAME' has no 'P' row: every ITEM needs A, B, C
 *   FILE: holds 2 PLURAL [a, b]: must hold exactly one
 *   ITEM = 'NAME': must be one of A, B or a CSV file
 * </pre>
 * The catalog checks each row's parameter and value itself (which parameters exist, their ranges) and builds its
 * items from the groups.
 *
 * <p>Load-time code. Stateless; allocates the maps it returns. Thread-safe.
 */
public final class ItemRows {

    private ItemRows() {
    }

    /**
     * The rows of a table by item, then by parameter, both lower case, in file order.
     *
     * @param table the table, with columns {@code ITEM}, {@code parameter}, {@code value} and {@code source}
     * @param item the item column, also the item's name in messages ({@code cluster}, {@code gpu}, {@code model})
     * @param checkRow checks a row, given its parameter in lower case, before it is grouped (throws
     *     {@link DataFileException} through {@link DataTable.Row#error})
     * @return rows by item and parameter
     * @throws DataFileException for a missing column, an empty item or parameter, a parameter given twice for an
     *     item, or a table without rows
     */
    public static Map<String, Map<String, DataTable.Row>> group(final DataTable table, final String item,
            final BiConsumer<String, DataTable.Row> checkRow) {
        table.requireColumns(item, "parameter", "value", "source");
        final Map<String, Map<String, DataTable.Row>> byItem = new LinkedHashMap<>();
        for (final DataTable.Row row : table.rows()) {
            final String name = row.require(item).toLowerCase(Locale.ROOT);
            final String parameter = row.require("parameter").toLowerCase(Locale.ROOT);
            checkRow.accept(parameter, row);
            if (byItem.computeIfAbsent(name, k -> new LinkedHashMap<>()).put(parameter, row) != null) {
                throw row.error("parameter '" + parameter + "' of " + item + " " + TextLimits.quoted(name)
                        + " given twice");
            }
        }
        if (byItem.isEmpty()) {
            throw new DataFileException(table.file(), 0, "holds no " + item + " rows");
        }
        return byItem;
    }

    /**
     * Requires a row for every required parameter of an item.
     *
     * @param file the table's file
     * @param item the item column ({@code cluster})
     * @param name the item's name
     * @param rows its rows by parameter
     * @param required the parameters every item needs
     * @throws DataFileException naming the first one missing and all that are required
     */
    public static void requireParameters(final String file, final String item, final String name,
            final Map<String, DataTable.Row> rows, final List<String> required) {
        for (final String parameter : required) {
            if (!rows.containsKey(parameter)) {
                throw new DataFileException(file, 0, item + " " + TextLimits.quoted(name) + " has no '" + parameter
                        + "' row: every " + item + " needs " + String.join(", ", required));
            }
        }
    }

    /**
     * The source of each of an item's parameters.
     *
     * @param rows the item's rows by parameter
     * @return parameter to source, in the rows' order
     */
    public static Map<String, String> sources(final Map<String, DataTable.Row> rows) {
        final Map<String, String> sources = new LinkedHashMap<>();
        rows.forEach((parameter, row) -> sources.put(parameter, row.require("source")));
        return sources;
    }

    /**
     * The single item of a file that should hold one.
     *
     * @param file the file
     * @param plural the items' name in the plural ({@code clusters}, {@code GPUs})
     * @param items the file's items by name
     * @param <T> the item
     * @return the item
     * @throws DataFileException if the file holds none or several
     */
    public static <T> T only(final String file, final String plural, final Map<String, T> items) {
        if (items.size() != 1) {
            throw new DataFileException(file, 0, "holds " + items.size() + " " + plural + " " + items.keySet()
                    + ": must hold exactly one");
        }
        return items.values().iterator().next();
    }

    /**
     * A built-in item by name (case and surrounding blanks ignored).
     *
     * @param builtIns the built-in items by lower-case name
     * @param item what the name names ({@code cluster})
     * @param name the name as given
     * @param <T> the item
     * @return the item
     * @throws IllegalArgumentException {@code ITEM = 'NAME': must be one of A, B or a CSV file}
     */
    public static <T> T builtIn(final Map<String, T> builtIns, final String item, final String name) {
        final T found = builtIns.get(name.trim().toLowerCase(Locale.ROOT));
        if (found == null) {
            throw new IllegalArgumentException(item + " = " + TextLimits.quoted(name) + ": must be one of "
                    + String.join(", ", builtIns.keySet()) + " or a CSV file");
        }
        return found;
    }

    /**
     * Whether a NAME|FILE value is to be read as a file: it names an existing regular file. A value that is also a
     * built-in name is ambiguous (a stray file, one an earlier {@code --out} wrote, would silently replace the
     * built-in) and is refused; {@code ./NAME} reads the file.
     *
     * @param item the item, for the message ({@code model}, {@code cluster}, {@code gpu}, {@code system})
     * @param nameOrFile the value as given
     * @param builtIn the built-in names
     * @return true to read the file, false for a built-in name
     * @throws IllegalArgumentException when the value is both a built-in name and a file
     */
    public static boolean readsFile(final String item, final String nameOrFile, final Collection<String> builtIn) {
        final Path path;
        try {
            path = Path.of(nameOrFile);
        } catch (final InvalidPathException notAPath) {
            return false;
        }
        final boolean file = Files.isRegularFile(path);
        final boolean named = builtIn.contains(nameOrFile.strip().toLowerCase(Locale.ROOT));
        if (file && named) {
            throw new IllegalArgumentException(item + " = " + TextLimits.quoted(nameOrFile) + ": names both the built-in "
                    + item + " and a file in the working directory; give ./" + nameOrFile + " to read the file, or move"
                    + " the file to use the built-in");
        }
        if (!file && !named && (looksLikeAPath(nameOrFile) || Files.exists(path))) {
            // a path the user meant as a file: say what is wrong with it rather than list the built-in names alone
            final String why = Files.isDirectory(path) ? "is a directory, expected a CSV file"
                    : Files.exists(path) ? "is not a regular file" : "no such file";
            throw new IllegalArgumentException(item + " = " + TextLimits.quoted(nameOrFile) + ": " + why
                    + " (or give a built-in name: " + String.join(", ", builtIn) + ")");
        }
        return file;
    }

    /** A value with a directory separator or a file extension names a file, never a built-in. */
    private static boolean looksLikeAPath(final String value) {
        final String v = value.strip();
        final int slash = Math.max(v.lastIndexOf('/'), v.lastIndexOf(java.io.File.separatorChar));
        final int dot = v.lastIndexOf('.');
        return slash >= 0 || (dot > 0 && dot < v.length() - 1 && Character.isLetter(v.charAt(dot + 1)));
    }
}
