import org.scalebench.bench.coherence.WorkloadSpec;
import org.scalebench.coherence.sim.*;
import org.scalebench.coherence.protocol.*;
import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.home.HomeMapping;

public class TimedWindows {
    public static void main(String[] a) throws Exception {
        SystemSpec sys = SystemSpec.resolve(a[0]);
        Scheme scheme = Scheme.parse(a[1]);
        String fmt = a[2].equals("-") ? null : a[2];
        int active = Integer.parseInt(a[3]);
        long warm = Long.parseLong(a[4]);
        long window = Long.parseLong(a[5]);
        int windows = Integer.parseInt(a[6]);
        int threads = Integer.parseInt(a[7]);
        Workload w = WorkloadSpec.vm().withActive(active).build(sys, 1);
        FormatSpec f = CoherenceSimulator.formatFor(sys, scheme, fmt);
        HomeMapping m = CoherenceSimulator.mappingFor(sys, scheme, null);
        MesiProtocol p = new MesiProtocol(sys.protocolConfig(f, m));
        w.defineDomains(p.sharerDomains(), p.homeDomains());
        ClosedLoopMachine mc = new ClosedLoopMachine(p, w, sys.mshrsPerCore(), sys.thinkCycles(), 1 << 12);
        int n = mc.issuingCores();
        long t0 = System.nanoTime();
        if (warm > 0) {
            FunctionalWarmup fw = new FunctionalWarmup(p, w, threads);
            long done = 0;
            while (done < warm) { long k = fw.run(Math.min(1L << 24, warm - done)); if (k == 0) break; done += k; }
            p.links().discardOffered();
            System.out.printf("functional %d in %.1f s%n", done, (System.nanoTime() - t0) / 1e9);
        }
        ProtocolStats s = p.stats();
        System.out.println("win,cycles_start,cycles,X_per_kc,law_per_kc,ratio,miss_rate,avg_miss_lat_completed,inflight_avg,R,host_s");
        for (int i = 0; i < windows; i++) {
            long h = System.nanoTime();
            mc.startCounting();
            long from = mc.countedFrom();
            long k = mc.runFor(window);
            long now = mc.timeline().now();
            long el = Math.max(1, now - from);
            double X = 1000.0 * k / el;
            double R = s.accesses() == 0 ? 0 : (double) s.latencySum() / s.accesses();
            double law = 1000.0 * n / (R + sys.thinkCycles());
            System.out.printf("%d,%d,%d,%.4g,%.4g,%.3f,%.4f,%.4g,%.4g,%.4g,%.1f%n", i, from, el, X, law, X / law,
                (double) s.misses() / Math.max(1, s.accesses()), s.missLatency().mean(), (double) mc.inFlightTime() / el, R,
                (System.nanoTime() - h) / 1e9);
        }
    }
}
