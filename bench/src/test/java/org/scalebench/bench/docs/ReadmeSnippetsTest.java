package org.scalebench.bench.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/** Every Java block of the README and the docs compiles as written and runs; the checker fails on broken snippets. */
class ReadmeSnippetsTest {

    @TempDir
    Path work;

    /** The README and every page of {@code docs/}: their Java blocks are examples a reader copies. */
    @TestFactory
    Stream<DynamicTest> everyJavaBlockOfTheReadmeAndTheDocsCompilesAndRuns() throws IOException {
        final Path root = ReadmeSnippets.repositoryRoot();
        final List<Path> pages = new ArrayList<>(List.of(root.resolve("README.md")));
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        final List<ReadmeSnippets.Snippet> snippets = new ArrayList<>();
        for (final Path page : pages) {
            snippets.addAll(ReadmeSnippets.extract(root.relativize(page).toString(), Files.readString(page)));
        }
        assertFalse(snippets.isEmpty(), "the README and docs have Java examples");
        final List<String> packages = ReadmeSnippets.libraryPackages(root);
        return snippets.stream().map(s -> DynamicTest.dynamicTest(s.toString(), () -> {
            final Path dir = Files.createDirectories(work.resolve(s.file().replace('/', '_') + "-" + s.line()));
            ReadmeSnippets.compileAndRun(s, packages, dir);
        }));
    }

    @Test
    void extractsOnlyJavaBlocksWithTheirLines() {
        final List<ReadmeSnippets.Snippet> snippets = ReadmeSnippets.extract("R.md",
                "text\n```bash\nls\n```\n```java\nint a = 1;\n```\n\n```java\nint b = 2;\n```\n");
        assertEquals(2, snippets.size());
        assertEquals(5, snippets.get(0).line());
        assertEquals("int a = 1;\n", snippets.get(0).code());
        assertEquals(9, snippets.get(1).line());
        assertThrows(IllegalArgumentException.class, () -> ReadmeSnippets.extract("R.md", "```java\nint a;\n"));
    }

    /** The checker can fail: the README's old sharer-rows snippet used {@code slot} before declaring it. */
    @Test
    void aSnippetThatDoesNotCompileFailsNamingItsLine() throws IOException {
        final ReadmeSnippets.Snippet broken = new ReadmeSnippets.Snippet("README.md", 100,
                "LineTable directory = LineTable.fixedCapacity(16, -1);\n"
                        + "directory.put(5L, slot);\n"
                        + "int slot = directory.get(5L);\n");
        final AssertionError e = assertThrows(AssertionError.class,
                () -> ReadmeSnippets.compileAndRun(broken, ReadmeSnippets.libraryPackages(
                        ReadmeSnippets.repositoryRoot()), work));
        assertTrue(e.getMessage().startsWith("README.md:100: does not compile"), e.getMessage());
        assertTrue(e.getMessage().contains("README.md:102: cannot find symbol"), e.getMessage());
    }

    @Test
    void aSnippetThatThrowsFails() throws IOException {
        final ReadmeSnippets.Snippet throwing = new ReadmeSnippets.Snippet("README.md", 7,
                "new SharerRows(4, 64).set(4, 0);   // row 4 of 4: out of range\n");
        final AssertionError e = assertThrows(AssertionError.class,
                () -> ReadmeSnippets.compileAndRun(throwing, ReadmeSnippets.libraryPackages(
                        ReadmeSnippets.repositoryRoot()), work));
        assertTrue(e.getMessage().startsWith("README.md:7: throws java.lang."), e.getMessage());
    }
}
