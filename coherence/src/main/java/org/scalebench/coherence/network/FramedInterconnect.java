package org.scalebench.coherence.network;

/**
 * What every interconnect shares: message framing. A control message is {@code controlFlits} flits; a
 * message carrying a 64-byte line adds {@code ceil(64 / flitBytes)} flits of payload.
 */
abstract class FramedInterconnect implements Interconnect {

    private final int controlFlits;
    private final int dataFlits;
    private final int flitBytes;

    FramedInterconnect(final int controlFlits, final int flitBytes) {
        checkAtLeast("control flits", controlFlits, 1);
        checkAtLeast("flit bytes", flitBytes, 1);
        this.controlFlits = controlFlits;
        this.flitBytes = flitBytes;
        this.dataFlits = controlFlits + (64 + flitBytes - 1) / flitBytes;
    }

    static void checkAtLeast(final String name, final long value, final long min) {
        if (value < min) {
            throw new IllegalArgumentException(name + " = " + value + ": must be at least " + min);
        }
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
