package org.scalebench.bench.perf;

import java.util.Locale;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.TimeValue;
import org.scalebench.core.Checks;

/**
 * How long each benchmark runs: forks, warm-up and measurement iterations, or each class's own
 * {@code @Fork}/{@code @Warmup}/{@code @Measurement} annotations. Immutable.
 *
 * @param ownAnnotations true to keep each class's annotations (the other fields are then unused)
 * @param forks JVM forks per benchmark, at least 1 (never 0: results from the host JVM are polluted)
 * @param warmupIterations warm-up iterations per fork
 * @param warmupMillis length of one warm-up iteration
 * @param measurementIterations measured iterations per fork
 * @param measurementMillis length of one measured iteration
 */
public record RunSettings(boolean ownAnnotations, int forks, int warmupIterations, int warmupMillis,
        int measurementIterations, int measurementMillis) {

    /**
     * The performance gate: short, but long enough that in-run ratios move only ~10-20% on 2 cores. The warm-up, 1 s,
     * outlasts the JIT's compilation of JMH's own measurement loop (about 0.9 s into a fork on 2 cores): with 0.3 s a
     * kernel whose loop sits in a library method (the batched home mapping) was measured in its transition, 1.5 to
     * 1.9 ns per element against 1.1 ns once compiled, and failed its floor on a change that made it faster.
     */
    public static final RunSettings GATE = of(1, 5, 200, 3, 100);
    /** {@code bench --quick}: the same length as the gate. */
    public static final RunSettings QUICK = GATE;
    /** {@code reproduce --quick}: a first look at every class in a few minutes; ratios only indicative. */
    public static final RunSettings BRIEF = of(1, 1, 100, 2, 100);
    /** Each class's own annotations ({@code bench} without {@code --quick}, {@code reproduce --full}). */
    public static final RunSettings OWN = new RunSettings(true, 0, 0, 0, 0, 0);

    /**
     * Validates explicit settings.
     *
     * @param ownAnnotations true to keep each class's annotations
     * @param forks at least 1 unless {@code ownAnnotations}
     * @param warmupIterations at least 0
     * @param warmupMillis at least 1
     * @param measurementIterations at least 1
     * @param measurementMillis at least 1
     */
    public RunSettings {
        if (!ownAnnotations) {
            Checks.requireAtLeast("forks", forks, 1);
            if (warmupIterations < 0 || warmupMillis < 1 || measurementIterations < 1 || measurementMillis < 1) {
                throw new IllegalArgumentException("iterations = " + warmupIterations + " x " + warmupMillis
                        + " ms warm-up, " + measurementIterations + " x " + measurementMillis
                        + " ms measurement: need >= 0 warm-up and >= 1 measured iterations of >= 1 ms");
            }
        }
    }

    /**
     * Explicit settings.
     *
     * @param forks JVM forks per benchmark (at least 1)
     * @param warmupIterations warm-up iterations per fork
     * @param warmupMillis length of a warm-up iteration
     * @param measurementIterations measured iterations per fork
     * @param measurementMillis length of a measured iteration
     * @return the settings
     */
    public static RunSettings of(final int forks, final int warmupIterations, final int warmupMillis,
            final int measurementIterations, final int measurementMillis) {
        return new RunSettings(false, forks, warmupIterations, warmupMillis, measurementIterations, measurementMillis);
    }

    /**
     * Sets these settings on JMH options (nothing when keeping the classes' annotations).
     *
     * @param options the options being built
     * @return {@code options}
     */
    public ChainedOptionsBuilder applyTo(final ChainedOptionsBuilder options) {
        return applyTo(options, null);
    }

    /**
     * Sets these settings on JMH options where the user's own JMH options leave them unset (nothing when keeping
     * the classes' annotations): a fork count, iteration count or iteration time the user gave wins.
     *
     * @param options the options being built (its parent holds {@code user}'s options)
     * @param user the user's JMH options, or null
     * @return {@code options}
     */
    public ChainedOptionsBuilder applyTo(final ChainedOptionsBuilder options, final Options user) {
        if (ownAnnotations) {
            return options;
        }
        if (user == null || !user.getForkCount().hasValue()) {
            options.forks(forks);
        }
        if (user == null || !user.getWarmupIterations().hasValue()) {
            options.warmupIterations(warmupIterations);
        }
        if (user == null || !user.getWarmupTime().hasValue()) {
            options.warmupTime(TimeValue.milliseconds(warmupMillis));
        }
        if (user == null || !user.getMeasurementIterations().hasValue()) {
            options.measurementIterations(measurementIterations);
        }
        if (user == null || !user.getMeasurementTime().hasValue()) {
            options.measurementTime(TimeValue.milliseconds(measurementMillis));
        }
        return options;
    }

    /**
     * Wall time of one fork's iterations, without JVM start-up and set-up (0 when keeping annotations).
     *
     * @return milliseconds
     */
    public long iterationMillisPerRun() {
        return ownAnnotations ? 0 : (long) forks
                * ((long) warmupIterations * warmupMillis + (long) measurementIterations * measurementMillis);
    }

    /**
     * A rough wall time for a number of benchmark runs: the iterations plus about a second per fork for JVM
     * start-up and set-up.
     *
     * @param runs benchmark runs (method x parameter combination)
     * @return seconds, NaN when keeping the classes' annotations
     */
    public double estimateSeconds(final long runs) {
        return ownAnnotations ? Double.NaN : runs * (iterationMillisPerRun() + forks * 1000.0) / 1000.0;
    }

    /** Returns e.g. {@code 1 fork, 2 x 200 ms warm-up, 3 x 200 ms measurement}. */
    @Override
    public String toString() {
        if (ownAnnotations) {
            return "each class's own @Fork, @Warmup and @Measurement";
        }
        return String.format(Locale.ROOT, "%d fork%s, %d x %d ms warm-up, %d x %d ms measurement", forks,
                forks == 1 ? "" : "s", warmupIterations, warmupMillis, measurementIterations, measurementMillis);
    }
}
