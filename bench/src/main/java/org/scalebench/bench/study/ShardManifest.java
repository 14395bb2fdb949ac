package org.scalebench.bench.study;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a shard directory holds ({@value #FILE}): the study and the exact command that defines it, the scalebench
 * version, commit and JDK that ran it, which shard it is, how many points the whole study has and the rows'
 * columns. {@code merge} accepts shards only when everything but the shard index agrees. Immutable.
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
 */
public record ShardManifest(String study, List<String> arguments, String version, String commit, String jdk,
        Shard shard, int points, List<String> columns) {

    /** The manifest's file name in a shard directory. */
    public static final String FILE = "shard.txt";
    /** The rows' file name in a shard directory. */
    public static final String ROWS = "shard.csv";

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
     */
    public ShardManifest {
        arguments = List.copyOf(arguments);
        columns = List.copyOf(columns);
    }

    /**
     * The manifest as text: {@code key: value} lines, one {@code argument:} line per argument.
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
        for (final String line : lines) {
            final int colon = line.indexOf(": ");
            if (line.isBlank()) {
                continue;
            }
            if (colon < 0) {
                throw new IllegalArgumentException(where + ": '" + line + "' is not a 'key: value' line");
            }
            final String key = line.substring(0, colon);
            final String value = line.substring(colon + 2);
            if (key.equals("argument")) {
                arguments.add(value);
            } else if (single.put(key, value) != null) {
                throw new IllegalArgumentException(where + ": " + key + " is given twice");
            }
        }
        for (final String key : List.of("study", "scalebench", "commit", "jdk", "shard", "points", "columns")) {
            if (!single.containsKey(key)) {
                throw new IllegalArgumentException(where + ": no '" + key + ":' line; not a scalebench shard manifest");
            }
        }
        final int points;
        try {
            points = Integer.parseInt(single.get("points"));
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException(where + ": points = '" + single.get("points") + "': not a number");
        }
        final Shard shard;
        try {
            shard = Shard.parse(single.get("shard"));
        } catch (final IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": " + e.getMessage());
        }
        return new ShardManifest(single.get("study"), arguments, single.get("scalebench"), single.get("commit"),
                single.get("jdk"), shard, points, List.of(single.get("columns").split(",", -1)));
    }

    /**
     * Why another shard cannot be merged with this one, if it cannot.
     *
     * @param other another shard's manifest
     * @return the first difference other than the shard index, or null when they belong together
     */
    public String differenceFrom(final ShardManifest other) {
        if (!study.equals(other.study)) {
            return "a different study (" + other.study + ", not " + study + ")";
        }
        if (!arguments.equals(other.arguments)) {
            return "a different command or seed (" + String.join(" ", other.arguments) + ", not "
                    + String.join(" ", arguments) + ")";
        }
        if (!version.equals(other.version)) {
            return "another scalebench version (" + other.version + ", not " + version + ")";
        }
        if (!commit.equals(other.commit)) {
            return "another commit (" + other.commit + ", not " + commit + ")";
        }
        if (shard.count() != other.shard.count()) {
            return "another shard count (" + other.shard.count() + ", not " + shard.count() + ")";
        }
        if (points != other.points || !columns.equals(other.columns)) {
            return "another set of points or columns";
        }
        return null;
    }
}
