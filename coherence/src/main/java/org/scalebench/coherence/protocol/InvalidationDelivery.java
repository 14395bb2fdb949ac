package org.scalebench.coherence.protocol;

import org.scalebench.core.data.Named;

/**
 * How a home delivers an invalidation round (a store's invalidations, a broadcast, a directory eviction's).
 *
 * <ul>
 *   <li>{@link #TREE}: one message leaves the home and is copied along a multicast tree in the network; the
 *       targets' acknowledgements are combined on the way back, so the home sends one message and receives one.
 *       This is how networks built for coherence deliver invalidations: Virtual Circuit Tree Multicasting (Enright
 *       Jerger, Peh and Lipasti, ISCA 2008) builds multicast trees in the routers of a mesh, ATAC's ACKwise
 *       (Kurian et al., PACT 2010) broadcasts invalidations and counts acknowledgements, and SCORPIO (Daya et al.,
 *       ISCA 2014) orders broadcasts in a mesh in hardware. The default.</li>
 *   <li>{@link #SERIAL}: the home sends one unicast invalidation per target, back to back through its port (as
 *       OpenPiton's broadcast counter walks the tiles and PriME pipelines its invalidations), and receives one
 *       acknowledgement per target through its port.</li>
 * </ul>
 */
public enum InvalidationDelivery implements Named {
    /** A multicast tree with combined acknowledgements. */
    TREE("tree"),
    /** One unicast invalidation and one acknowledgement per target. */
    SERIAL("serial");


    private final String id;

    InvalidationDelivery(final String id) {
        this.id = id;
    }

    /**
     * The CLI and CSV name.
     *
     * @return {@code tree} or {@code serial}
     */
    @Override
    public String id() {
        return id;
    }

    /**
     * Parses a name.
     *
     * @param name tree or serial
     * @return the delivery
     */
    public static InvalidationDelivery parse(final String name) {
        return Named.parse(InvalidationDelivery.class, "invalidation_delivery", name);
    }
}
