package org.scalebench.training.llm;

import org.scalebench.core.data.Named;

/**
 * Pipeline schedules (Narayanan et al., SC'21, Section 2.2): GPipe (all forwards, then all backwards: every
 * microbatch in flight), 1F1B (at most {@code p} microbatches in flight), and interleaved 1F1B ({@code v} model
 * chunks per device: the bubble shrinks {@code v} times, point-to-point transfers grow {@code v} times).
 */
public enum Schedule implements Named {
    /** All forward passes, then all backward passes. */
    GPIPE("gpipe"),
    /** One forward, one backward, after a warm-up of {@code p - 1} forwards. */
    ONE_F_ONE_B("1f1b"),
    /** 1F1B over {@code v} model chunks per device. */
    INTERLEAVED("interleaved");

    private final String label;

    Schedule(final String label) {
        this.label = label;
    }

    /**
     * The command-line name.
     *
     * @return {@code gpipe}, {@code 1f1b} or {@code interleaved}
     */
    @Override
    public String id() {
        return label;
    }

    /**
     * Parses a command-line name.
     *
     * @param text {@code gpipe}, {@code 1f1b} or {@code interleaved}
     * @return the schedule
     * @throws IllegalArgumentException naming the value and what is allowed
     */
    public static Schedule parse(final String text) {
        return Named.parse(Schedule.class, "schedule", text);
    }
}
