package org.scalebench.bench.trace;

import it.unimi.dsi.fastutil.ints.IntArrays;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.scalebench.bench.io.AtomicFiles;
import org.scalebench.coherence.LineAddress;
import org.scalebench.coherence.sim.BinaryTrace;
import org.scalebench.coherence.sim.Placement;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.sim.TraceSource;
import org.scalebench.core.Bits;
import org.scalebench.core.LineTable;
import org.scalebench.core.data.Named;

/**
 * Builds a CDR workload for a machine from real per-thread traces (captured with {@link TraceCapture}): several
 * program instances run side by side, each with its own address space, and the composed trace names each
 * access's coherence domain, so {@code --workload trace:FILE} simulates it.
 *
 * <ul>
 *   <li>Instance {@code i} replays trace {@code i mod T} of the {@code T} given; the instances of one trace start
 *       at evenly spaced records of it ({@code r x length / R} for the r-th of R instances) and wrap around at its
 *       end, so they are in different phases and together sample the whole program. The instances advance one
 *       record each in turn (round robin), so each keeps its own order of its threads' accesses.</li>
 *   <li>Thread {@code t} of instance {@code i} runs on core {@code group_i[t mod g]}: {@code vm} and {@code page}
 *       place the groups compactly ({@link Placement#compactGroup}, a VM on a square of the mesh), {@code app} on
 *       seeded random cores ({@link Placement#scatteredGroups}).</li>
 *   <li>Every instance's virtual pages map to physical frames no other instance uses: frames are handed out in
 *       the order the composed stream first touches pages (as a hypervisor or operating system fills free
 *       frames), the offset inside the page kept.</li>
 *   <li>Domains: {@code vm} and {@code app}, one per instance; {@code page}, one per distinct set of cores that
 *       touch a page in the composed trace (an operating system that knows each page's sharers in advance: the
 *       best case for page-level domains), most-accessed sets first; when the machine's domain ids run out, the
 *       pages of the remaining sets fall back to their instance's domain (reported).</li>
 * </ul>
 * Not thread-safe. Each input trace is open once, whatever the number of instances ({@link BinaryTrace.Shared}):
 * an instance reads it with positional reads into its own buffer of a few records. Memory grows with the instances
 * (their read buffers), the pages touched (page tables per instance) and, for {@code page}, with the distinct
 * (page, core) pairs ({@link PageSharers}), not with the machine's cores.
 */
public final class TraceComposer {

    /** How domains are drawn. */
    public enum Domains implements Named {
        /** One domain per instance, compact cores. */
        VM,
        /** One domain per instance, scattered cores. */
        APP,
        /** One domain per sharer set of a page, compact cores. */
        PAGE;

        /** @return the lower-case name used on the command line */
        @Override
        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * What to compose.
     *
     * @param traces the input traces ({@code .sbt}), replayed by instances in turn
     * @param system the machine
     * @param domains how domains are drawn
     * @param instances program instances (each {@code groupSize} cores)
     * @param groupSize cores per instance
     * @param accesses records to write
     * @param seed seed of the scattered placement ({@code app})
     */
    public record Plan(List<Path> traces, SystemSpec system, Domains domains, int instances, int groupSize,
            long accesses, long seed) {
        /**
         * Checks the plan against the machine.
         *
         * @param traces at least one
         * @param system the machine
         * @param domains the rule
         * @param instances at least 1, {@code instances x groupSize} at most the machine's cores
         * @param groupSize at least 1
         * @param accesses at least 1
         * @param seed any
         */
        public Plan {
            traces = List.copyOf(traces);
            if (traces.isEmpty()) {
                throw new IllegalArgumentException("no trace given");
            }
            if (groupSize < 1) {
                throw new IllegalArgumentException("group size = " + groupSize + ": must be at least 1");
            }
            if (instances < 1 || (long) instances * groupSize > system.cores()) {
                throw new IllegalArgumentException("instances = " + instances + ": " + instances + " x " + groupSize
                        + " cores must fit the " + system.cores() + " cores of " + system.name());
            }
            final int ids = Math.min(system.sharerDomains(), system.homeDomains());
            if (instances > ids) {
                throw new IllegalArgumentException("instances = " + instances + ": " + system.name() + " has "
                        + ids + " domain ids");
            }
            if (accesses < 1) {
                throw new IllegalArgumentException("accesses = " + accesses + ": must be at least 1");
            }
        }
    }

    /**
     * What was written.
     *
     * @param accesses records written
     * @param domains distinct domains named
     * @param fallbackPages pages that fell back to their instance's domain ({@code page} only)
     * @param pages physical pages used
     */
    public record Summary(long accesses, int domains, long fallbackPages, long pages) {
    }

    private TraceComposer() {
    }

    /**
     * Composes and writes the trace atomically.
     *
     * @param plan what to compose
     * @param out the {@code .sbt} to write
     * @return what was written
     * @throws IOException when a trace cannot be read or the output written
     * @throws IllegalArgumentException naming the trace when an input is not a complete binary trace
     */
    public static Summary compose(final Plan plan, final Path out) throws IOException {
        final int[][] groups = groups(plan);
        final int[] pageDomainOf;
        final int domainCount;
        final long fallback;
        if (plan.domains() == Domains.PAGE) {
            final PageDomains pd = PageDomains.of(plan, new Stream(plan, groups));
            pageDomainOf = pd.domainOfFrame;
            domainCount = pd.domains;
            fallback = pd.fallbackPages;
        } else {
            pageDomainOf = null;
            domainCount = plan.instances();
            fallback = 0;
        }
        final long[] pages = {0};
        // the inputs are opened before the output, whose failures name the output: a bad input is reported as such
        try (Stream s = new Stream(plan, groups)) {
            AtomicFiles.write(out, tmp -> {
                try (OutputStream stream = Files.newOutputStream(tmp);
                        BinaryTrace.Writer w = new BinaryTrace.Writer(stream)) {
                    int n;
                    while ((n = s.next()) > 0) {
                        for (int i = 0; i < n; i++) {
                            final int domain = pageDomainOf == null ? s.instance[i]
                                    : pageDomainOf[(int) (s.address[i] >>> LineAddress.PAGE_SHIFT)];
                            w.write(s.core[i], s.write[i], s.address[i], domain);
                        }
                    }
                    w.finish();
                    pages[0] = s.frames;
                }
            });
        }
        return new Summary(plan.accesses(), domainCount, fallback, pages[0]);
    }

    private static int[][] groups(final Plan plan) {
        final int[][] groups = new int[plan.instances()][];
        if (plan.domains() == Domains.APP) {
            final int[][] scattered = Placement.scatteredGroups(plan.system(), plan.groupSize(), plan.seed());
            System.arraycopy(scattered, 0, groups, 0, plan.instances());
        } else {
            for (int i = 0; i < plan.instances(); i++) {
                groups[i] = Placement.compactGroup(plan.system(), i, plan.groupSize());
            }
        }
        return groups;
    }

    /** The composed stream, in blocks: cores, stores, physical addresses and instances. */
    private static final class Stream implements AutoCloseable {
        static final int BLOCK = 4096;
        final int[] core = new int[BLOCK];
        final boolean[] write = new boolean[BLOCK];
        final long[] address = new long[BLOCK];
        final int[] instance = new int[BLOCK];
        private final Plan plan;
        private final int[][] groups;
        private final Instance[] instances;
        private final LineTable[] frameOf;
        private final BinaryTrace.Shared[] inputs;
        private long left;
        int frames;

        Stream(final Plan plan, final int[][] groups) throws IOException {
            this.plan = plan;
            this.groups = groups;
            this.left = plan.accesses();
            final int k = plan.instances();
            final int t = plan.traces().size();
            this.instances = new Instance[k];
            this.frameOf = new LineTable[k];
            this.inputs = new BinaryTrace.Shared[t];
            try {
                for (int j = 0; j < t; j++) {
                    inputs[j] = BinaryTrace.Shared.open(plan.traces().get(j));
                    if (inputs[j].records() == 0) {
                        throw new IllegalArgumentException(plan.traces().get(j) + ": the trace has no records");
                    }
                }
                for (int i = 0; i < k; i++) {
                    final int j = i % t;
                    final long length = inputs[j].records();
                    final int replicas = (k - j + t - 1) / t;
                    final long start = (long) ((double) length * (i / t) / replicas);
                    instances[i] = new Instance(inputs[j], Math.min(start, length - 1));
                    frameOf[i] = new LineTable(16, -1);
                }
            } catch (final IOException | RuntimeException e) {
                close();
                throw e;
            }
        }

        /** Fills the next block; 0 at the end. */
        int next() throws IOException {
            final int k = instances.length;
            int n = 0;
            while (n < BLOCK && left > 0) {
                for (int i = 0; i < k && n < BLOCK && left > 0; i++) {
                    final Instance in = instances[i];
                    final int r = in.take();
                    final int[] group = groups[i];
                    final int thread = in.core[r];
                    core[n] = group[thread < group.length ? thread : thread % group.length];
                    write[n] = in.write[r];
                    final long virtual = in.address[r];
                    final long page = virtual >>> LineAddress.PAGE_SHIFT;
                    int frame = frameOf[i].get(page);
                    if (frame < 0) {
                        if (frames == Integer.MAX_VALUE) {
                            throw new IllegalArgumentException("more than 2^31 pages");
                        }
                        frame = frames++;
                        frameOf[i].put(page, frame);
                    }
                    address[n] = ((long) frame << LineAddress.PAGE_SHIFT)
                            | (virtual & (LineAddress.PAGE_BYTES - 1));
                    instance[n] = i;
                    n++;
                    left--;
                }
            }
            return n;
        }

        @Override
        public void close() throws IOException {
            IOException failure = null;
            for (final BinaryTrace.Shared in : inputs) {
                if (in != null) {
                    try {
                        in.close();
                    } catch (final IOException e) {
                        failure = e;
                    }
                }
            }
            if (failure != null) {
                throw failure;
            }
        }
    }

    /**
     * One program instance: its trace, read from its start record in reads of {@value #RECORDS} records through the
     * trace's one open file, wrapping at the end. Its buffers take about 2.2 kB ({@value #RECORDS} records of 17 bytes
     * as read and as decoded), so instances cost no file descriptor each and tens of thousands fit in little memory.
     */
    private static final class Instance {
        static final int RECORDS = 64;
        final int[] core = new int[RECORDS];
        final boolean[] write = new boolean[RECORDS];
        final long[] address = new long[RECORDS];
        private final int[] domain = new int[RECORDS];
        private final BinaryTrace.Shared trace;
        private TraceSource source;
        private int size;
        private int at;

        Instance(final BinaryTrace.Shared trace, final long start) {
            this.trace = trace;
            this.source = trace.from(start, RECORDS);
        }

        /** The index in the block of the next record. */
        int take() throws IOException {
            if (at == size) {
                size = source.read(core, write, address, domain, RECORDS);
                if (size == 0) {
                    source = trace.from(0, RECORDS);
                    size = source.read(core, write, address, domain, RECORDS);
                }
                at = 0;
            }
            return at++;
        }
    }

    /**
     * Page-level domains: the sharer set of every physical page ({@link PageSharers}), the sets numbered by accesses,
     * ties in the order of their bit sets.
     */
    private static final class PageDomains {
        int[] domainOfFrame;
        int domains;
        long fallbackPages;

        static PageDomains of(final Plan plan, final Stream stream) throws IOException {
            final PageSharers sharers = new PageSharers(PageSharers.MAX_PAIRS);
            long[] accesses = new long[1024];
            int[] instanceOf = new int[1024];
            try (stream) {
                int n;
                while ((n = stream.next()) > 0) {
                    for (int i = 0; i < n; i++) {
                        final int frame = (int) (stream.address[i] >>> LineAddress.PAGE_SHIFT);
                        if (frame >= accesses.length) {
                            final int grown = Bits.grownLength(accesses.length, frame + 1L, "trace compose: pages");
                            accesses = Arrays.copyOf(accesses, grown);
                            instanceOf = Arrays.copyOf(instanceOf, grown);
                        }
                        sharers.add(frame, stream.core[i]);
                        accesses[frame]++;
                        instanceOf[frame] = stream.instance[i];
                    }
                }
            }
            final int frames = stream.frames;
            sharers.seal(frames);
            final int sets = sharers.sets();
            final long[] setAccesses = new long[sets];
            for (int f = 0; f < frames; f++) {
                setAccesses[sharers.setOf(f)] += accesses[f];
            }
            final int[] byAccesses = new int[sets];
            Arrays.setAll(byAccesses, d -> d);
            IntArrays.quickSort(byAccesses, (a, b) -> {
                final int c = Long.compare(setAccesses[b], setAccesses[a]);
                return c != 0 ? c : sharers.compareSets(a, b);
            });
            final int ids = Math.min(plan.system().sharerDomains(), plan.system().homeDomains());
            final int own = Math.min(sets, ids - plan.instances());
            final int[] idOf = new int[sets];
            Arrays.fill(idOf, -1);
            for (int d = 0; d < own; d++) {
                idOf[byAccesses[d]] = d;
            }
            final PageDomains pd = new PageDomains();
            pd.domainOfFrame = new int[frames];
            final boolean[] fallbackUsed = new boolean[plan.instances()];
            for (int f = 0; f < frames; f++) {
                final int id = idOf[sharers.setOf(f)];
                if (id >= 0) {
                    pd.domainOfFrame[f] = id;
                } else {
                    pd.domainOfFrame[f] = own + instanceOf[f];
                    fallbackUsed[instanceOf[f]] = true;
                    pd.fallbackPages++;
                }
            }
            int used = own;
            for (final boolean b : fallbackUsed) {
                used += b ? 1 : 0;
            }
            pd.domains = used;
            return pd;
        }
    }
}
