package org.scalebench.bench.jmh;

import org.openjdk.jmh.annotations.Param;

/**
 * {@link SharerRowsBench} on 65,536-core sharer sets (8 KiB per row), with fewer rows so that each
 * structure stays well under 2 GiB: the regime where a flat full-map row is mostly zero words and a
 * compressed set (Roaring) has the advantage.
 */
public class SharerRowsWideBench extends SharerRowsMix {

    /** Directory entries: 2 MiB and 128 MiB of flat rows. */
    @Param({"256", "16384"})
    int rows;

    /** Sharer-set width. */
    @Param({"65536"})
    int bitsPerRow;

    @Override
    int rows() {
        return rows;
    }

    @Override
    int bitsPerRow() {
        return bitsPerRow;
    }
}
