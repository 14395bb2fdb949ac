package org.scalebench.bench.perf;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.scalebench.core.data.TextLimits;

/**
 * The committed limits file ({@code bench/perf-limits.csv}): for a kernel's benchmark on one parameter
 * combination, the physical floor it is reported against (a method of a floor benchmark such as
 * {@code MemoryFloorBench} on its own parameters) and the ratio it aims at. The gate reports each row's
 * {@code kernel time / floor time} beside its verdicts; nothing here is gated.
 *
 * <p>File format: a header starting {@value #HEADER} (further columns such as {@code note} are ignored), then
 * one limit per line; blank lines and lines starting with {@code #} are comments. {@code target} is a number, or
 * {@code -} for a limit reported without a target. Every error names the file and line.
 *
 * <p>Wiring into the gate: measure {@link #floorRequests} with the gate's rounds (both sides in the same round,
 * as for a floor), then give every round's measurements to {@link #ratios}; report each {@link Ratio} in the
 * table and CSV (columns {@code floor}, {@code floor_ns}, {@code over_floor}, {@code target}) and as a Bencher
 * measure {@code over_floor} of the kernel's benchmark.
 */
public final class KernelLimits {

    /** The columns every limits file starts with, comma-separated. */
    public static final String HEADER = "benchmark,method,params,floor_benchmark,floor_method,floor_params,target";

    private static final List<String> COLUMNS = List.of(HEADER.split(","));

    /**
     * One row: a kernel's measurement and the floor it is reported against. Immutable.
     *
     * @param benchmark the kernel's benchmark class (simple name)
     * @param method the measured method, usually {@code kernel}
     * @param params its parameter combination
     * @param floorBenchmark the floor's benchmark class
     * @param floorMethod the floor's method
     * @param floorParams the floor's parameter combination
     * @param target the ratio aimed at (kernel time / floor time), or NaN for none
     * @param source where the row was read, {@code file:line}
     */
    public record Limit(String benchmark, String method, ParamSet params, String floorBenchmark, String floorMethod,
            ParamSet floorParams, double target, String source) {

        /**
         * The floor's name in reports.
         *
         * @return e.g. {@code MemoryFloorBench.dependent footprint=lineTable-16M}
         */
        public String floorLabel() {
            return floorBenchmark + "." + floorMethod + (floorParams.values().isEmpty() ? "" : " " + floorParams);
        }
    }

    /**
     * A kernel's time over its floor's, from measurements of the same round. Immutable.
     *
     * @param limit the limit row
     * @param kernelNs the kernel's time per operation
     * @param floorNs the floor's time per operation
     */
    public record Ratio(Limit limit, double kernelNs, double floorNs) {

        /**
         * Kernel time over floor time: 1 is the physical limit, below 1 the kernel beats one read of its footprint
         * (it overlaps or avoids reads).
         *
         * @return the ratio
         */
        public double overFloor() {
            return kernelNs / floorNs;
        }

        /**
         * Whether the ratio is at or under the row's target.
         *
         * @return true when met, or when the row has no target
         */
        public boolean meetsTarget() {
            return Double.isNaN(limit.target()) || overFloor() <= limit.target();
        }
    }

    private KernelLimits() {
    }

    /**
     * Reads a limits file.
     *
     * @param file the file
     * @return the limits, in file order
     * @throws IOException when it cannot be read
     * @throws IllegalArgumentException naming file and line when the content is malformed
     */
    public static List<Limit> read(final Path file) throws IOException {
        return parse(file.toString(), Files.readAllLines(file, StandardCharsets.UTF_8));
    }

    /**
     * Parses the lines of a limits file.
     *
     * @param fileName the name used in messages
     * @param lines the file's lines
     * @return the limits, in file order
     * @throws IllegalArgumentException naming file and line when the content is malformed
     */
    public static List<Limit> parse(final String fileName, final List<String> lines) {
        final List<Limit> limits = new ArrayList<>();
        boolean header = false;
        for (int i = 0; i < lines.size(); i++) {
            final String line = lines.get(i);
            final String at = fileName + ":" + (i + 1);
            if (line.isBlank() || line.stripLeading().startsWith("#")) {
                continue;
            }
            final List<String> cells = PerfFloors.cells(line, at);
            if (!header) {
                if (cells.size() < COLUMNS.size() || !cells.subList(0, COLUMNS.size()).equals(COLUMNS)) {
                    throw new IllegalArgumentException(at + ": header must start with " + HEADER + ", found "
                            + TextLimits.quoted(line.strip()));
                }
                header = true;
                continue;
            }
            if (cells.size() < COLUMNS.size()) {
                throw new IllegalArgumentException(at + ": " + cells.size() + " columns, expected at least "
                        + COLUMNS.size() + " (" + HEADER + ")");
            }
            final String targetText = cells.get(6);
            final double target;
            if (PerfFloor.NO_REFERENCE.equals(targetText)) {
                target = Double.NaN;
            } else {
                try {
                    target = Double.parseDouble(targetText);
                } catch (final NumberFormatException e) {
                    throw new IllegalArgumentException(at + ": target = " + TextLimits.quoted(targetText)
                            + ": not a number (or - for none)", e);
                }
                if (!(target > 0) || Double.isInfinite(target)) {
                    throw new IllegalArgumentException(at + ": target = " + targetText + ": must be a finite number > 0");
                }
            }
            try {
                limits.add(new Limit(nonBlank(cells.get(0), "benchmark", at), nonBlank(cells.get(1), "method", at),
                        ParamSet.parse(cells.get(2)), nonBlank(cells.get(3), "floor_benchmark", at),
                        nonBlank(cells.get(4), "floor_method", at), ParamSet.parse(cells.get(5)), target, at));
            } catch (final IllegalArgumentException e) {
                throw new IllegalArgumentException(e.getMessage().startsWith(at) ? e.getMessage()
                        : at + ": " + e.getMessage(), e);
            }
        }
        if (!header) {
            throw new IllegalArgumentException(fileName + ": no header; expected " + HEADER);
        }
        return limits;
    }

    /**
     * The invocations a gate round adds for the limits, checked against the catalog first: each floor method once
     * per parameter combination the limits name, then each kernel-side method other than {@code kernel} (the
     * floors' rounds measure {@code kernel} already; a limit may name another, such as a dependent variant).
     *
     * @param limits the limits
     * @param catalog the benchmark classes on the class path
     * @return the floors' invocations, then the other kernel-side ones
     * @throws IllegalArgumentException naming a row's file and line when a benchmark, method or parameter
     *     combination does not exist
     */
    public static List<RunRequest> floorRequests(final List<Limit> limits, final BenchmarkCatalog catalog) {
        final Map<String, Map<ParamSet, List<String>>> methods = new LinkedHashMap<>();
        for (final Limit limit : limits) {
            check(limit.source(), limit.benchmark(), limit.method(), limit.params(), catalog);
            check(limit.source(), limit.floorBenchmark(), limit.floorMethod(), limit.floorParams(), catalog);
            final List<String> names = methods.computeIfAbsent(limit.floorBenchmark(), k -> new LinkedHashMap<>())
                    .computeIfAbsent(limit.floorParams(), k -> new ArrayList<>());
            if (!names.contains(limit.floorMethod())) {
                names.add(limit.floorMethod());
            }
        }
        final Map<String, Map<ParamSet, List<String>>> kernelSide = new LinkedHashMap<>();
        for (final Limit limit : limits) {
            if (!limit.method().equals(BenchmarkClass.KERNEL)) {
                final List<String> names = kernelSide.computeIfAbsent(limit.benchmark(), k -> new LinkedHashMap<>())
                        .computeIfAbsent(limit.params(), k -> new ArrayList<>());
                if (!names.contains(limit.method())) {
                    names.add(limit.method());
                }
            }
        }
        final List<RunRequest> requests = new ArrayList<>();
        for (final Map<String, Map<ParamSet, List<String>>> side : List.of(methods, kernelSide)) {
            side.forEach((name, byParams) -> byParams.forEach((params, names) -> requests.addAll(
                    RunRequest.ofCombinations(catalog.find(name).orElseThrow(), names, List.of(params)))));
        }
        return requests;
    }

    private static void check(final String source, final String benchmark, final String method,
            final ParamSet params, final BenchmarkCatalog catalog) {
        final BenchmarkClass bench = catalog.find(benchmark).orElseThrow(() -> new IllegalArgumentException(
                source + ": no benchmark class " + benchmark + " (known: " + catalog.names() + ")"));
        if (!bench.methods().contains(method)) {
            throw new IllegalArgumentException(source + ": " + benchmark + " has no method " + method + " (methods: "
                    + String.join(", ", bench.methods()) + ")");
        }
        if (!params.values().keySet().equals(bench.params().keySet())) {
            throw new IllegalArgumentException(source + ": params '" + params + "' must set every @Param of "
                    + benchmark + " and no other: " + (bench.params().isEmpty() ? "(none)"
                    : String.join(", ", bench.params().keySet())));
        }
        params.values().forEach((name, value) -> ParamTypes.problem(bench, name, value).ifPresent(problem -> {
            throw new IllegalArgumentException(source + ": " + problem);
        }));
    }

    /**
     * The ratios the measurements of one round give: for each limit whose kernel and floor were both measured
     * (average time), the kernel's time over the floor's.
     *
     * @param limits the limits
     * @param measurements one round's measurements
     * @return the ratios, in limit order (limits not measured are left out)
     */
    public static List<Ratio> ratios(final List<Limit> limits, final List<Measurement> measurements) {
        final List<Ratio> ratios = new ArrayList<>();
        for (final Limit limit : limits) {
            final Optional<Measurement> kernel = find(measurements, limit.benchmark(), limit.method(), limit.params());
            final Optional<Measurement> floor = find(measurements, limit.floorBenchmark(), limit.floorMethod(),
                    limit.floorParams());
            if (kernel.isPresent() && floor.isPresent()) {
                ratios.add(new Ratio(limit, kernel.get().nsPerOp(), floor.get().nsPerOp()));
            }
        }
        return ratios;
    }

    private static Optional<Measurement> find(final List<Measurement> measurements, final String benchmark,
            final String method, final ParamSet params) {
        return measurements.stream().filter(m -> m.benchmark().equals(benchmark) && m.method().equals(method)
                && m.params().equals(params) && Measurement.AVERAGE_TIME.equals(m.mode())).findFirst();
    }

    private static String nonBlank(final String cell, final String column, final String at) {
        if (cell.isBlank()) {
            throw new IllegalArgumentException(at + ": " + column + " must not be empty");
        }
        return cell;
    }
}
