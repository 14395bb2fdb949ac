package org.scalebench.core.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cycle check every module's package test relies on, shown to find a planted cycle and to pass without one. */
class PackageGraphTest {

    /** Three packages: a uses b, b uses c; the planted class makes c use a by a fully qualified name. */
    private static final Map<String, String> ACYCLIC = Map.of(
            "org/scalebench/planted/a/A.java", """
                    package org.scalebench.planted.a;
                    import org.scalebench.planted.b.B;
                    public class A { public B b; }
                    """,
            "org/scalebench/planted/b/B.java", """
                    package org.scalebench.planted.b;
                    public class B { public org.scalebench.planted.c.C c() { return null; } }
                    """,
            "org/scalebench/planted/c/C.java", """
                    package org.scalebench.planted.c;
                    public class C { }
                    """);

    private static final String PLANTED_CYCLE = """
            package org.scalebench.planted.c;
            public class C { java.util.List<org.scalebench.planted.a.A> users; }
            """;

    @Test
    void acyclicPackagesGiveNoCycle(@TempDir final Path dir) throws IOException {
        final PackageGraph graph = PackageGraph.read(compile(dir, ACYCLIC));
        assertEquals(Set.of("org.scalebench.planted.a", "org.scalebench.planted.b", "org.scalebench.planted.c"),
                graph.packages());
        assertEquals(Set.of(edge("a", "b"), edge("b", "c")), graph.edges());
        assertEquals(List.of(), graph.cycles(Set.of()));
    }

    @Test
    void aPlantedCycleIsFoundWithTheClassesBehindEachEdge(@TempDir final Path dir) throws IOException {
        final Map<String, String> sources = new java.util.TreeMap<>(ACYCLIC);
        sources.put("org/scalebench/planted/c/C.java", PLANTED_CYCLE); // named only in a generic signature
        final List<String> cycles = PackageGraph.read(compile(dir, sources)).cycles(Set.of());
        assertEquals(1, cycles.size(), cycles.toString());
        assertEquals("""
                cycle among [org.scalebench.planted.a, org.scalebench.planted.b, org.scalebench.planted.c]:
                    org.scalebench.planted.a -> org.scalebench.planted.b by [A -> B]
                    org.scalebench.planted.b -> org.scalebench.planted.c by [B -> C]
                    org.scalebench.planted.c -> org.scalebench.planted.a by [C -> A]""", cycles.get(0));
    }

    @Test
    void anAllowedEdgeBreaksTheCycleUntilItIsGone(@TempDir final Path dir) throws IOException {
        final Map<String, String> sources = new java.util.TreeMap<>(ACYCLIC);
        sources.put("org/scalebench/planted/c/C.java", PLANTED_CYCLE);
        final PackageGraph cyclic = PackageGraph.read(compile(dir.resolve("cyclic"), sources));
        assertEquals(List.of(), cyclic.cycles(Set.of(edge("c", "a"))));

        final PackageGraph fixed = PackageGraph.read(compile(dir.resolve("fixed"), ACYCLIC));
        assertEquals(List.of("allowed edge org.scalebench.planted.c -> org.scalebench.planted.a no longer exists:"
                + " remove it from the allowed list"), fixed.cycles(Set.of(edge("c", "a"))));
    }

    @Test
    void coreHasNoPackageCycle() throws IOException {
        final PackageGraph graph = PackageGraph.read(ClassFiles.classesOf(org.scalebench.core.Bits.class));
        assertTrue(graph.packages().contains("org.scalebench.core.data"), graph.packages().toString());
        assertEquals(List.of(), graph.cycles(Set.of()));
    }

    private static PackageGraph.Edge edge(final String from, final String to) {
        return new PackageGraph.Edge("org.scalebench.planted." + from, "org.scalebench.planted." + to);
    }

    /** Compiles the sources into {@code dir/classes} and returns that directory. */
    private static Path compile(final Path dir, final Map<String, String> sources) throws IOException {
        final List<String> args = new ArrayList<>(List.of("-proc:none", "-d", dir.resolve("classes").toString()));
        for (final Map.Entry<String, String> source : sources.entrySet()) {
            final Path file = dir.resolve("src").resolve(source.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, source.getValue());
            args.add(file.toString());
        }
        final JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, args.toArray(String[]::new)), "planted sources did not compile");
        return dir.resolve("classes");
    }
}
