package org.scalebench.bench.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.scalebench.bench.coherence.RunDefaults;
import org.scalebench.coherence.protocol.BroadcastExit;
import org.scalebench.coherence.protocol.InvalidationDelivery;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.sim.Warmup;
import org.scalebench.coherence.sim.Workload;
import org.scalebench.core.data.DataFileException;
import org.scalebench.core.data.TextLimits;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Options the CDR simulation commands share: the B-state policy, invalidation delivery, miss registers, parameter
 * overrides, the warm-up.
 */
final class SimulationOptions {

    @Option(names = "--b-state", paramLabel = "P", description = "When a broadcast-state directory entry returns to "
            + "exact tracking: sticky (only a store or eviction ends it; OpenPiton's L2 RTL, the default) or "
            + "reset-on-empty (when its last copy goes).")
    String bState;

    @Option(names = "--broadcast", paramLabel = "D", description = "How invalidation rounds travel: tree (one "
            + "multicast down a tree in the network, acknowledgements combined on the way back; the default) or "
            + "serial (one invalidation and one acknowledgement per target through the home's interface).")
    String broadcast;

    @Option(names = "--mshrs", paramLabel = "N", description = "Misses a core may have outstanding (1 to 64; "
            + "default: the system file's mshrs_per_core, 1: cores block on each miss).")
    Integer mshrs;

    @Option(names = "--set", paramLabel = "NAME=VALUE", description = "Replace a parameter of the system file "
            + "(repeatable), e.g. --set memory_cycles=240 --set contention=off.")
    List<String> set;

    @Option(names = "--warmup", paramLabel = "N|steady[:MAX]", description = "Accesses simulated before counting: "
            + "a number, or 'steady' to warm until the miss rate changes by at most 2%% between two consecutive pairs "
            + "of windows of 1,024 accesses per issuing core (at most MAX, default 10 x --accesses and at least "
            + "40,000,000, or, warming functionally, at least 12 windows and the timed tail). Default: steady; 0 for "
            + "traces. After it, each run of a synthetic workload settles, not counted: every core idles once (a random "
            + "stretch up to the longest latency seen), then timed windows of 64 accesses per issuing core until the "
            + "throughput is steady (at most 12); 0 is a cold start, counted from the first access, without settling.")
    String warmup;

    @Option(names = "--settle", paramLabel = "on|off", description = "Whether each run of a synthetic workload "
            + "settles its timing after the warm-up before counting (see --warmup): on (the default) or off (counting "
            + "starts right after the warm-up: exactly the accesses asked for, steady or not). Default off with "
            + "--warmup 0; traces never settle, so it is refused with one.")
    String settle;

    @Option(names = "--warmup-mode", paramLabel = "M", description = "How the warm-up's windows run: timed (the whole "
            + "machine, queues and links included) or functional (on the caches and directories only, the cores "
            + "taking turns of 64 accesses, then 64 timed accesses per issuing core so the queues fill; about 25 "
            + "times as fast with a million cores active). Default: functional when a window exceeds 64 M accesses "
            + "(more than 65,536 issuing cores, e.g. wsc1m with every core active), timed otherwise. Refused when "
            + "there is no warm-up (--warmup 0, a trace's default).")
    String warmupMode;

    @Mixin
    ThreadsOption threads = new ThreadsOption();

    /**
     * The machine a {@code --system} value names: a bundled system or a configuration file.
     *
     * @param value the value as given
     * @return the machine
     * @throws IOException if the file cannot be read
     * @throws UsageException naming {@code --system} when it is neither
     */
    static SystemSpec system(final String value) throws IOException {
        return system("--system", value);
    }

    /**
     * The machine an option names.
     *
     * @param option the option, for messages
     * @param value the value as given
     * @return the machine
     * @throws IOException if the file cannot be read
     */
    static SystemSpec system(final String option, final String value) throws IOException {
        if (value.isBlank()) {
            throw new UsageException(option + " " + TextLimits.quoted(value) + ": empty; must be one of "
                    + SystemSpec.BUNDLED + " or a system file");
        }
        if (value.endsWith(".csv") || !value.contains("\0") && Files.exists(Path.of(value))) {
            OptionValues.inputFile(option, value); // a file: missing, a directory or a device is named with the option
        }
        try {
            return SystemSpec.resolve(value);
        } catch (final DataFileException e) {
            throw e;
        } catch (final IllegalArgumentException e) {
            throw new UsageException(OptionValues.rename(option, OptionValues.echoed(String.valueOf(e.getMessage()),
                    value)));
        }
    }

    /**
     * The machine with {@code --b-state} and {@code --set} applied.
     *
     * @param system the machine from {@code --system}
     * @return the machine to simulate
     */
    SystemSpec apply(final SystemSpec system) {
        final Map<String, String> overrides = new LinkedHashMap<>();
        final Map<String, String> given = new LinkedHashMap<>();
        if (set != null) {
            for (final String assignment : set) {
                final int eq = assignment.indexOf('=');
                if (eq <= 0 || eq == assignment.length() - 1) {
                    throw new UsageException("--set " + TextLimits.quoted(assignment) + ": must be NAME=VALUE");
                }
                final String name = assignment.substring(0, eq).strip().toLowerCase(Locale.ROOT);
                if (!system.table().has(name)) {
                    throw new UsageException("--set " + TextLimits.quoted(assignment) + ": no parameter "
                            + TextLimits.quoted(name) + " in " + system.name() + " (see its system file for the names)");
                }
                final String earlier = given.put(name, assignment);
                if (earlier != null) {
                    throw new UsageException("--set " + TextLimits.quoted(assignment) + ": " + name + " is already set by "
                            + "--set " + TextLimits.quoted(earlier) + " (give each parameter once)");
                }
                overrides.put(name, assignment.substring(eq + 1).strip());
            }
        }
        if (bState != null) {
            final String id = OptionValues.named("--b-state", bState, () -> BroadcastExit.parse(bState)).id();
            if (given.containsKey("b_state")) {
                throw new UsageException("--b-state " + TextLimits.quoted(bState) + " and --set "
                        + TextLimits.quoted(given.get("b_state")) + " both set b_state (give one)");
            }
            overrides.put("b_state", id);
            given.put("b_state", "--b-state " + bState);
        }
        if (broadcast != null) {
            overrides.put("invalidation_delivery",
                    OptionValues.named("--broadcast", broadcast, () -> InvalidationDelivery.parse(broadcast)).id());
        }
        if (mshrs != null) {
            if (mshrs < 1 || mshrs > 64) {
                throw new UsageException("--mshrs " + mshrs + ": must be in [1, 64]");
            }
            overrides.put("mshrs_per_core", Integer.toString(mshrs));
        }
        try {
            return system.with(overrides, "command line");
        } catch (final IllegalArgumentException e) {
            throw new UsageException(setError(String.valueOf(e.getMessage()), overrides, given));
        }
    }

    /**
     * What the machine refused of the {@code --set} values, naming the option that gave the value: the machine's
     * {@code FILE (command line):LINE: name = 'v': reason} (or {@code FILE:LINE: ...}) becomes
     * {@code --set name=v: reason}; a rule between parameters ({@code mesh_width x mesh_height = 1024: must equal
     * cores = 7}) names every {@code --set} given.
     */
    private static String setError(final String message, final Map<String, String> overrides,
            final Map<String, String> given) {
        for (final Map.Entry<String, String> o : overrides.entrySet()) {
            final String key = o.getKey();
            for (final String form : new String[] {": " + key + " = ", ": column 'value' of " + key + " = "}) {
                final int at = message.indexOf(form);
                if (at >= 0) {
                    final int reason = message.indexOf(": ", at + form.length());
                    return option(given.get(key)) + (reason >= 0 ? message.substring(reason) : ": " + message);
                }
            }
        }
        if (message.startsWith("b_state = ")) {
            return option(given.get("b_state")) + message.substring(message.indexOf(':'));
        }
        final String reason = message.replaceFirst("^.*?\\(command line\\)(?::\\d+)?: |^[^ ]*:\\d+: ", "");
        return String.join(" ", given.values().stream().map(SimulationOptions::option).toList()) + ": " + reason;
    }

    /** {@code --set name=value} (cut like every echo), or the {@code --b-state} option as given. */
    private static String option(final String assignment) {
        return assignment.startsWith("--b-state ") ? "--b-state " + TextLimits.quoted(assignment.substring(10))
                : "--set " + TextLimits.quoted(assignment);
    }

    /**
     * The warm-up plan for a workload, checked against it: a fixed warm-up must leave a trace something to count,
     * and warm-up plus counted accesses must fit a {@code long}.
     *
     * @param accesses counted accesses
     * @param workload the workload (a trace when its length is known)
     * @return the plan
     * @throws UsageException naming {@code --warmup} and {@code --accesses}
     */
    Warmup warmup(final long accesses, final Workload workload) {
        final boolean trace = workload.length() >= 0;
        final int cores = workload.issuingCores().length;
        final Warmup timed = parse(accesses, trace);
        final boolean functional = warmupMode == null ? RunDefaults.functionalByDefault(timed, workload)
                : functional();
        final Warmup plan = checked(functional ? longEnough(timed.functionally(), cores) : timed, accesses)
                .withThreads(threads.threads());
        refuseIgnored(plan, trace);
        if (workload.length() >= 0 && !plan.untilSteady() && plan.max() >= workload.length()) {
            throw new UsageException("--warmup = " + plan.max() + ": must be below the trace's length of "
                    + workload.length() + " accesses (" + workload.name() + ")");
        }
        return plan;
    }

    /**
     * The warm-up plan.
     *
     * @param accesses counted accesses
     * @param trace whether the workload is a trace (default 0)
     * @return the plan
     * @throws UsageException if it does not parse or warm-up plus counted accesses overflow a {@code long}
     */
    Warmup warmup(final long accesses, final boolean trace) {
        final Warmup plan = checked(functional() ? parse(accesses, trace).functionally() : parse(accesses, trace),
                accesses).withThreads(threads.threads());
        refuseIgnored(plan, trace);
        return plan;
    }

    /**
     * Refuses the options a run would ignore: {@code --settle} with a trace (a trace's run never settles: it counts
     * from the end of the warm-up, the trace's next records) and {@code --warmup-mode} when there is no warm-up to run
     * ({@code --warmup 0}, a trace's default). Only options given are refused, never their defaults.
     */
    private void refuseIgnored(final Warmup plan, final boolean trace) {
        if (settle != null && trace) {
            throw new UsageException("--settle " + TextLimits.quoted(settle) + ": a trace's run never settles (it "
                    + "counts from the end of the warm-up); --settle applies to vm, app and page");
        }
        if (warmupMode != null && !plan.untilSteady() && plan.max() == 0) {
            throw new UsageException("--warmup-mode " + TextLimits.quoted(warmupMode) + ": there is no warm-up to run "
                    + "(--warmup 0" + (warmup == null ? ", the default for a trace" : "") + ")");
        }
    }

    /**
     * Whether runs settle: {@code --settle}, else not for a cold start ({@code --warmup 0}: counting from the first
     * access, whose settling's timed windows would warm the caches the user asked to find cold), else yes.
     */
    private boolean settles(final Warmup plan) {
        if (settle == null) {
            return warmup == null || plan.untilSteady() || plan.max() > 0;
        }
        final String v = settle.strip().toLowerCase(Locale.ROOT);
        if (!v.equals("on") && !v.equals("off")) {
            throw new UsageException("--settle " + TextLimits.quoted(settle) + ": must be on or off");
        }
        return v.equals("on");
    }

    /** A functional steady warm-up without a MAX given gets {@link RunDefaults#roomy} room. */
    private Warmup longEnough(final Warmup plan, final int cores) {
        final boolean maxGiven = warmup != null && warmup.strip().toLowerCase(Locale.ROOT).startsWith("steady:");
        return maxGiven ? plan : RunDefaults.roomy(plan, cores);
    }

    private static Warmup checked(final Warmup plan, final long accesses) {
        if (plan.max() > Long.MAX_VALUE - accesses) {
            throw new UsageException("--warmup + --accesses = " + plan.max() + " + " + accesses + ": must not exceed "
                    + Long.MAX_VALUE + " (2^63 - 1)");
        }
        return plan;
    }

    /** Whether {@code --warmup-mode} asks for a functional warm-up; refuses a value other than timed or functional. */
    private boolean functional() {
        if (warmupMode == null) {
            return false;
        }
        final String m = warmupMode.strip().toLowerCase(Locale.ROOT);
        if (!m.equals("timed") && !m.equals("functional")) {
            throw new UsageException("--warmup-mode " + TextLimits.quoted(warmupMode) + ": must be timed or functional");
        }
        return m.equals("functional");
    }

    /** {@code --warmup} and {@code --settle}. */
    private Warmup parse(final long accesses, final boolean trace) {
        final Warmup plan = parseCount(accesses, trace);
        return settles(plan) ? plan : plan.withoutSettling();
    }

    private Warmup parseCount(final long accesses, final boolean trace) {
        final long max = RunDefaults.steadyMax(accesses);
        if (warmup == null) {
            return trace ? Warmup.fixed(0) : Warmup.untilSteady(max);
        }
        final String w = warmup.strip().toLowerCase(Locale.ROOT);
        try {
            if (w.equals("steady")) {
                return Warmup.untilSteady(max);
            }
            if (w.startsWith("steady:")) {
                final long limit = Long.parseLong(w.substring(7));
                if (limit < 0) {
                    throw new NumberFormatException();
                }
                return Warmup.untilSteady(limit);
            }
            final long n = Long.parseLong(w);
            if (n < 0) {
                throw new NumberFormatException();
            }
            return Warmup.fixed(n);
        } catch (final NumberFormatException e) {
            throw new UsageException("--warmup " + TextLimits.quoted(warmup) + ": must be a count >= 0, steady or "
                    + "steady:MAX");
        }
    }
}
