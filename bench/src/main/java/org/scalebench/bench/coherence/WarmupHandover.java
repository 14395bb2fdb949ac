package org.scalebench.bench.coherence;

import java.util.concurrent.CompletableFuture;
import org.scalebench.coherence.sim.CoherenceSimulator;

/**
 * Hands a run's warm-up length to the runs that must warm exactly as long, as soon as its warm-up ends rather
 * than after its count, so that they can run beside it ({@code --jobs}).
 *
 * @param length completed with the warm-up accesses
 */
record WarmupHandover(CompletableFuture<Long> length) implements CoherenceSimulator.Progress {

    @Override
    public void update(final long done, final long total) {
    }

    @Override
    public void warmed(final long accesses) {
        length.complete(accesses);
    }
}
