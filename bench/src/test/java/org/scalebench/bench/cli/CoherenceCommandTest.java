package org.scalebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.scalebench.bench.cli.CliAssertions.assertBadInput;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scalebench.coherence.sim.SimulationResult;

class CoherenceCommandTest {

    private static void assertPng(final Path png) throws Exception {
        final BufferedImage image = ImageIO.read(png.toFile());
        assertTrue(image.getWidth() >= 400 && image.getHeight() >= 300, png + " size");
        final int corner = image.getRGB(0, 0);
        boolean drawn = false;
        for (int y = 0; y < image.getHeight() && !drawn; y += 7) {
            for (int x = 0; x < image.getWidth() && !drawn; x += 7) {
                drawn = image.getRGB(x, y) != corner;
            }
        }
        assertTrue(drawn, png + " is blank");
    }

    @Test
    void storageWritesTheTableWithConstantSharerRestriction(@TempDir final Path dir) throws Exception {
        final Path csv = dir.resolve("storage.csv");
        final CliRun run = CliRun.of("coherence", "storage", "--cores", "16,1024,1048576", "--formats",
                "full-map,cdr-sr,dir-b-4", "--out", csv.toString());
        assertEquals(0, run.exitCode(), run.err());
        final List<String> lines = Files.readAllLines(csv);
        assertEquals("format,cores,sharer_domains,bits_per_entry,tag_bits,entry_bits_with_tag,directory_bits_total,"
                + "directory_bits_total_with_tags,overhead_vs_line,directory_bits_per_slice,sharer_map_cache_bits_per_tile,"
                + "home_map_cache_bits_per_tile", lines.get(0));
        assertEquals(10, lines.size());
        // chip1024: 1,024 entries per core, 28-bit tags (40 - 6 - log2 64 sets), SMC 16 x (10 + 4 + 4 x (1 + 4))
        assertTrue(lines.contains("cdr-sr,16,1024,76,28,104,1245184,1712640,0.148438,77824,544,544"), lines.toString());
        assertTrue(lines.stream().filter(l -> l.startsWith("cdr-sr,")).allMatch(l -> l.split(",")[3].equals("76")));
        assertTrue(lines.contains("full-map,1048576,1024,1048578,28,1048606,1125902054326272,1125932119097344,2048.00,"
                + "1073743872,0,1568"), lines.toString());
        assertTrue(run.out().contains("full-map"), run.out());
    }

    @Test
    void storageTakesTheSharerDomainsOfTheSystemOrTheOption() throws Exception {
        final CliRun wsc = CliRun.of("coherence", "storage", "--system", "wsc1m", "--cores", "1048576", "--formats",
                "cdr-sr");
        assertEquals(0, wsc.exitCode(), wsc.err());
        assertTrue(wsc.out().contains("65536 sharer domains"), wsc.out());
        assertTrue(wsc.out().lines().anyMatch(l -> l.startsWith("cdr-sr") && l.contains(" 82 ")), wsc.out());
        final CliRun chip = CliRun.of("coherence", "storage", "--sharer-domains", "65536", "--cores", "1024",
                "--formats", "cdr-sr");
        assertTrue(chip.out().lines().anyMatch(l -> l.startsWith("cdr-sr") && l.contains(" 82 ")), chip.out());
        assertBadInput(CliRun.of("coherence", "storage", "--sharer-domains", "0"), "--sharer-domains = 0");
    }

    @Test
    void storageRejectsAnUnknownFormatAndATinyMachine() {
        assertBadInput(CliRun.of("coherence", "storage", "--formats", "snoopy"), "--formats 'snoopy': unknown");
        assertBadInput(CliRun.of("coherence", "storage", "--cores", "1"), "cores = 1: must be in [2, 1073741824]");
        assertBadInput(CliRun.of("coherence", "storage", "--cores", "x"), "--cores");
    }

    @Test
    void verifyReportsNoViolationsAndTheClosingLine() {
        final CliRun run = CliRun.of("coherence", "verify", "--format", "cdr-sr", "--homes", "piton-low",
                "--accesses", "20000", "--seed", "3");
        assertEquals(0, run.exitCode(), run.err() + run.out());
        assertTrue(run.out().strip().endsWith("checked 20000 accesses, 0 violations"), run.out());
    }

    @Test
    void checkExploresEveryStateAndPrintsTheClosingLine() {
        final CliRun run = CliRun.of("coherence", "check", "--format", "cdr-sr", "--homes", "piton-low");
        assertEquals(0, run.exitCode(), run.err() + run.out());
        assertTrue(run.out().contains("sharer domains 0,1/1,2"), run.out());
        assertTrue(run.out().strip().lines().reduce((a, b) -> b).orElse("")
                .matches("explored \\d+ states, \\d+ transitions, 0 violations \\(depth \\d+, .*"), run.out());
        final CliRun coarse = CliRun.of("coherence", "check", "--format", "coarse-vector-1", "--cores", "4",
                "--private-ways", "2", "--domains", "0,1,2/2,3");
        assertEquals(0, coarse.exitCode(), coarse.err() + coarse.out());
        assertTrue(coarse.out().contains("groups of 2 cores"), coarse.out());
    }

    @Test
    void checkRejectsBadOptions() {
        assertBadInput(CliRun.of("coherence", "check", "--format", "full-map", "--cores", "1"), "--cores = 1");
        assertBadInput(CliRun.of("coherence", "check", "--format", "full-map", "--lines", "9"), "--lines = 9");
        assertBadInput(CliRun.of("coherence", "check", "--format", "full-map", "--lines", "3", "--private-ways", "2"),
                "--private-ways = 2");
        assertBadInput(CliRun.of("coherence", "check", "--format", "full-map", "--directory-ways", "3"),
                "--directory-ways = 3");
        assertBadInput(CliRun.of("coherence", "check", "--format", "full-map", "--domains", "0,x"), "--domains = '0,x'");
        assertBadInput(CliRun.of("coherence", "check", "--format", "full-map", "--domains", "0,5"), "core 5");
        assertBadInput(CliRun.of("coherence", "check", "--format", "full-map", "--homes", "near"), "--homes 'near': must be one of");
        assertBadInput(CliRun.of("coherence", "check", "--format", "full-map", "--map-cache-entries", "0"),
                "--map-cache-entries = 0");
    }

    @Test
    void verifyReplaysALogAndRejectsAMalformedOne(@TempDir final Path dir) throws Exception {
        final Path log = dir.resolve("log.csv");
        Files.writeString(log, "system,format,homes,seed,core,op,address,sdid,hdid\n"
                + "chip1024,full-map,global,1,0,load,0x0,0,0\n");
        final CliRun bad = CliRun.of("coherence", "verify", "--replay", log.toString());
        assertBadInput(bad, "is not one seed 1 can make");
        Files.writeString(log, "system,format,homes,seed,core,op,address,sdid,hdid\n"
                + "chip1024,full-map,global,1,0,fetch,0x0,0,0\n");
        assertBadInput(CliRun.of("coherence", "verify", "--replay", log.toString()), "op = 'fetch': must be load or store");
        Files.writeString(log, "core,op\n0,load\n");
        assertBadInput(CliRun.of("coherence", "verify", "--replay", log.toString()), "header");
        final CliRun passing = CliRun.of("coherence", "verify", "--format", "full-map", "--accesses", "2000",
                "--replay-log", dir.resolve("unused.csv").toString());
        assertEquals(0, passing.exitCode(), passing.err());
        assertFalse(Files.exists(dir.resolve("unused.csv")), "a passing run writes no replay log");
    }

    @Test
    void verifyRejectsBadFormatAndMapping() {
        assertBadInput(CliRun.of("coherence", "verify", "--format", "dir-b-0", "--homes", "global"),
                "pointers = 0: must be in [1, 64]");
        assertBadInput(CliRun.of("coherence", "verify", "--format", "full-map", "--homes", "nearest"),
                "--homes 'nearest': must be one of global");
        assertBadInput(CliRun.of("coherence", "verify", "--format", "full-map", "--accesses", "0"),
                "--accesses = 0");
        // 2^31 accesses ran for over an hour and Long.MAX_VALUE never ended, silently
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            assertBadInput(CliRun.of("coherence", "verify", "--format", "full-map", "--accesses", "1000000001"),
                    "--accesses = 1000000001: must be in [1, 1000000000] (10^9)");
            assertBadInput(CliRun.of("coherence", "verify", "--format", "full-map", "--accesses",
                    "9223372036854775807"), "--accesses = 9223372036854775807: must be in [1, 1000000000]");
        });
        assertBadInput(CliRun.of("coherence", "verify"), "--format");
    }

    @Test
    void simulateWritesOneRowAndTheSameSeedGivesTheSameRow(@TempDir final Path dir) throws Exception {
        final Path a = dir.resolve("a.csv");
        final Path b = dir.resolve("b.csv");
        for (final Path out : new Path[] {a, b}) {
            final CliRun run = CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "sr+hr",
                    "--workload", "vm", "--accesses", "200000", "--warmup", "100000", "--seed", "7", "--out",
                    out.toString());
            assertEquals(0, run.exitCode(), run.err());
            assertTrue(run.out().contains("miss rate"), run.out());
            assertTrue(run.out().contains("warm-up 100,000 accesses"), run.out());
        }
        final List<String> rowsA = Files.readAllLines(a);
        final List<String> rowsB = Files.readAllLines(b);
        assertEquals(2, rowsA.size());
        assertTrue(rowsA.get(0).startsWith("system,scheme,format,workload,accesses,miss_rate,avg_miss_latency_cycles,"
                + "p99_miss_latency_cycles,messages,flit_hops,broadcasts,invalidations,sharer_map_miss_rate,"
                + "home_map_miss_rate,directory_bits,energy_nj,sim_seconds,accesses_per_second"), rowsA.get(0));
        for (final String column : new String[] {"home_hit_rate", "dram_accesses", "avg_queue_cycles", "homes_touched"}) {
            assertTrue(rowsA.get(0).contains("," + column + ","), column);
        }
        assertTrue(rowsA.get(1).startsWith("chip1024,sr+hr,cdr-sr,vm,200000,"), rowsA.get(1));
        assertArrayEquals(withoutTiming(rowsA.get(1)), withoutTiming(rowsB.get(1)), "same seed, same results");
    }

    /**
     * --warmup 0 is a cold start: counted from the first access, without settling; any other warm-up settles;
     * --settle says otherwise either way.
     */
    @Test
    void aColdStartIsNotSettledAndSettleSaysOtherwise(@TempDir final Path dir) throws Exception {
        final String[][] options = {{"--warmup", "0"}, {"--warmup", "100000"}, {"--warmup", "100000", "--settle", "off"},
            {"--warmup", "0", "--settle", "ON"}};
        final String[] settled = new String[options.length];
        for (int i = 0; i < options.length; i++) {
            final Path out = dir.resolve("w" + i + ".csv");
            final List<String> args = new ArrayList<>(List.of("coherence", "simulate", "--system", "chip1024",
                    "--scheme", "global", "--workload", "vm", "--accesses", "100000", "--seed", "7", "--out",
                    out.toString()));
            args.addAll(List.of(options[i]));
            final CliRun run = CliRun.of(args.toArray(String[]::new));
            assertEquals(0, run.exitCode(), run.err());
            final List<String> lines = Files.readAllLines(out);
            final List<String> header = List.of(lines.get(0).split(","));
            final String[] row = lines.get(1).split(",");
            settled[i] = row[header.indexOf("settle_accesses")] + " " + row[header.indexOf("settled")];
        }
        assertEquals("0 false", settled[0], "a cold start counts from the first access");
        assertTrue(Long.parseLong(settled[1].split(" ")[0]) > 0, "a warmed run settles: " + settled[1]);
        assertEquals("0 false", settled[2], "--settle off");
        assertTrue(Long.parseLong(settled[3].split(" ")[0]) > 0, "--settle on settles a cold start: " + settled[3]);
        assertBadInput(CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "global", "--workload",
                "vm", "--settle", "maybe", "--out", dir.resolve("bad.csv").toString()), "--settle 'maybe': must be on or off");
    }

    /**
     * Little's law over the cores' time holds for cores that block on each miss; cores with several miss registers
     * overlap their misses, so the check is reported as not made (NaN) instead of flagging a steady run.
     */
    @Test
    void littlesLawIsCheckedOnlyForCoresThatBlockOnEachMiss(@TempDir final Path dir) throws Exception {
        final String[] ratios = new String[2];
        final String[] mshrs = {"1", "4"};
        for (int i = 0; i < mshrs.length; i++) {
            final Path out = dir.resolve("m" + mshrs[i] + ".csv");
            final CliRun run = CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "sr+hr",
                    "--workload", "vm", "--accesses", "100000", "--warmup", "100000", "--mshrs", mshrs[i], "--seed", "7",
                    "--out", out.toString());
            assertEquals(0, run.exitCode(), run.err());
            final List<String> lines = Files.readAllLines(out);
            final List<String> header = List.of(lines.get(0).split(","));
            ratios[i] = lines.get(1).split(",")[header.indexOf("littles_law_ratio")];
            assertTrue(run.out().contains(i == 0 ? "Little's law: the counted accesses' cycles over the cores' time"
                    : "Little's law: not checked"), run.out());
        }
        assertTrue(Math.abs(Double.parseDouble(ratios[0]) - 1) < 0.1, "blocking cores: " + ratios[0]);
        assertEquals("NaN", ratios[1], "overlapping misses");
    }

    /** --partitions prints one line per partitioning and leaves the row as an unprobed run writes it. */
    @Test
    void simulateProbesPartitionsWithoutChangingTheRow(@TempDir final Path dir) throws Exception {
        final String[] rows = new String[2];
        int i = 0;
        for (final String partitions : new String[] {null, "1,2,16"}) {
            final Path out = dir.resolve("p" + i + ".csv");
            final List<String> args = new java.util.ArrayList<>(List.of("coherence", "simulate", "--system", "chip1024",
                    "--scheme", "global", "--workload", "vm", "--accesses", "100000", "--warmup", "100000", "--seed",
                    "5", "--out", out.toString()));
            if (partitions != null) {
                args.addAll(List.of("--partitions", partitions));
            }
            final CliRun run = CliRun.of(args.toArray(new String[0]));
            assertEquals(0, run.exitCode(), run.err());
            if (partitions != null) {
                assertTrue(run.out().contains("  partitions (a transaction crosses when"), run.out());
                assertTrue(run.out().contains("    1 blocks of 32 x 32 tiles: 0.00% of transactions and 0.00% of "
                        + "messages cross; no message crossed; speedup at most 1.00x"), run.out());
                assertTrue(run.out().contains("    2 blocks of 32 x 16 tiles: "), run.out());
                assertTrue(run.out().contains("    16 blocks of 8 x 8 tiles: "), run.out());
            } else {
                assertFalse(run.out().contains("partitions"), run.out());
            }
            rows[i++] = Files.readAllLines(out).get(1);
        }
        assertArrayEquals(withoutTiming(rows[0]), withoutTiming(rows[1]), "the probe changes no result");
    }

    /** --threads changes how fast a functional warm-up runs, never what it computes; out of range is refused. */
    @Test
    void simulateGivesTheSameRowOnAnyThreadCount(@TempDir final Path dir) throws Exception {
        String[] first = null;
        for (final String threads : new String[] {"1", "2", "3"}) {
            final Path out = dir.resolve(threads + ".csv");
            final CliRun run = CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "global",
                    "--workload", "vm", "--accesses", "100000", "--warmup", "1500000", "--warmup-mode", "functional",
                    "--seed", "5", "--threads", threads, "--out", out.toString());
            assertEquals(0, run.exitCode(), run.err());
            assertTrue(run.out().contains("(untimed on " + (threads.equals("1") ? "1 thread)"
                    : "2 threads: one draws, one performs)")), run.out());
            final String[] row = withoutTiming(Files.readAllLines(out).get(1));
            if (first == null) {
                first = row;
            } else {
                assertArrayEquals(first, row, threads + " threads");
            }
        }
        for (final String bad : new String[] {"0", "-1", "1025"}) {
            for (final String command : new String[] {"simulate", "compare", "sweep"}) {
                final List<String> args = new java.util.ArrayList<>(List.of("coherence", command, "--system",
                        "chip1024", "--workload", "vm", "--threads", bad, "--out",
                        dir.resolve(command.equals("simulate") ? "bad.csv" : "bad").toString()));
                if (command.equals("simulate")) {
                    args.addAll(List.of("--scheme", "sr"));
                }
                if (command.equals("sweep")) {
                    args.removeAll(List.of("--workload", "vm"));
                }
                assertBadInput(CliRun.of(args.toArray(String[]::new)), "--threads = " + bad + ": must be in [1, 1024]");
            }
        }
        assertFalse(Files.exists(dir.resolve("bad")) || Files.exists(dir.resolve("bad.csv")), "nothing written");
    }

    /** --warmup-mode functional warms untimed, then times a tail, and says how the warm-up was split. */
    @Test
    void simulateWarmsFunctionally(@TempDir final Path dir) throws Exception {
        final Path out = dir.resolve("f.csv");
        final CliRun run = CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "sr+hr", "--workload",
                "vm", "--accesses", "100000", "--warmup", "1500000", "--warmup-mode", "functional", "--seed", "5",
                "--out", out.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("  warm-up 1,500,000 accesses ("), run.out());
        assertTrue(java.util.regex.Pattern.compile("  warm-up functional: 451,424 accesses untimed at [0-9,]+ accesses/s, "
                + "then 1,048,576 timed and [0-9,]+ settling at [0-9,]+ accesses/s \\(untimed on ").matcher(run.out()).find(),
                run.out());
        final CliRun timed = CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "sr+hr", "--workload",
                "vm", "--accesses", "100000", "--warmup", "1500000", "--warmup-mode", "timed", "--seed", "5",
                "--out", dir.resolve("t.csv").toString());
        assertEquals(0, timed.exitCode(), timed.err());
        assertFalse(timed.out().contains("functional"), timed.out());
        assertFalse(java.util.Arrays.equals(withoutTiming(Files.readAllLines(out).get(1)),
                withoutTiming(Files.readAllLines(dir.resolve("t.csv")).get(1))), "the untimed part changes the run");
    }

    /** With 20% of accesses outside the VMs, rows from other domains fill the Home Map Caches and evict. */
    @Test
    void simulateRunsWithTheRtlMapCacheReplacement(@TempDir final Path dir) throws Exception {
        final String[] rows = new String[2];
        int i = 0;
        for (final String replacement : new String[] {"lru", "rtl"}) {
            final Path out = dir.resolve(replacement + ".csv");
            final CliRun run = CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "sr+hr",
                    "--workload", "vm", "--outside", "0.2", "--accesses", "100000", "--warmup", "100000", "--seed", "3",
                    "--set",
                    "map_cache_replacement=" + replacement, "--out", out.toString());
            assertEquals(0, run.exitCode(), run.err());
            rows[i++] = Files.readAllLines(out).get(1);
        }
        final int homeMapMissRate = List.of(SimulationResult.COLUMNS).indexOf("home_map_miss_rate");
        final double lru = Double.parseDouble(rows[0].split(",")[homeMapMissRate]);
        final double rtl = Double.parseDouble(rows[1].split(",")[homeMapMissRate]);
        assertTrue(lru > 0 && rtl > 0 && lru != rtl, "home map-cache miss rates: lru " + lru + ", rtl " + rtl);
    }

    /** The row without its wall-clock columns ({@link SimulationResult#WALL_CLOCK_COLUMNS}). */
    private static String[] withoutTiming(final String row) {
        final String[] cells = row.split(",");
        for (int i = 0; i < cells.length; i++) {
            cells[i] = SimulationResult.isWallClock(i) ? "" : cells[i];
        }
        return cells;
    }

    @Test
    void simulateRejectsBadInput(@TempDir final Path dir) {
        final String out = dir.resolve("x.csv").toString();
        assertBadInput(CliRun.of("coherence", "simulate", "--system", "chip2048", "--scheme", "sr", "--workload", "vm",
                "--seed", "1", "--out", out), "--system 'chip2048': must be one of chip1024, wsc1m");
        assertBadInput(CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "snoop", "--workload",
                "vm", "--seed", "1", "--out", out), "--scheme = 'snoop': must be one of global, sr, hr, sr+hr or hier");
        assertBadInput(CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "sr", "--format",
                "full-map", "--workload", "vm", "--seed", "1", "--out", out), "Sharer Restriction uses cdr-sr");
        assertBadInput(CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "hr", "--workload",
                "vm", "--group-size", "100", "--seed", "1", "--out", out), "vm size = 100: must divide");
        assertBadInput(CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "hr", "--workload",
                "trace:" + dir.resolve("missing.csv"), "--seed", "1", "--out", out), "no such file");
        assertBadInput(CliRun.of("coherence", "simulate", "--system", "wsc1m", "--scheme", "global", "--format",
                "full-map", "--workload", "vm", "--seed", "1", "--out", out), "does not fit in memory");
        assertBadInput(CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "sr", "--workload", "vm",
                "--b-state", "sometimes", "--seed", "1", "--out", out), "--b-state = 'sometimes': must be sticky or reset-on-empty");
        assertBadInput(CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "sr", "--workload", "vm",
                "--set", "dram=5", "--seed", "1", "--out", out), "--set 'dram=5': no parameter 'dram'");
        assertBadInput(CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "sr", "--workload", "vm",
                "--set", "memory_cycles=-3", "--seed", "1", "--out", out),
                "--set 'memory_cycles=-3': must be an integer in [0, 1073741824]");
        assertBadInput(CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "sr", "--workload", "vm",
                "--warmup", "soon", "--seed", "1", "--out", out), "--warmup 'soon': must be a count >= 0, steady");
        assertBadInput(CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "sr", "--workload", "vm",
                "--set", "map_cache_replacement=plru", "--seed", "1", "--out", out),
                "--set 'map_cache_replacement=plru': must be lru or rtl");
        assertBadInput(CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "sr", "--workload", "vm",
                "--active", "65", "--seed", "1", "--out", out), "active vms = 65: the machine has 64");
        assertBadInput(CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "sr", "--workload", "vm",
                "--partitions", "0", "--out", out), "--partitions = 0: must be from 1 to the 1024 tiles of chip1024");
        assertBadInput(CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "sr", "--workload", "vm",
                "--partitions", "2,4,2", "--out", out), "--partitions: 2 is given twice");
        assertBadInput(CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "sr", "--workload", "vm",
                "--partitions", "1,2,3,4,5,6,7,8,9", "--out", out), "--partitions: 9 counts given, at most 8");
        assertBadInput(CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "sr", "--workload", "vm",
                "--partitions", "two", "--out", out), "--partitions");
        assertBadInput(CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "sr", "--workload", "vm",
                "--warmup-mode", "fast", "--out", out), "--warmup-mode 'fast': must be timed or functional");
        assertFalse(Files.exists(dir.resolve("x.csv")), "nothing written on bad input");
    }

    /**
     * Every issuing core makes its first access in cycle 0: a cold start that counts fewer accesses than the issuing
     * cores counted them all in that cycle, and its throughput read accesses x 1,000 per 1,000 cycles (exit 0, saturated).
     */
    @Test
    void aRunWhoseAccessesAllFallInItsFirstCycleIsRefused(@TempDir final Path dir) throws Exception {
        final String out = dir.resolve("x.csv").toString();
        assertBadInput(CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "global", "--workload",
                "vm", "--accesses", "1000", "--warmup", "0", "--out", out), "--accesses = 1000 after --warmup 0: all "
                        + "1,000 accesses would be issued in cycle 0, where each of the 1,024 issuing cores makes its "
                        + "first");
        assertBadInput(CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "global", "--workload",
                "vm", "--accesses", "500", "--warmup", "500", "--settle", "off", "--out", out),
                "give at least 524 accesses, a longer --warmup or --settle on");
        assertBadInput(CliRun.of("coherence", "compare", "--system", "chip1024", "--workload", "vm", "--accesses",
                "1023", "--warmup", "0", "--out", dir.resolve("c").toString()), "--accesses = 1023 after --warmup 0");
        assertFalse(Files.exists(Path.of(out)) || Files.exists(dir.resolve("c")), "nothing written");
        // settled, the cores no longer move together: a few accesses are a measurement
        final CliRun settled = CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "global",
                "--workload", "vm", "--accesses", "100", "--warmup", "0", "--settle", "on", "--out", out);
        assertEquals(0, settled.exitCode(), settled.err());
    }

    @Test
    void workloadOptionsAreNamedInEveryMessage(@TempDir final Path dir) throws Exception {
        final String out = dir.resolve("x.csv").toString();
        final String[] simulate = {"coherence", "simulate", "--system", "chip1024", "--scheme", "sr", "--out", out};
        assertBadInput(run(simulate, "--workload", "vm", "--outside", "1.5"), "--outside = 1.5: must be in [0, 1]");
        assertBadInput(run(simulate, "--workload", "vm", "--outside", "NaN"), "--outside = NaN: must be in [0, 1]");
        assertBadInput(run(simulate, "--workload", "vm", "--group-size", "0"), "--group-size = 0: must be at least 1");
        assertBadInput(run(simulate, "--workload", "vm", "--group-size", "3"),
                "--workload 'vm' --group-size 3 on chip1024: vm size = 3: must divide the 1024 cores");
        assertBadInput(run(simulate, "--workload", "vm", "--active", "-1"), "--active = -1: must be at least 0");
        assertBadInput(run(simulate, "--workload", "vmm"), "--workload = 'vmm': must be vm, app, page or trace:FILE");
        assertBadInput(run(simulate, "--workload", "vm", "--scheme", "hr", "--homes", "near"),
                "option '--scheme' (X) should be specified only once");
        final String[] hr = {"coherence", "simulate", "--system", "chip1024", "--scheme", "hr", "--out", out};
        assertBadInput(run(hr, "--workload", "vm", "--homes", "near"), "--homes 'near': must be one of global, first-touch, piton");
        assertBadInput(run(hr, "--workload", "vm", "--format", "dir-b-99"), "--format 'dir-b-99': pointers = 99");
        final Path trace = dir.resolve("t.csv");
        assertEquals(0, CliRun.of("coherence", "trace", "record", "--workload", "vm", "--accesses", "100", "--out",
                trace.toString()).exitCode());
        // a trace fixes who accesses what: a fraction given with it would be ignored silently
        assertBadInput(run(simulate, "--workload", "trace:" + trace, "--outside", "0.1"),
                "--outside and --active apply to vm, app and page");
        assertBadInput(CliRun.of("coherence", "compare", "--system", "chip1024", "--workload", "vm", "--formats",
                "full-map,nope", "--out", dir.resolve("c").toString()), "--formats 'nope': unknown");
        assertBadInput(CliRun.of("coherence", "trace", "record", "--workload", "app", "--active", "65", "--out",
                dir.resolve("r.csv").toString()), "--workload 'app' --active 65 on chip1024: active apps = 65");
        assertFalse(Files.exists(dir.resolve("x.csv")) || Files.exists(dir.resolve("c"))
                || Files.exists(dir.resolve("r.csv")), "nothing written on bad input");
    }

    @Test
    void compareAndSweepGiveTheSameFilesOnOneCoreOnTwoAndInMergedShards(@TempDir final Path dir) throws Exception {
        final String[] compare = {"coherence", "compare", "--system", "chip1024", "--workload", "vm", "--accesses",
            "2000", "--warmup", "1000", "--formats", "dir-b-4"};
        final String[] sweep = {"coherence", "sweep", "--system", "chip1024", "--accesses", "2000", "--warmup", "1000",
            "--sizes", "16,64,1024"};
        for (final String[] study : List.of(compare, sweep)) {
            final String name = study[1];
            final CliRun one = run(study, "--jobs", "1", "--out", dir.resolve(name + "-one").toString());
            assertEquals(0, one.exitCode(), one.err());
            if (name.equals("sweep")) {
                // the summary pairs each size's global and restricted runs, like home-restriction.csv
                final List<String> csv = Files.readAllLines(dir.resolve("sweep-one/home-restriction.csv"));
                final String[] first = csv.get(1).split(",");
                assertTrue(one.out().contains(String.format(Locale.ROOT, "16 cores, %s homes: miss latency global "
                        + "%.1f cycles, hr %.1f cycles (%.2fx)", first[2], Double.parseDouble(first[3]),
                        Double.parseDouble(first[4]), Double.parseDouble(first[7]))), one.out());
            }
            assertEquals(0, run(study, "--jobs", "2", "--out", dir.resolve(name + "-two").toString()).exitCode());
            for (int i = 0; i < 3; i++) {
                // how many threads a shard warms on says how it runs, not what it computes: the shards still merge
                final CliRun shard = run(study, "--shard", i + "/3", "--threads", Integer.toString(i + 1), "--out",
                        dir.resolve(name + "-" + i).toString());
                assertEquals(0, shard.exitCode(), shard.err());
            }
            final CliRun merge = CliRun.of("merge", "--out", dir.resolve(name + "-merged").toString(),
                    dir.resolve(name + "-2").toString(), dir.resolve(name + "-0").toString(),
                    dir.resolve(name + "-1").toString());
            assertEquals(0, merge.exitCode(), merge.err());
        }
        // the simulator's own timing (the wall-clock columns) is the only thing allowed to differ
        final List<String> one = withoutTiming(dir.resolve("compare-one/compare.csv"));
        assertEquals(1 + 4, one.size(), "global, hr, sr, sr+hr");
        assertEquals(one, withoutTiming(dir.resolve("compare-two/compare.csv")));
        assertEquals(one, withoutTiming(dir.resolve("compare-merged/compare.csv")));
        for (final String file : List.of("home-restriction.csv", "storage.csv")) {
            final String expected = Files.readString(dir.resolve("sweep-one").resolve(file));
            assertEquals(expected, Files.readString(dir.resolve("sweep-two").resolve(file)), file);
            assertEquals(expected, Files.readString(dir.resolve("sweep-merged").resolve(file)), file);
        }
        assertPng(dir.resolve("compare-merged/compare.png"));
        assertPng(dir.resolve("sweep-merged/home-restriction.png"));
    }

    private static List<String> withoutTiming(final Path csv) throws java.io.IOException {
        return Files.readAllLines(csv).stream().map(line -> {
            final String[] cells = line.split(",", -1);
            for (int i = 0; i < cells.length; i++) {
                cells[i] = SimulationResult.isWallClock(i) ? "" : cells[i];
            }
            return String.join(",", cells);
        }).toList();
    }

    private static CliRun run(final String[] base, final String... more) {
        final String[] args = java.util.Arrays.copyOf(base, base.length + more.length);
        System.arraycopy(more, 0, args, base.length, more.length);
        return CliRun.of(args);
    }

    @Test
    void storageCountsPastALongAndRefusesRepeatsAndHugeProvisioning(@TempDir final Path dir) throws Exception {
        final Path csv = dir.resolve("s.csv");
        final CliRun run = CliRun.of("coherence", "storage", "--cores", "1073741824", "--formats", "full-map",
                "--entries-per-core", "4096", "--out", csv.toString());
        assertEquals(0, run.exitCode(), run.err());
        // 2^30 cores x 4,096 entries x (2^30 + 2) bits, about 4.7e21: more than a long holds
        final String expected = java.math.BigInteger.ONE.shiftLeft(30).multiply(java.math.BigInteger.valueOf(4096))
                .multiply(java.math.BigInteger.ONE.shiftLeft(30).add(java.math.BigInteger.TWO)).toString();
        assertTrue(Files.readString(csv).contains("," + expected + ","), Files.readString(csv));
        assertBadInput(CliRun.of("coherence", "storage", "--cores", "64,64"), "--cores: '64' is given twice");
        assertBadInput(CliRun.of("coherence", "storage", "--formats", "cdr-sr,cdr-sr"),
                "--formats: 'cdr-sr' is given twice");
        assertBadInput(CliRun.of("coherence", "storage", "--entries-per-core", "99999999999"),
                "--entries-per-core = 99999999999: must be in [1, 4294967296]");
    }

    @Test
    void tracesRoundTripBetweenCsvAndBinaryAndSimulateLikeTheWorkload(@TempDir final Path dir) throws Exception {
        final Path csv = dir.resolve("t.csv");
        final Path sbt = dir.resolve("t.sbt");
        final Path back = dir.resolve("back.csv");
        assertEquals(0, CliRun.of("coherence", "trace", "record", "--workload", "vm", "--accesses", "20000",
                "--out", csv.toString()).exitCode());
        assertEquals(0, CliRun.of("coherence", "trace", "convert", csv.toString(), sbt.toString()).exitCode());
        assertEquals(0, CliRun.of("coherence", "trace", "convert", sbt.toString(), back.toString()).exitCode());
        assertEquals(Files.readAllLines(csv), Files.readAllLines(back));
        assertTrue(Files.size(sbt) < Files.size(csv));
        final Path r1 = dir.resolve("r1.csv");
        final Path r2 = dir.resolve("r2.csv");
        assertEquals(0, CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "sr", "--workload",
                "trace:" + csv, "--seed", "1", "--out", r1.toString()).exitCode());
        assertEquals(0, CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "sr", "--workload",
                "trace:" + sbt, "--seed", "1", "--out", r2.toString()).exitCode());
        assertArrayEquals(withoutTiming(Files.readAllLines(r1).get(1)).length > 0
                ? java.util.Arrays.copyOfRange(withoutTiming(Files.readAllLines(r1).get(1)), 4, 15) : null,
                java.util.Arrays.copyOfRange(withoutTiming(Files.readAllLines(r2).get(1)), 4, 15),
                "the CSV and binary forms of a trace simulate identically");
    }

    @Test
    void malformedTraceNamesFileAndLine(@TempDir final Path dir) throws Exception {
        final Path csv = dir.resolve("bad.csv");
        Files.writeString(csv, "core,op,address\n0,R,0x40\n1,X,0x80\n");
        final CliRun run = CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "global",
                "--workload", "trace:" + csv, "--seed", "1", "--out", dir.resolve("o.csv").toString());
        assertBadInput(run, "bad.csv:3: op = 'X'");
        Files.writeString(csv, "core,op,address\n# comment\n0,R,0x40\n\n5000,W,0x80\n");
        assertBadInput(CliRun.of("coherence", "simulate", "--system", "chip1024", "--scheme", "global",
                "--workload", "trace:" + csv, "--seed", "1", "--out", dir.resolve("o.csv").toString()),
                "bad.csv:5: core = 5000: must be in [0, 1024) on chip1024");
        Files.writeString(csv, "cpu,op,address\n");
        assertBadInput(CliRun.of("coherence", "trace", "convert", csv.toString(), dir.resolve("o.sbt").toString()),
                "the header must be core,op,address[,domain]");
    }

    @Test
    void compareRunsEverySchemeAndDrawsTheChart(@TempDir final Path dir) throws Exception {
        final CliRun run = CliRun.of("coherence", "compare", "--system", "chip1024", "--workload", "app",
                "--formats", "full-map,coarse-vector-4", "--accesses", "100000", "--warmup", "steady:300000", "--out",
                dir.toString());
        assertEquals(0, run.exitCode(), run.err());
        final List<String> rows = Files.readAllLines(dir.resolve("compare.csv"));
        assertEquals(7, rows.size());
        assertTrue(rows.get(1).startsWith("chip1024,global,full-map,app,100000,"), rows.get(1));
        assertTrue(rows.get(2).startsWith("chip1024,global,coarse-vector-4,app,100000,"), rows.get(2));
        assertTrue(rows.get(3).startsWith("chip1024,hr,full-map,app,100000,"), rows.get(3));
        assertTrue(rows.get(6).startsWith("chip1024,sr+hr,cdr-sr,app,100000,"), rows.get(6));
        final int warmup = List.of(SimulationResult.COLUMNS).indexOf("warmup_accesses");
        assertTrue(rows.stream().skip(1).map(r -> r.split(",")[warmup]).distinct().count() == 1,
                "every run warms as long as the first: " + rows);
        assertTrue(run.out().contains("sr is beaten on access latency by"), run.out());
        assertPng(dir.resolve("compare.png"));
        assertBadInput(CliRun.of("coherence", "compare", "--system", "chip1024", "--workload", "vm", "--formats",
                "cdr-sr", "--out", dir.toString()), "--formats cdr-sr: cdr-sr is run as sr and sr+hr");
    }

    @Test
    void sweepDrawsStorageAndHomeRestrictionFigures(@TempDir final Path dir) throws Exception {
        final CliRun run = CliRun.of("coherence", "sweep", "--sizes", "16,256", "--accesses", "50000", "--warmup",
                "100000", "--out", dir.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertPng(dir.resolve("storage.png"));
        assertPng(dir.resolve("home-restriction.png"));
        final List<String> sweep = Files.readAllLines(dir.resolve("home-restriction.csv"));
        assertEquals(3, sweep.size());
        final String[] small = sweep.get(1).split(",");
        assertEquals("16", small[1]);
        assertTrue(Double.parseDouble(small[4]) < Double.parseDouble(small[3]),
                "16-core domains: restricted homes are closer than global ones: " + sweep.get(1));
    }
}
