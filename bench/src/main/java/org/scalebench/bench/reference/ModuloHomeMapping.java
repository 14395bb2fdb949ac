package org.scalebench.bench.reference;

import org.scalebench.coherence.LineAddress;

/**
 * Home mapping the plain way: the line index modulo the domain's home count, then the home-map table.
 * Reference of {@code HomeMappingBench}.
 */
public final class ModuloHomeMapping {

    private ModuloHomeMapping() {
    }

    /**
     * The home tile of a line.
     *
     * @param address the byte address
     * @param homes the domain's home count
     * @param table the domain's home tiles
     * @return the home tile
     */
    public static int home(final long address, final int homes, final int[] table) {
        return table[(int) ((address >>> LineAddress.LINE_SHIFT) % homes)];
    }
}
