package org.scalebench.bench.perf;

import java.lang.reflect.Field;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.Locale;
import java.util.Optional;
import org.openjdk.jmh.annotations.Param;

/**
 * Checks a {@code @Param} value against the Java type of its field before JMH runs, so a typo such as
 * {@code -p n=1e3} or {@code n=abc} for an {@code int} is a bad input named at once, not a failure inside a
 * forked JVM. Looks for the field in the benchmark class, its superclasses and its nested {@code @State}
 * classes; a value of a field it cannot find is left for JMH to judge.
 */
public final class ParamTypes {

    private ParamTypes() {
    }

    /**
     * What is wrong with a value, if anything.
     *
     * @param benchmark the benchmark class
     * @param param the parameter name
     * @param value the value
     * @return e.g. {@code n = 'abc': must be an int (RangeReductionBench.n)}, or empty when the value converts
     */
    public static Optional<String> problem(final BenchmarkClass benchmark, final String param, final String value) {
        final Optional<Field> field = find(benchmark.qualifiedName(), param);
        if (field.isEmpty()) {
            return Optional.empty();
        }
        final Class<?> type = field.get().getType();
        if (converts(type, value)) {
            return Optional.empty();
        }
        final String allowed = type.isEnum() ? "one of " + Arrays.toString(type.getEnumConstants())
                : (type == boolean.class || type == Boolean.class) ? "true or false"
                : "a" + (type.getSimpleName().matches("(?i)[aeiou].*") ? "n " : " ")
                        + type.getSimpleName().toLowerCase(Locale.ROOT).replace("integer", "int");
        return Optional.of(param + " = '" + value + "': must be " + allowed + " (" + benchmark.simpleName() + "."
                + param + ")");
    }

    private static boolean converts(final Class<?> type, final String value) {
        try {
            if (type == int.class || type == Integer.class) {
                Integer.parseInt(value);
            } else if (type == long.class || type == Long.class) {
                Long.parseLong(value);
            } else if (type == short.class || type == Short.class) {
                Short.parseShort(value);
            } else if (type == byte.class || type == Byte.class) {
                Byte.parseByte(value);
            } else if (type == double.class || type == Double.class || type == float.class || type == Float.class) {
                Double.parseDouble(value);
            } else if (type == boolean.class || type == Boolean.class) {
                return "true".equals(value) || "false".equals(value);
            } else if (type == char.class || type == Character.class) {
                return value.length() == 1;
            } else if (type.isEnum()) {
                return Arrays.stream(type.getEnumConstants()).anyMatch(c -> ((Enum<?>) c).name().equals(value));
            }
            return true;
        } catch (final NumberFormatException e) {
            return false;
        }
    }

    private static Optional<Field> find(final String qualifiedName, final String param) {
        final Class<?> root;
        try {
            root = Class.forName(qualifiedName, false, ParamTypes.class.getClassLoader());
        } catch (final ClassNotFoundException | LinkageError e) {
            return Optional.empty();
        }
        final Deque<Class<?>> todo = new ArrayDeque<>();
        todo.add(root);
        while (!todo.isEmpty()) {
            final Class<?> c = todo.removeFirst();
            for (final Field f : c.getDeclaredFields()) {
                if (f.getName().equals(param) && f.isAnnotationPresent(Param.class)) {
                    return Optional.of(f);
                }
            }
            if (c.getSuperclass() != null && c.getSuperclass() != Object.class) {
                todo.add(c.getSuperclass());
            }
            todo.addAll(Arrays.asList(c.getDeclaredClasses()));
        }
        return Optional.empty();
    }
}
