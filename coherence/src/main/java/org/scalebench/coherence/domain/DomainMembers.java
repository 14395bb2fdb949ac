package org.scalebench.coherence.domain;

import org.scalebench.core.Checks;

/**
 * The check both domain tables ({@link HomeDomains}, {@link SharerDomains}) make of the list that defines a
 * domain: every member (a home tile, a core) is an index into the machine's tiles or cores, and none is listed
 * twice (a member's position in the list is its logical id, so a repeat would give one tile or core two ids).
 *
 * <p>Configuration time only: quadratic in the list's length (at most 64). Stateless; allocates only the
 * exception it throws.
 */
final class DomainMembers {

    private DomainMembers() {
    }

    /**
     * Requires every member in {@code [0, limit)} and no member twice, checking in list order.
     *
     * @param members the list, in logical-id order
     * @param limit tiles or cores in the machine
     * @param name the member for an out-of-range message ({@code NAME = VALUE: must be in [0, LIMIT)})
     * @param repeatName the member for a repeat message ({@code REPEATNAME VALUE listed twice})
     * @throws IllegalArgumentException at the first member out of range or repeated
     */
    static void requireDistinct(final int[] members, final int limit, final String name, final String repeatName) {
        for (int i = 0; i < members.length; i++) {
            Checks.requireIndex(name, members[i], limit);
            for (int j = 0; j < i; j++) {
                if (members[j] == members[i]) {
                    throw new IllegalArgumentException(repeatName + " " + members[i] + " listed twice");
                }
            }
        }
    }
}
