package org.scalebench.bench.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class RunRequestTest {

    static final BenchmarkClass LOOKUP = new BenchmarkClass("org.scalebench.bench.jmh.LookupBench",
            List.of("hashMap", "kernel", "fastutil"), Map.of("n", List.of("1000", "1000000"), "hit", List.of("0", "1")));

    private static List<ParamSet> combos(final String... texts) {
        return List.of(texts).stream().map(ParamSet::parse).toList();
    }

    @Test
    void kernelComesFirstAndReferencesAreTheOtherMethods() {
        assertEquals(List.of("kernel", "fastutil", "hashMap"), LOOKUP.methods());
        assertEquals(List.of("fastutil", "hashMap"), LOOKUP.references());
        assertEquals("LookupBench", LOOKUP.simpleName());
    }

    @Test
    void includeRegexSelectsExactlyTheRequestedMethods() {
        final RunRequest r = new RunRequest(LOOKUP, List.of("hashMap", "kernel"), Map.of());
        final Pattern include = Pattern.compile(r.includeRegex());
        assertTrue(include.matcher("org.scalebench.bench.jmh.LookupBench.kernel").find());
        assertTrue(include.matcher("org.scalebench.bench.jmh.LookupBench.hashMap").find());
        assertFalse(include.matcher("org.scalebench.bench.jmh.LookupBench.fastutil").find());
        assertFalse(include.matcher("org.scalebench.bench.jmh.LookupBenchX.kernel").find());
        assertFalse(include.matcher("org.scalebench.bench.jmh.LookupBench.kernel2").find());
    }

    @Test
    void runCountIsMethodsTimesCombinations() {
        assertEquals(3 * 4, RunRequest.everything(LOOKUP).runCount());
        assertEquals(3, RunRequest.firstCombination(LOOKUP).runCount());
        assertEquals(Map.of("hit", List.of("0"), "n", List.of("1000")), RunRequest.firstCombination(LOOKUP).params());
    }

    @Test
    void combinationsFormingAProductRunInOneInvocation() {
        final List<RunRequest> requests = RunRequest.ofCombinations(LOOKUP, List.of("kernel", "hashMap"),
                combos("n=1000;hit=0", "n=1000;hit=1", "n=1000000;hit=0", "n=1000000;hit=1", "n=1000;hit=0"));
        assertEquals(1, requests.size());
        assertEquals(2 * 4, requests.get(0).runCount());
    }

    @Test
    void combinationsNotFormingAProductRunSeparately() {
        final List<RunRequest> requests = RunRequest.ofCombinations(LOOKUP, List.of("kernel", "hashMap"),
                combos("n=1000;hit=0", "n=1000000;hit=1"));
        assertEquals(2, requests.size(), "running n x hit would add two combinations nobody asked for");
        assertEquals(Map.of("hit", List.of("0"), "n", List.of("1000")), requests.get(0).params());
        assertEquals(Map.of("hit", List.of("1"), "n", List.of("1000000")), requests.get(1).params());
    }

    @Test
    void unknownMethodOrParamIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> new RunRequest(LOOKUP, List.of("agrona"), Map.of()));
        assertThrows(IllegalArgumentException.class, () -> new RunRequest(LOOKUP, List.of(), Map.of()));
        assertThrows(IllegalArgumentException.class,
                () -> new RunRequest(LOOKUP, List.of("kernel"), Map.of("ways", List.of("8"))));
    }

    @Test
    void explicitSettingsMustFork() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RunSettings.of(0, 1, 100, 1, 100));
        assertEquals("forks = 0: must be at least 1", e.getMessage());
        assertEquals("1 fork, 5 x 200 ms warm-up, 3 x 100 ms measurement", RunSettings.GATE.toString());
        assertEquals(1300, RunSettings.GATE.iterationMillisPerRun());
        assertTrue(Double.isNaN(RunSettings.OWN.estimateSeconds(4)));
    }
}
