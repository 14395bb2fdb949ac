package org.scalebench.bench.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scalebench.coherence.sim.BinaryTrace;
import org.scalebench.coherence.sim.Placement;
import org.scalebench.coherence.sim.SystemSpec;
import org.scalebench.coherence.sim.TraceSource;
import org.scalebench.core.LineTable;

/** Composition of real traces into VM, application and page domains, checked record by record. */
class TraceComposerTest {

    @TempDir
    Path dir;

    @Test
    void pageDomainsRefuseMorePairsThanOneTableHolds() {
        // the dense bits refused wsc1m past 137,439 pages (15,625 words each, more than one array); what is left is
        // the count of distinct (page, core) pairs, 2^28 in production, 3 here
        final PageSharers sharers = new PageSharers(3);
        sharers.add(0, 999_999);
        sharers.add(0, 999_999);
        sharers.add(0, 7);
        sharers.add(137_439, 7);
        sharers.add(137_439, 7);
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> sharers.add(137_439, 999_999));
        assertTrue(e.getMessage().startsWith("trace compose: page domains keep every distinct (page, core) pair: more"
                + " than 3 pairs, the most one table holds"), e.getMessage());
        assertEquals(LineTable.MAX_ENTRIES, PageSharers.MAX_PAIRS);
    }

    @Test
    void pageSetsOrderAsTheirBitWordsAsSignedLongs() {
        final PageSharers sharers = new PageSharers(PageSharers.MAX_PAIRS);
        final int[][] pages = {{63}, {62}, {0}, {64}, {0, 64}, {62, 999_998}, {62}, {63, 999_999}};
        for (int p = 0; p < pages.length; p++) {
            for (final int c : pages[p]) {
                sharers.add(p, c);
            }
        }
        sharers.seal(pages.length);
        assertEquals(7, sharers.sets());
        assertEquals(sharers.setOf(1), sharers.setOf(6), "the same cores, the same set");
        assertTrue(sharers.compareSets(sharers.setOf(0), sharers.setOf(1)) < 0, "bit 63 is the sign bit");
        assertTrue(sharers.compareSets(sharers.setOf(2), sharers.setOf(3)) > 0, "word 0 decides first");
        assertTrue(sharers.compareSets(sharers.setOf(3), sharers.setOf(4)) < 0);
        assertTrue(sharers.compareSets(sharers.setOf(1), sharers.setOf(5)) < 0, "a core in a later word (999,998: bit 62 of its word)");
        assertTrue(sharers.compareSets(sharers.setOf(7), sharers.setOf(5)) < 0);
        assertEquals(0, sharers.compareSets(sharers.setOf(5), sharers.setOf(5)));
    }

    @Test
    void pageDomainsOnWsc1mPassTheDenseLimit() throws IOException {
        // 140,000 pages of 2 cores each on wsc1m: the dense bits needed 140,000 x 15,625 longs and were refused
        final Path a = dir.resolve("pages.sbt");
        try (OutputStream out = Files.newOutputStream(a); BinaryTrace.Writer w = new BinaryTrace.Writer(out)) {
            for (int i = 0; i < 280_000; i++) {
                w.write(i % 2, false, 4096L * (i / 2), TraceSource.NO_DOMAIN);
            }
            w.finish();
        }
        final SystemSpec wsc = SystemSpec.named("wsc1m");
        final TraceComposer.Summary s = TraceComposer.compose(new TraceComposer.Plan(List.of(a), wsc,
                TraceComposer.Domains.PAGE, 1, 16, 280_000, 1), dir.resolve("wsc.sbt"));
        assertEquals(new TraceComposer.Summary(280_000, 1, 0, 140_000), s);
    }

    private final SystemSpec chip = SystemSpec.named("chip1024");

    /** A trace of {@code records} records: thread i % threads, address base + 64 x i (a store every 3rd). */
    private Path trace(final String name, final int threads, final int records, final long base) throws IOException {
        final Path file = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(file); BinaryTrace.Writer w = new BinaryTrace.Writer(out)) {
            for (int i = 0; i < records; i++) {
                w.write(i % threads, i % 3 == 0, base + 64L * i, TraceSource.NO_DOMAIN);
            }
            w.finish();
        }
        return file;
    }

    private static List<long[]> read(final Path trace) throws IOException {
        return TraceRecords.read(trace);
    }

    @Test
    void vmInstancesTakeTurnsOnTheirOwnCoresPagesAndDomains() throws IOException {
        final Path a = trace("a.sbt", 4, 100, 0x10000);
        final Path out = dir.resolve("vm.sbt");
        final TraceComposer.Summary s = TraceComposer.compose(new TraceComposer.Plan(List.of(a), chip,
                TraceComposer.Domains.VM, 2, 4, 60, 1), out);
        assertEquals(60, s.accesses());
        assertEquals(2, s.domains());
        final List<long[]> records = read(out);
        assertEquals(60, records.size());
        final Map<Long, Long> pageInstance = new HashMap<>();
        for (int i = 0; i < records.size(); i++) {
            final long[] r = records.get(i);
            final int instance = i % 2;
            assertEquals(instance, r[3], "round robin: record " + i + " is instance " + instance + "'s");
            final int[] group = Placement.compactGroup(chip, instance, 4);
            final int step = i / 2; // the instance's own record number
            // instance 0 starts at record 0, instance 1 at record 50 (half way through the trace)
            final int source = instance == 0 ? step : 50 + step;
            assertEquals(group[source % 4], r[0], "thread t runs on the instance's core t");
            assertEquals(source % 3 == 0 ? 1 : 0, r[1]);
            assertEquals((0x10000 + 64L * source) & 0xfff, r[2] & 0xfff, "the offset in the page is kept");
            final Long owner = pageInstance.putIfAbsent(r[2] >>> 12, (long) instance);
            assertTrue(owner == null || owner == instance, "a physical page belongs to one instance");
        }
        assertEquals(s.pages(), pageInstance.size());
    }

    @Test
    void appInstancesRunOnScatteredCores() throws IOException {
        final Path a = trace("a.sbt", 4, 40, 0);
        final Path out = dir.resolve("app.sbt");
        TraceComposer.compose(new TraceComposer.Plan(List.of(a), chip, TraceComposer.Domains.APP, 3, 4, 30, 7), out);
        final int[][] groups = Placement.scatteredGroups(chip, 4, 7);
        for (final long[] r : read(out)) {
            final int instance = (int) r[3];
            assertTrue(Arrays.stream(groups[instance]).anyMatch(c -> c == r[0]), "core " + r[0] + " of instance "
                    + instance);
        }
    }

    @Test
    void pageDomainsAreTheSetsOfCoresSharingEachPageAndFallBackWhenIdsRunOut() throws IOException {
        // 4 threads, each record on its own line: 64 records per 4 KiB page, all 4 threads on every page
        final Path a = trace("a.sbt", 4, 256, 0);
        final Path b = trace("b.sbt", 2, 256, 0);
        final Path out = dir.resolve("page.sbt");
        final TraceComposer.Summary s = TraceComposer.compose(new TraceComposer.Plan(List.of(a, b), chip,
                TraceComposer.Domains.PAGE, 2, 4, 512, 1), out);
        final Map<Long, Set<Long>> coresOfDomain = new HashMap<>();
        final Map<Long, Long> domainOfPage = new HashMap<>();
        for (final long[] r : read(out)) {
            coresOfDomain.computeIfAbsent(r[3], k -> new HashSet<>()).add(r[0]);
            final Long d = domainOfPage.putIfAbsent(r[2] >>> 12, r[3]);
            assertTrue(d == null || d == r[3], "one domain per page");
        }
        // instance 0 (4 threads) shares its pages among its 4 cores, instance 1 (2 threads) among 2 of its cores
        assertEquals(2, s.domains());
        assertEquals(Set.of(4, 2), Set.copyOf(coresOfDomain.values().stream().map(Set::size).toList()));
        assertEquals(0, s.fallbackPages());
        // a machine with 3 domain ids keeps one for the most-accessed set and one per instance for the rest
        final SystemSpec small = chip.with(Map.of("sharer_domains", "3", "home_domains", "3"), "test");
        final TraceComposer.Summary t = TraceComposer.compose(new TraceComposer.Plan(List.of(a, b), small,
                TraceComposer.Domains.PAGE, 2, 4, 512, 1), dir.resolve("few.sbt"));
        assertTrue(t.fallbackPages() > 0, t.toString());
        assertTrue(t.domains() <= 3);
    }

    @Test
    void plansTheMachineCannotHoldAreRefused() throws IOException {
        final Path a = trace("a.sbt", 4, 10, 0);
        assertEquals("instances = 65: 65 x 16 cores must fit the 1024 cores of chip1024",
                assertThrows(IllegalArgumentException.class, () -> new TraceComposer.Plan(List.of(a), chip,
                        TraceComposer.Domains.VM, 65, 16, 10, 1)).getMessage());
        final Path empty = dir.resolve("empty.sbt");
        try (OutputStream o = Files.newOutputStream(empty); BinaryTrace.Writer w = new BinaryTrace.Writer(o)) {
            w.finish();
        }
        assertEquals(empty + ": the trace has no records", assertThrows(IllegalArgumentException.class,
                () -> TraceComposer.compose(new TraceComposer.Plan(List.of(empty), chip, TraceComposer.Domains.VM, 1,
                        4, 10, 1), dir.resolve("x.sbt"))).getMessage());
    }
}
