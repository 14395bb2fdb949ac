package org.scalebench.bench.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.scalebench.coherence.LineAddress;
import org.scalebench.coherence.domain.MapCacheBank;
import org.scalebench.coherence.format.CdrSharerFormat;
import org.scalebench.coherence.home.PitonHomeEncoder;
import org.scalebench.core.FastDivisor;
import org.scalebench.core.LineTable;
import org.scalebench.core.MeshTopology;
import org.scalebench.core.RangeReduction;
import org.scalebench.core.SetAssocTags;
import org.scalebench.core.SharerRows;
import org.scalebench.core.SmallLruCache;
import org.scalebench.core.testing.ClassFiles;
import org.scalebench.training.collective.RingAllReduce;

/**
 * Every kernel check of {@link KernelRegistry} fails on a planted mutant of its kernel. Each mutant is one textual
 * change to the kernel's own source (the kind of slip a mutation tester makes: a boundary, a dropped term, a
 * forgotten update), compiled at test time and loaded, together with fresh copies of the check, its references
 * and every other scalebench class, by a class loader that prefers the mutant; the unchanged classes on the test
 * class path are not touched. The check must then report a mismatch.
 *
 * <p>When a kernel is rewritten and its mutant's original text no longer occurs, the test says so: write a new
 * mutant of the new code, of the same kind.
 */
class KernelMutantsTest {

    /** Operations each mutant run performs: enough for every mutant below to be met several times. */
    private static final int OPERATIONS = 100_000;

    /**
     * A planted bug in a kernel's source.
     *
     * @param check the {@link KernelCheck#name()} that must find it
     * @param kernel the class whose source file is changed
     * @param original text occurring exactly once in that file
     * @param mutated what replaces it
     * @param bug what the change breaks, for the test's name
     */
    record Mutant(String check, Class<?> kernel, String original, String mutated, String bug) {
        @Override
        public String toString() {
            return check + ": " + bug;
        }
    }

    static List<Mutant> mutants() {
        return List.of(
                new Mutant("RangeReduction", RangeReduction.class,
                        "return (int) (Math.multiplyHigh(hash, n) + ((hash >> 63) & n));",
                        "return (int) Math.multiplyHigh(hash, n);",
                        "the signed high product used as the unsigned one"),
                new Mutant("SharerRows", SharerRows.class,
                        "final long left = words[i] & ~(1L << bit);",
                        "final long left = words[i] & ~(1L << (bit & 31));",
                        "clear of bits 32-63 of a word clears the bit 32 places lower"),
                new Mutant("LineTable", LineTable.class,
                        "if (hole == h) {",
                        "if (hole != h) {",
                        "backward-shift deletion takes the displaced count from the wrong home slots"),
                new Mutant("FastDivisor", FastDivisor.class,
                        "final long fraction = (fractionMultiplier * (n & LOW_32_BITS)) >>> 1;",
                        "final long fraction = (fractionMultiplier * (n & LOW_32_BITS)) >> 1;",
                        "remainder with a signed fraction (negative when the product's top bit is set)"),
                new Mutant("SetAssocTags", SetAssocTags.class,
                        "replacement[set] = replacement[set] & ~pathNodes[way] | pathPointingAway[way];",
                        "replacement[set] = replacement[set] | pathPointingAway[way];",
                        "tree-PLRU touch sets the path bits without clearing the others"),
                new Mutant("SetAssocTags", SetAssocTags.class,
                        "(state - BYTE_ONES) & ~state & BYTE_TOPS",
                        "(state - BYTE_ONES) & BYTE_TOPS",
                        "the LRU victim of 8 ways or fewer is the first row with its top bit set or zero, not the first zero row"),
                new Mutant("SmallLruCache", SmallLruCache.class,
                        "order = RecencyList.toFront(order, found);",
                        "order = order;",
                        "a hit does not refresh recency (FIFO)"),
                new Mutant("MapCacheBank", MapCacheBank.class,
                        "order[cache] = RecencyList.toFront(order[cache], e);",
                        "order[cache] = order[cache];",
                        "an LRU hit does not refresh the entry's recency"),
                new Mutant("Topology", MeshTopology.class.getSuperclass(),
                        "Math.min(dx, width - dx) + Math.min(dy, height - dy)",
                        "Math.min(dx, width - dx) + dy",
                        "the torus forgets the vertical wrap-around"),
                new Mutant("DirectoryFormat", CdrSharerFormat.class,
                        "if (lsid == SharerDomains.PUBLIC_SHARER) {",
                        "if (lsid > SharerDomains.PUBLIC_SHARER) {",
                        "CDR's public sharer does not move the line to broadcast"),
                new Mutant("HomeMapping", PitonHomeEncoder.class,
                        "return m < homes ? m : m & ((1 << (k - 1)) - 1);",
                        "return m < homes ? m : m - homes;",
                        "the Piton encoder wraps the overflow instead of folding it"),
                new Mutant("CollectiveCost", RingAllReduce.class,
                        "return 2.0 * (p - 1) * alpha + share * n * (2.0 * beta + gamma);",
                        "return (p - 1) * alpha + share * n * (2.0 * beta + gamma);",
                        "the ring all-reduce counts one phase's latency, not two"));
    }

    @Test
    void everyRegisteredCheckHasAMutant() {
        final Set<String> registered = KernelRegistry.all().stream().map(e -> e.check().name())
                .collect(Collectors.toCollection(TreeSet::new));
        final Set<String> planted = mutants().stream().map(Mutant::check).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(registered, planted); // at least one each; the set-associative tags have one per policy
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mutants")
    void theCheckFindsThePlantedMutant(final Mutant mutant, @TempDir final Path dir) throws Exception {
        final Path mutantClasses = compileMutant(mutant, dir);
        final Outcome outcome = runIsolated(checkClass(mutant.check()), mutantClasses);
        assertTrue(outcome.mismatches() > 0, "the check missed the planted mutant: " + outcome.summary());
    }

    @Test
    void theIsolatingLoaderAloneChangesNoAnswer(@TempDir final Path empty) throws Exception {
        final Outcome outcome = runIsolated(checkClass("HomeMapping"), empty);
        assertEquals(0, outcome.mismatches(), outcome.summary());
        assertTrue(outcome.checked() >= OPERATIONS, outcome.summary());
    }

    /** What the check reported, read across class loaders. */
    private record Outcome(long checked, long mismatches, String summary) {
    }

    private static String checkClass(final String checkName) {
        return KernelRegistry.all().stream().filter(e -> e.check().name().equals(checkName)).findFirst()
                .orElseThrow().check().getClass().getName();
    }

    /** Writes the mutated source and compiles it against the unchanged classes; returns the output directory. */
    private static Path compileMutant(final Mutant mutant, final Path dir) throws IOException {
        final Path source = sourceOf(mutant.kernel());
        final String text = Files.readString(source);
        final int at = text.indexOf(mutant.original());
        assertTrue(at >= 0 && text.indexOf(mutant.original(), at + 1) < 0, "the text to mutate must occur exactly"
                + " once in " + source + ": '" + mutant.original() + "'; write a new mutant of the kernel's code");
        final Path mutated = dir.resolve("src").resolve(mutant.kernel().getSimpleName() + ".java");
        Files.createDirectories(mutated.getParent());
        Files.writeString(mutated, text.replace(mutant.original(), mutant.mutated()));
        final Path classes = dir.resolve("classes");
        final String classPath = scalebenchLocations().stream().map(Path::toString)
                .collect(Collectors.joining(java.io.File.pathSeparator));
        final JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, "-proc:none", "-nowarn", "-classpath", classPath, "-d",
                classes.toString(), mutated.toString()), "the mutant of " + mutant.kernel() + " did not compile");
        return classes;
    }

    /** Runs a check whose scalebench classes all come from a loader that looks in {@code first} before anywhere. */
    private static Outcome runIsolated(final String checkClass, final Path first) throws Exception {
        final List<URL> urls = new ArrayList<>();
        urls.add(first.toUri().toURL());
        for (final Path location : scalebenchLocations()) {
            urls.add(location.toUri().toURL());
        }
        try (ScalebenchFirstLoader loader = new ScalebenchFirstLoader(urls.toArray(URL[]::new),
                KernelMutantsTest.class.getClassLoader())) {
            final Class<?> type = loader.loadClass(checkClass);
            assertEquals(loader, type.getClassLoader(), "the check must come from the isolating loader");
            final Object check = type.getDeclaredConstructor().newInstance();
            final Object outcome = type.getMethod("run", long.class, int.class).invoke(check, 0x5EEDL, OPERATIONS);
            final Class<?> outcomeType = outcome.getClass();
            return new Outcome((long) outcomeType.getMethod("checked").invoke(outcome),
                    (long) outcomeType.getMethod("mismatches").invoke(outcome),
                    (String) outcomeType.getMethod("summary").invoke(outcome));
        }
    }

    /** Loads every {@code org.scalebench} class itself, from its own URLs in order; the rest from its parent. */
    private static final class ScalebenchFirstLoader extends URLClassLoader {
        ScalebenchFirstLoader(final URL[] urls, final ClassLoader parent) {
            super(urls, parent);
        }

        @Override
        protected Class<?> loadClass(final String name, final boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith("org.scalebench.")) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) {
                    c = findClass(name);
                }
                if (resolve) {
                    resolveClass(c);
                }
                return c;
            }
        }
    }

    /** Where each module's main classes were loaded from: target/classes, or the module's jar in a full build. */
    private static List<Path> scalebenchLocations() {
        return List.of(ClassFiles.locationOf(RangeReduction.class), ClassFiles.locationOf(LineAddress.class),
                ClassFiles.locationOf(RingAllReduce.class), ClassFiles.locationOf(KernelRegistry.class));
    }

    /** A main class's source file: the module lies two levels above target/classes or target/the-module.jar. */
    private static Path sourceOf(final Class<?> type) {
        final Path module = ClassFiles.locationOf(type).getParent().getParent();
        final Path source = module.resolve("src/main/java").resolve(type.getName().replace('.', '/') + ".java");
        assertTrue(Files.isRegularFile(source), "no source for " + type.getName() + " at " + source);
        return source;
    }
}
