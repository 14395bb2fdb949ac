package org.scalebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.scalebench.bench.io.Table;
import org.scalebench.core.data.Named;
import org.scalebench.core.testing.ClassFiles;

/**
 * Every enum of the main code that users or data files name by a word (it has a static {@code parse(String)})
 * follows the one convention, {@link Named}: one id, one parser, one message. Read from the compiled classes of every
 * module, so a new enum with its own parser fails here.
 */
class NamedChoicesTest {

    @Test
    void everyEnumWithAParserIsNamed() throws IOException, ClassNotFoundException {
        final Path root = ClassFiles.classesOf(Table.class).getParent().getParent().getParent();
        final List<Class<?>> classes = new ArrayList<>();
        for (final String module : List.of("core", "coherence", "training", "bench")) {
            final Path dir = root.resolve(module).resolve("target/classes");
            final List<Path> files;
            try (Stream<Path> walk = Files.walk(dir)) {
                files = walk.filter(f -> f.toString().endsWith(".class")).sorted().toList();
            }
            for (final Path f : files) {
                final String name = dir.relativize(f).toString().replace(f.getFileSystem().getSeparator(), ".");
                classes.add(Class.forName(name.substring(0, name.length() - ".class".length()), false,
                        getClass().getClassLoader()));
            }
        }
        final List<String> parsers = withParserButNotNamed(classes);
        assertEquals(List.of(), parsers, "enums with their own parser: implement core.data.Named");
        assertTrue(classes.stream().filter(c -> c.isEnum() && Named.class.isAssignableFrom(c)).count() >= 20,
                "the scan found the named enums");
    }

    /** A parser that escaped the convention is found. */
    @Test
    void anEnumWithItsOwnParserIsFound() {
        assertEquals(List.of(Planted.class.getName()), withParserButNotNamed(List.of(Planted.class, Good.class)));
    }

    private enum Planted {
        ON, OFF;

        static Planted parse(final String text) {
            return valueOf(text.toUpperCase(java.util.Locale.ROOT));
        }
    }

    private enum Good implements Named {
        ON;

        @Override
        public String id() {
            return "on";
        }

        static Good parse(final String text) {
            return Named.parse(Good.class, "good", text);
        }
    }

    private static List<String> withParserButNotNamed(final List<Class<?>> classes) {
        final List<String> found = new ArrayList<>();
        for (final Class<?> c : classes) {
            if (!c.isEnum() || Named.class.isAssignableFrom(c)) {
                continue;
            }
            for (final Method m : c.getDeclaredMethods()) {
                if (Modifier.isStatic(m.getModifiers()) && m.getName().equals("parse") && m.getReturnType() == c
                        && List.of(m.getParameterTypes()).contains(String.class)) {
                    found.add(c.getName());
                    break;
                }
            }
        }
        return found;
    }
}
