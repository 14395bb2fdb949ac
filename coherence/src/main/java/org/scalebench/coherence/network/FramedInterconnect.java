package org.scalebench.coherence.network;

import org.scalebench.coherence.LineAddress;
import org.scalebench.core.Checks;

/**
 * What every interconnect shares: message framing. A control message is {@code controlFlits} flits; a
 * message carrying a 64-byte line adds {@code ceil(64 / flitBytes)} flits of payload.
 */
abstract class FramedInterconnect implements Interconnect {

    private final int controlFlits;
    private final int dataFlits;
    private final int flitBytes;

    FramedInterconnect(final int controlFlits, final int flitBytes) {
        Checks.requireAtLeast("control flits", controlFlits, 1);
        Checks.requireAtLeast("flit bytes", flitBytes, 1);
        this.controlFlits = controlFlits;
        this.flitBytes = flitBytes;
        this.dataFlits = controlFlits + (LineAddress.LINE_BYTES + flitBytes - 1) / flitBytes;
    }

    @Override
    public final int controlFlits() {
        return controlFlits;
    }

    @Override
    public final int dataFlits() {
        return dataFlits;
    }

    @Override
    public final int flitBytes() {
        return flitBytes;
    }
}
