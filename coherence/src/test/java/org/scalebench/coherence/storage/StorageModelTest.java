package org.scalebench.coherence.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.scalebench.coherence.format.FormatSpec;

class StorageModelTest {

    private final StorageModel model = new StorageModel(1024, 4096);

    private long bits(final String format, final int cores) {
        return model.bitsPerEntry(FormatSpec.parse(format), cores);
    }

    @Test
    void handComputedBitsPerEntryAt1024Cores() {
        // P = 10, c(4) = 3, state = 2
        assertEquals(1024 + 2, bits("full-map", 1024));
        assertEquals(4 * 10 + 3 + 1 + 2, bits("dir-b-4", 1024));
        assertEquals(4 * 10 + 3 + 2, bits("dir-nb-4", 1024));
        assertEquals(4 * 10 + 3 + 1 + 2, bits("coarse-vector", 1024));
        assertEquals(64 + 10 + 2, bits("cdr-sr", 1024));
        assertEquals(8 * 10 + 4 + 1 + 2, bits("dir-b-8", 1024));
    }

    @Test
    void handComputedBitsPerEntryAtAMillionCores() {
        final int n = 1 << 20; // P = 20
        assertEquals(1_048_576 + 2, bits("full-map", n));
        assertEquals(4 * 20 + 3 + 1 + 2, bits("dir-b-4", n));
        assertEquals(64 + 10 + 2, bits("cdr-sr", n));
        assertEquals(64 + 10 + 2, bits("cdr-sr", 1_000_000));
    }

    @Test
    void sharerRestrictionIsConstantInCoreCountAndFullMapIsLinear() {
        final long cdr = bits("cdr-sr", 16);
        for (int n = 16; n <= (1 << 20); n <<= 1) {
            assertEquals(cdr, bits("cdr-sr", n), "cores=" + n);
            assertEquals(n + 2L, bits("full-map", n));
            assertTrue(bits("dir-b-4", n) < bits("dir-b-4", n * 2) || n == (1 << 20));
        }
        assertTrue(bits("full-map", 64) < bits("cdr-sr", 64), "at 64 cores full-map is smaller than cdr-sr");
        assertTrue(bits("full-map", 128) > bits("cdr-sr", 128), "from 128 cores on cdr-sr is smaller");
    }

    @Test
    void totalsScaleByEntriesAndCores() {
        final FormatSpec cdr = FormatSpec.parse("cdr-sr");
        assertEquals(4096L * 76, model.bitsPerSlice(cdr, 1024));
        assertEquals(BigInteger.valueOf(1024L * 4096 * 76), model.totalBits(cdr, 1024));
        assertEquals(76.0 / 512, model.overheadVsLine(cdr, 1024), 1e-12);
        // full map at 2^20 cores: 2^20 * 4096 * (2^20 + 2) bits, about 4.4e15
        assertEquals(BigInteger.valueOf((1L << 20) * 4096L * ((1L << 20) + 2)),
                model.totalBits(FormatSpec.parse("full-map"), 1 << 20));
    }

    @Test
    void totalsPastALongStayExact() {
        // full map at 2^30 cores with 2^32 entries per core: 2^30 * 2^32 * (2^30 + 2) bits, past 2^63
        final StorageModel large = new StorageModel(1024, StorageModel.MAX_ENTRIES_PER_CORE);
        final BigInteger cores = BigInteger.ONE.shiftLeft(30);
        final BigInteger expected = cores.multiply(BigInteger.ONE.shiftLeft(32)).multiply(cores.add(BigInteger.TWO));
        assertEquals(expected, large.totalBits(FormatSpec.parse("full-map"), 1 << 30));
        assertTrue(expected.bitLength() > 63);
        assertEquals("directory entries per core = 4294967297: must be in [1, 4294967296]",
                assertThrows(IllegalArgumentException.class,
                        () -> new StorageModel(1024, StorageModel.MAX_ENTRIES_PER_CORE + 1)).getMessage());
    }

    @Test
    void coarseGroupsFitThePointerField() {
        assertEquals(32, StorageModel.coarseGroupSize(4, 1024)); // 43-bit field: 1024/43 = 23.8 -> 32
        for (int n = 16; n <= (1 << 20); n <<= 1) {
            final int r = StorageModel.coarseGroupSize(4, n);
            assertTrue((n + r - 1) / r <= FormatSpec.pointerFieldBits(4, n), "cores=" + n);
            assertEquals(1, Integer.bitCount(r));
        }
    }

    @Test
    void ownerGlobalIdFitsTheCdrVectorUpToTwoToTheFiftyFourCores() {
        assertTrue(model.cdrOwnerFits(1 << 20));
        assertTrue(model.cdrOwnerFits(1 << 30));
    }

    @Test
    void sharerRestrictionGrowsWithTheLogOfTheSharerDomainsNotTheCores() {
        final FormatSpec cdr = FormatSpec.parse("cdr-sr");
        assertEquals(76, model.bitsPerEntry(cdr, 1 << 20), "D = 1,024 (OpenPiton's 10-bit SDID)");
        assertEquals(82, model.withSharerDomains(65_536).bitsPerEntry(cdr, 1 << 20), "D = 65,536 (wsc1m's 16 bits)");
        assertEquals(84, model.withSharerDomains(1 << 18).bitsPerEntry(cdr, 1 << 20));
    }

    @Test
    void tagsAndMapCachesAreCountedWhenGiven() {
        final StorageModel withTags = new StorageModel(1024, 1024, 28, 16, 1024);
        final FormatSpec cdr = FormatSpec.parse("cdr-sr");
        assertEquals(76 + 28, withTags.entryBitsWithTag(cdr, 1024));
        // OpenPiton's Sharer Map Cache: 16 x (10-bit SDID + 4 LSID bits + 4 x (valid + 30-bit global id)) = 2,208
        assertEquals(2208, withTags.sharerMapCacheBits(cdr, 1 << 30));
        assertEquals(16 * (10 + 4 + 4 * (1 + 10)), withTags.sharerMapCacheBits(cdr, 1024));
        assertEquals(0, withTags.sharerMapCacheBits(FormatSpec.parse("dir-b-4"), 1024), "only cdr-sr has one");
        assertEquals(16 * (10 + 4 + 4 * (1 + 10)), withTags.homeMapCacheBits(1024));
        assertEquals(BigInteger.valueOf(1024L * (1024 * (76 + 28) + 16 * (14 + 44))),
                withTags.totalBitsWithTags(cdr, 1024));
        assertEquals(0, model.tagBits(), "the two-argument model leaves tags out");
    }

    @Test
    void rejectsBadParameters() {
        assertEquals("cores = 1: must be in [2, 1073741824]",
                assertThrows(IllegalArgumentException.class, () -> bits("full-map", 1)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new StorageModel(0, 1));
        assertThrows(IllegalArgumentException.class, () -> new StorageModel(1, 0));
    }

    @Test
    void formatIdentifiersRoundTripAndRejectNonsense() {
        for (final String id : new String[] {"full-map", "dir-b-4", "dir-nb-2", "coarse-vector-8", "cdr-sr"}) {
            assertEquals(id, FormatSpec.parse(id).id());
        }
        assertEquals("coarse-vector-4", FormatSpec.parse("coarse-vector").id());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> FormatSpec.parse("dir-b-0"))
                .getMessage().contains("pointers = 0: must be in [1, 64]"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> FormatSpec.parse("dir-b-x"))
                .getMessage().contains("is not a number"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> FormatSpec.parse("snoopy"))
                .getMessage().contains("unknown; allowed"));
    }
}
