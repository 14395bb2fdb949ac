package org.scalebench.bench.perf;

import java.util.List;

/** A JMH invocation failed (a benchmark threw, a fork crashed, the JMH lock stayed taken); carries JMH's last output. */
public final class JmhFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** JMH's last console lines before the failure. */
    private final transient List<String> outputTail;

    /**
     * Creates the failure.
     *
     * @param message what failed, one line
     * @param outputTail JMH's last console lines
     * @param cause JMH's exception
     */
    public JmhFailure(final String message, final List<String> outputTail, final Throwable cause) {
        super(message, cause);
        this.outputTail = List.copyOf(outputTail);
    }

    /**
     * JMH's last console lines before the failure, to show the benchmark's own error.
     *
     * @return the lines, oldest first
     */
    public List<String> outputTail() {
        return outputTail;
    }
}
