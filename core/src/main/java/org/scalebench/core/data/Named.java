package org.scalebench.core.data;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A choice that users and data files name by a word: a scheme, a schedule, a collective. The project's one
 * convention for enum text: {@link #id()} is the lower-case word a user types, a data file holds and a report
 * prints, and {@link #parse} is the one parser (case and surrounding blanks ignored), with the project's message
 * for a word it does not know:
 *
 * <pre>
 *   WHAT = 'TEXT': must be one of A, B or C
 * </pre>
 * {@code WHAT} is the parameter as the library knows it; the command line renames it to its option.
 */
public interface Named {

    /**
     * The word that names this choice.
     *
     * @return lower case, stable across releases
     */
    String id();

    /**
     * Other words accepted for this choice (spellings users write, such as {@code allreduce} for
     * {@code all-reduce}); never printed.
     *
     * @return the aliases, lower case; none by default
     */
    default List<String> aliases() {
        return List.of();
    }

    /**
     * The choice a word names.
     *
     * @param type the enum of choices
     * @param what the parameter, for the message
     * @param text the word, any case, blanks around it ignored
     * @param <E> the enum
     * @return the choice
     * @throws IllegalArgumentException {@code WHAT = 'TEXT': must be one of ...}
     */
    static <E extends Enum<E> & Named> E parse(final Class<E> type, final String what, final String text) {
        final String word = String.valueOf(text).strip().toLowerCase(Locale.ROOT);
        for (final E choice : type.getEnumConstants()) {
            if (choice.id().equals(word) || choice.aliases().contains(word)) {
                return choice;
            }
        }
        throw new IllegalArgumentException(what + " = " + TextLimits.quoted(text) + ": must be " + allowed(type));
    }

    /**
     * The words of every choice, for messages and help.
     *
     * @param type the enum of choices
     * @param <E> the enum
     * @return {@code one of A, B or C}, or {@code A or B} for two choices, or {@code A} for one
     */
    static <E extends Enum<E> & Named> String allowed(final Class<E> type) {
        final List<String> ids = ids(type);
        if (ids.size() == 1) {
            return ids.get(0);
        }
        final String listed = String.join(", ", ids.subList(0, ids.size() - 1)) + " or " + ids.get(ids.size() - 1);
        return ids.size() == 2 ? listed : "one of " + listed;
    }

    /**
     * The words of every choice, in declaration order.
     *
     * @param type the enum of choices
     * @param <E> the enum
     * @return the ids
     */
    static <E extends Enum<E> & Named> List<String> ids(final Class<E> type) {
        final List<String> ids = new ArrayList<>();
        for (final E choice : type.getEnumConstants()) {
            ids.add(choice.id());
        }
        return List.copyOf(ids);
    }
}
