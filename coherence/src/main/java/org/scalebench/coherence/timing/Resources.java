package org.scalebench.coherence.timing;

import java.util.Arrays;
import org.scalebench.core.Checks;

/**
 * The machine's queued resources (nodes' network interfaces, one queue per direction, and memory controllers),
 * each a single server that takes packets first come, first served, in the order the {@link Timeline} presents
 * them, which is the order of their arrival times. A packet that arrives at {@code a} starts at
 * {@code max(a, busyUntil)}; the server is then busy for its service time.
 *
 * <p>A <em>train</em> (a run of packets from one sender: serial invalidations, their acknowledgements) does not
 * hold the server for its whole length: other packets are interleaved with it. A packet arriving while a train is
 * under way waits at most for the train packet being sent, and pushes the train's end back by its own service; a
 * train arriving behind waiting packets starts after them. Trains queue behind each other. This is round-robin
 * service between the train and everyone else, kept in two numbers per resource.
 *
 * <p>Busy time is summed per resource, so {@link #utilization} is exact: the fraction of the elapsed time a
 * resource was serving; it never exceeds 1 because a server serves one packet at a time (trains interleaved with
 * packets share that one server).
 *
 * <p>Allocation: arrays at construction. Thread-safety: none.
 * Not final only so that tests can plant a faulty server and show the machine's sanity checks catch it.
 */
public class Resources {

    private final int count;
    private final long[] busyUntil;
    private final long[] trainEnd;
    private final int[] trainPacket;
    /** Cycles by which packets have pushed trains back, per resource, ever (a chain reads it twice). */
    private final long[] trainPushed;
    private final long[] busy;
    private final long[] waited;
    private final long[] packetCount;
    private long waitSum;
    private long queuedPackets;
    private long packetsServed;

    /**
     * Creates idle resources.
     *
     * @param count resources, at least 1
     */
    public Resources(final int count) {
        Checks.requireAtLeast("resources", count, 1);
        this.count = count;
        this.busyUntil = new long[count];
        this.trainEnd = new long[count];
        this.trainPacket = new int[count];
        this.trainPushed = new long[count];
        this.busy = new long[count];
        this.waited = new long[count];
        this.packetCount = new long[count];
    }

    /**
     * The number of resources.
     *
     * @return the count
     */
    public int count() {
        return count;
    }

    /**
     * Serves a packet arriving at {@code arrival}.
     *
     * @param r the resource
     * @param arrival when the packet arrives (not earlier than any arrival presented before)
     * @param service cycles the packet occupies the resource
     * @return when the packet starts being served
     */
    public long packet(final int r, final long arrival, final int service) {
        return servePacket(r, arrival, service);
    }

    /**
     * The first-come first-served packet service behind {@link #packet} (for subclasses that plant a fault).
     *
     * @param r the resource
     * @param arrival when the packet arrives
     * @param service cycles the packet occupies the resource
     * @return when the packet starts being served
     */
    protected final long servePacket(final int r, final long arrival, final int service) {
        long start = Math.max(arrival, busyUntil[r]);
        final long trains = trainEnd[r];
        if (start < trains) {
            start += Math.min(trainPacket[r], trains - start); // the train packet being sent finishes first
            trainEnd[r] = trains + service;
            trainPushed[r] += service;
        }
        busyUntil[r] = start + service;
        account(r, arrival, start, service, 1);
        return start;
    }

    /**
     * Queues a train of packets arriving at {@code arrival}.
     *
     * @param r the resource
     * @param arrival when the train's first packet is ready
     * @param packets packets in the train
     * @param service cycles per packet
     * @return when the last packet has gone, as far as known now: packets arriving later while the train is under
     *     way push it back (see {@link #trainPushed})
     */
    public long train(final int r, final long arrival, final int packets, final int service) {
        final long length = (long) packets * service;
        final long start = Math.max(Math.max(arrival, trainEnd[r]), busyUntil[r]);
        final long end = start + length;
        trainEnd[r] = end;
        trainPacket[r] = service;
        account(r, arrival, start, length, packets);
        return end;
    }

    /**
     * Accounts the service of a packet or a train at resource {@code r}: its busy cycles, its packets, and its wait
     * (once, however many packets it has) if it started after it arrived.
     */
    private void account(final int r, final long arrival, final long start, final long cycles, final int packets) {
        busy[r] += cycles;
        packetCount[r] += packets;
        packetsServed += packets;
        final long wait = start - arrival;
        if (wait > 0) {
            waited[r] += wait;
            waitSum += wait;
            queuedPackets++;
        }
    }

    /**
     * How far packets have pushed trains back at a resource so far: a train's real end is its end when queued
     * plus the growth of this number while it was under way.
     *
     * @param r the resource
     * @return cycles, cumulative
     */
    public long trainPushed(final int r) {
        return trainPushed[r];
    }

    /**
     * Cycles resource {@code r} has been busy since the last {@link #resetCounters}.
     *
     * @param r the resource
     * @return cycles
     */
    public long busyCycles(final int r) {
        return busy[r];
    }

    /**
     * The fraction of {@code elapsed} cycles resource {@code r} was serving.
     *
     * @param r the resource
     * @param elapsed cycles since the last {@link #resetCounters}
     * @return the utilization, 0 for no elapsed time
     */
    public double utilization(final int r, final long elapsed) {
        return elapsed <= 0 ? 0 : (double) busy[r] / elapsed;
    }

    /**
     * The highest utilization over the resources.
     *
     * @param elapsed cycles since the last {@link #resetCounters}
     * @return the maximum, 0 for no elapsed time
     */
    public double maxUtilization(final long elapsed) {
        long most = 0;
        for (int r = 0; r < count; r++) {
            most = Math.max(most, busy[r]);
        }
        return elapsed <= 0 ? 0 : (double) most / elapsed;
    }

    /**
     * The resource with the most busy time.
     *
     * @return its index
     */
    public int busiest() {
        int best = 0;
        for (int r = 1; r < count; r++) {
            if (busy[r] > busy[best]) {
                best = r;
            }
        }
        return best;
    }

    /**
     * Cycles packets and trains waited, in all.
     *
     * @return cycles
     */
    public long waitCycles() {
        return waitSum;
    }

    /**
     * Packets and trains that waited at all.
     *
     * @return the count
     */
    public long queued() {
        return queuedPackets;
    }

    /**
     * Packets served (a train counts its packets).
     *
     * @return the count
     */
    public long served() {
        return packetsServed;
    }

    /**
     * Cycles packets waited at one resource.
     *
     * @param r the resource
     * @return cycles
     */
    public long waitCycles(final int r) {
        return waited[r];
    }

    /**
     * Packets served by one resource.
     *
     * @param r the resource
     * @return the count
     */
    public long served(final int r) {
        return packetCount[r];
    }

    /** Zeroes the busy, wait and packet counters (the queues themselves are kept). */
    public void resetCounters() {
        Arrays.fill(busy, 0);
        Arrays.fill(waited, 0);
        Arrays.fill(packetCount, 0);
        waitSum = 0;
        queuedPackets = 0;
        packetsServed = 0;
    }
}
