package org.scalebench.core.data;

/**
 * A malformed data file (system, cluster, model profile, graph, constant table, trace). The message starts with
 * {@code file:line:} and names the column, the value and what is allowed.
 */
public final class DataFileException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param file the file (or resource) name
     * @param line the 1-based line number (a long: a trace can pass line 2^31), or 0 for the whole file
     * @param message what is wrong and what is allowed
     */
    public DataFileException(final String file, final long line, final String message) {
        super(line > 0 ? file + ":" + line + ": " + message : file + ": " + message);
    }

    /**
     * Creates the exception from a message that already names the file and the line.
     *
     * @param located the message, {@code file:line: what}
     */
    public DataFileException(final String located) {
        super(located);
    }
}
