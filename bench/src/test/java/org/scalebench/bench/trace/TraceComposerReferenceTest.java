package org.scalebench.bench.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scalebench.coherence.sim.BinaryTrace;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.sim.TraceSource;

/**
 * Page domains against the dense composer, kept here as it was before page sharer sets became sparse: a bit per
 * core of the machine for every page, the sets in a hash map, sorted by accesses and then by their bit words as
 * signed longs ({@code Arrays.compare}). On 40 randomized plans with fixed seeds (1 to 8 instances, 1,024 to 4,096
 * cores, groups of 1 to 256 cores, pages shared by 1 to 94 cores, a few domain ids so that the fallback to the
 * instance's domain triggers) the composed file must be byte for byte the one the dense numbering gives, and the
 * summary the same.
 *
 * <p>The dense numbering reads the stream from a VM composition of the same plan: VM and page domains place the
 * instances on the same compact cores and write the same cores, stores and physical addresses, with the instance
 * as the domain.
 */
class TraceComposerReferenceTest {

    private static final int PAGE_SHIFT = 12;

    @TempDir
    Path dir;

    /** What the cases covered, summed: the test fails if the randomized plans miss an edge. */
    private int ties;
    private int tiesOnTheSignBit;
    private int widePages;
    private long fallbackPages;
    private int exhausted;

    /** Today's page domains as the dense composer computed them, from the records of the composed stream. */
    private final class DensePageDomains {
        int[] domainOfFrame;
        int domains;
        long fallbackPages;

        /** @param records {core, store, physical address, instance} in stream order */
        DensePageDomains(final List<long[]> records, final SystemSpec system, final int instances) {
            final int words = (system.cores() + 63) >>> 6;
            int frames = 0;
            for (final long[] r : records) {
                frames = Math.max(frames, (int) (r[2] >>> PAGE_SHIFT) + 1);
            }
            final long[] bits = new long[frames * words];
            final long[] accesses = new long[frames];
            final int[] instanceOf = new int[frames];
            for (final long[] r : records) {
                final int frame = (int) (r[2] >>> PAGE_SHIFT);
                final int c = (int) r[0];
                bits[frame * words + (c >>> 6)] |= 1L << c;
                accesses[frame]++;
                instanceOf[frame] = (int) r[3];
            }
            final Map<Bitset, long[]> sets = new HashMap<>();
            final Bitset[] setOf = new Bitset[frames];
            for (int f = 0; f < frames; f++) {
                final Bitset key = new Bitset(Arrays.copyOfRange(bits, f * words, (f + 1) * words));
                setOf[f] = key;
                sets.computeIfAbsent(key, x -> new long[1])[0] += accesses[f];
                int sharers = 0;
                for (final long w : key.bits) {
                    sharers += Long.bitCount(w);
                }
                widePages += sharers > 64 ? 1 : 0;
            }
            final List<Map.Entry<Bitset, long[]>> byAccesses = new ArrayList<>(sets.entrySet());
            byAccesses.sort((a, b) -> {
                final int c = Long.compare(b.getValue()[0], a.getValue()[0]);
                if (c != 0) {
                    return c;
                }
                countTie(a.getKey().bits, b.getKey().bits);
                return Arrays.compare(a.getKey().bits, b.getKey().bits);
            });
            final int ids = Math.min(system.sharerDomains(), system.homeDomains());
            final int own = Math.min(byAccesses.size(), ids - instances);
            exhausted += byAccesses.size() > own ? 1 : 0;
            final Map<Bitset, Integer> idOf = new HashMap<>();
            for (int d = 0; d < own; d++) {
                idOf.put(byAccesses.get(d).getKey(), d);
            }
            domainOfFrame = new int[frames];
            final boolean[] fallbackUsed = new boolean[instances];
            for (int f = 0; f < frames; f++) {
                final Integer id = idOf.get(setOf[f]);
                if (id != null) {
                    domainOfFrame[f] = id;
                } else {
                    domainOfFrame[f] = own + instanceOf[f];
                    fallbackUsed[instanceOf[f]] = true;
                    fallbackPages++;
                }
            }
            int used = own;
            for (final boolean b : fallbackUsed) {
                used += b ? 1 : 0;
            }
            domains = used;
        }
    }

    /** Counts a tie of accesses, and whether the first differing words differ in their sign bit. */
    private void countTie(final long[] a, final long[] b) {
        final int w = Arrays.mismatch(a, b);
        if (w >= 0) {
            ties++;
            tiesOnTheSignBit += (a[w] ^ b[w]) < 0 ? 1 : 0;
        }
    }

    /** A set of cores as bits, a map key. */
    private record Bitset(long[] bits) {
        @Override
        public boolean equals(final Object o) {
            return o instanceof Bitset s && Arrays.equals(bits, s.bits);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bits);
        }
    }

    @Test
    void pageDomainsAreThoseOfTheDenseComposer() throws IOException {
        final int cases = 40;
        for (int c = 0; c < cases; c++) {
            compareCase(c, new SplittableRandom(0x5EED_0000L + c));
        }
        // the plans reached every edge: ties broken by bit words (some on a word's sign bit), pages of more than
        // 64 cores, domain ids running out
        assertTrue(ties > 100, "ties " + ties);
        assertTrue(tiesOnTheSignBit > 10, "ties decided on the sign bit " + tiesOnTheSignBit);
        assertTrue(widePages > 10, "pages of more than 64 cores " + widePages);
        assertTrue(exhausted >= 5 && fallbackPages > 100, exhausted + " plans ran out of ids, " + fallbackPages
                + " pages fell back");
    }

    private void compareCase(final int c, final SplittableRandom random) throws IOException {
        final SystemSpec system = system(c);
        final int[] sizes = {1, 3, 4, 16, 64, 100, 128, 256};
        final int groupSize = sizes[random.nextInt(sizes.length)];
        final int instances = 1 + random.nextInt(Math.min(8, system.cores() / groupSize));
        final int ids = Math.min(system.sharerDomains(), system.homeDomains());
        final SystemSpec machine = c % 4 == 1 ? system : system.with(Map.of("sharer_domains",
                String.valueOf(Math.min(ids, instances + random.nextInt(40))), "home_domains", String.valueOf(ids)),
                "reference test: few domain ids");
        final List<Path> traces = new ArrayList<>();
        final int traceCount = 1 + random.nextInt(3);
        for (int t = 0; t < traceCount; t++) {
            traces.add(trace("c" + c + "-t" + t + ".sbt", groupSize, random));
        }
        final long accesses = 200 + random.nextInt(20_000);
        final String what = "case " + c + " (" + machine.cores() + " cores, " + instances + " x " + groupSize
                + ", ids " + Math.min(machine.sharerDomains(), machine.homeDomains()) + ")";
        final Path vm = dir.resolve("c" + c + "-vm.sbt");
        TraceComposer.compose(new TraceComposer.Plan(traces, machine, TraceComposer.Domains.VM, instances, groupSize,
                accesses, 1), vm);
        final List<long[]> records = TraceRecords.read(vm);
        final DensePageDomains dense = new DensePageDomains(records, machine, instances);
        final Path expected = dir.resolve("c" + c + "-expected.sbt");
        try (OutputStream out = Files.newOutputStream(expected); BinaryTrace.Writer w = new BinaryTrace.Writer(out)) {
            for (final long[] r : records) {
                w.write((int) r[0], r[1] == 1, r[2], dense.domainOfFrame[(int) (r[2] >>> PAGE_SHIFT)]);
            }
            w.finish();
        }
        final Path page = dir.resolve("c" + c + "-page.sbt");
        final TraceComposer.Summary s = TraceComposer.compose(new TraceComposer.Plan(traces, machine,
                TraceComposer.Domains.PAGE, instances, groupSize, accesses, 1), page);
        assertEquals(new TraceComposer.Summary(accesses, dense.domains, dense.fallbackPages,
                dense.domainOfFrame.length), s, what);
        assertEquals(-1, Files.mismatch(expected, page), what + ": the composed trace differs");
        fallbackPages += dense.fallbackPages;
    }

    /** chip1024, or a mesh of 2,048 or 4,096 cores. */
    private static SystemSpec system(final int c) {
        final SystemSpec chip = SystemSpec.named("chip1024");
        return switch (c % 3) {
            case 0 -> chip;
            case 1 -> chip.with(Map.of("cores", "2048", "mesh_width", "64", "mesh_height", "32"),
                    "reference test: 2048 cores");
            default -> chip.with(Map.of("cores", "4096", "mesh_width", "64", "mesh_height", "64"),
                    "reference test: 4096 cores");
        };
    }

    /**
     * A trace of 1 to {@code 2 x groupSize} threads over 1 to 12 or 1 to 300 pages, each page shared by its own
     * random subset of the threads: a third of the pages by about all of them, the others by 1 to 4; a third of the
     * traces touch most pages once or twice, so that many sets tie on accesses.
     */
    private Path trace(final String name, final int groupSize, final SplittableRandom random) throws IOException {
        final int threads = 1 + random.nextInt(2 * groupSize);
        final int pages = 1 + random.nextInt(random.nextBoolean() ? 12 : 300);
        final int[][] sharers = new int[pages][];
        for (int p = 0; p < pages; p++) {
            final int n = random.nextInt(3) == 0 ? 3 * threads : 1 + random.nextInt(4);
            sharers[p] = random.ints(n, 0, threads).toArray();
        }
        final int records = random.nextInt(3) == 0 ? pages + random.nextInt(pages + 1) : 100 + random.nextInt(4000);
        final Path file = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(file); BinaryTrace.Writer w = new BinaryTrace.Writer(out)) {
            for (int i = 0; i < records; i++) {
                final int p = random.nextInt(pages);
                final int thread = sharers[p][random.nextInt(sharers[p].length)];
                final long address = ((0x100L + p) << PAGE_SHIFT) | random.nextInt(1 << PAGE_SHIFT);
                w.write(thread, random.nextInt(4) == 0, address, TraceSource.NO_DOMAIN);
            }
            w.finish();
        }
        return file;
    }
}
