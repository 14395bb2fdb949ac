package org.scalebench.core.testing;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Reads what a compiled class names: the {@code CONSTANT_Utf8} entries of its constant pool (JVMS 4.4), where
 * class names, field and method descriptors, generic signatures and string literals all live. Shared by the
 * package tests of every module through the core test jar ({@link PackageGraph}, bench's seam test).
 *
 * <p>Stateless and thread-safe; every method allocates.
 */
public final class ClassFiles {

    private ClassFiles() {
    }

    /**
     * Every {@code CONSTANT_Utf8} entry of a class file, in constant-pool order.
     *
     * @param classFile the bytes of a {@code .class} file
     * @return the texts of its constant pool
     * @throws IOException if the bytes are not a class file or hold an unknown constant-pool tag
     */
    public static List<String> constantPoolTexts(final byte[] classFile) throws IOException {
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

    /**
     * The {@code .class} files under a directory, sorted by path.
     *
     * @param root a directory of compiled classes (or a package directory inside one)
     * @return every class file below it
     * @throws IOException if the directory cannot be walked
     */
    public static List<Path> under(final Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(p -> p.getFileName().toString().endsWith(".class")).sorted().toList();
        }
    }

    /**
     * Where a class was loaded from: a directory of classes ({@code target/classes}) or a jar (a module's jar in a
     * full reactor build).
     *
     * @param anyClass the class
     * @return its class-path entry
     */
    public static Path locationOf(final Class<?> anyClass) {
        try {
            return Path.of(anyClass.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (final URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The directory of compiled main classes a class was loaded from ({@code target/classes} under Maven).
     *
     * @param anyMainClass a class of the module's main code
     * @return the root of the class-path entry holding it
     * @throws IllegalStateException if the class was not loaded from a directory
     */
    public static Path classesOf(final Class<?> anyMainClass) {
        final Path location = locationOf(anyMainClass);
        if (!Files.isDirectory(location)) {
            throw new IllegalStateException(anyMainClass.getName() + " was not loaded from a directory: " + location);
        }
        return location;
    }
}
