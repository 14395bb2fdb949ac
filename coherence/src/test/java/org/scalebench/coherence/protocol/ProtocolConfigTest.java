package org.scalebench.coherence.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.scalebench.coherence.format.FormatSpec;
import org.scalebench.coherence.home.HomeMapping;
import org.scalebench.coherence.sim.SystemSpec;

/** Every parameter of a protocol configuration is validated at its boundaries, with a message naming it. */
class ProtocolConfigTest {

    private static final ProtocolConfig CHIP = SystemSpec.named("chip1024").protocolConfig(FormatSpec.parse("full-map"),
            HomeMapping.parse("global", 1024));

    /** The chip's configuration with one component replaced (by name, so new components need no change here). */
    private static ProtocolConfig with(final String name, final Object value) throws ReflectiveOperationException {
        final RecordComponent[] components = ProtocolConfig.class.getRecordComponents();
        final Object[] values = new Object[components.length];
        final Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            values[i] = components[i].getName().equals(name) ? value : components[i].getAccessor().invoke(CHIP);
        }
        try {
            return ProtocolConfig.class.getDeclaredConstructor(types).newInstance(values);
        } catch (final InvocationTargetException e) {
            throw (RuntimeException) e.getCause();
        }
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource({"privateSetsPerCore, 0, private sets per core = 0: must be a power of two",
        "privateSetsPerCore, 3, private sets per core = 3: must be a power of two",
        "privateWays, 0, private ways = 0: must be in [1, 64]", "privateWays, 65, private ways = 65: must be in [1, 64]",
        "directorySetsPerHome, 6, directory sets per home = 6: must be a power of two",
        "directoryWays, 0, directory ways = 0: must be in [1, 64]",
        "directoryWays, 65, directory ways = 65: must be in [1, 64]",
        "privateHitCycles, -1, private hit cycles = -1: must be in [0,",
        "directoryCycles, -1, directory cycles = -1: must be in [0,",
        "homeDataCycles, -1, home data cycles = -1: must be in [0,",
        "mapCacheEntries, 0, map cache entries = 0: must be in [1, 64]",
        "mapCacheEntries, 65, map cache entries = 65: must be in [1, 64]",
        "mapMissCycles, -1, map miss cycles = -1: must be in [0,",
        "sharerDomainCount, 0, sharer domains = 0: must be in [1, 16777216]",
        "sharerDomainCount, 16777217, sharer domains = 16777217: must be in [1, 16777216]",
        "homeDomainCount, 0, home domains = 0: must be in [1, 16777216]",
        "homeDomainCount, 16777217, home domains = 16777217: must be in [1, 16777216]"})
    void outOfRangeValuesAreRejectedByName(final String name, final int value, final String message) {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> with(name, value));
        assertTrue(e.getMessage().startsWith(message), e.getMessage());
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource({"privateSetsPerCore, 1", "privateWays, 1", "privateWays, 64", "directoryWays, 1", "directoryWays, 64",
        "privateHitCycles, 0", "mapCacheEntries, 1", "mapCacheEntries, 64", "sharerDomainCount, 1",
        "sharerDomainCount, 16777216", "homeDomainCount, 1", "homeDomainCount, 16777216", "mapMissCycles, 0"})
    void boundaryValuesAreAccepted(final String name, final int value) throws ReflectiveOperationException {
        assertEquals(1024, with(name, value).cores());
    }

    @Test
    void machineWideChecksNameWhatIsWrong() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> with("cores", 1)).getMessage()
                .startsWith("cores = 1: must be at least 2"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> with("cores", 512)).getMessage()
                .startsWith("network nodes = 1024: must equal cores = 512"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> with("network", null)).getMessage()
                .startsWith("network nodes = none"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> with("homeNodes", new int[0])).getMessage()
                .startsWith("homes = 0: must be at least 1"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> with("homeNodes", new int[] {0, 1024}))
                .getMessage().startsWith("node of home 1 = 1024: must be in [0, 1024)"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> with("homeNodes", new int[] {-1})).getMessage()
                .startsWith("node of home 0 = -1"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> with("privateSetsPerCore", 1 << 20))
                .getMessage().contains("more private cache slots than one array holds"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> with("directorySetsPerHome", 1 << 20))
                .getMessage().contains("more directory entries than one array holds"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> with("format", null)).getMessage()
                .contains("must be given"));
        assertEquals(1024, CHIP.homes());
    }

    @Test
    void theBuilderSetsParametersByNameAndFillsTheDefaults() {
        assertEquals(CHIP, CHIP.toBuilder().build(), "toBuilder keeps every parameter");
        final ProtocolConfig serial = CHIP.toBuilder().invalidations(InvalidationDelivery.SERIAL).build();
        assertEquals(InvalidationDelivery.SERIAL, serial.invalidations());
        assertEquals(CHIP.directoryWays(), serial.directoryWays());
        final ProtocolConfig defaults = CHIP.toBuilder().memory(null).build();
        assertTrue(defaults.memory().idealSlices(), "no memory given: ideal slices");
        assertEquals(CHIP.homeDataCycles(), defaults.memory().sliceCycles());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ProtocolConfig.builder().build()).getMessage()
                .startsWith("cores = 0: must be at least 2"), "nothing set: the first missing parameter is named");
    }
}
