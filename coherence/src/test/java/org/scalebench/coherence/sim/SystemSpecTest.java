package org.scalebench.coherence.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Holds {@link SystemSpec} to the sizes it derives from a system file, worked by hand from the bundled files: sets of
 * the private caches, directories and home slices, tag bits, entries per core, where the homes of a hierarchical
 * machine sit (a partly filled last server included) and which home serves each core; the edges of the checks on
 * round trips and memory bandwidth; and how a name or a path is resolved.
 */
class SystemSpecTest {

    /** Built for each test: a machine kept in a static field would outlive the code that built it under PIT. */
    private final SystemSpec chip = SystemSpec.named("chip1024");
    private final SystemSpec wsc = SystemSpec.named("wsc1m");

    /** wsc1m shrunk to 14 cores in servers of 6 with 4 homes each: the third server holds cores 12 and 13 only. */
    private SystemSpec sixCoreServers() {
        return wsc.shrunk().withParameters(Map.of("cores", "14", "cores_per_server", "6", "homes_per_server", "4"),
                "six", "servers of six cores and four homes");
    }

    /** The sizes a machine derives from its file, by name. */
    private static Map<String, Long> sizes(final SystemSpec system) {
        final Map<String, Long> sizes = new java.util.LinkedHashMap<>();
        sizes.put("private lines", (long) system.privateLines());
        sizes.put("homes", (long) system.homes());
        sizes.put("directory sets per home", (long) system.directorySetsPerHome());
        sizes.put("directory ways", (long) system.directoryWays());
        sizes.put("directory entries per home", system.directoryEntriesPerHome());
        sizes.put("directory entries", system.directoryEntries());
        sizes.put("physical address bits", (long) system.physicalAddressBits());
        sizes.put("directory tag bits", (long) system.directoryTagBits());
        sizes.put("storage model tag bits", (long) system.storageModel().tagBits());
        sizes.put("storage model entries per core", system.storageModel().entriesPerCore());
        sizes.put("mesh width", (long) system.meshWidth());
        sizes.put("mesh height", (long) system.meshHeight());
        sizes.put("cores per server", (long) system.coresPerServer());
        sizes.put("home slice sets", (long) system.memoryConfig().sliceSetsPerHome());
        sizes.put("home slice ways", (long) system.memoryConfig().sliceWays());
        return sizes;
    }

    @Test
    void theChipsSizesFollowFromItsFile() {
        // 32 KiB / 64 B = 512 lines in 8 ways; a home per core with 2 x 512 directory entries in 16 ways: 64 sets;
        // tags of 40 address bits less 6 of line offset and 6 of set; 64 KiB / 64 B = 1,024 slice lines in 4 ways
        assertEquals("{private lines=512, homes=1024, directory sets per home=64, directory ways=16, "
                + "directory entries per home=1024, directory entries=1048576, physical address bits=40, "
                + "directory tag bits=28, storage model tag bits=28, storage model entries per core=1024, "
                + "mesh width=32, mesh height=32, cores per server=1, home slice sets=256, home slice ways=4}",
                sizes(chip).toString());
        assertEquals(517, chip.homeNodes()[517], "a home on every tile");
        assertEquals(1_023, chip.homeNodes()[1_023]);
    }

    @Test
    void theWarehousesSizesFollowFromItsFile() {
        // 4 KiB / 64 B = 64 lines in 4 ways; 2 homes per 64-core server: 32 cores per home, 32 x 64 entries in 16 ways
        // (128 sets); tags of 52 bits less 6 and 7; 31,250 x 2,048 entries over a million cores: 64 per core
        assertEquals("{private lines=64, homes=31250, directory sets per home=128, directory ways=16, "
                + "directory entries per home=2048, directory entries=64000000, physical address bits=52, "
                + "directory tag bits=39, storage model tag bits=39, storage model entries per core=64, "
                + "mesh width=0, mesh height=0, cores per server=64, home slice sets=256, home slice ways=4}",
                sizes(wsc).toString());
        assertEquals(32, wsc.homeNodes()[1], "the second socket's home at core 32 of the server");
        assertEquals(64 * 15_624 + 32, wsc.homeNodes()[31_249]);
    }

    @Test
    void aPartlyFilledLastServerHasItsHomesOnItsLastCore() {
        final SystemSpec system = sixCoreServers();
        // one core per home: homes at cores 0-3 of each server, the third server's last two held at core 13
        assertArrayEquals(new int[] {0, 1, 2, 3, 6, 7, 8, 9, 12, 13, 13, 13}, system.homeNodes());
        assertArrayEquals(new int[] {0, 6, 12}, system.memoryConfig().controllerNodes());
        assertArrayEquals(new int[] {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2}, system.memoryConfig().controllerOfHome());
    }

    @Test
    void eachCoreIsServedByItsServersHomeOfItsShare() {
        final SystemSpec system = sixCoreServers();
        assertEquals(0, system.homeOfNode(0));
        assertEquals(2, system.homeOfNode(2));
        assertEquals(3, system.homeOfNode(5), "cores past the fourth share go to the server's last home");
        assertEquals(4, system.homeOfNode(6));
        assertEquals(7, system.homeOfNode(11));
        assertEquals(8, system.homeOfNode(12));
        assertEquals(9, system.homeOfNode(13));
        assertEquals(2 * 999 + 1, wsc.homeOfNode(64 * 999 + 40), "core 40 of server 999: its second socket");
        assertEquals(517, chip.homeOfNode(517));
    }

    @Test
    void aRoundTripMayEqualTheDramTimeButNotFallShortOfIt() {
        final SystemSpec small = wsc.shrunk();
        // 48 ns x 2.5 GHz = 120 cycles, all of it the DRAM access: a one-way latency of 0, plus 4 cycles on the board
        final SystemSpec instant = small.with(Map.of("server_round_trip_ns", "48"), "a test");
        assertEquals(4, instant.network().latency(0, 1, 3));
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> small.with(Map.of("server_round_trip_ns", "47.6"), "a test"));
        assertTrue(e.getMessage().endsWith(": server_round_trip_ns = 47.6: must cover memory_cycles = 120"),
                e.getMessage());
    }

    @Test
    void aMeshMustHoldExactlyItsCores() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> chip.with(Map.of("mesh_width", "16"), "a test"));
        assertTrue(e.getMessage().endsWith(": mesh_width x mesh_height = 512: must equal cores = 1024"), e.getMessage());
    }

    @Test
    void aLineMayTakeUpToTheLargestIntOfChannelCycles() {
        // at 2.5 GHz this bandwidth moves 64 bytes in 2,147,483,646.5 cycles, rounded up to 2^31 - 1
        final SystemSpec slowest = chip.with(Map.of("memory_channel_gbps", "7.450580602127999e-08"), "a test");
        assertEquals(Integer.MAX_VALUE, slowest.memoryConfig().controllerServiceCycles());
        // and this one in 2,147,483,647.5 cycles, rounded up to 2^31
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> chip.with(Map.of("memory_channel_gbps", "7.450580598658552e-08"), "a test"));
        assertTrue(e.getMessage().contains("a 64-byte line takes 2147483648 cycles of its channel"), e.getMessage());
    }

    @Test
    void noChangeKeepsTheMachineAndAChangeMakesAnother() {
        assertSame(chip, chip.with(Map.of(), "nothing"));
        final SystemSpec slower = chip.with(Map.of("think_cycles", "9"), "a test");
        assertNotSame(chip, slower);
        assertEquals(9, slower.thinkCycles());
        assertEquals("chip1024", slower.name());
        assertEquals("chip1024-slow", chip.withParameters(Map.of("think_cycles", "9"), "slow", "a test").name());
    }

    @Test
    void aNameIsABundledSystemAndAPathAFile(@TempDir final Path dir) throws IOException {
        assertEquals("wsc1m", SystemSpec.resolve("wsc1m").name());
        assertEquals(1_024, SystemSpec.resolve(" CHIP1024 ").cores());
        final Path csv = dir.resolve("mine.csv");
        final Path text = dir.resolve("mine.txt");
        try (InputStream in = SystemSpec.class.getResourceAsStream("/org/scalebench/coherence/systems/chip1024.csv")) {
            final byte[] bytes = in.readAllBytes();
            Files.write(csv, bytes);
            Files.write(text, bytes);
        }
        assertEquals("mine", SystemSpec.resolve(csv.toString()).name());
        assertEquals("mine.txt", SystemSpec.resolve(text.toString()).name(), "an existing file, whatever its name");
        assertThrows(NoSuchFileException.class, () -> SystemSpec.resolve(dir.resolve("none.csv").toString()));
        assertThrows(IllegalArgumentException.class, () -> SystemSpec.resolve("chip2048"));
    }
}
