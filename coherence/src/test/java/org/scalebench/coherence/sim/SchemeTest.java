package org.scalebench.coherence.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Holds the {@link Scheme}s to their names and to which of CDR's two restrictions each applies: Sharer Restriction
 * for {@code sr} and {@code sr+hr}, Home Restriction for {@code hr} and {@code sr+hr}, neither for {@code global}
 * and the hierarchical directory.
 */
class SchemeTest {

    @Test
    void eachSchemeIsParsedFromItsNameAndGivesItBack() {
        for (final Scheme scheme : Scheme.values()) {
            assertSame(scheme, Scheme.parse(scheme.id()));
        }
        assertEquals(List.of("global", "sr", "hr", "sr+hr", "hier"),
                java.util.Arrays.stream(Scheme.values()).map(Scheme::id).toList());
        assertSame(Scheme.SR_HR, Scheme.parse(" SR+HR "), "case and surrounding blanks ignored");
        assertThrows(IllegalArgumentException.class, () -> Scheme.parse("hr+sr"));
    }

    @Test
    void eachRestrictionAppliesToItsOwnSchemeAndToBoth() {
        assertEquals(List.of(false, true, false, true, false),
                java.util.Arrays.stream(Scheme.values()).map(Scheme::sharerRestricted).toList(),
                "sharer restriction: sr and sr+hr");
        assertEquals(List.of(false, false, true, true, false),
                java.util.Arrays.stream(Scheme.values()).map(Scheme::homeRestricted).toList(),
                "home restriction: hr and sr+hr");
    }
}
