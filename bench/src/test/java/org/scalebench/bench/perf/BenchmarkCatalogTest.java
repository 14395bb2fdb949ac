package org.scalebench.bench.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.util.Version;
import org.scalebench.bench.jmh.RangeReductionBench;
import org.scalebench.bench.jmh.SimulatorBench;
import org.scalebench.bench.planted.PlantedRegressionBench;

/**
 * The catalog read from the class path against the benchmark classes themselves. {@link BenchmarkCatalog} reads
 * JMH's internal {@code META-INF/BenchmarkList}, and reads an empty or unfamiliar list without an error: these
 * tests are what notices when a JMH upgrade changes the list or its reader.
 */
class BenchmarkCatalogTest {

    /** The JMH release {@link BenchmarkCatalog} was written against, pinned in the root pom. */
    private static final String WRITTEN_AGAINST_JMH = "1.37";

    private static final BenchmarkCatalog CATALOG = BenchmarkCatalog.fromClassPath();

    @Test
    void findsBenchmarkClassesByTheirSimpleNameWithTheirPackage() {
        for (final Class<?> declared : List.of(RangeReductionBench.class, SimulatorBench.class,
                PlantedRegressionBench.class)) {
            assertEquals(Optional.of(declared.getName()),
                    CATALOG.find(declared.getSimpleName()).map(BenchmarkClass::qualifiedName), declared.getName());
        }
    }

    @Test
    void everyClassReadHasTheMethodsAndParameterValuesItDeclares() throws ClassNotFoundException {
        assertFalse(CATALOG.classes().isEmpty(), "JMH's benchmark list read as empty");
        for (final BenchmarkClass read : CATALOG.classes()) {
            final Class<?> declared = Class.forName(read.qualifiedName(), false, getClass().getClassLoader());
            assertEquals(new BenchmarkClass(declared.getName(), benchmarkMethods(declared), paramValues(declared)),
                    read);
        }
    }

    @Test
    void plantedRegressionsAreReadButLeftOutOfTheSuite() {
        final String planted = PlantedRegressionBench.class.getPackageName() + ".";
        assertEquals(planted, BenchmarkCatalog.PLANTED_PACKAGE);
        final List<BenchmarkClass> inSuite = CATALOG.classes().stream()
                .filter(c -> !c.qualifiedName().startsWith(planted)).toList();
        assertFalse(inSuite.isEmpty(), "no benchmark class besides the planted ones");
        assertEquals(inSuite, CATALOG.suite());
    }

    @Test
    void theCommittedFloorsNameBenchmarksOfTheCatalogBySimpleName() throws IOException {
        final List<PerfFloor> floors = PerfFloors.read(Path.of("perf-floors.csv")); // surefire: module directory
        final List<RunRequest> requests = GatePlan.round(floors, CATALOG, 0); // throws naming an unknown class
        final Set<String> named = new TreeSet<>(floors.stream().map(PerfFloor::benchmark).toList());
        final Set<String> planned = new TreeSet<>(requests.stream().map(r -> r.benchmark().simpleName()).toList());
        assertFalse(named.isEmpty(), "no floors read");
        assertEquals(named, planned);
    }

    @Test
    void jmhOnTheClassPathIsTheReleaseTheCatalogWasWrittenAgainst() {
        assertEquals(WRITTEN_AGAINST_JMH, Version.getPlainVersion(), "BenchmarkCatalog reads JMH's internal "
                + "META-INF/BenchmarkList as JMH " + WRITTEN_AGAINST_JMH + " writes it: check it against the new "
                + "release (its javadoc says what can break), then update the version there and here");
    }

    private static List<String> benchmarkMethods(final Class<?> declared) {
        final List<String> names = new ArrayList<>();
        for (final Method m : declared.getMethods()) {
            if (m.isAnnotationPresent(Benchmark.class)) {
                names.add(m.getName());
            }
        }
        return names;
    }

    private static Map<String, List<String>> paramValues(final Class<?> declared) {
        final Map<String, List<String>> params = new LinkedHashMap<>();
        for (Class<?> c = declared; c != Object.class; c = c.getSuperclass()) {
            for (final Field f : c.getDeclaredFields()) {
                final Param param = f.getAnnotation(Param.class);
                if (param != null) {
                    params.put(f.getName(), List.of(param.value()));
                }
            }
        }
        return params;
    }
}
