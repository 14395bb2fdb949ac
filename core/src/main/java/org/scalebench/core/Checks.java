package org.scalebench.core;

/**
 * Argument checks for constructors and parsers, with the project's one message format:
 *
 * <pre>
 *   NAME = VALUE: must be at least MIN
 *   NAME = VALUE: must be in [MIN, MAX]
 *   NAME = VALUE: must be in [0, LENGTH)
 * </pre>
 * CLI messages and tests match these texts, so a check written by hand elsewhere must say the same. Each check
 * returns the value it accepted, so a constructor can check and assign in one expression. Meant for
 * configuration time, not for hot loops (the message is built only on failure, but the call is still a call).
 *
 * <p>Stateless; allocates only the exception it throws. Thread-safe.
 */
public final class Checks {

    private Checks() {
    }

    /**
     * Requires {@code value >= min}.
     *
     * @param name the parameter as the caller's user knows it
     * @param value the value
     * @param min the smallest value allowed
     * @return {@code value}
     * @throws IllegalArgumentException {@code NAME = VALUE: must be at least MIN}
     */
    public static int requireAtLeast(final String name, final int value, final int min) {
        if (value < min) {
            throw atLeast(name, value, min);
        }
        return value;
    }

    /**
     * Requires {@code value >= min}.
     *
     * @param name the parameter as the caller's user knows it
     * @param value the value
     * @param min the smallest value allowed
     * @return {@code value}
     * @throws IllegalArgumentException {@code NAME = VALUE: must be at least MIN}
     */
    public static long requireAtLeast(final String name, final long value, final long min) {
        if (value < min) {
            throw atLeast(name, value, min);
        }
        return value;
    }

    /**
     * Requires {@code min <= value <= max}.
     *
     * @param name the parameter as the caller's user knows it
     * @param value the value
     * @param min the smallest value allowed
     * @param max the largest value allowed
     * @return {@code value}
     * @throws IllegalArgumentException {@code NAME = VALUE: must be in [MIN, MAX]}
     */
    public static int requireInRange(final String name, final int value, final int min, final int max) {
        if (value < min || value > max) {
            throw inRange(name, value, min, max);
        }
        return value;
    }

    /**
     * Requires {@code min <= value <= max}.
     *
     * @param name the parameter as the caller's user knows it
     * @param value the value
     * @param min the smallest value allowed
     * @param max the largest value allowed
     * @return {@code value}
     * @throws IllegalArgumentException {@code NAME = VALUE: must be in [MIN, MAX]}
     */
    public static long requireInRange(final String name, final long value, final long min, final long max) {
        if (value < min || value > max) {
            throw inRange(name, value, min, max);
        }
        return value;
    }

    /**
     * Requires {@code 0 <= value < length}: an index into {@code length} things (cores, tiles, domains).
     *
     * @param name the parameter as the caller's user knows it
     * @param value the value
     * @param length how many things there are
     * @return {@code value}
     * @throws IllegalArgumentException {@code NAME = VALUE: must be in [0, LENGTH)}
     */
    public static int requireIndex(final String name, final int value, final int length) {
        if (value < 0 || value >= length) {
            throw new IllegalArgumentException(name + " = " + value + ": must be in [0, " + length + ")");
        }
        return value;
    }

    private static IllegalArgumentException atLeast(final String name, final long value, final long min) {
        return new IllegalArgumentException(name + " = " + value + ": must be at least " + min);
    }

    private static IllegalArgumentException inRange(final String name, final long value, final long min,
            final long max) {
        return new IllegalArgumentException(name + " = " + value + ": must be in [" + min + ", " + max + "]");
    }
}
