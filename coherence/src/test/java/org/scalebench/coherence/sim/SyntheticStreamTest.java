package org.scalebench.coherence.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Holds {@link SyntheticWorkload}'s streams to the distribution its class comment defines, by drawing many accesses
 * on the shrunk chip (16 cores) and decoding each: its group's region, its line through the inverse of the group's
 * page placement, the line's class (private lines of member m, read-shared, migratory, producer-consumer), and the
 * line's index in its class. Each measured share is checked against the parameter it should follow within six
 * standard deviations of its sampling error (a fixed seed, so the draws are the same on every run; over its few dozen
 * checks, a correct generator's seed would fail one by chance with a probability under 10^-7), and each index distribution against the exact law of {@code floor(n * u^skew)}.
 * Also the page kind: each core's groups, the accesses it draws from them, and the machines that cannot hold them.
 */
class SyntheticStreamTest {

    private final SystemSpec small = SystemSpec.named("chip1024").shrunk();

    private static final int PRIVATE = 64;
    private static final int SHARED = 128;
    private static final int MIGRATORY = 32;
    private static final int PRODUCER = 32;
    private static final int SIZE = 4;

    /** One decoded access of the VM streams below: the class, the index in it, and the member whose line it is. */
    private record Line(int kind, int index, int owner) {
    }

    private static final int K_PRIVATE = 0;
    private static final int K_SHARED = 1;
    private static final int K_MIGRATORY = 2;
    private static final int K_PRODUCER = 3;

    private static SyntheticWorkload.Params vms(final double outside, final int skew) {
        return new SyntheticWorkload.Params(SyntheticWorkload.Kind.VM, SIZE, 0, PRIVATE, SHARED, MIGRATORY, PRODUCER,
                0.4, 0.3, 0.2, 0.1, 0.3, 0.1, outside, skew, 23, 0);
    }

    /** Every line of every group by address, through {@link SyntheticWorkload#addressOf}; fails on a collision. */
    private static Map<Long, Line> decoder(final SyntheticWorkload w) {
        final Map<Long, Line> lines = new HashMap<>();
        for (int g = 0; g < w.groups(); g++) {
            long line = 0;
            for (int m = 0; m < SIZE; m++) {
                for (int i = 0; i < PRIVATE; i++) {
                    assertNull(lines.put(w.addressOf(g, line++), new Line(K_PRIVATE, i, m)), "a line placed twice");
                }
            }
            final int[] counts = {SHARED, MIGRATORY, PRODUCER};
            for (int k = 0; k < counts.length; k++) {
                for (int i = 0; i < counts[k]; i++) {
                    assertNull(lines.put(w.addressOf(g, line++), new Line(k + 1, i, -1)), "a line placed twice");
                }
            }
        }
        return lines;
    }

    /** Asserts that {@code hits} of {@code n} trials is within six standard deviations of probability {@code p}. */
    private static void assertShare(final double p, final long hits, final long n, final String what) {
        final double sigma = Math.sqrt(p * (1 - p) / n);
        final double share = (double) hits / n;
        assertTrue(Math.abs(share - p) <= 6 * sigma + 1e-12, what + ": " + share + " of " + n + ", expected " + p
                + " +- " + 6 * sigma);
    }

    /** Draws {@code perCore} accesses of every core of a VM stream and tallies them. */
    private static final class Tally {
        final long[] classCount = new long[4];
        final long[] classWrites = new long[4];
        final long[] indexBelowQuarter = new long[4];
        final double[] indexSum = new double[4];
        long outside;
        long outsideWrites;
        long outsideNotShared;
        final long[] outsideTarget = new long[4];
        long inside;
        long producerWrongWriter;
        long privateOfAnother;
        long domainMismatch;
    }

    private Tally draw(final SyntheticWorkload w, final int perCore) {
        final Map<Long, Line> lines = decoder(w);
        final Tally t = new Tally();
        final Access a = new Access();
        for (int core = 0; core < small.cores(); core++) {
            final int group = groupOf(w, core);
            final int member = memberOf(w, group, core);
            for (int i = 0; i < perCore; i++) {
                assertTrue(w.next(core, a));
                final int region = (int) (a.address >>> 32);
                final Line line = lines.get(a.address);
                assertTrue(line != null, "address " + a.address + " is no line of any group");
                if (a.sdid != region || a.hdid != region) {
                    t.domainMismatch++;
                }
                if (region != group) {
                    t.outside++;
                    t.outsideTarget[region]++;
                    t.outsideWrites += a.write ? 1 : 0;
                    t.outsideNotShared += line.kind() == K_SHARED ? 0 : 1;
                    continue;
                }
                t.inside++;
                t.classCount[line.kind()]++;
                t.classWrites[line.kind()] += a.write ? 1 : 0;
                t.indexSum[line.kind()] += line.index();
                final int n = new int[] {PRIVATE, SHARED, MIGRATORY, PRODUCER}[line.kind()];
                t.indexBelowQuarter[line.kind()] += line.index() < n / 4 ? 1 : 0;
                if (line.kind() == K_PRIVATE && line.owner() != member) {
                    t.privateOfAnother++;
                }
                if (line.kind() == K_PRODUCER && a.write != (line.index() % SIZE == member)) {
                    t.producerWrongWriter++;
                }
            }
        }
        return t;
    }

    private static int groupOf(final SyntheticWorkload w, final int core) {
        for (int g = 0; g < w.groups(); g++) {
            for (final int c : w.members(g)) {
                if (c == core) {
                    return g;
                }
            }
        }
        throw new AssertionError("core " + core + " in no group");
    }

    private static int memberOf(final SyntheticWorkload w, final int group, final int core) {
        final int[] members = w.members(group);
        for (int m = 0; m < members.length; m++) {
            if (members[m] == core) {
                return m;
            }
        }
        throw new AssertionError("core " + core + " not in group " + group);
    }

    /** The mean of {@code floor(n * u^k)} for uniform u: sum over i in [1, n) of P(n u^k >= i) = 1 - (i / n)^(1/k). */
    private static double meanIndex(final int n, final int k) {
        double sum = 0;
        for (int i = 1; i < n; i++) {
            sum += 1 - Math.pow((double) i / n, 1.0 / k);
        }
        return sum;
    }

    /** The variance of {@code floor(n * u^k)}, by its distribution: P(index = i) = ((i+1)/n)^(1/k) - (i/n)^(1/k). */
    private static double varianceIndex(final int n, final int k) {
        double mean = 0;
        double square = 0;
        for (int i = 0; i < n; i++) {
            final double p = Math.pow((double) (i + 1) / n, 1.0 / k) - Math.pow((double) i / n, 1.0 / k);
            mean += p * i;
            square += p * i * i;
        }
        return square - mean * mean;
    }

    private static void assertIndexLaw(final Tally t, final int kind, final int n, final int skew) {
        final long count = t.classCount[kind];
        final double mean = t.indexSum[kind] / count;
        final double expected = meanIndex(n, skew);
        final double sigma = Math.sqrt(varianceIndex(n, skew) / count);
        assertTrue(Math.abs(mean - expected) <= 6 * sigma, "class " + kind + " skew " + skew + ": mean index " + mean
                + ", expected " + expected + " +- " + 6 * sigma);
        // floor(n u^k) < n / 4 exactly when u < (1/4)^(1/k), n a multiple of 4
        assertShare(Math.pow(0.25, 1.0 / skew), t.indexBelowQuarter[kind], count, "class " + kind
                + " skew " + skew + ": indices in the first quarter");
    }

    @Test
    void theClassesWritesAndOutsideAccessesFollowTheParameters() {
        final SyntheticWorkload w = new SyntheticWorkload(small, vms(0.05, 2));
        assertEquals(vms(0.05, 2), w.params());
        final Tally t = draw(w, 20_000);
        final long n = t.inside + t.outside;
        assertEquals(0, t.domainMismatch, "an access's sharer and home domain are its line's group");
        assertShare(0.05, t.outside, n, "accesses from outside");
        assertEquals(0, t.outsideWrites, "an access from outside is a load");
        assertEquals(0, t.outsideNotShared, "an access from outside reads the other group's read-shared lines");
        final double[] mix = {0.4, 0.3, 0.2, 0.1};
        for (int k = 0; k < 4; k++) {
            assertShare(mix[k], t.classCount[k], t.inside, "class " + k + " among the accesses from inside");
        }
        assertEquals(0, t.privateOfAnother, "a core's private accesses are to its own lines");
        assertShare(0.3, t.classWrites[K_PRIVATE], t.classCount[K_PRIVATE], "stores on private lines");
        assertShare(0.1, t.classWrites[K_SHARED], t.classCount[K_SHARED], "stores on read-shared lines");
        assertShare(0.5, t.classWrites[K_MIGRATORY], t.classCount[K_MIGRATORY], "stores on migratory lines");
        assertEquals(0, t.producerWrongWriter, "producer-consumer line j is written by member j mod size, only");
        // the others of the 4 VMs, equally often: each target is one of 3 for 4 of the 16 cores' outside accesses
        for (int g = 0; g < 4; g++) {
            assertShare(0.25, t.outsideTarget[g], t.outside, "outside accesses reaching VM " + g);
        }
    }

    @Test
    void theLineIndexWithinAClassIsFloorOfNTimesUToTheSkew() {
        for (int skew = 1; skew <= 4; skew++) {
            final Tally t = draw(new SyntheticWorkload(small, vms(0, skew)), 8_000);
            assertEquals(0, t.outside, "no access from outside at outside = 0");
            assertIndexLaw(t, K_PRIVATE, PRIVATE, skew);
            assertIndexLaw(t, K_SHARED, SHARED, skew);
            assertIndexLaw(t, K_MIGRATORY, MIGRATORY, skew);
            assertIndexLaw(t, K_PRODUCER, PRODUCER, skew);
        }
    }

    @Test
    void everyAccessIsFromOutsideAtOutsideOne() {
        final Tally t = draw(new SyntheticWorkload(small, vms(1, 3)), 2_000);
        assertEquals(0, t.inside);
        assertEquals(0, t.outsideWrites);
        assertEquals(0, t.outsideNotShared);
    }

    /** The first 64 accesses of a core, each as its line's class, index and owner and whether it stores. */
    private java.util.List<String> decoded(final SyntheticWorkload.Params params, final int core) {
        final SyntheticWorkload w = new SyntheticWorkload(small, params);
        final Map<Long, Line> lines = decoder(w);
        final Access a = new Access();
        final java.util.List<String> out = new java.util.ArrayList<>();
        for (int i = 0; i < 64; i++) {
            w.next(core, a);
            out.add(lines.get(a.address) + (a.write ? " W" : " R") + " of " + (a.address >>> 32));
        }
        return out;
    }

    @Test
    void eachCoresStreamIsItsOwnAndTheSeedChangesIt() {
        final SyntheticWorkload one = new SyntheticWorkload(small, vms(0.05, 3));
        final SyntheticWorkload other = new SyntheticWorkload(small, vms(0.05, 3));
        final Access a = new Access();
        final Access b = new Access();
        // core 7's stream does not depend on how many accesses the other cores drew before it
        for (int i = 0; i < 100; i++) {
            one.next(i % 16, a);
        }
        final long[] seven = new long[64];
        for (int i = 0; i < seven.length; i++) {
            other.next(7, b);
            seven[i] = b.address;
        }
        final SyntheticWorkload fresh = new SyntheticWorkload(small, vms(0.05, 3));
        final long[] again = new long[64];
        for (int i = 0; i < again.length; i++) {
            fresh.next(7, a);
            again[i] = a.address;
        }
        assertArrayEquals(seven, again);
        // two cores of one VM with one private line each would agree on the shared lines only by chance
        final long[] six = new long[64];
        for (int i = 0; i < six.length; i++) {
            fresh.next(6, a);
            six[i] = a.address;
        }
        assertFalse(java.util.Arrays.equals(seven, six), "cores 6 and 7 draw different streams");
        // another seed draws another sequence of classes, lines and stores, not only other page placements
        assertFalse(decoded(vms(0.05, 3), 7).equals(decoded(new SyntheticWorkload.Params(SyntheticWorkload.Kind.VM,
                SIZE, 0, PRIVATE, SHARED, MIGRATORY, PRODUCER, 0.4, 0.3, 0.2, 0.1, 0.3, 0.1, 0.05, 3, 24, 0), 7)),
                "another seed, another stream");
        assertEquals(decoded(vms(0.05, 3), 7), decoded(vms(0.05, 3), 7), "the same seed, the same stream");
    }

    @Test
    void aGroupsPagesArePlacedOneToOneAndScatteredOverItsRegion() {
        // 2^14 lines of 64 per page: 256 pages of VM 1, each to its own frame, the offset in the page kept
        final SyntheticWorkload w = new SyntheticWorkload(small, new SyntheticWorkload.Params(
                SyntheticWorkload.Kind.VM, SIZE, 0, 4096 - 64, 32, 16, 16, 1, 0, 0, 0, 0, 0, 0, 1, 5, 0));
        final TreeSet<Long> frames = new TreeSet<>();
        for (long line = 0; line < 1 << 14; line += 64) {
            final long address = w.addressOf(1, line + 5);
            assertEquals(1, address >>> 32, "in VM 1's region");
            assertEquals(5L << 6, address & 4095, "line 5 of its page");
            frames.add((address >>> 12) & ((1 << 20) - 1));
        }
        assertEquals(256, frames.size(), "256 pages, 256 frames");
        assertTrue(frames.last() - frames.first() > 1 << 18, "scattered over the region, not packed at its start");
        assertNotEquals(w.addressOf(0, 7) & ~(0xFFFFFFFFL << 32), w.addressOf(1, 7) & ~(0xFFFFFFFFL << 32),
                "each group has its own placement");
    }

    @Test
    void theIssuingCoresAreListedInIncreasingOrder() {
        // VMs of 4 are the 2 x 2 blocks {0, 1, 4, 5}, {2, 3, 6, 7}, ...: listed by VM they would not be in order
        assertArrayEquals(java.util.stream.IntStream.range(0, 16).toArray(),
                new SyntheticWorkload(small, vms(0, 1)).issuingCores());
        assertArrayEquals(new int[] {0, 1, 4, 5, 8, 9, 12, 13},
                new SyntheticWorkload(small, vms(0, 1).withActive(2)).issuingCores());
    }

    @Test
    void anAccessFromOutsideReachesTheOtherActiveVmsEquallyOften() {
        // eight VMs of 2 cores (1 x 2 blocks), four active (k x 8 / 4: VMs 0, 2, 4 and 6), every access from outside
        final SyntheticWorkload w = new SyntheticWorkload(small, vms(1, 1).withGroupSize(2).withActive(4));
        assertEquals(8, w.groups());
        final int[] vmOf = new int[16];
        for (int g = 0; g < 8; g++) {
            for (final int c : w.members(g)) {
                vmOf[c] = g;
            }
        }
        final Access a = new Access();
        for (final int core : w.issuingCores()) {
            final int own = vmOf[core];
            assertEquals(0, own % 2, "core " + core + " of an active VM");
            final long[] reached = new long[8];
            final int n = 3_000;
            for (int i = 0; i < n; i++) {
                w.next(core, a);
                reached[(int) (a.address >>> 32)]++;
            }
            for (int g = 0; g < 8; g++) {
                if (g == own || g % 2 == 1) {
                    assertEquals(0, reached[g], "core " + core + " of VM " + own + " reached VM " + g);
                } else {
                    assertShare(1.0 / 3, reached[g], n, "core " + core + " of VM " + own + " reaching VM " + g);
                }
            }
        }
    }

    @Test
    void aMachineWithExactlyAsManyHomeDomainsAsVmsHoldsThem() {
        final SystemSpec twoHomes = small.with(Map.of("home_domains", "2"), "a test");
        assertEquals(2, new SyntheticWorkload(twoHomes, vms(0, 1).withGroupSize(8)).groups(), "2 of 2 fit");
        assertEquals("4 vm domains: the system has 64 sharer and 2 home domain ids",
                assertThrows(IllegalArgumentException.class, () -> new SyntheticWorkload(twoHomes, vms(0, 1)))
                        .getMessage());
    }

    private static SyntheticWorkload.Params pages(final int size, final int groups) {
        return new SyntheticWorkload.Params(SyntheticWorkload.Kind.PAGE, size, groups, 1, 64, 16, 16, 0, 0.6, 0.2,
                0.2, 0.3, 0.1, 0, 1, 9, 0);
    }

    @Test
    void pageGroupsAreDistinctCoresAndEachCoreDrawsFromItsOwnGroups() {
        final SyntheticWorkload w = new SyntheticWorkload(small, pages(4, 6));
        assertEquals(6, w.groups());
        assertEquals("page", w.name());
        final TreeSet<Integer> inSome = new TreeSet<>();
        final Map<Integer, TreeSet<Integer>> groupsOf = new HashMap<>();
        for (int g = 0; g < 6; g++) {
            final int[] m = w.members(g);
            assertEquals(4, m.length);
            assertEquals(4, java.util.Arrays.stream(m).distinct().count(), "group " + g + ": distinct cores");
            for (final int c : m) {
                assertTrue(c >= 0 && c < 16);
                inSome.add(c);
                groupsOf.computeIfAbsent(c, x -> new TreeSet<>()).add(g);
            }
        }
        assertArrayEquals(inSome.stream().mapToInt(Integer::intValue).toArray(), w.issuingCores(),
                "the cores in some group issue, in order, and only they");
        final Access a = new Access();
        for (final int core : w.issuingCores()) {
            final TreeSet<Integer> reached = new TreeSet<>();
            for (int i = 0; i < 400; i++) {
                assertTrue(w.next(core, a));
                final int group = (int) (a.address >>> 32);
                assertEquals(group, a.sdid);
                assertTrue(groupsOf.get(core).contains(group), "core " + core + " reached group " + group
                        + ", not one of its " + groupsOf.get(core));
                reached.add(group);
            }
            assertEquals(groupsOf.get(core), reached, "core " + core + " draws from each of its groups");
        }
    }

    @Test
    void aPageGroupLargerThanTheMachineIsRefused() {
        assertEquals("page group size = 17: must be at most 16", assertThrows(IllegalArgumentException.class,
                () -> new SyntheticWorkload(small, pages(17, 4))).getMessage());
        assertEquals(16, new SyntheticWorkload(small, pages(16, 2)).members(1).length, "the whole machine fits");
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void aPageGroupOfTheWholeMachineHoldsEveryCoreOnce() {
        final SyntheticWorkload w = new SyntheticWorkload(small, pages(16, 3));
        for (int g = 0; g < 3; g++) {
            final int[] m = w.members(g).clone();
            java.util.Arrays.sort(m);
            assertArrayEquals(java.util.stream.IntStream.range(0, 16).toArray(), m);
        }
    }
}
