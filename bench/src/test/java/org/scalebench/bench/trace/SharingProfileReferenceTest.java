package org.scalebench.bench.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sparse profile against a plain one kept here (every distinct core of every line and page, in maps), on
 * randomized traces of 1 to 300 cores with lines and pages planted at 62 to 66 sharers, where the sparse profile's
 * cap (64 kept, 65 as "more") and first-touch ranks (below 63 asked for) are at their edges.
 */
class SharingProfileReferenceTest {

    @TempDir
    Path dir;

    /** The profile of the same accesses, straight from its definition: no cap, no packing. */
    private static final class PlainProfile {
        long accesses;
        long loads;
        long stores;
        long runs;
        int maxCore = -1;
        int lastCore = -1;
        final Map<Long, Set<Integer>> lineCores = new LinkedHashMap<>();
        final Map<Long, long[]> lineLoadsStores = new HashMap<>();
        /** Per page, core to first-touch rank. */
        final Map<Long, Map<Integer, Integer>> pageRanks = new LinkedHashMap<>();
        final Map<Long, Integer> pageFirst = new HashMap<>();
        final long[] pageOutside = new long[SharingProfile.PAGE_DOMAIN_SIZES.length];
        final long[] appOutside = new long[SharingProfile.APP_GROUP_SIZES.length];

        void access(final int core, final boolean write, final long address) {
            accesses++;
            if (write) {
                stores++;
            } else {
                loads++;
            }
            if (core != lastCore) {
                runs++;
                lastCore = core;
            }
            maxCore = Math.max(maxCore, core);
            final long line = address / 64;
            lineCores.computeIfAbsent(line, l -> new HashSet<>()).add(core);
            lineLoadsStores.computeIfAbsent(line, l -> new long[2])[write ? 1 : 0]++;
            final long page = address / 4096;
            final Map<Integer, Integer> ranks = pageRanks.computeIfAbsent(page, p -> new HashMap<>());
            pageFirst.putIfAbsent(page, core);
            final int rank = ranks.computeIfAbsent(core, c -> ranks.size());
            for (int k = 0; k < SharingProfile.PAGE_DOMAIN_SIZES.length; k++) {
                if (rank >= SharingProfile.PAGE_DOMAIN_SIZES[k]) {
                    pageOutside[k]++;
                }
            }
            for (int g = 0; g < SharingProfile.APP_GROUP_SIZES.length; g++) {
                final int size = SharingProfile.APP_GROUP_SIZES[g];
                if (core / size != pageFirst.get(page) / size) {
                    appOutside[g]++;
                }
            }
        }

        /** 1, 2, 3-4, ..., 33-64, 65 and more. */
        private static int bucket(final int sharers) {
            int b = 0;
            while (b < 7 && sharers > 1 << b) {
                b++;
            }
            return b;
        }

        List<String> row() {
            final long[] linesBy = new long[8];
            final long[] pagesBy = new long[8];
            long sharedLoads = 0;
            long sharedStores = 0;
            long writeShared = 0;
            for (final Map.Entry<Long, Set<Integer>> e : lineCores.entrySet()) {
                final int sharers = e.getValue().size();
                linesBy[bucket(sharers)]++;
                if (sharers > 1) {
                    final long[] ls = lineLoadsStores.get(e.getKey());
                    sharedLoads += ls[0];
                    sharedStores += ls[1];
                    writeShared += ls[1] > 0 ? 1 : 0;
                }
            }
            pageRanks.values().forEach(r -> pagesBy[bucket(r.size())]++);
            final List<String> row = new ArrayList<>(List.of(Long.toString(accesses), Long.toString(loads),
                    Long.toString(stores), Integer.toString(maxCore + 1), Integer.toString(lineCores.size()),
                    Integer.toString(pageRanks.size())));
            for (final long v : linesBy) {
                row.add(Long.toString(v));
            }
            for (final long v : pagesBy) {
                row.add(Long.toString(v));
            }
            final int lines = lineCores.size();
            row.addAll(List.of(Long.toString(sharedLoads), Long.toString(sharedStores), Long.toString(writeShared),
                    SharingProfile.fraction(lines == 0 ? 0 : 1 - (double) linesBy[0] / lines),
                    SharingProfile.fraction(accesses == 0 ? 0 : (double) (sharedLoads + sharedStores) / accesses),
                    SharingProfile.fraction(runs == 0 ? 0 : (double) accesses / runs)));
            return row;
        }

        List<List<String>> outsideRows() {
            final List<List<String>> rows = new ArrayList<>();
            for (int k = 0; k < pageOutside.length; k++) {
                rows.add(List.of("page-first-k", Integer.toString(SharingProfile.PAGE_DOMAIN_SIZES[k]),
                        SharingProfile.fraction(accesses == 0 ? 0 : (double) pageOutside[k] / accesses)));
            }
            for (int g = 0; g < appOutside.length; g++) {
                rows.add(List.of("app-first-touch", Integer.toString(SharingProfile.APP_GROUP_SIZES[g]),
                        SharingProfile.fraction(accesses == 0 ? 0 : (double) appOutside[g] / accesses)));
            }
            return rows;
        }
    }

    /**
     * A random trace: a hot region every core touches, private pages per core, scattered addresses, and, for each
     * of 62 to 66 sharers the cores allow, a line (on its own page) touched by exactly that many cores, with the
     * rest of its page touched by a few cores more, all interleaved at random.
     */
    private Path trace(final long seed, final PlainProfile plain) throws IOException {
        final SplittableRandom random = new SplittableRandom(seed);
        final int cores = 1 + random.nextInt(300);
        final int accesses = 500 + random.nextInt(30_000);
        final double writes = random.nextDouble();
        final int hotLines = 1 + random.nextInt(64);
        final List<long[]> planted = new ArrayList<>();
        for (int sharers = 62; sharers <= Math.min(66, cores); sharers++) {
            final long page = 1_000_000L + sharers;
            final int start = random.nextInt(cores);
            for (int i = 0; i < sharers; i++) {
                planted.add(new long[] {(start + i) % cores, page * 4096});
            }
            for (int i = 0; i < 3; i++) {
                planted.add(new long[] {random.nextInt(cores), page * 4096 + 64 * (1 + random.nextInt(63))});
            }
        }
        final Path t = dir.resolve("t" + seed + ".csv");
        try (Writer w = Files.newBufferedWriter(t)) {
            w.write("core,op,address\n");
            int core = random.nextInt(cores);
            int next = 0;
            for (int i = 0; i < accesses; i++) {
                if (random.nextInt(8) == 0) {
                    core = random.nextInt(cores);
                }
                final long address;
                final int c;
                final double kind = random.nextDouble();
                if (next < planted.size() && kind < 0.05) {
                    c = (int) planted.get(next)[0];
                    address = planted.get(next++)[1] + random.nextInt(64);
                } else if (kind < 0.4) {
                    c = core;
                    address = 64L * random.nextInt(hotLines) + random.nextInt(64);
                } else if (kind < 0.8) {
                    c = core;
                    address = (1L << 32) + core * 16_384L + random.nextInt(16_384);
                } else {
                    c = random.nextInt(cores);
                    address = random.nextLong(1L << 40);
                }
                final boolean write = random.nextDouble() < writes;
                w.write(c + (write ? ",W,0x" : ",R,0x") + Long.toHexString(address) + "\n");
                plain.access(c, write, address);
            }
        }
        return t;
    }

    @Test
    void randomizedTracesProfileAsThePlainDefinition() throws IOException {
        for (long seed = 1; seed <= 40; seed++) {
            final PlainProfile plain = new PlainProfile();
            final Path t = trace(seed, plain);
            final SharingProfile p = SharingProfile.of(t);
            assertEquals(plain.row(), p.row(), "row of seed " + seed);
            assertEquals(plain.outsideRows(), p.outsideRows(), "outside rows of seed " + seed);
            Files.delete(t);
        }
    }

    @Test
    void everyCapAndRankEdgeIsReached() throws IOException {
        // the randomized traces do reach 64, 65 and 66 sharers and ranks 62 and 63, where an off-by-one would show
        final Set<Integer> lineSharers = new HashSet<>();
        final Set<Integer> pageSharers = new HashSet<>();
        for (long seed = 1; seed <= 40; seed++) {
            final PlainProfile plain = new PlainProfile();
            Files.delete(trace(seed, plain));
            plain.lineCores.values().forEach(s -> lineSharers.add(s.size()));
            plain.pageRanks.values().forEach(r -> pageSharers.add(r.size()));
        }
        for (int s = 62; s <= 66; s++) {
            assertTrue(lineSharers.contains(s), "a line of " + s + " sharers");
            assertTrue(pageSharers.contains(s + 1) || pageSharers.contains(s), "a page near " + s);
        }
    }
}
