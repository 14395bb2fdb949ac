package org.scalebench.bench.study;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.scalebench.core.data.TextLimits;

/**
 * What a shard directory holds ({@value #FILE}): the study and the exact command that defines it, the scalebench
 * version, commit and JDK that ran it, which shard it is, how many points the whole study has, the rows' columns,
 * how many rows {@value #ROWS} holds and its SHA-256 digest, and every input file the study read with its
 * SHA-256 digest. {@code merge} accepts shards only when everything but the shard index, the rows and their digest
 * agrees, and only when each {@value #ROWS} still has the rows and digest its manifest records. Immutable.
 *
 * @param study the study's name, e.g. {@code coherence sweep}
 * @param arguments the command's arguments without {@code --shard}, {@code --jobs} and {@code --out}: the study's
 *     definition (seed included)
 * @param version scalebench's version
 * @param commit the git commit, or {@code unknown}
 * @param jdk the JDK that ran the shard
 * @param shard which shard
 * @param points how many points the whole study has
 * @param columns the rows' columns
 * @param rows how many rows {@value #ROWS} holds
 * @param rowsDigest the SHA-256 of {@value #ROWS}, hexadecimal
 * @param inputs every input file the study read, with its SHA-256, sorted by path
 */
public record ShardManifest(String study, List<String> arguments, String version, String commit, String jdk,
        Shard shard, int points, List<String> columns, long rows, String rowsDigest, List<Input> inputs) {

    /** The manifest's file name in a shard directory. */
    public static final String FILE = "shard.txt";
    /** The rows' file name in a shard directory. */
    public static final String ROWS = "shard.csv";

    /**
     * An input file a study read. Immutable.
     *
     * @param path the file, absolute
     * @param sha256 its SHA-256 when the shard ran, hexadecimal
     */
    public record Input(String path, String sha256) {
    }

    /**
     * Copies the lists.
     *
     * @param study the study's name
     * @param arguments the defining arguments
     * @param version scalebench's version
     * @param commit the git commit
     * @param jdk the JDK
     * @param shard which shard
     * @param points how many points the study has
     * @param columns the rows' columns
     * @param rows how many rows the shard holds
     * @param rowsDigest the rows file's SHA-256
     * @param inputs the input files read
     */
    public ShardManifest {
        arguments = List.copyOf(arguments);
        columns = List.copyOf(columns);
        inputs = List.copyOf(inputs);
    }

    /**
     * This manifest for a shard's rows: the same study and shard with their row count and digest.
     *
     * @param count rows in the rows file
     * @param digest the rows file's SHA-256
     * @return the manifest
     */
    public ShardManifest withRows(final long count, final String digest) {
        return new ShardManifest(study, arguments, version, commit, jdk, shard, points, columns, count, digest, inputs);
    }

    /**
     * The manifest as text: {@code key: value} lines, one {@code argument:} line per argument and one
     * {@code input: SHA256 PATH} line per input file.
     *
     * @return the lines
     */
    public List<String> lines() {
        final List<String> lines = new ArrayList<>();
        lines.add("study: " + study);
        arguments.forEach(a -> lines.add("argument: " + a));
        lines.add("scalebench: " + version);
        lines.add("commit: " + commit);
        lines.add("jdk: " + jdk);
        lines.add("shard: " + shard);
        lines.add("points: " + points);
        lines.add("columns: " + String.join(",", columns));
        lines.add("rows: " + rows);
        lines.add("rows-sha256: " + rowsDigest);
        inputs.forEach(i -> lines.add("input: " + i.sha256() + " " + i.path()));
        return lines;
    }

    /**
     * Parses a manifest.
     *
     * @param where the file, for messages
     * @param lines its lines
     * @return the manifest
     * @throws IllegalArgumentException naming the file when a key is missing or malformed
     */
    public static ShardManifest parse(final String where, final List<String> lines) {
        final Map<String, String> single = new LinkedHashMap<>();
        final List<String> arguments = new ArrayList<>();
        final List<Input> inputs = new ArrayList<>();
        int number = 0;
        for (final String line : lines) {
            number++;
            final int colon = line.indexOf(": ");
            if (line.isBlank()) {
                continue;
            }
            if (colon < 0) {
                throw new IllegalArgumentException(where + ":" + number + ": " + TextLimits.quoted(line)
                        + " is not a 'key: value' line");
            }
            final String key = line.substring(0, colon);
            final String value = line.substring(colon + 2);
            if (key.equals("argument")) {
                arguments.add(value);
            } else if (key.equals("input")) {
                final int space = value.indexOf(' ');
                if (space != 64 || !value.substring(0, 64).matches("[0-9a-f]{64}")) {
                    throw new IllegalArgumentException(where + ":" + number + ": input " + TextLimits.quoted(value)
                            + ": must be a SHA-256 (64 hexadecimal digits) and a path");
                }
                inputs.add(new Input(value.substring(space + 1), value.substring(0, space)));
            } else if (single.put(key, value) != null) {
                throw new IllegalArgumentException(where + ":" + number + ": " + TextLimits.quoted(key)
                        + " is given twice");
            }
        }
        for (final String key : List.of("study", "scalebench", "commit", "jdk", "shard", "points", "columns", "rows",
                "rows-sha256")) {
            if (!single.containsKey(key)) {
                throw new IllegalArgumentException(where + ": no '" + key + ":' line; not a shard manifest of this "
                        + "scalebench (rerun the shard with it)");
            }
        }
        final int points;
        final long rows;
        try {
            points = Integer.parseInt(single.get("points"));
            rows = Long.parseLong(single.get("rows"));
            if (points < 1 || rows < 0) {
                throw new NumberFormatException();
            }
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException(where + ": points = " + TextLimits.quoted(single.get("points"))
                    + ", rows = " + TextLimits.quoted(single.get("rows")) + ": must be counts");
        }
        final Shard shard;
        try {
            shard = Shard.parse(single.get("shard"));
        } catch (final IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": " + e.getMessage());
        }
        return new ShardManifest(single.get("study"), arguments, single.get("scalebench"), single.get("commit"),
                single.get("jdk"), shard, points, List.of(single.get("columns").split(",", -1)), rows,
                single.get("rows-sha256"), inputs);
    }

    /**
     * Why another shard cannot be merged with this one, if it cannot.
     *
     * @param other another shard's manifest
     * @return the first difference other than the shard index and the rows, or null when they belong together
     */
    public String differenceFrom(final ShardManifest other) {
        if (!study.equals(other.study)) {
            return "a different study (" + TextLimits.quoted(other.study) + ", not " + TextLimits.quoted(study) + ")";
        }
        if (!arguments.equals(other.arguments)) {
            return "a different command or seed (" + TextLimits.quoted(String.join(" ", other.arguments)) + ", not "
                    + TextLimits.quoted(String.join(" ", arguments)) + ")";
        }
        if (!version.equals(other.version)) {
            return "another scalebench version (" + TextLimits.quoted(other.version) + ", not "
                    + TextLimits.quoted(version) + ")";
        }
        if (!commit.equals(other.commit)) {
            return "another commit (" + TextLimits.quoted(other.commit) + ", not " + TextLimits.quoted(commit) + ")";
        }
        if (shard.count() != other.shard.count()) {
            return "another shard count (" + other.shard.count() + ", not " + shard.count() + ")";
        }
        if (points != other.points || !columns.equals(other.columns)) {
            return "another set of points or columns";
        }
        if (!inputs.equals(other.inputs)) {
            return "other input files or other contents of them (" + inputDifference(inputs, other.inputs) + ")";
        }
        return null;
    }

    /**
     * The first input file that differs between two lists, for a message.
     *
     * @param mine one list
     * @param theirs another
     * @return e.g. {@code 'model.csv' has SHA-256 0a1b..., not 9f8e...}
     */
    public static String inputDifference(final List<Input> mine, final List<Input> theirs) {
        final Map<String, String> byPath = new LinkedHashMap<>();
        mine.forEach(i -> byPath.put(i.path(), i.sha256()));
        for (final Input i : theirs) {
            final String digest = byPath.remove(i.path());
            if (digest == null) {
                return TextLimits.quoted(i.path()) + " read by one only";
            }
            if (!digest.equals(i.sha256())) {
                return TextLimits.quoted(i.path()) + " has SHA-256 " + i.sha256().substring(0, 12) + "..., not "
                        + digest.substring(0, 12) + "...";
            }
        }
        return byPath.isEmpty() ? "none" : TextLimits.quoted(byPath.keySet().iterator().next()) + " read by one only";
    }
}
