package org.scalebench.bench.cli;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.scalebench.bench.train.ByteSize;
import org.scalebench.core.data.TextLimits;
import org.scalebench.training.projection.ScalingEffect;

/** Validation shared by the {@code train} subcommands. */
final class TrainOptions {

    private TrainOptions() {
    }

    /**
     * Checks device or rank counts and returns them sorted, without repeats.
     *
     * @param option the option name for messages
     * @param values the counts
     * @return ascending distinct counts
     * @throws UsageException naming the option, the first bad value and what is allowed
     */
    static int[] devices(final String option, final int[] values) {
        if (values.length == 0) {
            throw new UsageException(option + ": give at least one count");
        }
        for (final int v : values) {
            if (v < 1 || v > MAX_DEVICES) {
                throw new UsageException(option + " = " + v + ": must be in [1, " + MAX_DEVICES + "] (2^24)");
            }
        }
        final int[] sorted = Arrays.stream(values).sorted().toArray();
        for (int i = 1; i < sorted.length; i++) {
            if (sorted[i] == sorted[i - 1]) {
                throw new UsageException(option + ": " + sorted[i] + " is given twice");
            }
        }
        return sorted;
    }

    /** The most devices or ranks a projection or collective takes: 2^24, far beyond any machine built. */
    static final int MAX_DEVICES = 1 << 24;

    /**
     * Checks a word option against its allowed values.
     *
     * @param option the option name for messages
     * @param value the value given
     * @param allowed the allowed values, lower case
     * @return the value, trimmed and lower case
     * @throws UsageException naming the option, the value and what is allowed
     */
    static String choice(final String option, final String value, final String... allowed) {
        final String v = value.trim().toLowerCase(Locale.ROOT);
        if (!List.of(allowed).contains(v)) {
            final String last = allowed[allowed.length - 1];
            final String rest = String.join(", ", Arrays.copyOf(allowed, allowed.length - 1));
            throw new UsageException(option + " = " + TextLimits.quoted(value) + ": must be " + rest + " or " + last);
        }
        return v;
    }

    /**
     * Parses the step model's effects to switch off ({@code train project} and {@code train validate}
     * {@code --without}): {@code none}, or a comma-separated list of effects, each given once. An empty value or
     * an empty entry ({@code --without=}, {@code timeline,}) is refused as an unknown effect, as {@code train llm}
     * refuses it, never read as none.
     *
     * @param option the option name for messages
     * @param value the value given
     * @return the effects, empty for {@code none}
     * @throws UsageException naming the option, the value and what is allowed, or the value given twice
     */
    static Set<ScalingEffect> effects(final String option, final String value) {
        final Set<ScalingEffect> effects = EnumSet.noneOf(ScalingEffect.class);
        if (value.strip().equalsIgnoreCase("none")) {
            return effects;
        }
        final List<String> parts = List.of(value.split(",", -1)); // -1: a trailing empty entry is kept, and refused
        for (final String part : parts) {
            effects.add(OptionValues.named(option, part, () -> ScalingEffect.parse(part)));
        }
        OptionValues.distinct(option, parts);
        return effects;
    }

    /**
     * Parses a byte size option.
     *
     * @param option the option name for messages
     * @param value the size, e.g. {@code 25M}
     * @return bytes
     * @throws UsageException naming the option, the value and the accepted forms
     */
    static long bytes(final String option, final String value) {
        try {
            return ByteSize.parse(option, value);
        } catch (final IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
