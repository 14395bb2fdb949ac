package org.scalebench.bench.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.scalebench.bench.perf.BenchmarkCatalog;
import org.scalebench.bench.perf.BenchmarkClass;
import org.scalebench.bench.perf.ParamTypes;
import org.scalebench.bench.perf.RunRequest;
import org.scalebench.core.data.TextLimits;

/** Which benchmark classes and parameter values a command runs, from its REGEX and {@code -p} options. */
final class BenchmarkSelection {

    private BenchmarkSelection() {
    }

    /**
     * The classes whose simple or qualified name contains a match of {@code regex}.
     *
     * @param catalog every benchmark class
     * @param regex the pattern, or null for the whole suite (every class but the gate's planted regressions)
     * @param what how the pattern was given, for messages (e.g. {@code REGEX} or {@code --bench})
     * @return the classes, at least one
     * @throws UsageException when the pattern is invalid or matches no class
     */
    static List<BenchmarkClass> classes(final BenchmarkCatalog catalog, final String regex, final String what) {
        if (regex == null) {
            return catalog.suite();
        }
        final Pattern pattern;
        try {
            pattern = Pattern.compile(regex);
        } catch (final PatternSyntaxException e) {
            throw new UsageException(what + " " + TextLimits.quoted(regex) + ": not a regular expression ("
                    + e.getDescription() + ")");
        }
        final List<BenchmarkClass> classes = catalog.matching(pattern);
        if (classes.isEmpty()) {
            throw new UsageException(what + " " + TextLimits.quoted(regex) + " matches no benchmark class (classes: " + catalog.names()
                    + ")");
        }
        return classes;
    }

    /**
     * Parses {@code -p NAME=V1[,V2...]} options.
     *
     * @param options the option values
     * @return parameter name to values, in option order
     * @throws UsageException for a malformed or repeated option
     */
    static Map<String, List<String>> params(final List<String> options) {
        final Map<String, List<String>> params = new LinkedHashMap<>();
        for (final String option : options) {
            final int eq = option.indexOf('=');
            final String name = eq < 0 ? "" : option.substring(0, eq).strip();
            final List<String> values = eq < 0 ? List.of()
                    : List.of(option.substring(eq + 1).split(",", -1)).stream().map(String::strip).toList();
            if (name.isEmpty() || values.isEmpty() || values.contains("")) {
                throw new UsageException("-p " + TextLimits.quoted(option) + ": expected NAME=VALUE[,VALUE...], e.g. -p n=1000");
            }
            OptionValues.distinct("-p " + name, values); // a value given twice would run its benchmarks twice
            if (params.put(name, values) != null) {
                throw new UsageException("-p " + TextLimits.quoted(name) + " is given twice; list the values once: -p "
                        + "NAME=A,B");
            }
        }
        return params;
    }

    /**
     * Every method of each class, on the given parameter values where the class declares the parameter and on
     * its declared values otherwise.
     *
     * @param classes the classes
     * @param params parameter values from {@code -p}
     * @return one invocation per class
     * @throws UsageException when no class declares one of the parameters, or a value does not fit its type
     */
    static List<RunRequest> requests(final List<BenchmarkClass> classes, final Map<String, List<String>> params) {
        for (final String name : params.keySet()) {
            if (classes.stream().noneMatch(c -> c.params().containsKey(name))) {
                throw new UsageException("-p " + TextLimits.quoted(name) + ": no selected benchmark class has that @Param ("
                        + String.join("; ", classes.stream().map(c -> c.simpleName() + ": "
                                + (c.params().isEmpty() ? "none" : String.join(", ", c.params().keySet()))).toList())
                        + ")");
            }
        }
        final List<RunRequest> requests = new ArrayList<>();
        for (final BenchmarkClass c : classes) {
            final Map<String, List<String>> own = new LinkedHashMap<>(params);
            own.keySet().retainAll(c.params().keySet());
            own.forEach((name, values) -> values.forEach(v -> ParamTypes.problem(c, name, v).ifPresent(problem -> {
                throw new UsageException("-p " + OptionValues.echoed(problem, v));
            })));
            requests.add(new RunRequest(c, c.methods(), own));
        }
        return requests;
    }
}
