package org.scalebench.bench.cli;

/**
 * Bad input found while a command runs (a malformed file, an inconsistent combination of options). The
 * CLI prints its message as one line and exits with code 2.
 */
public final class UsageException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what is wrong and what is allowed
     */
    public UsageException(final String message) {
        super(message);
    }
}
