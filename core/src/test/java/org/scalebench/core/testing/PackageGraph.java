package org.scalebench.core.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The package dependencies of a module's compiled classes, and the cycles among them. Package {@code p} uses
 * package {@code q} when a class of {@code p} names a class of {@code q} anywhere in its constant pool (class
 * references, descriptors, generic signatures), as {@link ClassFiles} reads it, so a fully qualified name written
 * inline counts as much as an import. Only packages that hold at least one of the module's classes are nodes;
 * the JDK and libraries are not. A compile-time constant ({@code static final} primitive or string) is copied
 * into the class that reads it and leaves no trace, so a use made only of such constants is not seen.
 *
 * <p>A cycle is a strongly connected component of two or more packages (Tarjan's algorithm). Each is reported
 * with every edge inside it and the classes behind each edge, so a failing test says which reference to remove.
 * A test may allow named edges; an allowed edge that no longer exists is itself reported, so the list shrinks as
 * the code is fixed.
 *
 * <p>Immutable after {@link #read}; allocates; thread-safe.
 */
public final class PackageGraph {

    /** A use of one package by another, in dotted form. */
    public record Edge(String from, String to) implements Comparable<Edge> {
        @Override
        public int compareTo(final Edge other) {
            final int byFrom = from.compareTo(other.from);
            return byFrom != 0 ? byFrom : to.compareTo(other.to);
        }

        @Override
        public String toString() {
            return from + " -> " + to;
        }
    }

    /** A slashed class name (class entries, descriptors, signatures) below the base package. */
    private static final Pattern CLASS_NAME = Pattern.compile("org/scalebench/(?:[\\w$]+/)*[\\w$]+");

    /** Evidence per edge: "FromClass -> ToClass" texts, sorted. */
    private final SortedMap<Edge, SortedSet<String>> edges;
    private final SortedSet<String> packages;

    private PackageGraph(final SortedSet<String> packages, final SortedMap<Edge, SortedSet<String>> edges) {
        this.packages = packages;
        this.edges = edges;
    }

    /**
     * Reads the package graph of every class file under a directory of compiled classes.
     *
     * @param classes a class-path root such as {@code target/classes}
     * @return the graph of the packages that hold those classes
     * @throws IOException if a class file cannot be read or parsed
     */
    public static PackageGraph read(final Path classes) throws IOException {
        final Map<String, byte[]> classFiles = new TreeMap<>();
        for (final Path file : ClassFiles.under(classes)) {
            final String name = classes.relativize(file).toString().replace('\\', '/');
            classFiles.put(name.substring(0, name.length() - ".class".length()), Files.readAllBytes(file));
        }
        final SortedSet<String> packages = new TreeSet<>();
        for (final String name : classFiles.keySet()) {
            packages.add(packageOf(name));
        }
        final SortedMap<Edge, SortedSet<String>> edges = new TreeMap<>();
        for (final Map.Entry<String, byte[]> entry : classFiles.entrySet()) {
            final String from = packageOf(entry.getKey());
            for (final String text : ClassFiles.constantPoolTexts(entry.getValue())) {
                final Matcher m = CLASS_NAME.matcher(text);
                while (m.find()) {
                    final String to = packageOf(m.group());
                    if (!to.equals(from) && packages.contains(to)) {
                        edges.computeIfAbsent(new Edge(dotted(from), dotted(to)), e -> new TreeSet<>())
                                .add(simpleName(entry.getKey()) + " -> " + simpleName(m.group()));
                    }
                }
            }
        }
        final SortedSet<String> dottedPackages = new TreeSet<>();
        packages.forEach(p -> dottedPackages.add(dotted(p)));
        return new PackageGraph(dottedPackages, edges);
    }

    /**
     * The packages of the module, dotted.
     *
     * @return every package holding a class, sorted
     */
    public SortedSet<String> packages() {
        return packages;
    }

    /**
     * The uses between the module's packages.
     *
     * @return every edge, sorted by source then target
     */
    public Set<Edge> edges() {
        return edges.keySet();
    }

    /**
     * The package cycles left once the allowed edges are removed, one line per cycle, plus one line for every
     * allowed edge that does not exist (so a fixed cycle must be taken off the allowed list).
     *
     * @param allowed uses a test tolerates for now; empty in a module without known cycles
     * @return an empty list when the packages form no cycle and every allowed edge exists
     */
    public List<String> cycles(final Set<Edge> allowed) {
        final List<String> found = new ArrayList<>();
        for (final Edge edge : new TreeSet<>(allowed)) {
            if (!edges.containsKey(edge)) {
                found.add("allowed edge " + edge + " no longer exists: remove it from the allowed list");
            }
        }
        final Map<String, SortedSet<String>> successors = new HashMap<>();
        for (final Edge edge : edges.keySet()) {
            if (!allowed.contains(edge)) {
                successors.computeIfAbsent(edge.from, p -> new TreeSet<>()).add(edge.to);
            }
        }
        for (final SortedSet<String> component : new Tarjan(packages, successors).components()) {
            if (component.size() < 2) {
                continue;
            }
            final StringBuilder line = new StringBuilder("cycle among ").append(component).append(':');
            for (final Map.Entry<Edge, SortedSet<String>> edge : edges.entrySet()) {
                final Edge e = edge.getKey();
                if (component.contains(e.from) && component.contains(e.to) && !allowed.contains(e)) {
                    line.append("\n    ").append(e).append(" by ").append(edge.getValue());
                }
            }
            found.add(line.toString());
        }
        return found;
    }

    private static String packageOf(final String slashedClass) {
        final int slash = slashedClass.lastIndexOf('/');
        return slash < 0 ? "" : slashedClass.substring(0, slash);
    }

    private static String simpleName(final String slashedClass) {
        return slashedClass.substring(slashedClass.lastIndexOf('/') + 1);
    }

    private static String dotted(final String slashed) {
        return slashed.replace('/', '.');
    }

    /** Tarjan's strongly connected components (recursive: a module has a few dozen packages at most). */
    private static final class Tarjan {
        private final SortedSet<String> nodes;
        private final Map<String, SortedSet<String>> successors;
        private final Map<String, Integer> index = new HashMap<>();
        private final Map<String, Integer> lowLink = new HashMap<>();
        private final Deque<String> stack = new ArrayDeque<>();
        private final Set<String> onStack = new HashSet<>();
        private final List<SortedSet<String>> components = new ArrayList<>();

        Tarjan(final SortedSet<String> nodes, final Map<String, SortedSet<String>> successors) {
            this.nodes = nodes;
            this.successors = successors;
        }

        List<SortedSet<String>> components() {
            for (final String node : nodes) {
                if (!index.containsKey(node)) {
                    visit(node);
                }
            }
            return components;
        }

        private void visit(final String node) {
            index.put(node, index.size());
            lowLink.put(node, index.get(node));
            stack.push(node);
            onStack.add(node);
            for (final String successor : successors.getOrDefault(node, new TreeSet<>())) {
                if (!index.containsKey(successor)) {
                    visit(successor);
                    lowLink.put(node, Math.min(lowLink.get(node), lowLink.get(successor)));
                } else if (onStack.contains(successor)) {
                    lowLink.put(node, Math.min(lowLink.get(node), index.get(successor)));
                }
            }
            if (lowLink.get(node).equals(index.get(node))) {
                final SortedSet<String> component = new TreeSet<>();
                String member;
                do {
                    member = stack.pop();
                    onStack.remove(member);
                    component.add(member);
                } while (!member.equals(node));
                components.add(component);
            }
        }
    }
}
