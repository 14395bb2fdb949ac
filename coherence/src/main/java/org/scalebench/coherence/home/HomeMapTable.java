package org.scalebench.coherence.home;

/**
 * A Home Map Table as the batched home mapping reads it: the size of each home domain and the physical home tile
 * of each of its logical homes. {@link org.scalebench.coherence.domain.HomeDomains} is the implementation; the
 * mapping sees only this view, so the home package depends on nothing above it.
 *
 * <p>Implementations answer without allocating; thread-safety is theirs to state.
 */
public interface HomeMapTable {

    /**
     * Number of homes of a domain.
     *
     * @param hdid the domain
     * @return its size, 0 when undefined
     */
    int size(int hdid);

    /**
     * The physical home tile of a logical home.
     *
     * @param hdid the domain
     * @param lhid the logical home id, in [0, size)
     * @return the home tile, or -1 for a domain that was never defined
     */
    int home(int hdid, int lhid);

    /**
     * The home tile of a line whose six home bits are {@code homeBits} under OpenPiton's encoder: equal to
     * {@code home(hdid, PitonHomeEncoder.encode(homeBits, size(hdid)))}.
     *
     * @param hdid the domain
     * @param homeBits the six selected address bits, in [0, 64)
     * @return the home tile, or -1 for a domain that was never defined
     */
    int homeOfBits(int hdid, int homeBits);
}
