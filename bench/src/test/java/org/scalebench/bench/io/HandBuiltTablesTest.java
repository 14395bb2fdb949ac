package org.scalebench.bench.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.scalebench.core.testing.ClassFiles;

/**
 * Every Markdown table in main code is rendered by {@link Table}: no string literal in any module's main sources
 * (outside {@code Table.java}) begins a table row ({@code "| "}, also after a {@code \n} in the literal or on a
 * text-block line) or holds an alignment line ({@code |---}, {@code ---|}, {@code ---:|}). Comments and character
 * literals are skipped, so a table drawn in javadoc or a {@code '|'} separator is not a finding. The scanner is
 * shown to find planted rows.
 */
class HandBuiltTablesTest {

    /** A row begun by hand, or an alignment line, in one line of a literal (escapes left as written). */
    private static final Pattern TABLE_TEXT = Pattern.compile("^\\|[ :-]|\\|---|---:?\\|");

    @Test
    void noMainSourceBuildsAMarkdownTableByHand() throws IOException {
        final Path root = ClassFiles.classesOf(Table.class).getParent().getParent().getParent();
        final Path table = root.resolve("bench/src/main/java/org/scalebench/bench/io/Table.java");
        final List<Path> modules = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(root)) {
            dirs.filter(d -> Files.isDirectory(d.resolve("src/main/java"))).sorted().forEach(modules::add);
        }
        assertEquals(List.of("bench", "coherence", "core", "training"),
                modules.stream().map(m -> m.getFileName().toString()).toList(), "modules scanned under " + root);
        final List<String> findings = new ArrayList<>();
        int files = 0;
        for (final Path module : modules) {
            final List<Path> sources;
            try (Stream<Path> walk = Files.walk(module.resolve("src/main/java"))) {
                sources = walk.filter(f -> f.toString().endsWith(".java")).sorted().toList();
            }
            for (final Path f : sources) {
                files++;
                if (!f.equals(table)) {
                    findings.addAll(handBuiltRows(root.relativize(f).toString(), Files.readString(f)));
                }
            }
        }
        assertTrue(files > 100 && Files.isRegularFile(table), files + " main sources found under " + root);
        assertEquals(List.of(), findings, "render Markdown tables with io/Table (new Table(...).row(...).markdown())");
    }

    @Test
    void plantedRowsAreFoundWithTheirLines() {
        final String source = """
                class Planted {
                    String header = "| model | GPUs |";
                    String alignment = "|---|---:|";
                    String afterBreak = " |\\n| next row";
                    String format = String.format("%s ---:| %s", 1, 2);
                    String block = \"""
                            intro
                            | a | b |
                            \""";
                }
                """;
        assertEquals(List.of("P.java:2: \"| model | GPUs |\"", "P.java:3: \"|---|---:|\"",
                "P.java:4: \" |\\n| next row\"", "P.java:5: \"%s ---:| %s\"", "P.java:8: | a | b |"),
                handBuiltRows("P.java", source));
    }

    @Test
    void commentsCharactersAndOtherBarsAreNotTables() {
        final String source = """
                /** A table in javadoc:
                 * | a | b |
                 * |---|---|
                 */
                class Clean {
                    // "| not code |"
                    char bar = '|';
                    char quote = '"';
                    String key = table + "|" + row;
                    String message = "mean |error| <= 10%";
                    String escaped = "say \\"| quoted\\" here";
                    /* "|---|" */
                }
                """;
        assertEquals(List.of(), handBuiltRows("C.java", source));
    }

    /**
     * The string literals of a Java source that build a Markdown table by hand.
     *
     * @param file the file's name, for the findings
     * @param source the source text
     * @return in source order, "file:line: literal" per string literal, "file:line: text" per text-block line
     */
    static List<String> handBuiltRows(final String file, final String source) {
        final List<String> findings = new ArrayList<>();
        int line = 1;
        int i = 0;
        while (i < source.length()) {
            final char c = source.charAt(i);
            final int end;
            if (source.startsWith("//", i)) {
                end = lineEnd(source, i);
            } else if (source.startsWith("/*", i)) {
                end = source.indexOf("*/", i + 2) + 2;
            } else if (source.startsWith("\"\"\"", i)) {
                end = source.indexOf("\"\"\"", i + 3) + 3;
                final List<String> lines = source.substring(i, Math.max(i, end - 3)).lines().toList();
                for (int l = 1; l < lines.size(); l++) {
                    if (TABLE_TEXT.matcher(lines.get(l).strip()).find()) {
                        findings.add(file + ":" + (line + l) + ": " + lines.get(l).strip());
                    }
                }
            } else if (c == '"' || c == '\'') {
                end = literalEnd(source, i);
                final String text = source.substring(i + 1, end - 1);
                if (c == '"' && Stream.of(text.split("\\\\n", -1)).anyMatch(l -> TABLE_TEXT.matcher(l).find())) {
                    findings.add(file + ":" + line + ": " + source.substring(i, end));
                }
            } else {
                end = i + 1;
            }
            if (end <= i) {
                throw new IllegalArgumentException(file + ":" + line + ": comment or literal never closed");
            }
            line += (int) source.substring(i, end).chars().filter(ch -> ch == '\n').count();
            i = end;
        }
        return findings;
    }

    private static int lineEnd(final String source, final int from) {
        final int newline = source.indexOf('\n', from);
        return newline < 0 ? source.length() : newline;
    }

    /** The index just past a string or character literal starting at {@code from} (escapes skipped). */
    private static int literalEnd(final String source, final int from) {
        final char quote = source.charAt(from);
        int i = from + 1;
        while (i < source.length() && source.charAt(i) != quote && source.charAt(i) != '\n') {
            i += source.charAt(i) == '\\' ? 2 : 1;
        }
        return i + 1;
    }
}
