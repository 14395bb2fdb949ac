package org.scalebench.coherence.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.scalebench.coherence.domain.HomeDomains;
import org.scalebench.coherence.domain.SharerDomains;

/**
 * Holds {@link TraceWorkload} to its reading of a trace, worked by hand on the shrunk chip (16 cores in a 4 x 4 mesh,
 * VMs of 4 cores in 2 x 2 blocks: cores 0, 1, 4, 5 are VM 0 and 2, 3, 6, 7 VM 1): without domain columns a page
 * belongs to the VM of the core that touches it first; with them, each domain's members are the distinct cores that
 * name it, at most 63; every core gets its own records in trace order; the bounds on VM size, cores and domains; and
 * the trace closed once read.
 */
class TraceWorkloadTest {

    private final SystemSpec small = SystemSpec.named("chip1024").shrunk();

    /** A trace held in memory: records {core, write (0 or 1), address, domain}, read in blocks of 2. */
    private static final class Records implements TraceSource {
        private final long[][] records;
        private int next;
        boolean closed;

        Records(final long[]... records) {
            this.records = records;
        }

        @Override
        public int read(final int[] core, final boolean[] write, final long[] address, final int[] domain,
                final int max) {
            int n = 0;
            while (n < Math.min(max, 2) && next < records.length) {
                final long[] r = records[next++];
                core[n] = (int) r[0];
                write[n] = r[1] == 1;
                address[n] = r[2];
                domain[n] = (int) r[3];
                n++;
            }
            return n;
        }

        @Override
        public String position(final int i) {
            return "record " + (next - 1);
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    private static long[] record(final int core, final boolean write, final long address, final int domain) {
        return new long[] {core, write ? 1 : 0, address, domain};
    }

    /** A workload over {@code trace}, opened afresh (from its first record) for each pass. */
    private static TraceWorkload workload(final SystemSpec system, final int vmSize, final Records trace)
            throws IOException {
        return new TraceWorkload("trace:test", system, () -> new Records(trace.records), vmSize);
    }

    private static String next(final TraceWorkload workload, final int core) {
        final Access access = new Access();
        access.gap = 9;
        if (!workload.next(core, access)) {
            return "end";
        }
        return (access.write ? "W" : "R") + Long.toHexString(access.address) + " d" + access.sdid + "/" + access.hdid
                + " gap " + access.gap;
    }

    @Test
    void withoutDomainsAPageBelongsToTheVmThatTouchesItFirst() throws IOException {
        final TraceWorkload w = workload(small, 4, new Records(record(0, false, 0x1000, -1),
                record(2, true, 0x1040, -1), record(2, false, 0x2000, -1), record(0, false, 0x2008, -1)));
        assertEquals("trace:test", w.name());
        assertEquals(4, w.length());
        assertArrayEquals(new int[] {0, 2}, w.issuingCores());
        assertEquals("R1000 d0/0 gap 0", next(w, 0), "page 1 first touched by core 0, of VM 0");
        assertEquals("R2008 d1/1 gap 0", next(w, 0), "page 2 first touched by core 2, of VM 1");
        assertEquals("W1040 d0/0 gap 0", next(w, 2), "page 1 stays VM 0's when VM 1 touches it");
        assertEquals("R2000 d1/1 gap 0", next(w, 2));
        assertEquals("end", next(w, 0));
        assertEquals("end", next(w, 2), "and stays at the end");
    }

    @Test
    void theTraceIsClosedOnceReadToItsEnd() throws IOException {
        final Records[] opened = new Records[1];
        final TraceWorkload w = new TraceWorkload("trace:test", small, () -> {
            opened[0] = new Records(record(5, false, 64, -1));
            return opened[0];
        }, 1);
        assertTrue(opened[0].closed, "the first pass, over the domains, closes its source");
        assertEquals("R40 d5/5 gap 0", next(w, 5), "VMs of one core: core 5 is VM 5");
        assertFalse(opened[0].closed, "the second pass, over the accesses, is open");
        assertEquals("end", next(w, 5));
        assertTrue(opened[0].closed, "and closed at the trace's end");
    }

    /** The cores of sharer domain {@code d}, by logical sharer id. */
    private static int[] members(final SharerDomains sharers, final int d) {
        final int[] cores = new int[sharers.size(d)];
        for (int lsid = 0; lsid < cores.length; lsid++) {
            cores[lsid] = sharers.globalCore(d, lsid);
        }
        return cores;
    }

    /** The home slices of home domain {@code d}, in order. */
    private static int[] homesOf(final HomeDomains homes, final int d) {
        final int[] slices = new int[homes.size(d)];
        for (int i = 0; i < slices.length; i++) {
            slices[i] = homes.home(d, i);
        }
        return slices;
    }

    @Test
    void withoutDomainsEachVmIsADomainOfItsBlockOfCoresAndItsHomes() throws IOException {
        final TraceWorkload w = workload(small, 4, new Records(record(0, false, 0, -1)));
        final SharerDomains sharers = new SharerDomains(64, 16, null);
        final HomeDomains homes = new HomeDomains(64, 16, null);
        w.defineDomains(sharers, homes);
        assertArrayEquals(new int[] {2, 3, 6, 7}, members(sharers, 1));
        assertEquals(2, sharers.lsid(1, 6));
        assertArrayEquals(new int[] {10, 11, 14, 15}, members(sharers, 3));
        assertEquals(0, sharers.size(4), "four VMs of four cores");
        assertArrayEquals(new int[] {8, 9, 12, 13}, homesOf(homes, 2), "a mesh tile's own home");
    }

    @Test
    void namedDomainsHoldTheDistinctCoresThatNameThem() throws IOException {
        final TraceWorkload w = workload(small, 4, new Records(record(3, false, 0x40, 5), record(9, true, 0x80, 5),
                record(3, false, 0xc0, 5), record(1, false, 0x100, 0), record(15, false, 0, 63)));
        assertEquals("R40 d5/5 gap 0", next(w, 3));
        assertEquals("Rc0 d5/5 gap 0", next(w, 3));
        assertEquals("W80 d5/5 gap 0", next(w, 9), "the domain the record names, not its VM's");
        final SharerDomains sharers = new SharerDomains(64, 16, null);
        final HomeDomains homes = new HomeDomains(64, 16, null);
        w.defineDomains(sharers, homes);
        assertArrayEquals(new int[] {3, 9}, members(sharers, 5), "core 3 counted once");
        assertArrayEquals(new int[] {1}, members(sharers, 0));
        assertEquals(0, sharers.size(1), "a domain no record names is not defined");
        assertArrayEquals(new int[] {15}, members(sharers, 63));
        assertArrayEquals(new int[] {3, 9}, homesOf(homes, 5));
    }

    @Test
    void aNamedDomainKeepsItsFirstSixtyThreeCores() throws IOException {
        final SystemSpec chip = SystemSpec.named("chip1024");
        final long[][] records = new long[64][];
        for (int c = 0; c < 64; c++) {
            records[c] = record(c, false, 64L * c, 7);
        }
        final TraceWorkload w = workload(chip, 16, new Records(records));
        final SharerDomains sharers = new SharerDomains(1024, 1024, null);
        w.defineDomains(sharers, new HomeDomains(1024, 1024, null));
        assertArrayEquals(java.util.stream.IntStream.range(0, 63).toArray(), members(sharers, 7));
        assertEquals(64, w.issuingCores().length, "core 63 still issues");
    }

    @Test
    void theVmSizeMustDivideTheCores() throws IOException {
        final Records one = new Records(record(0, false, 0, -1));
        assertEquals("VM size = 0: must divide the 16 cores", assertThrows(IllegalArgumentException.class,
                () -> workload(small, 0, one)).getMessage());
        assertEquals("VM size = 3: must divide the 16 cores", assertThrows(IllegalArgumentException.class,
                () -> workload(small, 3, one)).getMessage());
        assertEquals(1, workload(small, 1, one).length());
        assertEquals(1, workload(small, 16, one).length());
    }

    @Test
    void coresAndDomainsOutsideTheMachineAreRefused() {
        assertEquals("record 1: core = 16: must be in [0, 16) on chip1024-shrunk", refusal(record(0, false, 0, -1),
                record(16, false, 0, -1)));
        assertEquals("record 0: core = -1: must be in [0, 16) on chip1024-shrunk", refusal(record(-1, false, 0, -1)));
        assertEquals("record 0: domain = 64: must be in [0, 64) on chip1024-shrunk", refusal(record(0, false, 0, 64)));
        assertEquals("record 0: domain = -2: must be in [0, 64) on chip1024-shrunk", refusal(record(0, false, 0, -2)));
        assertEquals("record 1: some records name a domain and others do not", refusal(record(0, false, 0, 2),
                record(1, false, 0, -1)));
        assertEquals("trace:test: the trace has no records", refusal());
    }

    private String refusal(final long[]... records) {
        return assertThrows(IllegalArgumentException.class, () -> workload(small, 4, new Records(records)))
                .getMessage();
    }

    @Test
    void aCoreFarBehindTheOthersKeepsItsRecordsInOrderPastTheFirstPool() throws IOException {
        // 5,000 records of core 15, then one of core 1: reaching core 1's holds all of core 15's, past 4,096
        final long[][] records = new long[5_001][];
        for (int i = 0; i < 5_000; i++) {
            records[i] = record(15, i % 2 == 1, 64L * i, -1);
        }
        records[5_000] = record(1, false, 0x10_0000, -1);
        final TraceWorkload w = workload(small, 16, new Records(records));
        assertEquals("R100000 d0/0 gap 0", next(w, 1));
        final Access access = new Access();
        for (int i = 0; i < 5_000; i++) {
            assertTrue(w.next(15, access));
            assertEquals(64L * i, access.address, "record " + i);
            assertEquals(i % 2 == 1, access.write);
        }
        assertEquals("end", next(w, 15));
    }
}
