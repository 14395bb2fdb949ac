package org.scalebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The shutdown hook's {@link Scalebench#end}: it returns only once every child has ended. */
class ChildShutdownTest {

    private static Process shell(final String script) throws Exception {
        final Process p = new ProcessBuilder("sh", "-c", script).redirectErrorStream(true).start();
        // the trap must be in place before the signal: wait for the script to say so
        assertEquals('.', p.getInputStream().read(), "the script started");
        return p;
    }

    @Test
    void aChildThatTakesItsTimeOnSigtermHasEndedWhenEndReturns() throws Exception {
        // like a JMH fork running its own shutdown: it ends on SIGTERM, but not at once
        final Process slow = shell("trap 'sleep 0.4; exit 7' TERM; printf .; while :; do sleep 0.05; done");
        Scalebench.end(List.of(slow.toHandle()), TimeUnit.SECONDS.toNanos(5));
        assertFalse(slow.isAlive(), "still running when end returned");
        assertEquals(7, slow.exitValue(), "ended by its own SIGTERM handler, not killed");
    }

    @Test
    void aChildThatIgnoresSigtermIsKilledAfterTheGrace() throws Exception {
        final Process deaf = shell("trap '' TERM; printf .; exec sleep 30");
        final long start = System.nanoTime();
        Scalebench.end(List.of(deaf.toHandle()), TimeUnit.MILLISECONDS.toNanos(300));
        assertFalse(deaf.isAlive(), "a child that ignores SIGTERM outlived end");
        assertEquals(137, deaf.exitValue(), "killed (128 + SIGKILL)");
        assertFalse(System.nanoTime() - start > TimeUnit.SECONDS.toNanos(20), "end waited out the child's sleep");
    }
}
