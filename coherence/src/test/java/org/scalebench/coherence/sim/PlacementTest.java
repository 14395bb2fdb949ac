package org.scalebench.coherence.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Arrays;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Holds {@link Placement} to its layouts, worked by hand on the bundled machines: power-of-two groups on a mesh are
 * blocks {@code 2^ceil(k/2)} wide and {@code 2^floor(k/2)} high numbered row by row, other sizes (and blocks that do
 * not tile the mesh, and every group of a hierarchical machine) are runs of consecutive cores; scattered groups are a
 * seeded permutation of every core; a group's home domain is its cores' distinct homes, or 64 of them taken at even
 * strides.
 */
class PlacementTest {

    /** Built for each test: a machine kept in a static field would outlive the code that built it under PIT. */
    private final SystemSpec chip = SystemSpec.named("chip1024");
    private final SystemSpec wsc = SystemSpec.named("wsc1m");

    @Test
    void compactGroupsCountWholeGroups() {
        assertEquals(64, Placement.compactGroups(chip, 16));
        assertEquals(341, Placement.compactGroups(chip, 3), "1,024 / 3, the rest left out");
    }

    @Test
    void aSixteenCoreGroupOnTheChipIsAFourByFourBlock() {
        // k = 4: 4 wide, 4 high; 8 blocks per row of the 32-wide mesh, group 9 is the second block of the second row
        assertArrayEquals(new int[] {132, 133, 134, 135, 164, 165, 166, 167, 196, 197, 198, 199, 228, 229, 230, 231},
                Placement.compactGroup(chip, 9, 16));
    }

    @Test
    void anOddPowerOfTwoIsTwiceAsWideAsHigh() {
        // k = 3: 4 wide, 2 high; group 10 is the third block of the second row of blocks (x 8..11, y 2..3)
        assertArrayEquals(new int[] {72, 73, 74, 75, 104, 105, 106, 107}, Placement.compactGroup(chip, 10, 8));
        // k = 1: 2 wide, 1 high; 16 pairs per row, group 17 is the second pair of row 1
        assertArrayEquals(new int[] {34, 35}, Placement.compactGroup(chip, 17, 2));
        // k = 0: one core, group 40 is core 40 (row 1, column 8)
        assertArrayEquals(new int[] {40}, Placement.compactGroup(chip, 40, 1));
    }

    @Test
    void otherSizesAreConsecutiveCores() {
        assertArrayEquals(new int[] {6, 7, 8}, Placement.compactGroup(chip, 2, 3));
        assertArrayEquals(new int[] {60, 61, 62, 63, 64, 65}, Placement.compactGroup(chip, 10, 6));
    }

    @Test
    void blocksThatDoNotTileTheMeshFallBackToConsecutiveCores() {
        final SystemSpec wide = chip.shrunk().withParameters(Map.of("cores", "24", "mesh_width", "6",
                "mesh_height", "4"), "six-by-four", "a mesh six tiles wide");
        // 4 cores: a 2x2 block tiles 6x4; group 4 is the second block of the second row (x 2..3, y 2..3)
        assertArrayEquals(new int[] {14, 15, 20, 21}, Placement.compactGroup(wide, 4, 4));
        // 8 cores: 4 wide does not divide 6
        assertArrayEquals(new int[] {8, 9, 10, 11, 12, 13, 14, 15}, Placement.compactGroup(wide, 1, 8));
        final SystemSpec flat = chip.shrunk().withParameters(Map.of("mesh_width", "8", "mesh_height", "2"),
                "eight-by-two", "a mesh two tiles high");
        // 16 cores: 4 high does not divide 2, though 4 wide divides 8
        assertArrayEquals(IntStream.range(0, 16).toArray(), Placement.compactGroup(flat, 0, 16));
        // 4 cores: 2x2 blocks, group 1 at x 2..3
        assertArrayEquals(new int[] {2, 3, 10, 11}, Placement.compactGroup(flat, 1, 4));
    }

    @Test
    void aHierarchicalMachinesGroupsAreConsecutiveCoresWhateverTheirSize() {
        assertArrayEquals(new int[] {64, 65, 66, 67}, Placement.compactGroup(wsc, 16, 4));
        assertArrayEquals(new int[] {32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47},
                Placement.compactGroup(wsc, 2, 16));
    }

    @Test
    void scatteredGroupsCutAPermutationOfEveryCore() {
        final SystemSpec small = chip.shrunk();
        final int[][] groups = Placement.scatteredGroups(small, 4, 7);
        assertEquals(4, groups.length);
        final int[] all = Arrays.stream(groups).peek(g -> assertEquals(4, g.length)).flatMapToInt(Arrays::stream)
                .sorted().toArray();
        assertArrayEquals(IntStream.range(0, 16).toArray(), all, "each core in exactly one group");
        assertArrayEquals(groups, Placement.scatteredGroups(small, 4, 7), "the same seed, the same groups");
        assertFalse(Arrays.deepEquals(groups, Placement.scatteredGroups(small, 4, 8)), "another seed, other groups");
        assertEquals(5, Placement.scatteredGroups(small, 3, 7).length, "16 / 3 groups, one core left out");
    }

    @Test
    void homesOfAGroupAreItsCoresDistinctHomes() {
        // wsc1m: two homes per 64-core server, the second at core 32 of the server
        assertArrayEquals(new int[] {0, 1, 2, 3}, Placement.homesOf(wsc, new int[] {0, 1, 32, 64, 100, 127}));
        assertArrayEquals(new int[] {7, 3}, Placement.homesOf(chip, new int[] {7, 3, 7}), "a mesh tile's own home");
    }

    @Test
    void moreThanSixtyFourHomesAreTakenAtEvenStrides() {
        final int[] hundred = IntStream.range(0, 100).toArray();
        final int[] homes = Placement.homesOf(chip, hundred);
        assertEquals(64, homes.length);
        // home i is distinct[floor(i x 100 / 64)]
        assertEquals(0, homes[0]);
        assertEquals(1, homes[1]);
        assertEquals(3, homes[2]);
        assertEquals(50, homes[32]);
        assertEquals(98, homes[63]);
        final int[] sixtyFive = IntStream.range(0, 65).map(i -> 64 * i).toArray();
        final int[] wscHomes = Placement.homesOf(wsc, sixtyFive);
        assertEquals(64, wscHomes.length, "cores 64 apart: one home per server, 65 servers, 64 kept");
        assertEquals(126, wscHomes[63], "distinct[floor(63 x 65 / 64)] = distinct[63] = server 63's first home");
    }
}
