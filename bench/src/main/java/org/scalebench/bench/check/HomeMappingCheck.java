package org.scalebench.bench.check;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.scalebench.bench.reference.PlainHomeMapping;
import org.scalebench.coherence.LineAddress;
import org.scalebench.coherence.domain.HomeDomains;
import org.scalebench.coherence.home.HomeBitSelect;
import org.scalebench.coherence.home.HomeMapping;

/**
 * The three home mappings against direct transcriptions: {@code global} is {@code line mod homes} (on the
 * line's low 32 bits, unsigned), {@code piton-*} the documented mask-and-fold rule written with {@code %}
 * and a loop, {@code uniform} the product {@code floor(top * homes / 2^32)} of the top 32 bits of the hashed
 * line {@code h = line * 0x9E3779B97F4A7C15 mod 2^64}, in {@link BigInteger}; each followed by the home-map table, one at
 * a time ({@code logicalHomeOfAddress} then the table, and {@code homeOfAddress} through the composed table) and
 * batched. The plain per-access reference {@link PlainHomeMapping} is held to the same transcriptions, so the
 * kernel and its benchmark baseline compute one function.
 */
public final class HomeMappingCheck implements KernelCheck {

    private static final int TILES = 1024;
    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);
    private static final BigInteger GOLDEN = new BigInteger("9E3779B97F4A7C15", 16);

    @Override
    public String name() {
        return "HomeMapping";
    }

    @Override
    public Outcome run(final long seed, final int operations) {
        final Tally tally = new Tally(name(), seed);
        final SplittableRandom random = new SplittableRandom(seed);
        final HomeDomains domains = new HomeDomains(64, TILES, null);
        for (int d = 0; d < 64; d++) {
            final int[] homes = new int[d + 1];
            for (int i = 0; i <= d; i++) {
                homes[i] = (d * 16 + i * 7) & (TILES - 1);
            }
            domains.define(d, homes);
        }
        final String[] mappings = {"global", "piton-low", "piton-middle", "piton-high", "piton-mixed", "uniform"};
        final long[] batchAddresses = new long[1];
        final int[] batchDomains = new int[1];
        final int[] batchHomes = new int[1];
        for (int op = 0; op < operations; op++) {
            final String id = mappings[op % mappings.length];
            final HomeMapping m = HomeMapping.parse(id, TILES);
            final long address = random.nextLong() & 0x0000_FFFF_FFFF_FFC0L;
            final long line = LineAddress.lineOf(address);
            final int hdid = random.nextInt(64);
            final int homes = domains.size(hdid);
            if (!m.restricted()) {
                tally.compare(Long.remainderUnsigned(line & 0xFFFF_FFFFL, TILES), m.globalHomeOfLine(line),
                        () -> "global home of line " + line);
                continue;
            }
            final int expectedLhid;
            final int plainLhid;
            if (id.equals("uniform")) {
                final BigInteger hashed = new BigInteger(Long.toUnsignedString(line)).multiply(GOLDEN).mod(TWO_64);
                expectedLhid = hashed.shiftRight(32).multiply(BigInteger.valueOf(homes)).shiftRight(32).intValueExact();
                plainLhid = PlainHomeMapping.uniformLogicalHome(address, homes);
            } else {
                expectedLhid = documentedRule(bits(id, address), homes);
                plainLhid = PlainHomeMapping.pitonLogicalHome(
                        PlainHomeMapping.homeBits(address, HomeBitSelect.parse(id.substring("piton-".length()))), homes);
            }
            tally.compare(expectedLhid, m.logicalHomeOfAddress(address, homes), () -> id + " logical home of " + address);
            tally.compare(expectedLhid, plainLhid, () -> id + " plain reference's logical home of " + address);
            final int expectedHome = domains.home(hdid, expectedLhid);
            tally.compare(expectedHome, m.homeOfAddress(address, hdid, domains), () -> id + " home of " + address);
            batchAddresses[0] = address;
            batchDomains[0] = hdid;
            m.homes(batchAddresses, batchDomains, 1, domains, batchHomes);
            tally.compare(expectedHome, batchHomes[0], () -> id + " batched home of " + address);
        }
        return tally.outcome();
    }

    private static int bits(final String id, final long address) {
        final long low = (address / 64) % 64;
        final long middle = (address / (1L << 14)) % 64;
        switch (id) {
            case "piton-low":
                return (int) low;
            case "piton-middle":
                return (int) middle;
            case "piton-high":
                return (int) ((address / (1L << 24)) % 64);
            default:
                return (int) (low ^ middle);
        }
    }

    private static int documentedRule(final int bits, final int homes) {
        int k = 0;
        while ((1 << k) < homes) {
            k++;
        }
        final int m = bits % (1 << k);
        return m < homes ? m : m % (1 << (k - 1));
    }
}
