package org.scalebench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scalebench.bench.check.KernelRegistry;

/**
 * {@code bench}'s seam, checked (the seam is described in the {@code jmh} and {@code cli} package javadoc): no
 * class on the kernel side refers to the application side. Two checks, each shown to fail on a planted
 * reference: the kernel side's sources import nothing from the application, and its compiled classes (with JMH's
 * generated ones) name no application class or package anywhere in their constant pools, which also catches a
 * fully qualified name written inline or a class named in a string for reflection.
 */
class PackageSeamTest {

    /** Benchmarks, references, checks and planted regressions: measure and validate the library kernels. */
    static final Set<String> KERNEL_SIDE = Set.of("jmh", "reference", "check", "planted");

    /** The {@code ./scalebench} program: may use the kernel side, never the other way round. */
    static final Set<String> APPLICATION_SIDE =
            Set.of("cli", "coherence", "io", "perf", "plot", "report", "study", "trace", "train");

    private static final String APPLICATION_ALTERNATIVES = String.join("|", new TreeSet<>(APPLICATION_SIDE));

    /** An application package or class in dotted (source, strings) or slashed (class file) form. */
    private static final Pattern APPLICATION_NAME = Pattern.compile(
            "org[./]scalebench[./]bench[./](" + APPLICATION_ALTERNATIVES + ")(?![\\w$])[\\w$./]*");

    private static final Pattern APPLICATION_IMPORT = Pattern.compile(
            "^\\s*import\\s+(static\\s+)?org\\.scalebench\\.bench\\.(" + APPLICATION_ALTERNATIVES + ")\\b[^;]*;",
            Pattern.MULTILINE);

    @Test
    void everyPackageOfBenchIsOnExactlyOneSideOfTheSeam() throws IOException {
        final Path root = sources().resolve("org/scalebench/bench");
        final Set<String> packages = new TreeSet<>();
        final List<Path> outsideAnyPackage = new ArrayList<>();
        try (Stream<Path> entries = Files.list(root)) {
            entries.forEach(p -> {
                if (Files.isDirectory(p)) {
                    packages.add(p.getFileName().toString());
                } else {
                    outsideAnyPackage.add(p);
                }
            });
        }
        final Set<String> bothSides = new TreeSet<>(KERNEL_SIDE);
        bothSides.addAll(APPLICATION_SIDE);
        assertEquals(KERNEL_SIDE.size() + APPLICATION_SIDE.size(), bothSides.size(), "a package on both sides");
        assertEquals(bothSides, packages, "a new package of bench must be put on one side of the seam here");
        assertEquals(List.of(), outsideAnyPackage, "classes belong in a package that names their side");
    }

    @Test
    void kernelSideSourcesImportNothingFromTheApplication() throws IOException {
        final List<String> found = new ArrayList<>();
        for (final Path file : kernelSide(sources(), ".java")) {
            for (final String imported : applicationImports(Files.readString(file))) {
                found.add(sources().relativize(file) + ": " + imported);
            }
        }
        assertEquals(List.of(), found);
    }

    @Test
    void kernelSideClassesNameNothingFromTheApplication() throws IOException {
        final List<Path> classFiles = kernelSide(classes(), ".class");
        assertTrue(classFiles.size() > 50, "compiled kernel side not found under " + classes());
        final List<String> found = new ArrayList<>();
        for (final Path file : classFiles) {
            for (final String named : applicationNames(Files.readAllBytes(file))) {
                found.add(classes().relativize(file) + ": " + named);
            }
        }
        assertEquals(List.of(), found);
    }

    @Test
    void sourceCheckCatchesAPlantedImport() {
        final String clean = """
                package org.scalebench.bench.jmh;

                import org.scalebench.bench.reference.ModuloReduction;
                import org.scalebench.core.RangeReduction;
                // org.scalebench.bench.cli runs this benchmark; a comment is no dependency
                """;
        assertEquals(List.of(), applicationImports(clean));
        final String planted = clean + """
                import org.scalebench.bench.io.AtomicFiles;
                import static org.scalebench.bench.perf.BenchmarkCatalog.PLANTED_PACKAGE;
                import org.scalebench.bench.training.NotAnApplicationPackage;
                """;
        assertEquals(List.of("import org.scalebench.bench.io.AtomicFiles;",
                "import static org.scalebench.bench.perf.BenchmarkCatalog.PLANTED_PACKAGE;"),
                applicationImports(planted));
    }

    @Test
    void classCheckCatchesAPlantedReference(@TempDir final Path out) throws IOException {
        final Path source = out.resolve("src/org/scalebench/bench/jmh/PlantedSeamBreach.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, """
                package org.scalebench.bench.jmh;

                class PlantedSeamBreach {
                    Object catalog() {
                        return org.scalebench.bench.perf.BenchmarkCatalog.fromClassPath();
                    }

                    Object byName() throws ClassNotFoundException {
                        return Class.forName("org.scalebench.bench.report.ReportWriter");
                    }
                }
                """);
        final JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, "-proc:none", "-classpath", classes().toString(),
                "-d", out.toString(), source.toString()), "planted class did not compile");
        final byte[] planted = Files.readAllBytes(out.resolve("org/scalebench/bench/jmh/PlantedSeamBreach.class"));
        assertEquals(List.of("org.scalebench.bench.report.ReportWriter", "org/scalebench/bench/perf/BenchmarkCatalog"),
                applicationNames(planted));
    }

    /** The import lines of a source file that name an application package. */
    static List<String> applicationImports(final String source) {
        final List<String> found = new ArrayList<>();
        final Matcher m = APPLICATION_IMPORT.matcher(source);
        while (m.find()) {
            found.add(m.group().strip());
        }
        return found;
    }

    /** The application packages or classes a class file names in its constant pool, sorted, without repeats. */
    static List<String> applicationNames(final byte[] classFile) throws IOException {
        final Set<String> found = new TreeSet<>();
        for (final String text : constantPoolTexts(classFile)) {
            final Matcher m = APPLICATION_NAME.matcher(text);
            while (m.find()) {
                found.add(m.group().replaceAll("[;.]$", ""));
            }
        }
        return List.copyOf(found);
    }

    /**
     * Every {@code CONSTANT_Utf8} entry of a class file (JVMS 4.4): class names, descriptors, signatures and
     * string literals all live there.
     */
    private static List<String> constantPoolTexts(final byte[] classFile) throws IOException {
        final DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
        if (in.readInt() != 0xCAFEBABE) {
            throw new IOException("not a class file");
        }
        in.skipNBytes(4); // minor and major version
        final int count = in.readUnsignedShort();
        final List<String> texts = new ArrayList<>();
        for (int index = 1; index < count; index++) {
            final int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> texts.add(in.readUTF()); // Utf8: u2 length, modified UTF-8, as readUTF reads it
                case 7, 8, 16, 19, 20 -> in.skipNBytes(2); // Class, String, MethodType, Module, Package
                case 15 -> in.skipNBytes(3); // MethodHandle
                case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipNBytes(4); // Integer, Float, refs, NameAndType, Dynamic
                case 5, 6 -> { // Long, Double take two entries
                    in.skipNBytes(8);
                    index++;
                }
                default -> throw new IOException("unknown constant pool tag " + tag + " at entry " + index);
            }
        }
        return texts;
    }

    private static List<Path> kernelSide(final Path root, final String suffix) throws IOException {
        final List<Path> files = new ArrayList<>();
        for (final String name : new TreeSet<>(KERNEL_SIDE)) {
            final Path dir = root.resolve("org/scalebench/bench").resolve(name);
            assertTrue(Files.isDirectory(dir), "no package directory " + dir);
            try (Stream<Path> walk = Files.walk(dir)) {
                walk.filter(p -> p.getFileName().toString().endsWith(suffix)).sorted().forEach(files::add);
            }
        }
        return files;
    }

    /** bench's compiled main classes (target/classes). */
    private static Path classes() {
        try {
            return Path.of(KernelRegistry.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (final URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** bench's main sources, next to target/classes. */
    private static Path sources() {
        return classes().getParent().getParent().resolve("src/main/java");
    }
}
