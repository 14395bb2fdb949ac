package org.scalebench.bench.docs;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles and runs the {@code ```java} blocks of a Markdown file. Each block becomes the body of
 * {@code public static void run() throws Exception} in a class that imports every package of the library modules
 * ({@code core}, {@code coherence}, {@code training}) and {@code java.util}; it must compile as written and run
 * without an exception.
 */
final class ReadmeSnippets {

    /** Library modules whose packages a snippet sees. */
    static final List<String> LIBRARY_MODULES = List.of("core", "coherence", "training");

    /**
     * One Java block of a Markdown file.
     *
     * @param file the Markdown file's name, for messages
     * @param line the line of the block's opening fence
     * @param code the block's text
     */
    record Snippet(String file, int line, String code) {

        /** Returns e.g. {@code README.md:120}. */
        @Override
        public String toString() {
            return file + ":" + line;
        }
    }

    private ReadmeSnippets() {
    }

    /**
     * The repository root: the nearest directory at or above the working directory that holds README.md and the
     * library modules.
     *
     * @return the root
     */
    static Path repositoryRoot() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("README.md")) && Files.isDirectory(p.resolve("core"))) {
                return p;
            }
        }
        throw new IllegalStateException("no README.md with a core/ module above " + Path.of("").toAbsolutePath());
    }

    /**
     * The {@code ```java} blocks of a Markdown text.
     *
     * @param file the file's name, for messages
     * @param markdown the text
     * @return the blocks, in order
     * @throws IllegalArgumentException for a block that is never closed
     */
    static List<Snippet> extract(final String file, final String markdown) {
        final List<Snippet> snippets = new ArrayList<>();
        final String[] lines = markdown.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (!lines[i].strip().equals("```java")) {
                continue;
            }
            final int open = i;
            final StringBuilder code = new StringBuilder();
            while (++i < lines.length && !lines[i].strip().equals("```")) {
                code.append(lines[i]).append('\n');
            }
            if (i >= lines.length) {
                throw new IllegalArgumentException(file + ":" + (open + 1) + ": ```java block is never closed");
            }
            snippets.add(new Snippet(file, open + 1, code.toString()));
        }
        return snippets;
    }

    /**
     * Every package of the library modules' main sources.
     *
     * @param root the repository root
     * @return package names
     * @throws IOException when the sources cannot be read
     */
    static List<String> libraryPackages(final Path root) throws IOException {
        final TreeSet<String> packages = new TreeSet<>();
        for (final String module : LIBRARY_MODULES) {
            final Path sources = root.resolve(module).resolve("src/main/java");
            try (Stream<Path> files = Files.walk(sources)) {
                files.filter(f -> f.toString().endsWith(".java") && !f.endsWith("package-info.java"))
                        .forEach(f -> packages.add(sources.relativize(f.getParent()).toString()
                                .replace(f.getFileSystem().getSeparator(), ".")));
            }
        }
        return List.copyOf(packages);
    }

    /**
     * Compiles a snippet and runs it.
     *
     * @param snippet the snippet
     * @param packages packages to import
     * @param work a scratch directory
     * @throws AssertionError naming the snippet and the compiler's messages, or the exception the snippet threw
     * @throws IOException when the scratch directory cannot be written
     */
    static void compileAndRun(final Snippet snippet, final List<String> packages, final Path work) throws IOException {
        final String className = "Snippet" + snippet.line();
        final StringBuilder source = new StringBuilder();
        packages.forEach(p -> source.append("import ").append(p).append(".*;\n"));
        source.append("import java.util.*;\n");
        final int preamble = packages.size() + 3;
        source.append("public final class ").append(className).append(" {\n")
                .append("    public static void run() throws Exception {\n")
                .append(snippet.code())
                .append("    }\n}\n");
        final Path src = work.resolve(className + ".java");
        Files.writeString(src, source, StandardCharsets.UTF_8);
        final JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        final DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = compiler.getStandardFileManager(diagnostics, Locale.ROOT,
                StandardCharsets.UTF_8)) {
            final boolean ok = compiler.getTask(null, files, diagnostics,
                    List.of("-classpath", System.getProperty("java.class.path"), "-d", work.toString(),
                            "-proc:none", "-Xlint:none"),
                    null, files.getJavaFileObjects(src)).call();
            if (!ok) {
                final StringBuilder message = new StringBuilder(snippet + ": does not compile");
                for (final Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                    if (d.getKind() == Diagnostic.Kind.ERROR) {
                        message.append("\n  ").append(snippet.file()).append(':')
                                .append(snippet.line() + d.getLineNumber() - preamble).append(": ")
                                .append(d.getMessage(Locale.ROOT));
                    }
                }
                throw new AssertionError(message.toString());
            }
        }
        try (URLClassLoader loader = new URLClassLoader(new URL[] {work.toUri().toURL()},
                ReadmeSnippets.class.getClassLoader())) {
            loader.setDefaultAssertionStatus(true);
            final Method run = loader.loadClass(className).getMethod("run");
            run.invoke(null);
        } catch (final InvocationTargetException e) {
            throw new AssertionError(snippet + ": throws " + e.getCause(), e.getCause());
        } catch (final ReflectiveOperationException e) {
            throw new AssertionError(snippet + ": cannot run: " + e, e);
        }
    }
}
