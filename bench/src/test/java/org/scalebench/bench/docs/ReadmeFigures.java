package org.scalebench.bench.docs;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.scalebench.core.data.DataTable;

/**
 * Ties figures written in a Markdown file to cells of result files. A figure is a number as printed in a piece of
 * text; its value is an expression over the results:
 *
 * <pre>
 *   expression  term (('+' | '-') term)*
 *   term        factor (('*' | '/') factor)*
 *   factor      number | '(' expression ')' | '-' factor | cell | aggregate
 *   cell        FILE '[' selector ']' '.' COLUMN ['#' N]      the first row that matches, its column
 *               FILE ':' LINE '#' N                           the N-th number on a line of any text file
 *   aggregate   ('min' | 'max' | 'count') '(' FILE '[' selector ']' ['.' COLUMN] ')'
 *   selector    condition ('&amp;' condition)*;  condition: COLUMN '=' VALUE, COLUMN '!=' VALUE or COLUMN '~' TEXT
 * </pre>
 *
 * A cell's {@code #N} takes the N-th number of the cell's text (1-based), for cells such as
 * {@code "+3.3% (crossover N = 1024)"}. {@code =} compares numbers as numbers when both sides are numbers
 * ({@code outside=0.01} matches {@code 0.0100000}), text otherwise; {@code ~} tests that the cell contains the text.
 * A printed figure agrees with its value when they differ by at most half a unit of the figure's last printed
 * digit, or half the given rounding.
 */
final class ReadmeFigures {

    /** A number as printed in prose: not part of a word ({@code chip1024}, {@code log2}) or a compound ({@code 2-core}). */
    static final Pattern PRINTED = Pattern.compile(
            "(?<![\\w.\\-/])[-+]?(?:\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.\\d+)?(?![\\d.]?[A-Za-wyz_\\d])(?!-[A-Za-z])");

    /**
     * A figure inside a tied text: as {@link #PRINTED}, or the second end of a range ({@code 5.9-6.4%},
     * {@code 1.30x-1.33x}).
     */
    static final Pattern IN_TEXT = Pattern.compile("(?:(?<![\\w.\\-/])[-+]?|(?<=[\\d%x]-))"
            + "(?:\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.\\d+)?(?![\\d.]?[A-Za-wyz_\\d])(?!-[A-Za-z])");

    /** Any number in a result file's cell or line. */
    private static final Pattern ANY = Pattern.compile(
            "(?<![\\w.])[-+]?(?:\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.\\d+)?(?:[eE][-+]?\\d+)?"
                    + "|(?:\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.\\d+)?(?:[eE][-+]?\\d+)?");

    private final Path results;

    /**
     * Evaluates over the files of one directory.
     *
     * @param results the directory, e.g. {@code bench/results}
     */
    ReadmeFigures(final Path results) {
        this.results = results;
    }

    /** The section of the README whose every number must be tied to a result file. */
    static final String RESULTS_SECTION = "## Results at a glance";

    /**
     * Checks a README against its figures: every row's text occurs once, its figure (the first number of the text
     * printed that way) agrees with its value, and every
     * number of the results section (tables: the columns of scalebench's figures and gaps, the third and fourth;
     * prose: every line) is the figure of some row.
     *
     * @param readme the README's text
     * @param figures rows of {@code text,figure,value[,rounding]}
     * @return one line per problem, with the README's line number or the figures file's line; empty when none
     */
    List<String> problems(final String readme, final DataTable figures) {
        final java.util.Set<Integer> covered = new java.util.HashSet<>();
        final List<String> problems = ties("README.md", readme, figures, figures.rows(), covered);
        addUntied(readme, figures, covered, problems);
        return problems;
    }

    /**
     * Checks ties in one page: every row's text occurs once in the page, and its figure (the first number of the text
     * printed that way) agrees with its value.
     *
     * @param page the page's name for messages, e.g. {@code docs/coherence.md}
     * @param text the page's text
     * @param figures the figures file, for messages
     * @param rows its rows for this page, columns {@code text,figure,value[,rounding]}
     * @param covered receives the offset in the page of each tied figure
     * @return one line per problem; empty when none
     */
    List<String> ties(final String page, final String text, final DataTable figures, final List<DataTable.Row> rows,
            final java.util.Set<Integer> covered) {
        final List<String> problems = new ArrayList<>();
        for (final DataTable.Row row : rows) {
            final String where = figures.file() + ":" + row.line();
            final String quoted = row.require("text");
            final String figure = row.require("figure");
            final int at = text.indexOf(quoted);
            if (at < 0 || text.indexOf(quoted, at + 1) >= 0) {
                problems.add(where + ": '" + quoted + "' must occur exactly once in " + page);
                continue;
            }
            int inText = -1;
            final Matcher printed = IN_TEXT.matcher(quoted);
            while (inText < 0 && printed.find()) {
                inText = printed.group().equals(figure) ? printed.start() : -1;
            }
            if (inText < 0) {
                problems.add(where + ": figure '" + figure + "' is not in '" + quoted + "'");
                continue;
            }
            covered.add(at + inText);
            final double value;
            try {
                value = evaluate(row.require("value"));
            } catch (final IllegalArgumentException e) {
                problems.add(where + ": " + e.getMessage());
                continue;
            }
            final String rounding = row.get("rounding");
            if (!agrees(figure, value, rounding == null || rounding.isBlank() ? 0 : Double.parseDouble(rounding))) {
                problems.add(page + ":" + lineOf(text, at) + ": '" + quoted + "' says " + figure + ", "
                        + row.require("value") + " gives " + value);
            }
        }
        return problems;
    }

    /** Adds a problem for every number of the README's results section that no row ties. */
    private static void addUntied(final String readme, final DataTable figures, final java.util.Set<Integer> covered,
            final List<String> problems) {
        final int start = readme.indexOf("\n" + RESULTS_SECTION + "\n");
        if (start < 0) {
            problems.add("README.md: no section '" + RESULTS_SECTION + "'");
            return;
        }
        final int end = readme.indexOf("\n## ", start + 1);
        int lineStart = start + 1;
        int tableLine = 0;
        while (lineStart < (end < 0 ? readme.length() : end)) {
            final int lineEnd = readme.indexOf('\n', lineStart) < 0 ? readme.length() : readme.indexOf('\n', lineStart);
            final String line = readme.substring(lineStart, lineEnd);
            tableLine = line.startsWith("|") ? tableLine + 1 : 0;
            int from = 0;
            int to = line.startsWith("#") || tableLine == 1 || tableLine == 2 ? 0 : line.length();
            if (tableLine > 2) {
                final int[] bars = new int[6];
                int found = 0;
                for (int i = 0; i < line.length() && found < bars.length; i++) {
                    if (line.charAt(i) == '|') {
                        bars[found++] = i;
                    }
                }
                from = found >= 5 ? bars[2] : 0;
                to = found >= 5 ? bars[4] : line.length();
            }
            final Matcher m = PRINTED.matcher(line);
            m.region(from, to);
            while (m.find()) {
                if (!covered.contains(lineStart + m.start())) {
                    problems.add("README.md:" + lineOf(readme, lineStart) + ": '" + m.group()
                            + "' is tied to no result file (add a row to " + figures.file() + ")");
                }
            }
            lineStart = lineEnd + 1;
        }
    }

    private static int lineOf(final String text, final int offset) {
        int line = 1;
        for (int i = 0; i < offset; i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    /**
     * The value of an expression.
     *
     * @param expression the expression
     * @return its value
     * @throws IllegalArgumentException naming what could not be read or found
     */
    double evaluate(final String expression) {
        final Parser p = new Parser(expression.strip());
        final double value = p.expression();
        if (p.at < p.text.length()) {
            throw new IllegalArgumentException("'" + expression + "': unexpected '" + p.text.substring(p.at) + "'");
        }
        return value;
    }

    /**
     * Whether a printed figure agrees with a value.
     *
     * @param printed e.g. {@code 2.24}, {@code -12.0}, {@code 1,048,576}
     * @param value the value of its expression
     * @param rounding the printed figure's rounding, or 0 for that of its last digit
     * @return true when they differ by at most half a unit of the printed precision
     */
    static boolean agrees(final String printed, final double value, final double rounding) {
        final String plain = printed.replace(",", "").replace("+", "");
        final int point = plain.indexOf('.');
        final double unit = rounding > 0 ? rounding : point < 0 ? 1 : Math.pow(10, -(plain.length() - point - 1));
        return Math.abs(Double.parseDouble(plain) - value) <= unit / 2 * (1 + 1e-9);
    }

    /**
     * The numbers of a text, in order.
     *
     * @param text any text
     * @return the numbers, commas removed
     */
    static List<Double> numbers(final String text) {
        final List<Double> found = new ArrayList<>();
        final Matcher m = ANY.matcher(text);
        while (m.find()) {
            found.add(Double.parseDouble(m.group().replace(",", "").replace("+", "")));
        }
        return found;
    }

    private DataTable table(final String file) {
        try (Reader in = Files.newBufferedReader(results.resolve(file))) {
            return DataTable.read(file, in);
        } catch (final IOException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    private List<DataTable.Row> select(final String file, final String selector) {
        final DataTable table = table(file);
        final List<DataTable.Row> rows = new ArrayList<>();
        for (final DataTable.Row row : table.rows()) {
            boolean all = true;
            for (final String condition : selector.split("&")) {
                all &= matches(table, row, condition.strip());
            }
            if (all) {
                rows.add(row);
            }
        }
        if (rows.isEmpty()) {
            throw new IllegalArgumentException(file + "[" + selector + "]: no row matches");
        }
        return rows;
    }

    private static boolean matches(final DataTable table, final DataTable.Row row, final String condition) {
        final Matcher m = Pattern.compile("([\\w.]+)(!=|=|~)(.*)").matcher(condition);
        if (!m.matches() || !table.columns().contains(m.group(1))) {
            throw new IllegalArgumentException(table.file() + ": condition '" + condition + "' must name a column of "
                    + table.columns());
        }
        final String cell = row.get(m.group(1));
        final String wanted = m.group(3);
        return switch (m.group(2)) {
            case "~" -> cell.toLowerCase(Locale.ROOT).contains(wanted.toLowerCase(Locale.ROOT));
            case "=" -> same(cell, wanted);
            default -> !same(cell, wanted);
        };
    }

    private static boolean same(final String cell, final String wanted) {
        try {
            return Double.parseDouble(cell) == Double.parseDouble(wanted);
        } catch (final NumberFormatException notNumbers) {
            return cell.equals(wanted);
        }
    }

    private static double cellValue(final DataTable.Row row, final String column, final int nth, final String what) {
        if (row.get(column) == null) {
            throw new IllegalArgumentException(what + ": no column '" + column + "'");
        }
        if (nth == 0) {
            return Double.parseDouble(row.get(column));
        }
        final List<Double> found = numbers(row.get(column));
        if (nth > found.size()) {
            throw new IllegalArgumentException(what + ": '" + row.get(column) + "' has " + found.size() + " numbers");
        }
        return found.get(nth - 1);
    }

    /** A recursive-descent parser of the grammar in the class comment. */
    private final class Parser {
        private final String text;
        private int at;

        Parser(final String text) {
            this.text = text;
        }

        double expression() {
            double value = term();
            while (true) {
                skip();
                if (eat('+')) {
                    value += term();
                } else if (eat('-')) {
                    value -= term();
                } else {
                    return value;
                }
            }
        }

        private double term() {
            double value = factor();
            while (true) {
                skip();
                if (eat('*')) {
                    value *= factor();
                } else if (eat('/')) {
                    value /= factor();
                } else {
                    return value;
                }
            }
        }

        private double factor() {
            skip();
            if (eat('(')) {
                final double value = expression();
                expect(')');
                return value;
            }
            if (eat('-')) {
                return -factor();
            }
            if (at < text.length() && Character.isDigit(text.charAt(at))) {
                final int start = at;
                while (at < text.length() && (Character.isDigit(text.charAt(at)) || text.charAt(at) == '.')) {
                    at++;
                }
                return Double.parseDouble(text.substring(start, at));
            }
            final int start = at;
            while (at < text.length() && "[(:".indexOf(text.charAt(at)) < 0 && !Character.isWhitespace(text.charAt(at))) {
                at++;
            }
            final String name = text.substring(start, at);
            if (eat('(')) {
                return aggregate(name);
            }
            if (eat(':')) {
                final int line = (int) integer();
                expect('#');
                return nthOnLine(name, line, (int) integer());
            }
            expect('[');
            final String selector = until(']');
            expect('.');
            final String column = word();
            final int nth = eat('#') ? (int) integer() : 0;
            final String what = name + "[" + selector + "]." + column;
            return cellValue(select(name, selector).get(0), column, nth, what);
        }

        private double aggregate(final String function) {
            final int start = at;
            while (at < text.length() && text.charAt(at) != '[') {
                at++;
            }
            final String file = text.substring(start, at);
            expect('[');
            final String selector = until(']');
            final List<DataTable.Row> rows = select(file, selector);
            final String column = eat('.') ? word() : null;
            expect(')');
            if (function.equals("count")) {
                return rows.size();
            }
            if (column == null || !(function.equals("min") || function.equals("max"))) {
                throw new IllegalArgumentException("'" + function + "(...)': use min(...COLUMN), max(...COLUMN) or "
                        + "count(...)");
            }
            double result = function.equals("min") ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
            for (final DataTable.Row row : rows) {
                final double v = cellValue(row, column, 0, file + "[" + selector + "]." + column);
                result = function.equals("min") ? Math.min(result, v) : Math.max(result, v);
            }
            return result;
        }

        private double nthOnLine(final String file, final int line, final int nth) {
            final List<String> lines;
            try {
                lines = Files.readAllLines(results.resolve(file));
            } catch (final IOException e) {
                throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
            }
            if (line < 1 || line > lines.size()) {
                throw new IllegalArgumentException(file + ":" + line + ": no such line");
            }
            final List<Double> found = numbers(lines.get(line - 1));
            if (nth < 1 || nth > found.size()) {
                throw new IllegalArgumentException(file + ":" + line + ": has " + found.size() + " numbers, not #" + nth);
            }
            return found.get(nth - 1);
        }

        private String until(final char close) {
            final int end = text.indexOf(close, at);
            if (end < 0) {
                throw new IllegalArgumentException("'" + text + "': no '" + close + "'");
            }
            final String inside = text.substring(at, end);
            at = end + 1;
            return inside;
        }

        private String word() {
            final int start = at;
            while (at < text.length() && (Character.isLetterOrDigit(text.charAt(at)) || text.charAt(at) == '_')) {
                at++;
            }
            return text.substring(start, at);
        }

        private double integer() {
            final int start = at;
            while (at < text.length() && Character.isDigit(text.charAt(at))) {
                at++;
            }
            if (start == at) {
                throw new IllegalArgumentException("'" + text + "': a number expected at " + start);
            }
            return Double.parseDouble(text.substring(start, at));
        }

        private void skip() {
            while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
                at++;
            }
        }

        private boolean eat(final char c) {
            skip();
            if (at < text.length() && text.charAt(at) == c) {
                at++;
                return true;
            }
            return false;
        }

        private void expect(final char c) {
            if (!eat(c)) {
                throw new IllegalArgumentException("'" + text + "': '" + c + "' expected at " + at);
            }
        }
    }
}
