package org.kibitz.api.engine;

import java.io.BufferedReader;
import java.io.Writer;

/**
 * An engine that runs inside this JVM, speaking its protocol over in-memory pipes instead of a
 * process's standard streams: the same protocol code talks to it, with no JVM to start (the built-in
 * engine, which a busy machine could not start within the recognition wait as a process).
 */
@FunctionalInterface
public interface InProcessEngine {

    /**
     * Reads commands from {@code in} and answers on {@code out} until {@code quit} or the end of the input.
     *
     * @return the exit status
     */
    int run(BufferedReader in, Writer out) throws Exception;
}
