package org.scalebench.bench.perf;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The benchmark classes on the class path, read from JMH's generated {@code META-INF/BenchmarkList}, grouped by
 * class. Immutable.
 *
 * <p><b>This reads an internal JMH format.</b> JMH's annotation processor writes {@code META-INF/BenchmarkList}
 * when {@code bench} is compiled (one encoded line per {@code @Benchmark} method: class, generated class, method,
 * mode, settings, {@code @Param} values); it is read here through {@code org.openjdk.jmh.runner.BenchmarkList}
 * and {@code BenchmarkListEntry}, public classes that JMH's runner uses internally but does not document as API
 * (its API is {@code Runner} and {@code Options}, which list no classes). Written against <b>JMH 1.37</b>: the
 * root pom pins {@code jmh.version} to that exact version, and the same property gives {@code jmh-core} (the
 * reader) and {@code jmh-generator-annprocess} (the writer), so the list and its reader always come from one
 * release. What a JMH upgrade can break, and what catches it:
 * <ul>
 *   <li>the classes or methods used here ({@code BenchmarkList.defaultList().getAll(OutputFormat, List)},
 *       {@code BenchmarkListEntry.getUserClassQName()}, {@code getUsername()} as {@code class.method},
 *       {@code getParams()}) move or change: the build no longer compiles, or the catalog reads other names;</li>
 *   <li>the list moves or is no longer generated: {@link #fromClassPath} throws {@link IllegalStateException},
 *       and {@code bench}, {@code gate} and {@code reproduce} stop with that message;</li>
 *   <li>the list is read but yields nothing, fewer classes, other method names or other parameter values: no
 *       error here (an empty list gives an empty catalog), so the tests catch it: {@code BenchmarkCatalogTest}
 *       reads the real list and compares it with the classes' own {@code @Benchmark} methods and {@code @Param}
 *       values and fails on an empty catalog, and {@code KernelRegistryTest} fails unless the suite read equals
 *       the registry. {@code BenchmarkCatalogTest} also fails on any other JMH version, so an upgrade starts by
 *       re-reading this note.</li>
 * </ul>
 */
public final class BenchmarkCatalog {

    /** The package of the gate's planted regressions, left out of {@link #suite()}. */
    public static final String PLANTED_PACKAGE = "org.scalebench.bench.planted.";

    private final Map<String, BenchmarkClass> bySimpleName;

    /**
     * Creates a catalog from known classes (tests build synthetic catalogs this way).
     *
     * @param classes the benchmark classes; simple names must be unique
     * @throws IllegalArgumentException when two classes share a simple name
     */
    public BenchmarkCatalog(final List<BenchmarkClass> classes) {
        final Map<String, BenchmarkClass> map = new TreeMap<>();
        for (final BenchmarkClass c : classes) {
            if (map.put(c.simpleName(), c) != null) {
                throw new IllegalArgumentException("two benchmark classes are named " + c.simpleName());
            }
        }
        this.bySimpleName = map;
    }

    /**
     * Reads the benchmark list JMH's annotation processor generated into the class path.
     *
     * @return the catalog
     * @throws IllegalStateException when the class path holds no benchmark list (the build did not run JMH's
     *     annotation processor)
     */
    public static BenchmarkCatalog fromClassPath() {
        final java.util.Set<BenchmarkListEntry> entries;
        try {
            entries = BenchmarkList.defaultList().getAll(
                    OutputFormatFactory.createFormatInstance(new PrintStream(OutputStream.nullOutputStream()),
                            VerboseMode.SILENT),
                    List.of());
        } catch (final RuntimeException e) {
            throw new IllegalStateException("no JMH benchmark list on the class path (" + BenchmarkList.BENCHMARK_LIST
                    + "); build it with ./mvnw -B -DskipTests package", e);
        }
        final Map<String, TreeSet<String>> methods = new TreeMap<>();
        final Map<String, Map<String, List<String>>> params = new TreeMap<>();
        for (final BenchmarkListEntry e : entries) {
            final String qualified = e.getUserClassQName();
            final String username = e.getUsername();
            methods.computeIfAbsent(qualified, k -> new TreeSet<>()).add(username.substring(username.lastIndexOf('.') + 1));
            final Map<String, List<String>> declared = new LinkedHashMap<>();
            if (e.getParams().hasValue()) {
                e.getParams().get().forEach((k, v) -> declared.put(k, Arrays.asList(v)));
            }
            params.putIfAbsent(qualified, declared);
        }
        final List<BenchmarkClass> classes = new ArrayList<>();
        methods.forEach((qualified, names) -> classes.add(new BenchmarkClass(qualified, List.copyOf(names),
                params.get(qualified))));
        return new BenchmarkCatalog(classes);
    }

    /**
     * Every class, by simple name.
     *
     * @return the classes
     */
    public List<BenchmarkClass> classes() {
        return List.copyOf(bySimpleName.values());
    }

    /**
     * The suite that {@code bench} and {@code reproduce} run when no class is named: every class except the
     * gate's planted regressions (package {@value #PLANTED_PACKAGE}), which are evidence, not kernels.
     *
     * @return the classes
     */
    public List<BenchmarkClass> suite() {
        return bySimpleName.values().stream().filter(c -> !c.qualifiedName().startsWith(PLANTED_PACKAGE)).toList();
    }

    /**
     * Looks a class up by its simple name.
     *
     * @param simpleName e.g. {@code RangeReductionBench}
     * @return the class, if present
     */
    public Optional<BenchmarkClass> find(final String simpleName) {
        return Optional.ofNullable(bySimpleName.get(simpleName));
    }

    /**
     * The classes whose simple or qualified name contains a match of {@code regex}.
     *
     * @param regex the pattern ({@link java.util.regex.Matcher#find} semantics)
     * @return the matching classes, by simple name
     */
    public List<BenchmarkClass> matching(final Pattern regex) {
        return bySimpleName.values().stream()
                .filter(c -> regex.matcher(c.simpleName()).find() || regex.matcher(c.qualifiedName()).find())
                .toList();
    }

    /**
     * The simple names, comma-separated, for error messages.
     *
     * @return e.g. {@code RangeReductionBatchBench, RangeReductionBench}
     */
    public String names() {
        return String.join(", ", bySimpleName.keySet());
    }
}
