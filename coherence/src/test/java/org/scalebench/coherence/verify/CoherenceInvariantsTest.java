package org.scalebench.coherence.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.scalebench.coherence.format.DirectoryFormats;
import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.home.HomeMapping;
import org.scalebench.coherence.protocol.MesiProtocol;
import org.scalebench.coherence.sim.SystemSpec;

/**
 * Each invariant fails on a machine corrupted behind the protocol's back (16-core shrunk chip, global homes:
 * line L lives at home L mod 16; private caches of 2 sets x 2 ways).
 */
class CoherenceInvariantsTest {

    private static final SystemSpec TINY = SystemSpec.named("chip1024").shrunk();
    private static final long[] LINES = {0, 2, 4, 5};

    private final DataShadow data = new DataShadow(16, LINES);
    private final MesiProtocol p = new MesiProtocol(TINY.protocolConfig(FormatSpec.parse("full-map"),
            HomeMapping.parse("global", 16)), DirectoryFormats::create, data);
    private final CoherenceInvariants invariants = new CoherenceInvariants(p, data);

    private void load(final int core, final long line) {
        p.access(core, false, line << 6, 0, 0);
    }

    private void store(final int core, final long line) {
        p.access(core, true, line << 6, 0, 0);
        data.store(core, line);
    }

    private String check(final long line) {
        return invariants.checkLine(line, (int) (line & 15));
    }

    @Test
    void aCorrectMachinePassesEveryCheck() {
        store(1, 0);
        load(2, 0);
        load(3, 2);
        for (final long line : LINES) {
            assertNull(check(line));
        }
        assertNull(invariants.checkMapCaches());
    }

    @Test
    void twoWritersOrAWriterBesideReadersAreCaught() {
        load(1, 0);
        load(2, 0);
        p.format().reset(p.directoryEntry(0, 0)); // the home forgets both sharers
        store(3, 0);                               // and grants M without invalidating them
        assertTrue(check(0).startsWith("single writer / many readers violated: 1 E/M and 2 S copies"), check(0));
    }

    @Test
    void copiesWithoutADirectoryEntryAreCaught() {
        load(1, 0);
        load(2, 0);
        p.format().reset(p.directoryEntry(0, 0));
        load(1, 2);
        load(1, 4); // core 1 evicts line 0: the empty entry is freed while core 2 still holds the line
        assertEquals("1 cached copies but no directory entry at home 0", check(0));
    }

    @Test
    void anEntryAtAnotherHomeIsCaught() {
        load(1, 5);
        assertEquals("home 5 tracks the line, whose home is 4", invariants.checkLine(5, 4));
    }

    @Test
    void ownerMismatchesAreCaught() {
        load(1, 0);
        p.format().setOwner(p.directoryEntry(0, 0), 7, 0);
        assertEquals("core 1 holds the exclusive copy but the directory's owner is 7", check(0));
        load(2, 2);
        load(3, 2);
        p.format().setOwner(p.directoryEntry(2, 2), 7, 0);
        assertEquals("the directory names owner 7, which holds no exclusive copy", check(2));
    }

    @Test
    void anExactEntryNamingACoreWithoutACopyIsCaught() {
        load(1, 0);
        load(2, 0);
        p.format().addSharer(p.directoryEntry(0, 0), 9, 0);
        assertEquals("the exact entry S[1,2,9] names core 9, which holds no copy", check(0));
    }

    @Test
    void staleDataIsCaught() {
        load(1, 0);
        load(2, 0);
        data.store(1, 0); // a store the protocol never saw: core 2's copy is stale
        assertEquals("core 2's copy holds value 0, the latest store wrote 1", check(0));
        load(3, 2);       // E, clean
        data.store(3, 2); // the copy changes but stays E: the home is stale although no copy is dirty
        assertEquals("no dirty copy exists but the home holds value 0, the latest store wrote 2", check(2));
    }

    @Test
    void mapCacheRowsOutsideTheirTablesAreCaught() {
        p.sharerDomains().define(0, new int[] {1, 2, 3, 4});
        p.homeDomains().define(0, new int[] {0, 1});
        p.sharerMapCaches().access(3, 0, 3);
        p.homeMapCaches().access(5, 0, 1);
        assertNull(invariants.checkMapCaches());
        p.sharerMapCaches().access(3, 0, 4); // row 1 of a four-member domain does not exist
        assertEquals("Sharer Map Cache of home 3 caches row 1 of domain 0, which its table does not define",
                invariants.checkMapCaches());
        final MesiProtocol q = new MesiProtocol(TINY.protocolConfig(FormatSpec.parse("full-map"),
                HomeMapping.parse("global", 16)));
        q.homeMapCaches().access(6, 2, 0); // home domain 2 is undefined
        assertEquals("Home Map Cache of core 6 caches row 0 of domain 2, which its table does not define",
                new CoherenceInvariants(q, null).checkMapCaches());
    }

    @Test
    void theShadowRejectsLinesOutsideItsPoolAndCountsStores() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> data.latest(3)).getMessage()
                .contains("line 3 is not in the checker's pool"));
        assertEquals(1, data.store(0, 0));
        assertEquals(2, data.store(0, 5));
        assertEquals(2, data.latest(5));
        assertEquals(16, data.cores());
    }
}
